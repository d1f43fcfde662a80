/**
 * @file Vite config of the e2e LLM-check page (e2e/llmWorker.spec.ts): root e2e/llmPages,
 * output in .tmp/llm-pages, cross-origin isolated like the app. The page runs web-llm's real
 * client against workers/llm.fake.worker.ts (real handler, FAKE engine).
 * Runs in: Node (vite build / preview).
 */
import { defineConfig } from 'vite';
import { pageConfig } from '../../scripts/pageBuild.ts';

export default defineConfig(pageConfig({ configUrl: import.meta.url, html: 'llm-check.html', outDir: '.tmp/llm-pages', duckdb: true }));
