/**
 * @file Browser parse pool: module workers (workers/parse.worker.ts) behind the core scheduler
 * (runParsePool: batches, progress, crash/hang replacement, per-file retry). A worker that
 * fails (onerror, messageerror) rejects its pending batch so the scheduler replaces it.
 * Runs in: the repo worker (nested workers).
 */
import { AppError } from '../../core/errors.ts';
import type { SourceFile } from '../../core/ingest/types.ts';
import type { FileIR } from '../../core/parse/fileIR.ts';
import { runParsePool } from '../../core/parse/parsePool.ts';
import type { ParseWorkerHandle } from '../../core/parse/parsePool.ts';

type Reply = { id: number; irs?: FileIR[]; error?: string };

/** clamp(hardwareConcurrency, 1, 8): the repo worker and the page idle while the pool parses. */
export function browserPoolSize(): number {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2;
  return Math.max(1, Math.min(8, cores));
}

export function createBrowserParseWorker(): ParseWorkerHandle {
  const worker = new Worker(new URL('../../../workers/parse.worker.ts', import.meta.url), {
    type: 'module',
    name: 'parse',
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (irs: FileIR[]) => void; reject: (e: Error) => void }>();
  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.onmessage = (event: MessageEvent<Reply>) => {
    const { id, irs, error } = event.data;
    const p = pending.get(id);
    pending.delete(id);
    if (irs) p?.resolve(irs);
    else p?.reject(new AppError('PARSE_FAILED', error ?? 'parse failed'));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    failAll(new AppError('WORKER_CRASHED', `parse worker crashed: ${event.message || 'unknown error'}`));
  };
  worker.onmessageerror = () => failAll(new AppError('WORKER_CRASHED', 'parse worker sent an unreadable message'));
  return {
    parseBatch(files) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, files });
      });
    },
    terminate() {
      failAll(new AppError('WORKER_CRASHED', 'parse worker terminated'));
      worker.terminate();
    },
  };
}

export function parseFilesInBrowserWorkers(
  files: SourceFile[],
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
  size = browserPoolSize(),
): Promise<FileIR[]> {
  return runParsePool(files, createBrowserParseWorker, { size, onProgress, signal });
}
