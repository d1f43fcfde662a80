/**
 * @file Browser parse pool: module workers (workers/parse.worker.ts) behind the core scheduler
 * (runParsePool: batches, progress, crash/hang replacement, per-file retry). A worker that
 * fails (onerror, messageerror) rejects its pending batch so the scheduler replaces it; the e2e
 * kills one on purpose through parseWorkerFault.ts (inert without its page flag). Workers started
 * ahead of an index (prewarmParseWorkers), or kept from a small one, are taken first.
 * Runs in: the repo worker (nested workers).
 */
import { AppError } from '../../core/errors.ts';
import type { ParseInput } from '../../core/parse/fileFeed.ts';
import type { SourceFile } from '../../core/ingest/types.ts';
import type { FileIR } from '../../core/parse/fileIR.ts';
import { createParseChannel, runParsePool } from '../../core/parse/parsePool.ts';
import type { ParsedListener, ParseReply, ParseWorkerHandle } from '../../core/parse/parsePool.ts';
import { withParseWorkerKill } from './parseWorkerFault.ts';

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
  const channel = createParseChannel(
    (request) => worker.postMessage(request),
    () => worker.terminate(),
  );
  worker.onmessage = (event: MessageEvent<ParseReply>) => channel.receive(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    channel.fail(new AppError('WORKER_CRASHED', `parse worker crashed: ${event.message || 'unknown error'}`));
  };
  worker.onmessageerror = () => channel.fail(new AppError('WORKER_CRASHED', 'parse worker sent an unreadable message'));
  return channel.handle;
}

/** Parse workers started ahead of the next index (prewarmParseWorkers), their runtime and Python grammar loaded. */
const warm: ParseWorkerHandle[] = [];

/** A tiny Python file each warm worker parses at once, so its grammar is compiled before a repo comes. */
const WARM_UP_TEXT = 'def f(x):\n    return g(x)\n';
const WARM_UP: SourceFile = { path: '__warm_up__.py', language: 'python', text: WARM_UP_TEXT, bytes: WARM_UP_TEXT.length, sha256: '', notes: [] };

/**
 * Starts `count` parse workers for the next index, unless they wait already: a worker's start-up
 * (its module, the tree-sitter runtime, the Python grammar's compile) is then done before a
 * repository is dropped instead of while it is read. The pool takes them first (takeParseWorker).
 * Resolves once the warm-ups it started have settled (the app does not wait; the bench does).
 */
export async function prewarmParseWorkers(count = browserPoolSize()): Promise<void> {
  const warmUps: Promise<unknown>[] = [];
  while (warm.length < count) {
    const worker = createBrowserParseWorker();
    warm.push(worker);
    // One that fails its warm-up leaves the list (the pool would wait out a batch timeout on it).
    warmUps.push(
      worker.parseBatch([WARM_UP]).catch(() => {
        const at = warm.indexOf(worker);
        if (at >= 0) warm.splice(at, 1);
        worker.terminate();
      }),
    );
  }
  await Promise.all(warmUps);
}

/** Ends the warm parse workers (an index that did not come). */
export function endWarmParseWorkers(): void {
  for (const worker of warm.splice(0)) worker.terminate();
}

/**
 * A worker that parsed less than this in its run is kept for the next index: its start-up (the
 * runtime and a grammar's compile, about 250 ms) was most of a small repo's parse, and its
 * tree-sitter heap grew little. A bigger run's worker ends, taking its grown heap with it.
 */
const KEEP_BELOW_BYTES = 4 * 1024 * 1024;

/** A warm worker (or a new one) for this run; a small run's worker goes back to the warm list. */
function takeParseWorker(): ParseWorkerHandle {
  const worker = warm.pop() ?? createBrowserParseWorker();
  let bytes = 0;
  return {
    parseBatch(files) {
      for (const file of files) bytes += file.bytes;
      return worker.parseBatch(files);
    },
    terminate: () => worker.terminate(),
    release() {
      if (bytes < KEEP_BELOW_BYTES && warm.length < browserPoolSize()) warm.push(worker);
      else worker.terminate();
    },
  };
}

export function parseFilesInBrowserWorkers(
  files: ParseInput,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
  onParsed?: ParsedListener,
  size = browserPoolSize(),
): Promise<FileIR[]> {
  // The e2e fault exists in test builds only (`vite build --mode e2e`); production drops it.
  const create = import.meta.env.MODE === 'e2e' ? withParseWorkerKill(takeParseWorker) : takeParseWorker;
  return runParsePool(files, create, { size, onProgress, signal, onParsed });
}
