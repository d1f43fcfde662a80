/**
 * @file Vite config of the storage check page (scripts/bench/storagePages/storage-check.html):
 * output in .tmp/bench-storage-page, module workers, cross-origin isolated and with duckdb-wasm
 * kept out of pre-bundling, like the app's vite.config.ts.
 * Runs in: Node (vite build / preview, from scripts/bench/storage.bench.ts).
 */
import { defineConfig } from 'vite';
import { pageConfig } from '../../pageBuild.ts';

export default defineConfig(pageConfig({ configUrl: import.meta.url, html: 'storage-check.html', outDir: '.tmp/bench-storage-page', duckdb: true, logLevel: 'error' }));
