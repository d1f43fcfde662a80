/**
 * @file Vite config of the e2e LLM-check page (e2e/llmWorker.spec.ts): root e2e/llmPages,
 * output in .tmp/llm-pages, cross-origin isolated like the app. The page runs web-llm's real
 * client against workers/llm.fake.worker.ts (real handler, FAKE engine).
 * Runs in: Node (vite build / preview).
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
  build: {
    outDir: fileURLToPath(new URL('../../.tmp/llm-pages', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 8000,
    rollupOptions: { input: fileURLToPath(new URL('./llm-check.html', import.meta.url)) },
  },
});
