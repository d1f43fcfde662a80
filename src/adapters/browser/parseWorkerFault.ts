/**
 * @file Test-only fault for the browser e2e: terminates a parse worker for real, mid-batch, each
 * time it is handed one chosen file, so the pool's crash handling (replace the worker, retry the
 * batch file by file, list the file that keeps crashing it) runs in chromium. Built into test
 * builds only (`vite build --mode e2e`, what `npm run test:e2e` runs); there it is inert unless
 * the page was opened with `?e2e-kill-parse-worker=<path>`: the page then names the repo worker
 * `repo;e2e-kill-parse-worker=<path>` (src/ui/clients/repoClient.ts), nothing else turns it on.
 * Runs in: the repo worker.
 */
import type { ParseWorkerHandle } from '../../core/parse/parsePool.ts';
import { workerNameFlag } from './workerNameFlags.ts';

export const KILL_PARSE_WORKER_PARAM = 'e2e-kill-parse-worker';
/** How long the doomed worker parses before it is killed. */
const KILL_AFTER_MS = 20;

/** The file whose parse worker is killed, from this worker's name; null in normal use. */
export function parseWorkerKillTarget(workerName: string | undefined = (globalThis as { name?: string }).name): string | null {
  return workerNameFlag(KILL_PARSE_WORKER_PARAM, workerName);
}

/** `create` itself when no target is set; else workers that die when given the target file. */
export function withParseWorkerKill(create: () => ParseWorkerHandle, target = parseWorkerKillTarget()): () => ParseWorkerHandle {
  if (target === null) return create;
  return () => {
    const worker = create();
    return {
      parseBatch(files) {
        const parsed = worker.parseBatch(files);
        if (files.some((file) => file.path === target)) setTimeout(() => worker.terminate(), KILL_AFTER_MS);
        return parsed;
      },
      terminate: () => worker.terminate(),
    };
  };
}
