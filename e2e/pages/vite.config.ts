/**
 * @file Vite config of the e2e models-check page (e2e/modelDevices.spec.ts): root e2e/pages, the
 * app's public/ (fixture models under /models/), output in .tmp/e2e-pages, cross-origin isolated
 * like the app.
 * Runs in: Node (vite build / preview).
 */
import { defineConfig } from 'vite';
import { pageConfig } from '../../scripts/pageBuild.ts';

export default defineConfig(pageConfig({ configUrl: import.meta.url, html: 'models-check.html', outDir: '.tmp/e2e-pages', publicDir: true, chunkSizeWarningLimit: 4000 }));
