/**
 * @file The indexing pipeline, end to end: read (unzip + filter) -> parse (pool) -> stitch
 * (RANGER Stage 2) -> store (DuckDB). The phases overlap: the read hands files to the pool as it
 * accepts them (FileFeed); the store's transaction opens while the pool parses, and the files
 * table, each parsed batch's file_irs rows and (once the read has named every module) its entity
 * node rows go in as they come; the stitch then streams Module rows and edges, so only the small
 * tables, the index and the commit remain (a full index; an incremental one stores after the
 * stitch). Capabilities are injected so the same code
 * runs in the repo worker (browser workers, duckdb-wasm on OPFS) and in the CLI (worker_threads,
 * @duckdb/node-api). Cancellable between and inside phases.
 * Runs in: the repo worker (app), in-process (cli, bench). Layer src/core.
 */
import { AppError, isCancelled, throwIfAborted } from '../errors.ts';
import type { IngestResult, SourceFile } from '../ingest/types.ts';
import { isTestPath } from '../ingest/testPaths.ts';
import { ingestFiles, ingestZip } from '../ingest/ingest.ts';
import type { ZipCodec } from '../ingest/readZip.ts';
import type { FileIR } from '../parse/fileIR.ts';
import type { ParsedListener } from '../parse/parsePool.ts';
import { FileFeed } from '../parse/fileFeed.ts';
import { stitch, stitchInto } from '../graph/stitch.ts';
import { resolverFor } from '../languages/implementations.ts';
import type { StitchStats } from '../graph/stitch.ts';
import type { EdgeRow, FileIssueRow, FileRow, Graph, NodeRow } from '../graph/types.ts';
import type { SqlConnection } from '../store/graphStore.ts';
import { beginGraphWrite, edgeRowLoad, nodeRowLoad, writeSummary } from '../store/graphStore.ts';
import { fileIrRows } from '../store/arrowTables.ts';
import { EarlyStore, FileRowsBuffer } from './earlyStore.ts';
import { EarlyNodeRows, NODE_ROW_BYTES } from './earlyNodeRows.ts';
import { fileChanges, fingerprintPrevious, readPreviousGraph, releasePrevious, restorePrevious, reusedPaths, storedIRs } from './incremental.ts';
import type { IndexChanges, PreviousGraph } from './incremental.ts';
import type { Phase, ProgressListener } from '../progress.ts';
import type { IndexSummary, RepoInput } from './repoService.ts';

export interface IndexDeps {
  parseFiles: (
    /** Still coming while the read phase runs: the pool parses what is in meanwhile. */
    files: FileFeed,
    onProgress: (done: number, total: number) => void,
    signal?: AbortSignal,
    /** Called with each batch as it is parsed (the store takes it meanwhile). */
    onParsed?: ParsedListener,
  ) => Promise<FileIR[]>;
  /** May still be opening: it is awaited only when the store phase starts (overlaps the parse). */
  conn: SqlConnection | Promise<SqlConnection>;
  /** Native inflate / CRC-32 for the zip, where the host has them (the CLI: Node's zlib). */
  codec?: ZipCodec;
  /**
   * `conn` is a database made for this index and dropped if it fails (the app's): the early
   * loads need no transaction around them (graphStore WriteGraphOptions.fresh).
   */
  freshDatabase?: boolean;
}

export interface IndexOptions {
  onProgress?: ProgressListener;
  signal?: AbortSignal;
  repoId?: string;
  /** Include the skipped paths and reasons in the summary (CLI --verbose, UI skip list). */
  verbose?: boolean;
  /**
   * Incremental re-index (incremental.ts): reuse what `previous` (the stored graph of this repo)
   * holds for unchanged files and nodes. `previous` may be deps.conn itself (the same object: the
   * CLI re-indexes in place); another database (the app's) lets the re-index stream like a full one.
   */
  incremental?: { previous: SqlConnection | Promise<SqlConnection> };
}

