/**
 * @file What the test and benchmark pages share to be built and served: `pageConfig` (the vite
 * config of a one-page folder: cross-origin isolated like the app, module workers, output under
 * .tmp/), `servePage` (vite build + vite preview on a free localhost port) and `serveDist` (vite
 * preview of the app's built dist/).
 * Runs in: Node (vite config / build / preview).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import type { LogLevel, UserConfig } from 'vite';
import { freePort } from './chromium.ts';
import { duckdbWorkerScripts } from './vite/duckdbWorkerScripts.ts';

/** COOP/COEP, as the app's vite.config.ts sets them (OPFS + SharedArrayBuffer). */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface PageConfigOptions {
  /** `import.meta.url` of the page's vite.config.ts: its folder is the vite root. */
  configUrl: string;
  /** The page's html file, in that folder. */
  html: string;
  /** Output folder, relative to the repo root (under .tmp/). */
  outDir: string;
  /** Serve the app's public/ (fixture models under /models/); off by default. */
  publicDir?: boolean;
  /** Keep duckdb-wasm out of dependency pre-bundling, like the app; off by default. */
  duckdb?: boolean;
  chunkSizeWarningLimit?: number;
  logLevel?: LogLevel;
}

export function pageConfig(options: PageConfigOptions): UserConfig {
  return {
    root: fileURLToPath(new URL('.', options.configUrl)),
    publicDir: options.publicDir ? join(repoRoot, 'public') : false,
    server: { headers: ISOLATION_HEADERS },
    preview: { headers: ISOLATION_HEADERS },
    // duckdb-wasm's worker scripts keep their side effects (the app's guarded duckdb workers).
    worker: { format: 'es', plugins: () => [duckdbWorkerScripts()] },
    ...(options.duckdb ? { optimizeDeps: { exclude: ['@duckdb/duckdb-wasm'] } } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    build: {
      outDir: join(repoRoot, options.outDir),
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: options.chunkSizeWarningLimit ?? 8000,
      rollupOptions: { input: fileURLToPath(new URL(`./${options.html}`, options.configUrl)) },
    },
  };
}

export interface ServedPage {
  /** `http://127.0.0.1:<port>/` */
  origin: string;
  close: () => Promise<void>;
}

async function previewOn(config: Parameters<typeof preview>[0]): Promise<ServedPage> {
  const port = await freePort();
  const server = await preview({ ...config, logLevel: 'error', preview: { host: '127.0.0.1', port, strictPort: true, open: false } });
  return { origin: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/** vite build of a page's config, then vite preview of its output. */
export async function servePage(configFile: string): Promise<ServedPage & { buildMs: number }> {
  const started = performance.now();
  await build({ configFile, logLevel: 'error' });
  const buildMs = performance.now() - started;
  return { ...(await previewOn({ configFile })), buildMs };
}

/** vite preview of the app already built into `distDir` (default dist/), with the app's config. */
export async function serveDist(root: string, distDir = 'dist'): Promise<ServedPage> {
  const outDir = resolve(root, distDir);
  if (!existsSync(join(outDir, 'index.html'))) throw new Error(`${join(outDir, 'index.html')} is missing: run \`npx vite build\` first`);
  const configFile = join(root, 'vite.config.ts');
  return previewOn({ root, configFile: existsSync(configFile) ? configFile : false, build: { outDir } });
}
