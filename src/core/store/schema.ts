/**
 * @file DuckDB schema of one repo database (docs/schema.md): table names, column lists and
 * the DDL built from them, so the Arrow builders and the SQL can never disagree.
 * Runs in: everywhere (shared by duckdb-wasm in the browser and in tests, and node-api in the CLI).
 * Layer src/core.
 */

/**
 * 2: node code stored once: rows in table node_rows with code offsets into files.text,
 * `nodes` a view over them (upgradeSchema in schemaUpgrade.ts turns a version-1 `nodes` table
 * into node_rows).
 * 3: file_irs.ir may be compact JSON (parse/fileIRCodec.ts), which a version-2 reader cannot
 * decode; this version reads both forms, so 2 -> 3 changes no table, only the stamp.
 * 4: the derived tables (derivedTables.ts: member_counts, module_links, graph_digest,
 * search_texts), written by every graph write; 3 -> 4 writes them.
 */
export const SCHEMA_VERSION = 4;

export type ColumnType = 'INTEGER' | 'VARCHAR';

export interface ColumnSpec {
  readonly name: string;
  readonly type: ColumnType;
}

function columns<const T extends readonly ColumnSpec[]>(specs: T): T {
  return specs;
}

/**
 * No PRIMARY KEY / UNIQUE constraints on purpose: it was measured that inserting into a PK
 * table costs about 1.3 s extra per 100k rows, and the ids come from the stitcher, which already
 * guarantees uniqueness. Lookups use the plain indexes of INDEXES below, built after the load.
 */
export const NODE_COLUMNS = columns([
  { name: 'id', type: 'INTEGER' },
  { name: 'kind', type: 'VARCHAR' },
  { name: 'name', type: 'VARCHAR' },
  { name: 'qualified_name', type: 'VARCHAR' },
  { name: 'module_name', type: 'VARCHAR' },
  { name: 'class_name', type: 'VARCHAR' },
  { name: 'file_path', type: 'VARCHAR' },
  { name: 'start_line', type: 'INTEGER' },
  { name: 'end_line', type: 'INTEGER' },
  { name: 'signature', type: 'VARCHAR' },
  { name: 'code', type: 'VARCHAR' },
  { name: 'docstring', type: 'VARCHAR' },
  { name: 'description', type: 'VARCHAR' },
  { name: 'member_descriptions', type: 'VARCHAR' },
  { name: 'requirement', type: 'VARCHAR' },
  { name: 'language', type: 'VARCHAR' },
  { name: 'local_name', type: 'VARCHAR' },
  { name: 'import_name', type: 'VARCHAR' },
] as const);

/**
 * The stored node rows: NODE_COLUMNS plus [code_start, code_end), code-point offsets into the
 * file's files.text. A row with offsets has code NULL (the view slices it from the text); a row
 * without (legacy rows, imported bundles, files with non-ASCII text) carries its code.
 */
export const NODE_ROW_COLUMNS = columns([
  ...NODE_COLUMNS,
  { name: 'code_start', type: 'INTEGER' },
  { name: 'code_end', type: 'INTEGER' },
] as const);

/** The table behind the `nodes` view. */
export const NODE_ROWS_TABLE = 'node_rows';

/**
 * `nodes` as every reader sees it: NODE_COLUMNS in order, code sliced from files.text where the
 * row has offsets. DuckDB's substring counts code points; the stitcher writes offsets only for
 * ASCII texts, where substring is O(1) (measured: on non-ASCII text it scans from the start,
 * 12 s for 100k slices of 500 KB texts against 67 ms for ASCII). A plain equi-join (a hash
 * join; an extra `code_start IS NOT NULL` condition turned it into a nested-loop join, 50 ms per
 * 1-hop join on the stdlib); a correlated subquery instead doubled the Cypher bench's p50.
 * Measured on the stdlib: point lookup by name 5.4 ms (node_rows 4.0), with every column
 * 38 ms (the hash table holds the file texts), a nodes-edges join 10 ms (node_rows 4.2).
 */
export function createNodesViewSql(): string {
  return `CREATE VIEW nodes AS ${nodesOverSql(NODE_ROWS_TABLE)}`;
}

