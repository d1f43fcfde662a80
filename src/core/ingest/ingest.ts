/**
 * @file Ingest entry points: a zip (bytes) or a dropped folder (path + bytes per file) in,
 * IngestResult out. A zip is listed first, then only the entries selection may need are
 * inflated (node_modules, images and the like are never inflated nor counted against the
 * archive's total); each entry is then read, judged and decoded in turn, and the accepted files
 * go out in chunks while the read goes on (FilesListener). Ends with NO_SOURCE_FILES when
 * nothing is left to parse. Progress is (done, total) over the entry count.
 * Runs in: the ingest worker (app), in-process (cli, tests). Layer src/core.
 */
import { AppError, throwIfAborted } from '../errors.ts';
import { languageList } from '../languages/catalog.ts';
import { DEFAULT_LIMITS, resolveLimits } from './limits.ts';
import { repoNameOf } from './repoNames.ts';
import { createEntryReader, listZipEntries } from './readZip.ts';
import type { ZipCodec } from './readZip.ts';
import { HASH_BATCH, SourceSelector, createCandidateFilter, selectSourceFiles, singleTopFolderOf, summariseSkips } from './selectSourceFiles.ts';
import { yieldToEventLoop } from '../yieldToEventLoop.ts';
import type { IngestLimits, IngestResult, RawEntry, SourceFile } from './types.ts';

const PROGRESS_EVERY = 128;

export type IngestProgress = (done: number, total: number) => void;

/** Source files in reading order, handed over a few at a time while the read goes on. */
export type FilesListener = (files: SourceFile[]) => void;

export interface IngestOptions {
  limits?: Partial<IngestLimits>;
  onProgress?: IngestProgress;
  signal?: AbortSignal;
  onFiles?: FilesListener;
  /** Native inflate and CRC-32 where the host has them (Node's zlib); fflate and ours otherwise. */
  codec?: ZipCodec;
}

/** A chunk goes out at this many files or bytes, and the read then lets queued events run. */
const CHUNK_FILES = 32;
const CHUNK_BYTES = 256 * 1024;

/**
 * Reads, filters and decodes a zip archive, one entry at a time: each entry is inflated, judged
 * and decoded before the next, and `onFiles` gets the accepted files in chunks as they come (the
 * parse pool starts on them while the read goes on). Throws ARCHIVE_INVALID or NO_SOURCE_FILES.
 */
export async function ingestZip(name: string, data: Uint8Array, options: IngestOptions = {}): Promise<IngestResult> {
  const { onProgress, signal, onFiles } = options;
  throwIfAborted(signal);
  const resolved = resolveLimits(options.limits);
  const listing = listZipEntries(data, resolved);
  if (listing.every((entry) => entry.isDirectory)) {
    throw new AppError('NO_SOURCE_FILES', `The archive ${name} is empty: it contains no files.`);
  }
  // Entries selection will ignore by name (node_modules, images) are never inflated.
  const read = createEntryReader(data, resolved, createCandidateFilter(listing), options.codec);
  const selector = new SourceSelector(listing, repoNameOf(name), resolved);
  const gitignore = selector.gitignoreIndex();
  const early = gitignore >= 0 ? read(listing[gitignore]!) : null;
  if (early) selector.useGitignore(early.data);
  const chunk = new FileChunks(onFiles);
  for (let i = 0; i < listing.length; i++) {
    const file = selector.take(i === gitignore ? early! : read(listing[i]!), i);
    if (file) chunk.add(file);
    if (chunk.full() || selector.unhashed >= HASH_BATCH || i % PROGRESS_EVERY === PROGRESS_EVERY - 1) {
      await selector.hashPending();
      chunk.flush();
      throwIfAborted(signal);
      onProgress?.(i + 1, listing.length);
      await yieldToEventLoop();
    }
  }
  await selector.hashPending();
  chunk.flush();
  onProgress?.(listing.length, listing.length);
  return requireSources(name, selector.result());
}

/** Collects accepted files and hands them on in chunks (FilesListener). */
class FileChunks {
  private files: SourceFile[] = [];
  private bytes = 0;

  constructor(private readonly listener: FilesListener | undefined) {}

  add(file: SourceFile): void {
    if (!this.listener) return;
    this.files.push(file);
    this.bytes += file.bytes;
  }

  full(): boolean {
    return this.files.length >= CHUNK_FILES || this.bytes >= CHUNK_BYTES;
  }

  flush(): void {
    if (this.files.length === 0) return;
    const files = this.files;
    this.files = [];
    this.bytes = 0;
    this.listener!(files);
  }
}

/** Filters and decodes the files of a dropped folder (paths relative to that folder). */
export async function ingestFiles(name: string, files: readonly { path: string; data: Uint8Array }[], options: IngestOptions = {}): Promise<IngestResult> {
  const { onProgress, signal, onFiles } = options;
  throwIfAborted(signal);
  if (files.length === 0) throw new AppError('NO_SOURCE_FILES', `The folder ${name} is empty: it contains no files.`);
  const entries: RawEntry[] = files.map((file) => ({ path: file.path, data: file.data, size: file.data.length }));
  const result = await selectSourceFiles(entries, repoNameOf(name), resolveLimits(options.limits), onProgress, signal);
  onFiles?.(result.files);
  return requireSources(name, result);
}

function requireSources(name: string, result: IngestResult): IngestResult {
  if (result.files.length > 0) return result;
  const n = result.skipped.length;
  const skipped = n === 0 ? 'no files' : `${n.toLocaleString('en-US')} ${n === 1 ? 'file' : 'files'} skipped: ${summariseSkips(result.skipped)}`;
  throw new AppError('NO_SOURCE_FILES', `No ${languageList()} source files found in ${name} (${skipped}).`);
}

/** The repo name of an input (its home is repoNames.ts, which the main thread can load alone). */
export { repoNameOf };

/**
 * The name an index of `input` gives its repo, before reading it: the folder every entry sits in
 * (`flask-main.zip` holding `flask/` is "flask"), else the input's name. Reads a zip's central
 * directory only; one that cannot be listed gets the input's name (its index says what is wrong).
 */
export function inputRepoName(
  input: { kind: 'zip'; name: string; data: Uint8Array } | { kind: 'files'; name: string; files: readonly { path: string }[] },
): string {
  let entries: Pick<RawEntry, 'path' | 'isDirectory'>[];
  try {
    entries = input.kind === 'zip' ? listZipEntries(input.data, DEFAULT_LIMITS) : input.files.map((f) => ({ path: f.path, isDirectory: false }));
  } catch {
    return repoNameOf(input.name);
  }
  return singleTopFolderOf(entries) ?? repoNameOf(input.name);
}
