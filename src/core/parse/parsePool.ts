/**
 * @file Parse pool scheduling, independent of the worker technology (browser Worker or Node
 * worker_threads): batches files, keeps every worker busy, reports progress per batch,
 * replaces a crashed or hung worker and retries its files one by one; a file that fails alone
 * becomes an empty, flagged FileIR. Results come back in input order.
 * Runs in: the repo worker (app), Node (cli, bench). Layer src/core.
 */
import { AppError, throwIfAborted } from '../errors.ts';
import type { SourceFile } from '../ingest/types.ts';
import type { FileIR } from './fileIR.ts';
import { failedFileIR } from './parseFile.ts';

/** One worker as the pool sees it. */
export interface ParseWorkerHandle {
  parseBatch(files: SourceFile[]): Promise<FileIR[]>;
  terminate(): void;
}

export interface ParsePoolOptions {
  size: number;
  onProgress?: (done: number, total: number) => void;
  /** Each batch's files and FileIRs as soon as they are in (the pipeline stores them meanwhile). */
  onParsed?: ParsedListener;
  signal?: AbortSignal;
  /** Max files / bytes per batch: small enough that progress keeps moving. */
  batchFiles?: number;
  batchBytes?: number;
  /** A batch that takes longer than this (plus 1 s per 100 KB) counts as hung. */
  baseTimeoutMs?: number;
}

export type ParsedListener = (files: SourceFile[], irs: FileIR[]) => void;

/** The message protocol between a pool and one parse worker (browser Worker or Node thread). */
export interface ParseRequest {
  id: number;
  files: SourceFile[];
}
export interface ParseReply {
  id: number;
  irs?: FileIR[];
  error?: string;
}

/**
 * A ParseWorkerHandle over any message channel: `post` sends a request, the adapter feeds
 * replies to receive() and a crash to fail(), which rejects every batch still pending.
 */
export function createParseChannel(
  post: (request: ParseRequest) => void,
  stop: () => void,
): { handle: ParseWorkerHandle; receive: (reply: ParseReply) => void; fail: (error: Error) => void } {
  let nextId = 0;
  const pending = new Map<number, { resolve: (irs: FileIR[]) => void; reject: (e: Error) => void }>();
  const fail = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  const receive = ({ id, irs, error }: ParseReply) => {
    const p = pending.get(id);
    pending.delete(id);
    if (irs) p?.resolve(irs);
    else p?.reject(new AppError('PARSE_FAILED', error ?? 'parse failed'));
  };
  const handle: ParseWorkerHandle = {
    parseBatch(files) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        post({ id, files });
      });
    },
    terminate() {
      fail(new AppError('WORKER_CRASHED', 'parse worker terminated'));
      stop();
    },
  };
  return { handle, receive, fail };
}

type Batch = number[];

export function makeBatches(files: readonly SourceFile[], batchFiles: number, batchBytes: number): Batch[] {
  const batches: Batch[] = [];
  let current: Batch = [];
  let bytes = 0;
  files.forEach((file, index) => {
    if (current.length > 0 && (current.length >= batchFiles || bytes + file.bytes > batchBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(index);
    bytes += file.bytes;
  });
  if (current.length > 0) batches.push(current);
  return batches;
}

export async function runParsePool(
  files: readonly SourceFile[],
  createWorker: () => ParseWorkerHandle,
  options: ParsePoolOptions,
): Promise<FileIR[]> {
  const { signal, onProgress } = options;
  const baseTimeoutMs = options.baseTimeoutMs ?? 60_000;
  const batches = makeBatches(files, options.batchFiles ?? 200, options.batchBytes ?? 1_000_000);
  const results: FileIR[] = new Array(files.length);
  const workers: ParseWorkerHandle[] = [];
  let next = 0;
  let done = 0;
  onProgress?.(0, files.length);

  const runOn = (slot: number, indexes: Batch): Promise<FileIR[]> => {
    const batch = indexes.map((i) => files[i]!);
    const bytes = batch.reduce((sum, f) => sum + f.bytes, 0);
    const timeoutMs = baseTimeoutMs + bytes / 100;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AppError('WORKER_CRASHED', 'parse worker timed out')), timeoutMs);
    });
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new AppError('CANCELLED', 'Cancelled by the user.'));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    return Promise.race([workers[slot]!.parseBatch(batch), timeout, aborted]).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort); // one listener per batch would pile up
    });
  };

  const replace = (slot: number) => {
    workers[slot]!.terminate();
    workers[slot] = createWorker();
  };

  const lane = async (slot: number) => {
    workers[slot] = createWorker();
    while (next < batches.length) {
      throwIfAborted(signal);
      const indexes = batches[next++]!;
      try {
        const irs = await runOn(slot, indexes);
        indexes.forEach((fileIndex, k) => (results[fileIndex] = irs[k]!));
      } catch (error) {
        if (signal?.aborted) throw new AppError('CANCELLED', 'Cancelled by the user.');
        // The worker died or hung: start a fresh one and retry each file alone.
        replace(slot);
        for (const fileIndex of indexes) {
          throwIfAborted(signal);
          try {
            results[fileIndex] = (await runOn(slot, [fileIndex]))[0]!;
          } catch {
            if (signal?.aborted) throw new AppError('CANCELLED', 'Cancelled by the user.');
            replace(slot);
            results[fileIndex] = failedFileIR(files[fileIndex]!, `parser crashed or timed out on this file (${String(error)})`);
          }
        }
      }
      done += indexes.length;
      options.onParsed?.(
        indexes.map((i) => files[i]!),
        indexes.map((i) => results[i]!),
      );
      onProgress?.(done, files.length);
    }
  };

  const size = Math.max(1, Math.min(options.size, batches.length));
  try {
    await Promise.all(Array.from({ length: size }, (_, slot) => lane(slot)));
  } finally {
    for (const worker of workers) worker?.terminate();
  }
  return results;
}
