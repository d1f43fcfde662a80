/**
 * @file Parse pool scheduling, independent of the worker technology (browser Worker or Node
 * worker_threads): batches files, keeps every worker busy (two batches in flight each, so a
 * worker never waits for the pool's thread between batches), reports progress and hands each
 * parsed batch on (onParsed), replaces a crashed or hung worker and retries the files of the
 * failed batch one by one on a worker of their own; a file that fails alone
 * becomes an empty, flagged FileIR. Results come back in input order.
 * Runs in: the repo worker (app), Node (cli, bench). Layer src/core.
 */
import { AppError, throwIfAborted } from '../errors.ts';
import type { SourceFile } from '../ingest/types.ts';
import type { FileIR } from './fileIR.ts';
import { failedFileIR } from './parseFile.ts';
import { createStringTable, decodeFileIR } from './fileIRCodec.ts';
import type { StringTable } from './fileIRCodec.ts';
import { fileFeedOf } from './fileFeed.ts';
import type { FileFeed, ParseInput } from './fileFeed.ts';

/**
 * A batch's FileIRs, or their compact JSON as a worker posted it (fileIRCodec.ts): the pool
 * decodes that with one string table per run, so a name repeated across files is one string.
 */
export type ParsedBatch = { irs: FileIR[]; encoded?: readonly string[] } | { irs?: undefined; encoded: readonly string[] };

function decodedBatch(batch: ParsedBatch, strings: StringTable): { irs: FileIR[]; encoded?: readonly string[] } {
  return batch.irs ? batch : { irs: batch.encoded.map((json) => decodeFileIR(json, strings)), encoded: batch.encoded };
}

/** One worker as the pool sees it. */
export interface ParseWorkerHandle {
  parseBatch(files: SourceFile[]): Promise<ParsedBatch>;
  terminate(): void;
  /** The run ended well and this worker is idle and sound: its adapter may keep it (default: terminate). */
  release?(): void;
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
  /** Batches in flight per worker (default 2: the next one is queued while one parses). */
  depth?: number;
  /** A batch that takes longer than this (plus 1 s per 100 KB, its own and those queued ahead of it) counts as hung. */
  baseTimeoutMs?: number;
}

/** A parsed batch: files, FileIRs and, when the worker posted it, each FileIR's compact JSON (file_irs stores it as is). */
export type ParsedListener = (files: SourceFile[], irs: FileIR[], encoded?: readonly (string | undefined)[]) => void;

