/**
 * @file Vite config of the embed benchmark page (scripts/bench/pages/embed-bench.html): the
 * app's public/ (fixture models under /models/), output in .tmp/bench-embed-page,
 * cross-origin isolated like the app (threaded ORT wasm needs SharedArrayBuffer).
 * Runs in: Node (vite build / preview, from scripts/bench/browserModels.ts).
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
  publicDir: fileURLToPath(new URL('../../../public', import.meta.url)),
  server: { headers: isolation },
  preview: { headers: isolation },
  worker: { format: 'es' },
  logLevel: 'error',
  build: {
    outDir: fileURLToPath(new URL('../../../.tmp/bench-embed-page', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 8000,
    rollupOptions: { input: fileURLToPath(new URL('./embed-bench.html', import.meta.url)) },
  },
});
