/**
 * @file Vite config of the e2e models-check page (e2e/modelDevices.spec.ts): root e2e/pages, the
 * app's public/ (fixture models under /models/), output in .tmp/e2e-pages, cross-origin isolated
 * like the app.
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
  publicDir: fileURLToPath(new URL('../../public', import.meta.url)),
  server: { headers: isolation },
  preview: { headers: isolation },
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('../../.tmp/e2e-pages', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    rollupOptions: { input: fileURLToPath(new URL('./models-check.html', import.meta.url)) },
  },
});
