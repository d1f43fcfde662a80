/**
 * @file Node parse pool: worker_threads behind the core pool scheduler (runParsePool).
 * Size defaults to availableParallelism() (capped at 8): the main thread idles while parsing.
 * Each thread runs parseThread.ts bundled once per process (nodeBundle.mjs), not through tsx.
 * Runs in: Node (cli, bench, tests).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../core/errors.ts';
import type { ParseInput } from '../../core/parse/fileFeed.ts';
import type { FileIR } from '../../core/parse/fileIR.ts';
import { createParseChannel, runParsePool } from '../../core/parse/parsePool.ts';
import type { ParsedListener, ParseWorkerHandle } from '../../core/parse/parsePool.ts';
import { bundleForNode } from './nodeBundle.mjs';

let threadScript: Promise<URL> | null = null;

/** The parse thread's script: src/adapters/node/parseThread.ts bundled for plain Node. */
export function parseThreadScript(): Promise<URL> {
  threadScript ??= bundleForNode('parse-thread', 'src/adapters/node/parseThread.ts');
  return threadScript;
}

export function defaultPoolSize(): number {
  return Math.max(1, Math.min(8, availableParallelism()));
}

function createThreadWorker(script: URL): ParseWorkerHandle {
  const worker = new Worker(script);
  const channel = createParseChannel(
    (request) => worker.postMessage(request),
    () => void worker.terminate(),
  );
  worker.on('message', channel.receive);
  worker.on('error', (e: Error) => channel.fail(new AppError('WORKER_CRASHED', `parse thread crashed: ${e.message}`)));
  worker.on('exit', (code) => channel.fail(new AppError('WORKER_CRASHED', `parse thread exited (${code})`)));
  return channel.handle;
}

export async function parseFilesInThreads(
  files: ParseInput,
  onProgress?: (done: number, total: number) => void,
  signal?: AbortSignal,
  size = defaultPoolSize(),
  onParsed?: ParsedListener,
): Promise<FileIR[]> {
  const script = await parseThreadScript();
  return runParsePool(files, () => createThreadWorker(script), { size, onProgress, signal, onParsed });
}