export async function indexRepository(input: RepoInput, deps: IndexDeps, options: IndexOptions = {}): Promise<IndexSummary> {
  const { onProgress, signal } = options;
  const started = Date.now();
  const phaseMs: IndexSummary['phaseMs'] = {};
  let phaseStart = started;
  const endPhase = (phase: Phase) => {
    const now = Date.now();
    phaseMs[phase] = now - phaseStart;
    phaseStart = now;
  };
  const readProgress = (done: number, total: number) => onProgress?.({ phase: 'read', done, total });
  // An index streams: the pool parses the files the read hands over while it reads on, and the
  // store takes the files table meanwhile. A re-index into another database streams too: the
  // stored graph's reusable FileIRs are known before the read, so only the other files go to the
  // pool, and the reused FileIRs go into the store while it parses. One in place (the previous
  // graph is the target's) reads everything first and stores after the stitch.
  const feed = new FileFeed();
  const inPlace = options.incremental !== undefined && options.incremental.previous === deps.conn;
  let restore: ((conn: SqlConnection) => Promise<void>) | undefined;
  const early = inPlace
    ? null
    : new EarlyStore(deps.conn, { fresh: deps.freshDatabase, afterLoad: options.incremental ? (c) => restore!(c) : undefined });
  // The previous graph of a re-index into another database: read while the input is.
  const reading = options.incremental && !inPlace ? Promise.resolve(options.incremental.previous).then((source) => readPreviousGraph(source, false)) : null;
  reading?.catch(() => {}); // awaited in prepare()
  const texts = new TextRelease();
  const nodeRows = early ? new EarlyNodeRows(early) : null;
  const filesToStore = early ? new FileRowsBuffer<SourceFile>(early, (files) => texts.stored(files)) : null;
  // A failed parse stops the read: the rest of a big zip would be inflated for nothing.
  const parseFailed = new AbortController();
  const readSignal = signal ? AbortSignal.any([signal, parseFailed.signal]) : parseFailed.signal;
  const keep = (files: SourceFile[]) => (input.skipTests ? files.filter((f) => !isTestPath(f.path)) : files);
  let reusable: ReadonlyMap<string, string> | null = null;
  const onFiles = early
    ? (files: SourceFile[]) => {
        const kept = keep(files);
        feed.push(reusable ? kept.filter((f) => reusable!.get(f.path) !== f.sha256) : kept);
        filesToStore!.add(kept);
      }
    : undefined;
  const prepare = async () => {
    let previous = reading ? await reading : null;
    reusable = previous?.reusable ?? null;
    const ingested =
      input.kind === 'zip'
        ? await ingestZip(input.name, input.data, { onProgress: readProgress, signal: readSignal, onFiles, codec: deps.codec })
        : await ingestFiles(input.name, input.files, { onProgress: readProgress, signal: readSignal, onFiles });
    throwIfAborted(readSignal);
    releaseInput(input);
    if (input.skipTests) leaveOutTests(ingested, input.name);
    filesToStore?.flush();
    nodeRows?.named(ingested.files, ingested.configs);
    endPhase('read');
    const hashes = new Map(ingested.files.map((f) => [f.path, f.sha256]));
    const reused = new Map<string, FileIR>();
    if (early) {
      feed.end();
      if (previous) {
        const paths = reusedPaths(previous, hashes);
        void fingerprintPrevious(previous, hashes, paths);
        await loadReusedIRs(previous, paths, ingested.files, reused, early, nodeRows!, texts);
      }
    } else if (options.incremental) {
      previous = await readPreviousGraph(await options.incremental.previous, true);
      const paths = reusedPaths(previous, hashes);
      await fingerprintPrevious(previous, hashes, paths); // before the write replaces the graph
      for await (const chunk of storedIRs(previous, paths)) chunk.irs.forEach((ir) => reused.set(ir.path, ir));
      feed.push(ingested.files.filter((f) => !reused.has(f.path)));
      feed.end();
    } else {
      feed.end();
    }
    return { ingested, hashes, previous, reused };
  };
  const preparing = prepare();
  preparing.catch((error: unknown) => feed.fail(error)); // the pool stops taking files
  const parsing = deps.parseFiles(
    feed,
    (done, total) => onProgress?.({ phase: 'parse', done, total }),
    signal,
    (files, irs, encoded) => {
      if (!early) return;
      const bytes = encoded?.reduce((sum, json) => sum + (json?.length ?? 0), 0);
      // FileIRs without their JSON (an in-process parse) are encoded now: the stitch later drops
      // fields from the objects (stitchInto).
      void early.load('file_irs', encoded ? () => fileIrRows(irs, files, encoded) : fileIrRows(irs, files), irs.length, bytes);
      nodeRows!.add(files, irs);
      // A worker posts FileIRs in storage form (encoded): the stitch needs no text for them.
      if (encoded) texts.parsed(files);
    },
  );
  // Awaited below, or after a failed read (the pool stops its workers).
  parsing.catch(() => parseFailed.abort());
  let prepared: Awaited<typeof preparing>;
  try {
    prepared = await preparing;
  } catch (error) {
    const parseError = await parsing.then(
      () => null,
      (e: unknown) => e,
    );
    await early?.abort();
    await reading?.then(releasePrevious, () => {});
    // The read stopped because the parse failed: the parse's error is the one to report.
    const stoppedByParse = isCancelled(error) && parseFailed.signal.aborted && !signal?.aborted;
    throw stoppedByParse && parseError ? parseError : error;
  }
  const { ingested, hashes, previous, reused } = prepared;
  try {
    const parsed = await parsing;
    throwIfAborted(signal);
    endPhase('parse');
    // The FileIRs live only inside stitchParsed: once stored (early) they can go before the
    // graph's own tables are built.
    const { graph, stats, issues, filesWithSyntaxErrors, irs } = await stitchParsed(ingested, parsed, previous ? reused : null, onProgress, early, texts.released, nodeRows);
    parsed.length = 0;
    throwIfAborted(signal);
    endPhase('stitch');

    const summary: IndexSummary = {
      repoId: options.repoId ?? ingested.repoName,
      repoName: ingested.repoName,
      files: ingested.files.length,
      skipped: ingested.skipped.length,
      nodes: present(stats.nodes),
      edges: present(stats.edges),
      unresolved: graph.unresolved.length,
      filesWithSyntaxErrors,
      ms: 0,
    };
    const files: FileRow[] = ingested.files;
    const data = { repoName: ingested.repoName, graph, files, issues, skipped: ingested.skipped, summary, irs };
    const conn = await deps.conn;
    if (previous) {
      const prior = previous;
      const changes: IndexChanges = {
        files: fileChanges(prior.files, hashes),
        nodes: { added: 0, removed: 0, changed: 0, unchanged: 0 },
        parsed: feed.length,
        kept: { descriptions: 0, embeddings: 0 },
      };
      summary.changes = changes;
      restore = async (c: SqlConnection) => {
        const restored = await restorePrevious(c, prior);
        changes.nodes = restored.nodes;
        changes.kept = restored.kept;
        if (restored.similar > 0) summary.edges.SIMILAR = restored.similar;
      };
    }
    if (early) {
      await early.finish(data, onProgress, signal);
    } else {
      const keepTables = new Set(previous!.tables.map((t) => t.name));
      const writer = await beginGraphWrite(conn, { afterLoad: restore, keepTables });
      await writer.finish(data, new Set(), onProgress, signal);
    }
    endPhase('store');
    summary.ms = Date.now() - started;
    summary.phaseMs = phaseMs;
    await writeSummary(conn, summary);
    if (options.verbose) summary.skippedFiles = ingested.skipped;
    return summary;
  } catch (error) {
    await early?.abort();
    if (previous && !previous.copied) await releasePrevious(previous);
    throw error;
  }
}

