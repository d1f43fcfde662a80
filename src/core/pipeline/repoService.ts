/**
 * @file RepoService: the contract of the repo worker (ingest + parse pool + stitch + store),
 * used by the UI through comlink and by the CLI in-process. Every method is async so local
 * and remote implementations look the same. Results are plain data.
 * Runs in: the repo worker (app), in-process (cli). Layer src/core.
 */
import type { SkippedFile } from '../ingest/types.ts';
import type { EdgeType, NodeKind } from '../graph/types.ts';
import type { IndexChanges } from './incremental.ts';
import type { Phase, ProgressListener } from '../progress.ts';
import type { Row } from '../store/sqlConnection.ts';

/** What the user gave us. Browser: a File (zip) or a list of folder entries read from a drop. */
export type RepoInput = (
  | { kind: 'zip'; name: string; data: Uint8Array }
  | { kind: 'files'; name: string; files: { path: string; data: Uint8Array }[] }
) & {
  /** Leave tests and fixtures out of the graph (testPaths.ts), listed as skipped 'test file'. */
  skipTests?: boolean;
};

export interface IndexSummary {
  repoId: string;
  repoName: string;
  files: number;
  skipped: number;
  nodes: Partial<Record<NodeKind, number>>;
  edges: Partial<Record<EdgeType, number>>;
  unresolved: number;
  /** Files whose tree had ERROR/MISSING nodes (partial graph kept). */
  filesWithSyntaxErrors: number;
  ms: number;
  /** Wall time of each phase in ms (read, parse, stitch, store). */
  phaseMs?: Partial<Record<Phase, number>>;
  skippedFiles?: SkippedFile[];
  /** Incremental re-index only: what changed since the stored graph, and what was kept. */
  changes?: IndexChanges;
}

export interface IndexRequestOptions {
  /** Re-index this stored repo incrementally (the new version replaces it; the person confirmed). */
  incrementalFrom?: string;
  /** false: never incremental, even when the open repo has the same name (a new repo is kept beside it). */
  incremental?: boolean;
}

/** Asks whether an index replaces stored repo `stored` (true) or is kept beside it as `kept`. */
export type ConfirmReplace = (stored: string, kept: string) => Promise<boolean>;

export interface RepoEntry {
  id: string;
  name: string;
  indexedAt: string;
  files: number;
  nodes: number;
}

/** A result row of a SQL query (defined with the connection port, store/sqlConnection.ts). */
export type { Row } from '../store/sqlConnection.ts';

export interface RepoService {
  /** Opens storage; rejects with STORAGE_LOCKED when another tab holds the database. */
  open(): Promise<{ repos: RepoEntry[]; activeRepoId: string | null; persistent: boolean }>;
  /**
   * Index a repo into a new database; the previously active graph stays until this succeeds.
   * The open repo, when it has the name the input's index gets (or `options.incrementalFrom`),
   * is re-indexed incrementally and replaced. Another stored repo of that name is replaced only
   * when `confirmReplace` says so (asked with its name and the name a kept-beside index would
   * get); otherwise it stays, and the new one is called "name (2)". A zip that is a Ranger bundle
   * is imported instead (a new repo).
   */
  index(input: RepoInput, onProgress?: ProgressListener, options?: IndexRequestOptions, confirmReplace?: ConfirmReplace): Promise<IndexSummary>;
  /** The person is about to index (a drag over the window, a file picker): start its workers now. */
  prepareIndex(): Promise<void>;
  /** The active repo as one bundle file. */
  exportBundle(): Promise<{ fileName: string; blob: Blob }>;
  /** Cancels a running index(); index() then rejects with CANCELLED. */
  cancel(): Promise<void>;
  listRepos(): Promise<RepoEntry[]>;
  switchRepo(repoId: string): Promise<void>;
  deleteRepo(repoId: string): Promise<void>;
  /** Read-only SQL over the active repo's tables (statement kind guarded). BigInts -> numbers. */
  query(sql: string): Promise<Row[]>;
}
