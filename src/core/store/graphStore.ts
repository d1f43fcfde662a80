/**
 * @file Writing a whole graph into a repo database and reading back its meta and counts.
 * Rows go in as batches (rowLoad.ts: node-api's appender from row objects, or Arrow for
 * duckdb-wasm; never row-by-row SQL), inside one transaction: a failed or cancelled write leaves
 * the previous graph in place. A fresh database (WriteGraphOptions.fresh: made for this write,
 * deleted if it fails) commits every 64 MB instead, which bounds what DuckDB holds.
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import { throwIfAborted } from '../errors.ts';
import type { EdgeRow, FileIssueRow, FileRow, Graph, NodeRow } from '../graph/types.ts';
import type { FileIR } from '../parse/fileIR.ts';
import { fileIRVersionsMeta } from '../parse/fileIRVersions.ts';
import type { SkippedFile } from '../ingest/types.ts';
import type { ProgressListener } from '../progress.ts';
import { fileIrRows } from './arrowTables.ts';
import { insertRows } from './rowLoad.ts';
import type { RowLoad } from './rowLoad.ts';
import { dropRequirementGraph } from '../requirements/requirementStore.ts';
import {
  createIndexesSql,
  createNodesViewSql,
  createSchemaSql,
  createTableSql,
  dropTablesSql,
  EDGE_COLUMNS,
  ensureTableSql,
  FILE_COLUMNS,
  FILE_ISSUE_COLUMNS,
  KEPT_TABLES,
  META_COLUMNS,
  NODE_ROW_COLUMNS,
  SCHEMA_VERSION,
  SKIPPED_COLUMNS,
  TABLE_NAMES,
  UNRESOLVED_COLUMNS,
} from './schema.ts';
import type { TableName } from './schema.ts';
import type { SqlConnection } from './sqlConnection.ts';
import { sqlString, tableExists } from './sqlConnection.ts';

import { dropDerivedTables, writeDerivedTables } from './derivedTables.ts';
import { dropEmbeddingTables } from './embeddingStore.ts';
import { dropNodes } from './schemaUpgrade.ts';
import { DESCRIBED_TABLE } from './descriptionStore.ts';

export type { Row, SqlConnection } from './sqlConnection.ts';

export interface GraphData {
  repoName: string;
  graph: Graph;
  files: FileRow[];
  issues: FileIssueRow[];
  skipped: SkippedFile[];
  /** Stored as JSON under meta 'summary' (the IndexSummary counts). */
  summary: object;
  /** Parse results per file, kept for incremental re-index (table file_irs); optional. */
  irs?: readonly FileIR[];
}

export interface WriteGraphOptions {
  /** Runs inside the transaction after the tables are loaded, before the indexes are built. */
  afterLoad?: (conn: SqlConnection) => Promise<void>;
  /**
   * Tables left in place (not dropped, not re-created): with it, only the graph tables not named
   * here are replaced and every other table stays (incremental re-index).
   */
  keepTables?: ReadonlySet<string>;
  /**
   * The database was created for this write and is thrown away if it fails (the app indexes into
   * a new database each time): the loads commit once FRESH_COMMIT_BYTES are pending, so DuckDB
   * writes them out while the parse goes on instead of holding every row in memory until one
   * final commit (a 50,000-file repository's texts alone are 250 MB).
   */
  fresh?: boolean;
}

/**
 * Pending bytes at which a fresh database's loads commit. Big enough that each commit writes its
 * rows straight into the database file (DuckDB checkpoints on a commit past its 16 MB WAL
 * threshold; smaller commits go through the WAL and are written twice: the stdlib took 0.4 s
 * longer committing each load), small enough to bound what DuckDB holds.
 */
const FRESH_COMMIT_BYTES = 64 * 1024 * 1024;

interface TableLoad extends RowLoad {
  table: TableName;
}

