/**
 * @file Vite config: React, module workers, cross-origin isolation (OPFS + SharedArrayBuffer),
 * and the wasm-heavy libraries kept out of dependency pre-bundling.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react()],
  server: { headers: isolation },
  preview: { headers: isolation },
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@duckdb/duckdb-wasm', 'web-tree-sitter'] },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
});
