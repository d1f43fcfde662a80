/**
 * @file `ranger index <zip|dir> --db <file>`: runs the one indexing pipeline (indexRepository)
 * with the Node parse pool (worker_threads) and a @duckdb/node-api database file. Indexing into
 * an existing file replaces its graph in one transaction; a new file is written as the app writes
 * its own database (the loads commit as they pile up, WriteGraphOptions.fresh) and is removed if
 * the index fails or is stopped (Ctrl-C, SIGTERM). Folders are walked without following symlinks;
 * only the files the ingest filter may keep are read (node_modules, .git and the like are listed only).
 * Runs in: Node (cli).
 */
import { existsSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { AppError } from '../core/errors.ts';
import { createCandidateFilter } from '../core/ingest/selectSourceFiles.ts';
import { indexRepository } from '../core/pipeline/indexRepository.ts';
import type { ProgressListener } from '../core/progress.ts';
import type { IndexSummary, RepoInput } from '../core/pipeline/repoService.ts';
import { openNodeDatabase } from '../adapters/node/duckdbNode.ts';
import type { NodeDbConnection } from '../adapters/node/duckdbNode.ts';
import { parseFilesInThreads } from '../adapters/node/parsePool.ts';
import { listDirectory, readListedFiles } from '../adapters/node/readDirectory.ts';
import { nodeZipCodec } from '../adapters/node/nodeZipCodec.ts';

/** The CLI's `index` document (docs/cli.md). */
export interface IndexOutput {
  files: number;
  skipped: number;
  nodes: Record<string, number>;
  edges: Record<string, number>;
  unresolved: number;
  ms: number;
  skipped_files?: { path: string; reason: string }[];
  /** --incremental: files and nodes added / removed / changed / unchanged, files parsed, kept counts. */
  changes?: IndexSummary['changes'];
}

export interface IndexRun {
  output: IndexOutput;
  repoName: string;
  /** Things left out before ingest could see them (symlinks, unreadable files in a folder). */
  notes: string[];
}

export interface IndexCommandOptions {
  verbose?: boolean;
  /** --no-tests: leave test and fixture files out of the graph. */
  skipTests?: boolean;
  /** Re-index into the graph already in --db, reusing unchanged files, descriptions and vectors. */
  incremental?: boolean;
  onProgress?: ProgressListener;
  signal?: AbortSignal;
}

/** A folder as a RepoInput: regular files only; names ingest skips by path are not read. */
async function folderInput(dir: string, notes: string[]): Promise<RepoInput> {
  const entries = await listDirectory(dir);
  await readListedFiles(dir, entries, createCandidateFilter(entries));
  const files: { path: string; data: Uint8Array }[] = [];
  for (const entry of entries) {
    if (entry.isDirectory) continue;
    if (entry.isSymlink) notes.push(`${entry.path}: symlink, not followed`);
    else if (entry.skip) notes.push(`${entry.path}: ${entry.skip.reason}${entry.skip.detail ? ` (${entry.skip.detail})` : ''}`);
    // Files ingest skips by name alone are passed empty: they are counted and listed the same.
    else files.push({ path: entry.path, data: entry.data ?? new Uint8Array(0) });
  }
  return { kind: 'files', name: basename(resolve(dir)), files };
}

export async function readRepoInput(inputPath: string, notes: string[]): Promise<RepoInput> {
  let info;
  try {
    info = await stat(inputPath);
  } catch {
    throw new AppError('INPUT_INVALID', `No such file or folder: ${inputPath}`);
  }
  if (info.isDirectory()) return folderInput(inputPath, notes);
  return { kind: 'zip', name: basename(inputPath), data: new Uint8Array(await readFile(inputPath)) };
}

export function toIndexOutput(summary: IndexSummary, verbose: boolean): IndexOutput {
  const output: IndexOutput = {
    files: summary.files,
    skipped: summary.skipped,
    nodes: { ...summary.nodes } as Record<string, number>,
    edges: { ...summary.edges } as Record<string, number>,
    unresolved: summary.unresolved,
    ms: summary.ms,
  };
  if (summary.changes) output.changes = summary.changes;
  if (verbose) output.skipped_files = (summary.skippedFiles ?? []).map((s) => ({ path: s.path, reason: s.reason }));
  return output;
}

/**
 * Aborts `stop` on the first SIGINT or SIGTERM (a second one ends the process as usual);
 * returns what takes the handlers off again.
 */
function abortOnSignals(stop: AbortController): () => void {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const onSignal = () => {
    off();
    stop.abort();
  };
  const off = () => signals.forEach((s) => process.off(s, onSignal));
  signals.forEach((s) => process.once(s, onSignal));
  return off;
}

/** A database file and its write-ahead log. */
function removeDatabaseFiles(path: string): void {
  for (const file of [path, `${path}.wal`]) rmSync(file, { force: true });
}

export async function runIndex(inputPath: string, dbPath: string, options: IndexCommandOptions = {}): Promise<IndexRun> {
  const started = Date.now();
  const notes: string[] = [];
  const input = await readRepoInput(inputPath, notes);
  // A new file commits as it loads, like the app's databases: at 50,000 files the one final
  // commit of an existing file's write took 7.4 s of a 47-s index, 2.3 s this way (docs/budgets.md).
  const fresh = !options.incremental && dbPath !== ':memory:' && !existsSync(dbPath);
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  // Taken before the file exists: a stop from then on removes it.
  const signalsOff = fresh ? abortOnSignals(stop) : () => {};
  let conn: NodeDbConnection | undefined;
  let finished = false;
  try {
    conn = await openNodeDatabase(dbPath);
    const summary = await indexRepository(
      { ...input, skipTests: options.skipTests ?? false },
      { parseFiles: (files, onProgress, signal, onParsed) => parseFilesInThreads(files, onProgress, signal, undefined, onParsed), codec: nodeZipCodec, conn, freshDatabase: fresh },
      {
        onProgress: options.onProgress,
        signal,
        verbose: options.verbose,
        incremental: options.incremental ? { previous: conn } : undefined,
      },
    );
    finished = true;
    // ms covers the whole command: reading the input from disk included.
    summary.ms = Date.now() - started;
    return { output: toIndexOutput(summary, options.verbose ?? false), repoName: summary.repoName, notes };
  } finally {
    signalsOff();
    await conn?.close();
    // A new file's loads were committed as they came: one that failed holds part of a graph.
    if (fresh && !finished) removeDatabaseFiles(dbPath);
  }
}