function tableLoads(data: GraphData, indexedAt: string): TableLoad[] {
  const meta = {
    schema_version: String(SCHEMA_VERSION),
    repo_name: data.repoName,
    indexed_at: indexedAt,
    summary: JSON.stringify(data.summary),
    file_ir_versions: fileIRVersionsMeta(),
  };
  return [
    { table: 'node_rows', ...nodeRowLoad(data.graph.nodes) },
    { table: 'edges', ...edgeRowLoad(data.graph.edges) },
    { table: 'files', columns: FILE_COLUMNS, rows: data.files },
    { table: 'unresolved', columns: UNRESOLVED_COLUMNS, rows: data.graph.unresolved },
    { table: 'file_issues', columns: FILE_ISSUE_COLUMNS, rows: data.issues },
    { table: 'skipped', columns: SKIPPED_COLUMNS, rows: data.skipped },
    { table: 'meta', columns: META_COLUMNS, rows: Object.entries(meta).map(([key, value]) => ({ key, value })) },
    { table: 'file_irs', ...fileIrRows(data.irs ?? [], data.files) },
  ];
}

/** Node rows as node_rows stores them (storedNodeCell). */
export function nodeRowLoad(rows: readonly NodeRow[]): RowLoad {
  return { columns: NODE_ROW_COLUMNS, rows, cell: storedNodeCell };
}

export function edgeRowLoad(rows: readonly EdgeRow[]): RowLoad {
  return { columns: EDGE_COLUMNS, rows };
}

/** A node row as stored: code NULL where the view slices it from files.text (code_start set). */
function storedNodeCell(row: object, column: string): unknown {
  const node = row as NodeRow;
  if (column === 'code') return node.code_start === undefined || node.code_start === null ? node.code : null;
  return (row as Record<string, unknown>)[column];
}

/**
 * Creates (or re-creates, dropping every table of the schema) the empty tables. The semantic
 * tables (description markers, embeddings) refer to node ids of the old graph: they go too,
 * except the tables named in `keep` (an incremental re-index filters those itself).
 */
export async function createSchema(conn: SqlConnection, keep: ReadonlySet<string> = new Set()): Promise<void> {
  await dropNodes(conn);
  await dropDerivedTables(conn);
  if (keep.size === 0) {
    await dropEmbeddingTables(conn);
    await conn.run(`DROP TABLE IF EXISTS ${DESCRIBED_TABLE}`);
    await dropRequirementGraph(conn);
    for (const sql of [...dropTablesSql(), ...createSchemaSql()]) await conn.run(sql);
    return;
  }
  for (const table of TABLE_NAMES) {
    if (keep.has(table)) continue;
    if (KEPT_TABLES.includes(table)) {
      for (const sql of ensureTableSql(table)) await conn.run(sql);
      continue;
    }
    await conn.run(`DROP TABLE IF EXISTS ${table}`);
    await conn.run(createTableSql(table));
  }
  await conn.run(createNodesViewSql());
}

/**
 * A graph write in progress: the transaction is open and the schema created; tables can be
 * loaded early (files while the parse runs, file_irs batch by batch as FileIRs arrive) and
 * finish() loads the rest, writes the derived tables (derivedTables.ts), builds the indexes,
 * commits and checkpoints. abort() rolls back: the previous graph stays.
 */
export interface GraphWriter {
  /** Loads rows into one table now; a table may take several calls. `bytes`: about how much text they hold. */
  load(table: TableName, rows: RowLoad, bytes?: number): Promise<void>;
  /** Runs a statement on the loaded rows (inside the write). */
  execute(sql: string): Promise<void>;
  /** Loads every table of `data` not loaded early (`early`), then indexes, COMMIT, CHECKPOINT. */
  finish(data: GraphData, early: ReadonlySet<TableName>, onProgress?: ProgressListener, signal?: AbortSignal): Promise<void>;
  abort(): Promise<void>;
}

/**
 * BEGIN + (re-)create the schema; the returned writer holds the open transaction (on a fresh
 * database it also commits the loads as they pile up: WriteGraphOptions.fresh).
 */