/**
 * The `nodes` view's SELECT over `rows` (node_rows, or a subquery of some of its rows): the
 * Cypher compiler reads a node by name as this over `(SELECT * FROM node_rows WHERE name = …)`,
 * which a big graph's name index answers (derivedTables.ts); through the view the scan is a full one.
 */
export function nodesOverSql(rows: string): string {
  const cols = NODE_COLUMNS.map((c) =>
    c.name === 'code'
      ? 'coalesce(r.code, substring(f.text, r.code_start + 1, r.code_end - r.code_start)) AS code'
      : `r.${c.name}`,
  ).join(', ');
  return `SELECT ${cols} FROM ${rows} r LEFT JOIN files f ON f.path = r.file_path`;
}

export const EDGE_COLUMNS = columns([
  { name: 'src', type: 'INTEGER' },
  { name: 'dst', type: 'INTEGER' },
  { name: 'type', type: 'VARCHAR' },
  { name: 'detail', type: 'VARCHAR' },
] as const);

export const FILE_COLUMNS = columns([
  { name: 'path', type: 'VARCHAR' },
  { name: 'language', type: 'VARCHAR' },
  { name: 'bytes', type: 'INTEGER' },
  { name: 'sha256', type: 'VARCHAR' },
  { name: 'text', type: 'VARCHAR' },
] as const);

export const UNRESOLVED_COLUMNS = columns([
  { name: 'src', type: 'INTEGER' },
  { name: 'name', type: 'VARCHAR' },
  { name: 'module', type: 'VARCHAR' },
  { name: 'alias', type: 'VARCHAR' },
] as const);

/** Our addition: per-file flags (syntax errors, decoding notes) shown in the UI. */
export const FILE_ISSUE_COLUMNS = columns([
  { name: 'path', type: 'VARCHAR' },
  { name: 'kind', type: 'VARCHAR' },
  { name: 'line', type: 'INTEGER' },
  { name: 'message', type: 'VARCHAR' },
] as const);

/** Our addition: the ingest skip list (path, reason, optional detail). */
export const SKIPPED_COLUMNS = columns([
  { name: 'path', type: 'VARCHAR' },
  { name: 'reason', type: 'VARCHAR' },
  { name: 'detail', type: 'VARCHAR' },
] as const);

/** Keys: schema_version, repo_name, indexed_at, summary (JSON of the IndexSummary counts). */
export const META_COLUMNS = columns([
  { name: 'key', type: 'VARCHAR' },
  { name: 'value', type: 'VARCHAR' },
] as const);

/**
 * MCTS traces and eval results (payload is JSON text; summary a small JSON for the run list).
 * Kept across re-indexing: a trace carries its graph's fingerprint (runStore.ts).
 */
export const RUN_COLUMNS = columns([
  { name: 'id', type: 'INTEGER' },
  { name: 'kind', type: 'VARCHAR' },
  { name: 'created_at', type: 'VARCHAR' },
  { name: 'payload', type: 'VARCHAR' },
  { name: 'summary', type: 'VARCHAR' },
] as const);

/** Tables a re-index keeps (their rows do not refer to the graph's node ids by position). */
export const KEPT_TABLES: readonly TableName[] = ['runs'];

/** Our addition: each file's parse result (FileIR JSON), reused by incremental re-index. */
export const FILE_IR_COLUMNS = columns([
  { name: 'path', type: 'VARCHAR' },
  { name: 'sha256', type: 'VARCHAR' },
  { name: 'ir', type: 'VARCHAR' },
] as const);

// embeddings(node_id INTEGER, model VARCHAR, source VARCHAR, vec FLOAT[dim]) comes with the semantic layer
// (one table per vector width); it is not created here yet.

export const TABLES = {
  node_rows: NODE_ROW_COLUMNS,
  edges: EDGE_COLUMNS,
  files: FILE_COLUMNS,
  unresolved: UNRESOLVED_COLUMNS,
  file_issues: FILE_ISSUE_COLUMNS,
  skipped: SKIPPED_COLUMNS,
  meta: META_COLUMNS,
  runs: RUN_COLUMNS,
  file_irs: FILE_IR_COLUMNS,
} as const;

export type TableName = keyof typeof TABLES;

export const TABLE_NAMES = Object.keys(TABLES) as TableName[];