/**
 * A re-index into another database: the stored FileIRs of the files unchanged since go into the
 * store as they are (file_irs rows), their entity rows too, and `reused` keeps the decoded
 * FileIRs for the stitch (lean once their rows are out). A chunk at a time, each stored before
 * the next is read.
 */
async function loadReusedIRs(
  previous: PreviousGraph,
  paths: ReadonlySet<string>,
  files: readonly SourceFile[],
  reused: Map<string, FileIR>,
  early: EarlyStore,
  nodeRows: EarlyNodeRows,
  texts: TextRelease,
): Promise<void> {
  const byPath = new Map(files.map((f) => [f.path, f]));
  for await (const chunk of storedIRs(previous, paths)) {
    const chunkFiles = chunk.irs.map((ir) => byPath.get(ir.path)!);
    const bytes = chunk.json.reduce((sum, json) => sum + json.length, 0);
    const stored = early.load('file_irs', fileIrRows(chunk.irs, chunkFiles, chunk.json), undefined, bytes);
    nodeRows.add(chunkFiles, chunk.irs);
    texts.parsed(chunkFiles); // a stored FileIR is in storage form: the stitch needs no text
    for (const ir of chunk.irs) reused.set(ir.path, ir);
    if (!(await stored)) return; // a load failed: finish() reports it
  }
}

/** About what one stored edge row takes (the stdlib: 28 bytes, uncompressed). */
const EDGE_ROW_BYTES = 28;

/**
 * All FileIRs (reused ones of an incremental re-index first looked up) -> the graph, the file
 * issues and, unless they are stored already, the FileIRs for file_irs. With an early store (a
 * full index) the node and edge rows go into it as the stitch makes them: the graph comes back
 * without them (the counts are in the stats), and is never held whole as rows.
 */
