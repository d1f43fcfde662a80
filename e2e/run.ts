/**
 * @file e2e runner: serves the already built dist/ with `vite preview` on a free localhost
 * port (COOP/COEP from vite.config.ts), runs every e2e/*.spec.ts test in order against Debian
 * chromium, and prints `e2e: N passed, M failed` (exit 1 on any failure). It builds nothing:
 * run `vite build --mode e2e` first (a test build: the e2e-only faults are in it, production
 * builds drop them; the runner refuses a production dist/). Arguments filter tests by substring
 * of their names.
 * Runs in: Node (`npx tsx e2e/run.ts [filter...]`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { preview } from 'vite';
import { freePort } from '../scripts/chromium.ts';
import { registry } from './harness.ts';
import type { E2EEnv } from './harness.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');


function withTimeout<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s: ${name}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A test build carries the e2e fault's URL flag in the repo worker's bundle. */
function isTestBuild(assets: string): boolean {
  return readdirSync(assets).some((f) => /^repo\.worker-.*\.js$/.test(f) && readFileSync(join(assets, f), 'utf8').includes('e2e-kill-parse-worker'));
}

async function main(): Promise<number> {
  if (!existsSync(join(repoRoot, 'dist', 'index.html'))) {
    console.error('e2e: dist/index.html is missing; run `npx vite build --mode e2e` first');
    console.log('e2e: 0 passed, 1 failed');
    return 1;
  }
  if (!isTestBuild(join(repoRoot, 'dist', 'assets'))) {
    console.error('e2e: dist/ is a production build (no e2e faults in it); run `npx vite build --mode e2e` first');
    console.log('e2e: 0 passed, 1 failed');
    return 1;
  }
  const filters = process.argv.slice(2);
  const specs = readdirSync(join(repoRoot, 'e2e')).filter((f) => f.endsWith('.spec.ts')).sort();
  for (const spec of specs) await import(pathToFileURL(join(repoRoot, 'e2e', spec)).href);
  const tests = registry.filter((t) => filters.length === 0 || filters.some((f) => t.name.includes(f)));

  const port = await freePort();
  const server = await preview({
    root: repoRoot,
    configFile: join(repoRoot, 'vite.config.ts'),
    logLevel: 'error',
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  const env: E2EEnv = { baseUrl: `http://127.0.0.1:${port}/`, repoRoot, artifacts: join(repoRoot, 'test-results') };
  console.log(`e2e: ${tests.length} tests against ${env.baseUrl}`);
  let passed = 0;
  let failed = 0;
  const started = Date.now();
  try {
    for (const t of tests) {
      const t0 = Date.now();
      try {
        await withTimeout(t.run(env), t.timeoutMs, t.name);
        passed++;
        console.log(`  ✓ ${t.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      } catch (error) {
        failed++;
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        console.log(`  ✗ ${t.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n    ${message.split('\n').slice(0, 8).join('\n    ')}`);
      }
    }
  } finally {
    await server.close();
  }
  console.log(`e2e: total ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in test-results/`);
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log('e2e: 0 passed, 1 failed');
    process.exit(1);
  },
);
