/**
 * @file Vite config of the search benchmark page (scripts/bench/searchPages/search-bench.html):
 * output in .tmp/bench-search-page, module workers, cross-origin isolated and with duckdb-wasm
 * kept out of pre-bundling, like the app's vite.config.ts.
 * Runs in: Node (vite build / preview, from scripts/bench/browserSearch.ts).
 */
import { defineConfig } from 'vite';
import { pageConfig } from '../../pageBuild.ts';

export default defineConfig(pageConfig({ configUrl: import.meta.url, html: 'search-bench.html', outDir: '.tmp/bench-search-page', duckdb: true, logLevel: 'error' }));
