/**
 * @file Vite config of the player benchmark page (scripts/bench/uiPages/ui-bench.html): output
 * in .tmp/bench-ui-page, cross-origin isolated like the app.
 * Runs in: Node (vite build / preview, from scripts/bench/ui.bench.ts).
 */
import { defineConfig } from 'vite';
import { pageConfig } from '../../pageBuild.ts';

export default defineConfig(pageConfig({ configUrl: import.meta.url, html: 'ui-bench.html', outDir: '.tmp/bench-ui-page', logLevel: 'error' }));