/** The message protocol between a pool and one parse worker (browser Worker or Node thread). */
export interface ParseRequest {
  id: number;
  files: SourceFile[];
}
export interface ParseReply {
  id: number;
  /** The batch's FileIRs as compact JSON (encodeFileIR): smaller to post and cheaper to read than objects. */
  irs?: string[];
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
  const pending = new Map<number, { resolve: (batch: ParsedBatch) => void; reject: (e: Error) => void }>();
  const fail = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  const receive = ({ id, irs, error }: ParseReply) => {
    const p = pending.get(id);
    pending.delete(id);
    if (irs) p?.resolve({ encoded: irs });
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

/**
 * Parses `files` on a pool of workers. `files` may still be coming (a FileFeed the read pushes
 * into, or a promise): then every worker starts right away, so its start-up (runtime, parser)
 * overlaps the read, and batches go out as soon as files are in.
 */
export async function runParsePool(
  files: ParseInput,
  createWorker: () => ParseWorkerHandle,
  options: ParsePoolOptions,
): Promise<FileIR[]> {
  const feed = fileFeedOf(files);
  const workers: ParseWorkerHandle[] = [];
  const spares = new Set<ParseWorkerHandle>();
  // Once the run is over (done, failed or cancelled), lanes still waiting on a batch find their
  // worker terminated: they must not start replacements nor report the batch.
  const run = { over: false };
  const spawn = () => {
    if (run.over) throw new AppError('CANCELLED', 'The parse has ended.');
    return createWorker();
  };
  let parsedAll = false;
  try {
    if (!feed.ended) for (let slot = 0; slot < Math.max(1, options.size); slot++) workers.push(spawn());
    const irs = await parseAll(feed, spawn, options, workers, spares, run);
    parsedAll = true;
    return irs;
  } finally {
    run.over = true;
    // After a failure or a cancel a worker may still be parsing: only a run that ended well releases.
    for (const worker of workers) {
      if (parsedAll && worker.release) worker.release();
      else worker.terminate();
    }
    for (const spare of spares) spare.terminate();
  }
}

async function parseAll(
  feed: FileFeed,
  createWorker: () => ParseWorkerHandle,
  options: ParsePoolOptions,
  workers: ParseWorkerHandle[],
  spares: Set<ParseWorkerHandle>,
  run: { readonly over: boolean },
): Promise<FileIR[]> {
  const { signal, onProgress } = options;
  const baseTimeoutMs = options.baseTimeoutMs ?? 60_000;
  const batchFiles = options.batchFiles ?? 200;
  const batchBytes = options.batchBytes ?? 1_000_000;
  const results: FileIR[] = [];
  const strings = createStringTable();
  const knownBatches = feed.ended ? makeBatches(Array.from({ length: feed.length }, (_, i) => feed.at(i)), batchFiles, batchBytes).length : Infinity;
  const size = Math.max(1, Math.min(options.size, knownBatches));
  const depth = Math.max(1, options.depth ?? 2);
  /** Bytes posted and not yet answered, per worker: a queued batch's time limit counts them. */
  const queuedBytes = new Map<ParseWorkerHandle, number>();
  /** Files handed to a batch so far (feed indexes below it are taken). */
  let assigned = 0;
  let done = 0;
  onProgress?.(0, feed.length);

  /** The next batch: the files in and not taken yet, up to the limits; null once all are taken. */
  const nextBatch = async (): Promise<Batch | null> => {
    while (assigned >= feed.length) {
      if (feed.ended) return null;
      await feed.waitBeyond(assigned);
    }
    const batch: Batch = [];
    let bytes = 0;
    while (assigned < feed.length && batch.length < batchFiles) {
      const file = feed.at(assigned);
      if (batch.length > 0 && bytes + file.bytes > batchBytes) break;
      batch.push(assigned++);
      bytes += file.bytes;
    }
    return batch;
  };

  const runOn = (worker: ParseWorkerHandle, indexes: Batch): Promise<{ irs: FileIR[]; encoded?: readonly string[] }> => {
    const batch = indexes.map((i) => feed.at(i));
    const bytes = batch.reduce((sum, f) => sum + f.bytes, 0);
    const ahead = queuedBytes.get(worker) ?? 0;
    queuedBytes.set(worker, ahead + bytes);
    const timeoutMs = baseTimeoutMs + (ahead + bytes) / 100;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AppError('WORKER_CRASHED', 'parse worker timed out')), timeoutMs);
    });
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new AppError('CANCELLED', 'Cancelled by the user.'));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    return Promise.race([worker.parseBatch(batch), timeout, aborted])
      .finally(() => {
        clearTimeout(timer);
        queuedBytes.set(worker, (queuedBytes.get(worker) ?? bytes) - bytes);
        signal?.removeEventListener('abort', onAbort); // one listener per batch would pile up
      })
      .then((parsed) => decodedBatch(parsed, strings));
  };

  /** Replaces the slot's worker if it is still `failed` (another lane may have done it). */
  const replace = (slot: number, failed: ParseWorkerHandle) => {
    if (workers[slot] !== failed) return;
    failed.terminate();
    workers[slot] = createWorker();
  };

  /**
   * Each file of a failed batch alone, on a worker of its own (nothing else queued there);
   * returns each file's compact JSON where the worker posted one.
   */
  const retryAlone = async (indexes: Batch, cause: unknown): Promise<(string | undefined)[]> => {
    const encoded: (string | undefined)[] = [];
    let spare = createWorker();
    spares.add(spare);
    try {
      for (const fileIndex of indexes) {
        throwIfAborted(signal);
        try {
          const parsed = await runOn(spare, [fileIndex]);
          results[fileIndex] = parsed.irs[0]!;
          encoded.push(parsed.encoded?.[0]);
        } catch {
          if (signal?.aborted) throw new AppError('CANCELLED', 'Cancelled by the user.');
          spares.delete(spare);
          spare.terminate();
          spare = createWorker();
          spares.add(spare);
          results[fileIndex] = failedFileIR(feed.at(fileIndex), `parser crashed or timed out on this file (${cause instanceof Error ? cause.message : String(cause)})`);
          encoded.push(undefined);
        }
      }
    } finally {
      spares.delete(spare);
      spare.terminate();
    }
    return encoded;
  };

  // `depth` lanes per worker: a worker always has its next batch queued, so it never waits for
  // this thread (busy storing the batches already parsed) between two batches.
  const lane = async (slot: number) => {
    for (;;) {
      throwIfAborted(signal);
      const indexes = await nextBatch();
      if (!indexes || run.over) return;
      const worker = workers[slot]!;
      // The compact JSON goes to onParsed only (the store takes it): the pool keeps the FileIRs.
      let encoded: readonly (string | undefined)[] | undefined;
      try {
        const parsed = await runOn(worker, indexes);
        indexes.forEach((fileIndex, k) => (results[fileIndex] = parsed.irs[k]!));
        encoded = parsed.encoded;
      } catch (error) {
        if (signal?.aborted) throw new AppError('CANCELLED', 'Cancelled by the user.');
        // The worker died or hung: start a fresh one and retry each file alone.
        replace(slot, worker);
        encoded = await retryAlone(indexes, error);
      }
      if (run.over) return;
      done += indexes.length;
      options.onParsed?.(
        indexes.map((i) => feed.at(i)),
        indexes.map((i) => results[i]!),
        encoded,
      );
      onProgress?.(done, feed.length);
    }
  };

  for (let slot = 0; slot < size; slot++) workers[slot] ??= createWorker();
  await Promise.all(Array.from({ length: size * depth }, (_, k) => lane(k % size)));
  return results;
}
