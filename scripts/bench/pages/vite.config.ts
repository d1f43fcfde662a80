/**
 * @file Vite config of the embed benchmark page (scripts/bench/pages/embed-bench.html): the
 * app's public/ (fixture models under /models/), output in .tmp/bench-embed-page,
 * cross-origin isolated like the app (threaded ORT wasm needs SharedArrayBuffer).
 * Runs in: Node (vite build / preview, from scripts/bench/browserModels.ts).
 */
import { defineConfig } from 'vite';
import { pageConfig } from '../../pageBuild.ts';

export default defineConfig(pageConfig({ configUrl: import.meta.url, html: 'embed-bench.html', outDir: '.tmp/bench-embed-page', publicDir: true, logLevel: 'error' }));
