/**
 * @file Vite config of the search benchmark page (scripts/bench/searchPages/search-bench.html):
 * output in .tmp/bench-search-page, module workers, cross-origin isolated and with duckdb-wasm
 * kept out of pre-bundling, like the app's vite.config.ts.
 * Runs in: Node (vite build / preview, from scripts/bench/browserSearch.ts).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  root: here,
  publicDir: false,
  server: { headers: isolation },
  preview: { headers: isolation },
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@duckdb/duckdb-wasm'] },
  logLevel: 'error',
  build: {
    outDir: fileURLToPath(new URL('../../../.tmp/bench-search-page', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 8000,
    rollupOptions: { input: fileURLToPath(new URL('./search-bench.html', import.meta.url)) },
  },
});
