/**
 * @file Node parse pool: worker_threads behind the core pool scheduler (runParsePool).
 * Size defaults to availableParallelism() (capped at 8): the main thread idles while parsing.
 * Runs in: Node (cli, bench, tests).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../core/errors.ts';
import type { ParseInput } from '../../core/parse/fileFeed.ts';
import type { FileIR } from '../../core/parse/fileIR.ts';
import { createParseChannel, runParsePool } from '../../core/parse/parsePool.ts';
import type { ParsedListener, ParseWorkerHandle } from '../../core/parse/parsePool.ts';

const THREAD_URL = new URL('./parseThread.mjs', import.meta.url);

export function defaultPoolSize(): number {
  return Math.max(1, Math.min(8, availableParallelism()));
}

function createThreadWorker(): ParseWorkerHandle {
  const worker = new Worker(THREAD_URL);
  const channel = createParseChannel(
    (request) => worker.postMessage(request),
    () => void worker.terminate(),
  );
  worker.on('message', channel.receive);
  worker.on('error', (e: Error) => channel.fail(new AppError('WORKER_CRASHED', `parse thread crashed: ${e.message}`)));
  worker.on('exit', (code) => channel.fail(new AppError('WORKER_CRASHED', `parse thread exited (${code})`)));
  return channel.handle;
}

export function parseFilesInThreads(
  files: ParseInput,
  onProgress?: (done: number, total: number) => void,
  signal?: AbortSignal,
  size = defaultPoolSize(),
  onParsed?: ParsedListener,
): Promise<FileIR[]> {
  return runParsePool(files, createThreadWorker, { size, onProgress, signal, onParsed });
}
