/**
 * @file The raw parse benchmark's chromium page: starts the bench worker (parseBenchWorker.ts)
 * and hands its run to the Node driver through `window.__parseBench`. The page itself parses
 * nothing: the corpus and the clock stay in the worker.
 * Runs in: chromium (page built by scripts/bench/parsePages/vite.config.ts).
 */
import { wrap } from 'comlink';
import type { ParseBenchWorkerApi, ParseRunRequest } from './parseBenchWorker.ts';

const worker = new Worker(new URL('./parseBenchWorker.ts', import.meta.url), { type: 'module' });
const remote = wrap<ParseBenchWorkerApi>(worker);

const api = {
  run: (request: ParseRunRequest) => remote.run(request),
  prepareParseStage: () => remote.prepareParseStage(),
  parseStage: () => remote.parseStage(),
  hardwareConcurrency: () => navigator.hardwareConcurrency,
};

Object.assign(window, { __parseBench: api });
document.getElementById('out')!.textContent = 'ready';

export type ParseBenchPageApi = typeof api;
