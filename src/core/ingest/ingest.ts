/**
 * @file Ingest entry points: a zip (bytes) or a dropped folder (path + bytes per file) in,
 * IngestResult out. A zip is listed first, then only the entries selection may need are
 * inflated (node_modules, images and the like are never inflated nor counted against the
 * archive's total). Ends with NO_SOURCE_FILES when nothing is left to parse.
 * Progress is (done, total) over twice the entry count: reading, then selecting.
 * Runs in: the ingest worker (app), in-process (cli, tests). Layer src/core.
 */
import { AppError, throwIfAborted } from '../errors.ts';
import { languageList } from '../languages/registry.ts';
import { resolveLimits } from './limits.ts';
import { baseName } from './pathRules.ts';
import { listZipEntries, readListedEntries } from './readZip.ts';
import { createCandidateFilter, selectSourceFiles, summariseSkips } from './selectSourceFiles.ts';
import type { IngestLimits, IngestResult, RawEntry } from './types.ts';

export type IngestProgress = (done: number, total: number) => void;

/** Reads, filters and decodes a zip archive. Throws ARCHIVE_INVALID or NO_SOURCE_FILES. */
export async function ingestZip(
  name: string,
  data: Uint8Array,
  limits?: Partial<IngestLimits>,
  onProgress?: IngestProgress,
  signal?: AbortSignal,
): Promise<IngestResult> {
  throwIfAborted(signal);
  const resolved = resolveLimits(limits);
  const listing = listZipEntries(data, resolved);
  if (listing.every((entry) => entry.isDirectory)) {
    throw new AppError('NO_SOURCE_FILES', `The archive ${name} is empty: it contains no files.`);
  }
  const wanted = createCandidateFilter(listing);
  // Each entry is read (inflated) then selected (filtered, decoded): it is done after both.
  const total = listing.length;
  const entries = readListedEntries(data, listing, resolved, (done) => onProgress?.(Math.floor(done / 2), total), wanted);
  throwIfAborted(signal);
  const result = await selectSourceFiles(
    entries,
    repoNameOf(name),
    resolved,
    (done) => onProgress?.(Math.floor((total + done) / 2), total),
    signal,
  );
  return requireSources(name, result);
}

/** Filters and decodes the files of a dropped folder (paths relative to that folder). */
export async function ingestFiles(
  name: string,
  files: readonly { path: string; data: Uint8Array }[],
  limits?: Partial<IngestLimits>,
  onProgress?: IngestProgress,
  signal?: AbortSignal,
): Promise<IngestResult> {
  throwIfAborted(signal);
  if (files.length === 0) throw new AppError('NO_SOURCE_FILES', `The folder ${name} is empty: it contains no files.`);
  const entries: RawEntry[] = files.map((file) => ({ path: file.path, data: file.data, size: file.data.length }));
  const result = await selectSourceFiles(entries, repoNameOf(name), resolveLimits(limits), onProgress, signal);
  return requireSources(name, result);
}

function requireSources(name: string, result: IngestResult): IngestResult {
  if (result.files.length > 0) return result;
  const n = result.skipped.length;
  const skipped = n === 0 ? 'no files' : `${n.toLocaleString('en-US')} ${n === 1 ? 'file' : 'files'} skipped: ${summariseSkips(result.skipped)}`;
  throw new AppError('NO_SOURCE_FILES', `No ${languageList()} source files found in ${name} (${skipped}).`);
}

/** 'C:\\fakepath\\flask-main.zip' -> 'flask-main'. */
export function repoNameOf(name: string): string {
  const base = baseName(name.replaceAll('\\', '/'));
  return base.replace(/\.zip$/i, '') || base || 'repository';
}
