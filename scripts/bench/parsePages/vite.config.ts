/**
 * @file Vite config of the raw parse benchmark page (scripts/bench/parsePages/parse-bench.html):
 * output in .tmp/bench-parse-page, module workers, cross-origin isolated like the app; the
 * tree-sitter runtime and grammar wasm files are bundled as the app bundles them (?url assets
 * of src/adapters/browser/grammarUrls.ts).
 * Runs in: Node (vite build / preview, from scripts/bench/browserRawParse.ts).
 */
import { defineConfig } from 'vite';
import { pageConfig } from '../../pageBuild.ts';

export default defineConfig(pageConfig({ configUrl: import.meta.url, html: 'parse-bench.html', outDir: '.tmp/bench-parse-page', logLevel: 'error' }));