/** Row object type of a column list: INTEGER -> number | null, VARCHAR -> string | null. */
export type RowOf<C extends readonly ColumnSpec[]> = {
  [K in C[number] as K['name']]: K['type'] extends 'INTEGER' ? number | null : string | null;
};

export function createTableSql(table: TableName): string {
  const cols = TABLES[table].map((c) => `${c.name} ${c.type}`).join(', ');
  return `CREATE TABLE ${table} (${cols})`;
}

/**
 * Drops every table of the schema but the kept ones (a re-index replaces the whole graph; runs
 * stay). The `nodes` view goes first; a version-1 database's `nodes` table is dropped by
 * createSchema (dropNodesSql), which knows which of the two it is.
 */
export function dropTablesSql(): string[] {
  return TABLE_NAMES.filter((t) => !KEPT_TABLES.includes(t)).map((t) => `DROP TABLE IF EXISTS ${t}`);
}

/**
 * ART indexes, built after the bulk load (cheaper than maintaining them row by row). Only node
 * ids: bench:search (100k nodes, duckdb-wasm) gives Cypher lookups a p50 of 12.9 ms with it,
 * 12.7 ms with edge src/dst indexes as well, 14.7 ms with none. The edge indexes hold six in seven
 * of the keys, and the three together cost about 1 s of the stdlib's ingest in the app, 160 MB of
 * the tab at 20,000 files and 20 MB of the stdlib's database; they gave one faster query shape
 * (2-hop neighbourhoods, 15 against 35 ms) and faster edge point lookups on very large graphs
 * (2.8M edges: 1.6 against 19 ms). No index on names either: name lookups took the same with it
 * (5.1 / 5.2 ms p50). And file paths: code is sliced from the texts of a few files, read by a
 * literal path list (fileTexts.ts) that this index serves (50,000 files, cold: 45 against 384 ms;
 * 46 ms to build, 3 MB).
 */
/**
 * Settings every connection takes (readSettingsSql): a join whose small side holds at most
 * DYNAMIC_FILTER_MAX_KEYS keys hands them to the other side's scan as a filter, so reads by a
 * list of ids (`id IN (SELECT unnest([...]))`) fetch those rows alone on a big graph (929k nodes:
 * the edges of 400 seeds 741 -> 69 ms, the rows of 3,855 nodes read 3,855 rows, not 929k).
 * DuckDB's default, 50, covered a name lookup's few matches only. (Raising index_scan_max_count
 * instead, so that literal id lists read the id index, cost less CPU but 1.5-2x the time:
 * each id fetched its rows from another block.)
 */
export const DYNAMIC_FILTER_MAX_KEYS = 5_000;

export function readSettingsSql(): string[] {
  return [`SET dynamic_or_filter_threshold = ${DYNAMIC_FILTER_MAX_KEYS}`];
}

export const INDEXES = [
  { name: 'nodes_id', table: 'node_rows', column: 'id' },
  { name: 'files_path', table: 'files', column: 'path' },
] as const satisfies readonly { name: string; table: TableName; column: string }[];

/** The indexes of INDEXES (those of `table` only, when given); IF NOT EXISTS: safe to run twice. */
export function createIndexesSql(table?: TableName): string[] {
  return INDEXES.filter((i) => table === undefined || i.table === table).map((i) => `CREATE INDEX IF NOT EXISTS ${i.name} ON ${i.table} (${i.column})`);
}

/** Creates the dropped tables; kept ones only when missing, with columns added since (summary). */
export function createSchemaSql(): string[] {
  return [...TABLE_NAMES.flatMap((t) => (KEPT_TABLES.includes(t) ? ensureTableSql(t) : [createTableSql(t)])), createNodesViewSql()];
}

/** A kept table: created when missing, given the columns an older version lacks. */
export function ensureTableSql(table: TableName): string[] {
  return [createTableSql(table).replace('CREATE TABLE', 'CREATE TABLE IF NOT EXISTS'), ...addMissingColumnsSql(table)];
}

/** ALTER statements that give an older kept table the columns it lacks (no-ops otherwise). */
export function addMissingColumnsSql(table: TableName): string[] {
  return TABLES[table].map((c) => `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${c.name} ${c.type}`);
}
