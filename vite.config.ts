/**
 * @file Vite config: React, module workers, cross-origin isolation (OPFS + SharedArrayBuffer),
 * the wasm-heavy libraries kept out of dependency pre-bundling, the service worker written after a
 * production build (scripts/pwa: offline after the first visit), and (dev server only)
 * duckdb-wasm's bundles served without their source maps, whose sources lie outside the package
 * (vite printed a hundred "Sourcemap points to a source file outside its package" warnings).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precachePlugin } from './scripts/pwa/precachePlugin.ts';
import { duckdbWithoutSourcemaps } from './scripts/vite/duckdbWithoutSourcemaps.ts';
import { duckdbWorkerScripts } from './scripts/vite/duckdbWorkerScripts.ts';

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react(), duckdbWithoutSourcemaps(), precachePlugin()],
  server: { headers: isolation },
  preview: { headers: isolation },
  worker: { format: 'es', plugins: () => [duckdbWorkerScripts()] },
  optimizeDeps: { exclude: ['@duckdb/duckdb-wasm', 'web-tree-sitter'] },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
});