async function stitchParsed(
  ingested: IngestResult,
  parsed: readonly FileIR[],
  reused: ReadonlyMap<string, FileIR> | null,
  onProgress: ProgressListener | undefined,
  early: EarlyStore | null,
  released: ReadonlySet<SourceFile>,
  nodeRows: EarlyNodeRows | null,
): Promise<{ graph: Graph; stats: StitchStats; issues: FileIssueRow[]; filesWithSyntaxErrors: number; irs: FileIR[] | undefined }> {
  const parsedByPath = new Map(parsed.map((ir) => [ir.path, ir]));
  const fileIRs = reused
    ? ingested.files.map((f) => reused.get(f.path) ?? parsedByPath.get(f.path)).filter((ir) => ir !== undefined)
    : [...parsed];
  onProgress?.({ phase: 'stitch', done: 0, total: fileIRs.length, detail: 'resolving imports' });
  const texts = new Map(ingested.files.filter((f) => !released.has(f)).map((f) => [f.path, f.text]));
  // FileIRs stored already (early, batch by batch) are of no more use than the stitch's.
  const irsStored = early !== null && early.rows('file_irs') === fileIRs.length;
  let graph: Graph;
  let stats: StitchStats;
  if (early) {
    const sink = {
      nodes: (rows: NodeRow[]) => early.loadInTurn('node_rows', nodeRowLoad(rows), rows.length * NODE_ROW_BYTES),
      edges: (rows: EdgeRow[]) => early.loadInTurn('edges', edgeRowLoad(rows), rows.length * EDGE_ROW_BYTES),
    };
    const streamed = await stitchInto(ingested.repoName, fileIRs, ingested.configs, texts, sink, { resolverFor, consume: irsStored, emitted: nodeRows?.emitted, named: nodeRows?.moduleNamings });
    nodeRows?.renames(streamed.renamed);
    graph = { nodes: [], edges: [], unresolved: streamed.unresolved };
    stats = streamed.stats;
  } else {
    ({ graph, stats } = stitch(ingested.repoName, fileIRs, ingested.configs, { resolverFor }, texts));
  }
  onProgress?.({ phase: 'stitch', done: fileIRs.length, total: fileIRs.length });
  return {
    graph,
    stats,
    issues: fileIssues(ingested.files, fileIRs),
    filesWithSyntaxErrors: fileIRs.filter((ir) => ir.syntaxErrors.length > 0).length,
    // Those not stored yet: a pool that skipped onParsed (an in-process parse) stored none of its
    // own, while the reused ones of a streamed re-index are in (their entity fields are gone).
    irs: irsStored ? undefined : early && reused ? fileIRs.filter((ir) => !reused.has(ir.path)) : fileIRs,
  };
}

/**
 * Frees each file's text in this thread once the files table holds it and a worker has parsed
 * it: the worker's FileIR is in storage form (detachCode), so the stitch needs no text, and a
 * 50,000-file repository's texts are 250 MB. The SourceFile stays, with text ''.
 */
class TextRelease {
  private readonly marks = new Map<SourceFile, number>();
  readonly released = new Set<SourceFile>();

  stored(files: readonly SourceFile[]): void {
    for (const file of files) this.mark(file, 1);
  }

  parsed(files: readonly SourceFile[]): void {
    for (const file of files) this.mark(file, 2);
  }

  private mark(file: SourceFile, bit: number): void {
    const marks = (this.marks.get(file) ?? 0) | bit;
    if (marks !== 3) {
      this.marks.set(file, marks);
      return;
    }
    this.marks.delete(file);
    file.text = '';
    this.released.add(file);
  }
}

function fileIssues(files: SourceFile[], irs: FileIR[]): FileIssueRow[] {
  const issues: FileIssueRow[] = [];
  for (const file of files) {
    for (const note of file.notes) issues.push({ path: file.path, kind: 'decoding', line: null, message: note });
  }
  for (const ir of irs) {
    for (const s of ir.syntaxErrors) {
      issues.push({ path: ir.path, kind: 'syntax', line: s.line, message: s.column > 0 ? `${s.message} (column ${s.column})` : s.message });
    }
  }
  return issues;
}

/** The counts above zero (the summary lists the kinds and types a graph has). */
function present<K extends string>(counts: Record<K, number>): Partial<Record<K, number>> {
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => (n as number) > 0)) as Partial<Record<K, number>>;
}

/**
 * Lets go of the input's bytes once they are read (a 50,000-file zip is ~70 MB, and the caller
 * hands them over: the app's repo worker got them transferred).
 */
function releaseInput(input: RepoInput): void {
  if (input.kind === 'zip') input.data = new Uint8Array(0);
  else input.files = [];
}

/** Moves test and fixture files to the skip list (RepoInput.skipTests); no code left is an error. */
function leaveOutTests(ingested: IngestResult, name: string): void {
  const tests = ingested.files.filter((f) => isTestPath(f.path));
  if (tests.length === 0) return;
  if (tests.length === ingested.files.length) {
    throw new AppError('NO_SOURCE_FILES', `Every source file of ${name} (${tests.length.toLocaleString('en-US')}) is a test or fixture: index it with tests included.`);
  }
  ingested.files = ingested.files.filter((f) => !isTestPath(f.path));
  ingested.skipped.push(...tests.map((f) => ({ path: f.path, reason: 'test file' as const, detail: 'tests and fixtures left out' })));
}
