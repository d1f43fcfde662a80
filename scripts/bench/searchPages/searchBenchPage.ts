/**
 * @file The search benchmark's chromium page: starts the bench worker (searchBenchWorker.ts)
 * and hands its run to the Node driver through `window.__searchBench`.
 * Runs in: chromium (page built by scripts/bench/searchPages/vite.config.ts).
 */
import { wrap } from 'comlink';
import type { SearchBenchWorkerApi, WorkerRunRequest } from './searchBenchWorker.ts';

const worker = new Worker(new URL('./searchBenchWorker.ts', import.meta.url), { type: 'module' });
const remote = wrap<SearchBenchWorkerApi>(worker);

const api = {
  run: (request: WorkerRunRequest) => remote.run(request),
  userAgent: () => navigator.userAgent,
  hardwareConcurrency: () => navigator.hardwareConcurrency,
};

Object.assign(window, { __searchBench: api });
document.getElementById('out')!.textContent = 'ready';

export type SearchBenchPageApi = typeof api;
