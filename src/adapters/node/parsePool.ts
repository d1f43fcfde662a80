/**
 * @file Node parse pool: worker_threads behind the core pool scheduler (runParsePool).
 * Size defaults to availableParallelism() (capped at 8): the main thread idles while parsing.
 * Runs in: Node (cli, bench, tests).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../core/errors.ts';
import type { SourceFile } from '../../core/ingest/types.ts';
import type { FileIR } from '../../core/parse/fileIR.ts';
import { runParsePool } from '../../core/parse/parsePool.ts';
import type { ParseWorkerHandle } from '../../core/parse/parsePool.ts';

const THREAD_URL = new URL('./parseThread.mjs', import.meta.url);

export function defaultPoolSize(): number {
  return Math.max(1, Math.min(8, availableParallelism()));
}

function createThreadWorker(): ParseWorkerHandle {
  const worker = new Worker(THREAD_URL);
  let nextId = 0;
  const pending = new Map<number, { resolve: (irs: FileIR[]) => void; reject: (e: Error) => void }>();
  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on('message', (m: { id: number; irs?: FileIR[]; error?: string }) => {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.irs) p?.resolve(m.irs);
    else p?.reject(new AppError('PARSE_FAILED', m.error ?? 'parse failed'));
  });
  worker.on('error', (e: Error) => failAll(new AppError('WORKER_CRASHED', `parse thread crashed: ${e.message}`)));
  worker.on('exit', (code) => failAll(new AppError('WORKER_CRASHED', `parse thread exited (${code})`)));
  return {
    parseBatch(files) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, files });
      });
    },
    terminate() {
      pending.clear();
      void worker.terminate();
    },
  };
}

export function parseFilesInThreads(
  files: readonly SourceFile[],
  onProgress?: (done: number, total: number) => void,
  signal?: AbortSignal,
  size = defaultPoolSize(),
): Promise<FileIR[]> {
  return runParsePool(files, createThreadWorker, { size, onProgress, signal });
}
