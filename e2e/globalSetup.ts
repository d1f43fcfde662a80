/**
 * @file The e2e suite's global setup (Playwright Test): refuses a missing or production dist/
 * (the e2e-only faults are built in only by `vite build --mode e2e`), serves it with
 * `vite preview` on a free localhost port (COOP/COEP from vite.config.ts) and hands its address
 * to the test workers as E2E_BASE_URL; the returned function closes the server.
 * Runs in: Node (the Playwright Test runner).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDist } from '../scripts/pageBuild.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A test build carries the e2e fault's URL flag in the repo worker's bundle. */
function isTestBuild(assets: string): boolean {
  return readdirSync(assets).some((f) => /^repo\.worker-.*\.js$/.test(f) && readFileSync(join(assets, f), 'utf8').includes('e2e-kill-parse-worker'));
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(join(repoRoot, 'dist', 'index.html'))) throw new Error('e2e: dist/index.html is missing; run `npx vite build --mode e2e` first');
  if (!isTestBuild(join(repoRoot, 'dist', 'assets'))) throw new Error('e2e: dist/ is a production build (no e2e faults in it); run `npx vite build --mode e2e` first');
  const server = await serveDist(repoRoot);
  process.env.E2E_BASE_URL = server.origin;
  return server.close;
}