export async function beginGraphWrite(conn: SqlConnection, options: WriteGraphOptions = {}): Promise<GraphWriter> {
  await conn.run('BEGIN TRANSACTION');
  let open = true;
  let pendingBytes = 0;
  const abort = async () => {
    if (!open) return;
    open = false;
    try {
      await conn.run('ROLLBACK');
    } catch {
      // The original error is the one worth reporting; a failed rollback adds nothing to it.
    }
  };
  try {
    await createSchema(conn, options.keepTables);
  } catch (error) {
    await abort();
    throw error;
  }
  return {
    async load(table, rows, bytes = 0) {
      await insertRows(conn, table, rows);
      pendingBytes += bytes;
      if (options.fresh && pendingBytes >= FRESH_COMMIT_BYTES) {
        await conn.run('COMMIT');
        await conn.run('BEGIN TRANSACTION');
        pendingBytes = 0;
      }
    },
    async execute(sql) {
      await conn.run(sql);
    },
    async finish(data, early, onProgress, signal) {
      try {
        const loads = tableLoads(data, new Date().toISOString()).filter((l) => !early.has(l.table) && !options.keepTables?.has(l.table));
        const total = loads.reduce((sum, l) => sum + l.rows.length, 0);
        let done = 0;
        onProgress?.({ phase: 'store', done, total, detail: 'schema' });
        for (const load of loads) {
          throwIfAborted(signal);
          await insertRows(conn, load.table, load);
          done += load.rows.length;
          onProgress?.({ phase: 'store', done, total, detail: `${load.table === 'node_rows' ? 'nodes' : load.table}: ${load.rows.length} rows` });
        }
        throwIfAborted(signal);
        if (options.afterLoad) await options.afterLoad(conn);
        onProgress?.({ phase: 'store', done, total, detail: 'derived tables' });
        await writeDerivedTables(conn);
        throwIfAborted(signal);
        for (const sql of createIndexesSql()) await conn.run(sql);
        onProgress?.({ phase: 'store', done, total, detail: 'indexes' });
        throwIfAborted(signal);
        await conn.run('COMMIT');
        open = false;
      } catch (error) {
        await abort();
        throw error;
      }
      await conn.run('CHECKPOINT');
    },
    abort,
  };
}

/**
 * Replaces the graph in `conn` with `data`: drop + create the schema, load every table through
 * Arrow, build the indexes, commit, CHECKPOINT. Reports phase 'store' progress in rows, one
 * report per table. A cancel (signal) or failure rolls back: the previous graph stays.
 */
export async function writeGraph(
  conn: SqlConnection,
  data: GraphData,
  onProgress?: ProgressListener,
  signal?: AbortSignal,
  options: WriteGraphOptions = {},
): Promise<void> {
  const writer = await beginGraphWrite(conn, options);
  await writer.finish(data, new Set(), onProgress, signal);
}

/** meta as a key -> value map; empty when the database holds no graph yet. */
export async function readMeta(conn: SqlConnection): Promise<Record<string, string>> {
  if (!(await tableExists(conn, 'meta'))) return {};
  const rows = await conn.query('SELECT key, value FROM meta');
  const meta: Record<string, string> = {};
  for (const row of rows) meta[String(row.key)] = String(row.value);
  return meta;
}

/** Replaces the summary stored by writeGraph (its final timings are known only afterwards). */
export async function writeSummary(conn: SqlConnection, summary: object): Promise<void> {
  await conn.run(`UPDATE meta SET value = ${sqlString(JSON.stringify(summary))} WHERE key = 'summary'`);
}

/** The summary object stored by writeGraph, or null when there is none. */
export async function readSummary(conn: SqlConnection): Promise<Record<string, unknown> | null> {
  const summary = (await readMeta(conn)).summary;
  return summary === undefined ? null : (JSON.parse(summary) as Record<string, unknown>);
}

export interface GraphCounts {
  files: number;
  skipped: number;
  nodes: Record<string, number>;
  edges: Record<string, number>;
  unresolved: number;
}

async function countBy(conn: SqlConnection, table: TableName | 'nodes', column: string): Promise<Record<string, number>> {
  const rows = await conn.query(`SELECT ${column} AS k, count(*) AS n FROM ${table} GROUP BY ${column} ORDER BY ${column}`);
  const counts: Record<string, number> = {};
  for (const row of rows) counts[String(row.k)] = Number(row.n);
  return counts;
}

async function countRows(conn: SqlConnection, table: TableName): Promise<number> {
  const rows = await conn.query(`SELECT count(*) AS n FROM ${table}`);
  return Number(rows[0]?.n ?? 0);
}

/** Counts read from the tables themselves (the CLI `index` shape, without ms). */
export async function countGraph(conn: SqlConnection): Promise<GraphCounts> {
  return {
    files: await countRows(conn, 'files'),
    skipped: await countRows(conn, 'skipped'),
    nodes: await countBy(conn, 'nodes', 'kind'),
    edges: await countBy(conn, 'edges', 'type'),
    unresolved: await countRows(conn, 'unresolved'),
  };
}
