/**
 * @file Incremental re-index: what a new version of a repository can reuse from the
 * graph already stored for it.
 * - Files: a file whose path and sha256 are unchanged keeps its stored FileIR (table file_irs),
 *   unless its language's extractor has changed since (fileIRVersions.ts), so only added and
 *   changed files are parsed; the stitcher then runs over all of them, which
 *   gives exactly the graph a full index of the new version gives (ids are stable: stableIds.ts).
 * - Nodes: a node is unchanged when a node with the same stable id existed and its content
 *   fingerprint (md5 of kind, qualified name, file, signature, code, docstring; a Module's file
 *   hash; computed by the same SQL in each database, fingerprintsSql) is the same. Unchanged nodes keep their
 *   descriptions (description, member_descriptions, requirement) and every row keyed by node_id
 *   in the other tables (described markers, embeddings of every model); stored runs and other
 *   tables travel whole. SIMILAR edges between two unchanged nodes stay (their vectors and
 *   cosine are the same); changed nodes have no vectors until the next embed, which recomputes
 *   every SIMILAR edge.
 * Neither the carried tables nor the previous fingerprints pass through JS rows: on the same
 * database (CLI) they stay in place (writeGraph keepTables) and lose the rows of changed nodes;
 * from another database (the app indexes into a new one) they move as Arrow (queryArrow),
 * filtered in the source. The stored FileIRs are read a chunk at a time (storedIRs): into
 * another database they go as they are while the pool parses (indexRepository).
 * Runs in: the repo worker (app), Node (cli, bench). Layer src/core.
 */
import { AppError } from '../errors.ts';
import { createTableSql, listTables, readTableArrow, rowidChunks, rowsToTypedArrow, tableColumns } from '../store/tableArrow.ts';
import { quoteIdent } from '../store/sqlConnection.ts';
import type { TableColumn } from '../store/tableArrow.ts';
import { Table } from 'apache-arrow';
import type { FileIR } from '../parse/fileIR.ts';
import { createStringTable, decodeFileIR } from '../parse/fileIRCodec.ts';
import { currentFileIRs } from '../parse/fileIRVersions.ts';
import type { Language } from '../ingest/types.ts';
import { EMBEDDING_SETS_TABLE } from '../store/embeddingStore.ts';
import { DERIVED_TABLES } from '../store/derivedTables.ts';
import { NODE_ROWS_TABLE, TABLE_NAMES } from '../store/schema.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { arrowTableToRows, sqlString, tableExists } from '../store/sqlConnection.ts';

/** Keys writeGraph writes itself; every other meta key (describe generator, similar...) is carried. */
const GRAPH_META_KEYS = new Set(['schema_version', 'repo_name', 'indexed_at', 'summary', 'file_ir_versions']);
const PREV_NODES = '__prev_nodes';
const UNCHANGED = '__unchanged_nodes';
const SIMILAR_COPY = '__carry_similar';
const EDGE_COLUMNS: TableColumn[] = [
  { name: 'src', type: 'INTEGER' },
  { name: 'dst', type: 'INTEGER' },
  { name: 'type', type: 'VARCHAR' },
  { name: 'detail', type: 'VARCHAR' },
];

export interface ChangeCounts {
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
}

export interface IndexChanges {
  files: ChangeCounts;
  nodes: ChangeCounts;
  /** Files parsed this time (added + changed, plus unchanged ones without a stored FileIR). */
  parsed: number;
  /** Unchanged nodes whose description was kept, and embedding rows kept (all models). */
  kept: { descriptions: number; embeddings: number };
}

interface CarriedTable {
  name: string;
  columns: TableColumn[];
  keyed: boolean;
}

export interface PreviousGraph {
  conn: SqlConnection;
  files: Map<string, string>;
  /**
   * The sha256 of each stored FileIR a new index may reuse (path -> hash): stored for that content,
   * by an extractor of its language still current (fileIRVersions.ts). Read with storedIRs.
   */
  reusable: Map<string, string>;
  /**
   * Set by fingerprintPrevious: settles once the previous nodes' ids, fingerprints and
   * descriptions are in a temp table of `conn` (computed there, never held as JS rows: 929k of
   * them at 50,000 files).
   */
  fingerprints: Promise<void> | null;
  /** Files in both versions parsed again: their content changed, or their FileIR is not reused (set by fingerprintPrevious). */
  changed: string[];
  tables: CarriedTable[];
  meta: [string, string][];
  /** Same database as the target: the carried tables stay in place (writeGraph keepTables). */
  copied: boolean;
}

const CHANGED_FILES = '__changed_files';

/**
 * Each node's id, content fingerprint and descriptions, the same SQL on both graphs: md5 of
 * kind, qualified name, file, signature, code, docstring, and a module's file hash. A node's code
 * is read (from its row, else from its file's text) only in a changed file (`changed`: a table of
 * the paths in both versions that are parsed again); in a file unchanged since, whose stored
 * FileIR is reused, the file's hash and the node's lines stand for it (the same text, entity and
 * lines are the same code, whether a graph keeps it in the row, as an imported bundle does, or as
 * offsets), so the fingerprints of a big graph never read every file's text (929k nodes over
 * 250 MB at 50,000 files). Every join is on the path alone: an ON clause that tests the kept side
 * only (`AND kind = 'Module'`) made duckdb plan a nested-loop join of every node with every file
 * (68 CPU-s on 50,000 files).
 */
export function fingerprintsSql(changed: string): string {
  const code =
    "CASE WHEN c.path IS NULL THEN concat_ws(':', f.sha256, r.start_line, r.end_line) " +
    "ELSE coalesce(r.code, substring(c.text, r.code_start + 1, r.code_end - r.code_start), '') END";
  const fp =
    "md5(concat_ws('\u0001', r.kind, r.qualified_name, coalesce(r.file_path, ''), coalesce(r.signature, ''), " +
    `${code}, coalesce(r.docstring, ''), CASE WHEN r.kind = 'Module' THEN coalesce(f.sha256, '') ELSE '' END))`;
  return (
    `SELECT r.id, ${fp} AS fp, r.description, r.member_descriptions, r.requirement FROM ${NODE_ROWS_TABLE} r ` +
    'LEFT JOIN files f ON f.path = r.file_path ' +
    `LEFT JOIN (SELECT path, text FROM files WHERE path IN (SELECT path FROM ${changed})) c ON c.path = r.file_path`
  );
}

/** `paths` as a one-column temp table `name` of `conn`. */
async function writePaths(conn: SqlConnection, name: string, paths: readonly string[]): Promise<void> {
  await conn.run(`CREATE OR REPLACE TEMP TABLE ${name} (path VARCHAR)`);
  if (paths.length > 0) await conn.insertArrow(name, rowsToTypedArrow([{ name: 'path', type: 'VARCHAR' }], paths.map((path) => ({ path }))));
}

const PREV_COLUMNS: TableColumn[] = [
  { name: 'id', type: 'INTEGER' },
  { name: 'fp', type: 'VARCHAR' },
  { name: 'description', type: 'VARCHAR' },
  { name: 'member_descriptions', type: 'VARCHAR' },
  { name: 'requirement', type: 'VARCHAR' },
];

/** Stored FileIRs read per query by storedIRs. */
const IR_CHUNK_FILES = 2048;

/**
 * Reads what a re-index may reuse; refused when `conn` holds no graph. `sameAsTarget`: the new
 * graph replaces this one in the same database (what it needs of the old tables is copied to
 * temp tables now, before the write replaces them).
 */
export async function readPreviousGraph(conn: SqlConnection, sameAsTarget: boolean): Promise<PreviousGraph> {
  if (!(await tableExists(conn, 'nodes')) || !(await tableExists(conn, 'files'))) {
    throw new AppError('INPUT_INVALID', 'The repository to re-index holds no graph.');
  }
  const files = new Map<string, string>();
  for (const r of await conn.query('SELECT path, sha256 FROM files')) files.set(String(r.path), String(r.sha256));
  const storedMeta = (await conn.query('SELECT key, value FROM meta')).map((r) => [String(r.key), String(r.value)] as [string, string]);
  const reusable = new Map<string, string>();
  if (await tableExists(conn, 'file_irs')) {
    // FileIRs an older extractor wrote are parsed again (fileIRVersions.ts).
    const current = currentFileIRs(storedMeta.find(([key]) => key === 'file_ir_versions')?.[1] ?? null);
    const stored = await conn.query('SELECT i.path, i.sha256, f.language FROM file_irs i JOIN files f ON f.path = i.path AND f.sha256 = i.sha256');
    for (const r of stored) if (current(String(r.language) as Language)) reusable.set(String(r.path), String(r.sha256));
  }
  const graphTables = new Set<string>([...TABLE_NAMES, ...DERIVED_TABLES, 'nodes']); // 'nodes': a version-1 table
  const tables: CarriedTable[] = [];
  for (const name of await listTables(conn)) {
    if (name.startsWith('__') || (graphTables.has(name) && name !== 'runs')) continue;
    const columns = await tableColumns(conn, name);
    tables.push({ name, columns, keyed: columns.some((c) => c.name === 'node_id') });
  }
  if (sameAsTarget) await conn.run(`CREATE OR REPLACE TEMP TABLE ${SIMILAR_COPY} AS SELECT * FROM edges WHERE type = 'SIMILAR'`);
  const meta = storedMeta.filter(([key]) => !GRAPH_META_KEYS.has(key));
  return { conn, files, reusable, fingerprints: null, changed: [], tables, meta, copied: sameAsTarget };
}

/**
 * Starts the previous nodes' fingerprints once the new version's files are known (`current`:
 * path -> sha256; `reused`: reusedPaths of it), in the previous database: in another one they
 * are computed while the re-index goes on (restorePrevious awaits them); one re-indexed in place
 * must await them before its write.
 */
export function fingerprintPrevious(previous: PreviousGraph, current: ReadonlyMap<string, string>, reused: ReadonlySet<string>): Promise<void> {
  previous.changed = [...current.keys()].filter((path) => previous.files.has(path) && !reused.has(path));
  const source = previous.conn;
  previous.fingerprints = (async () => {
    await writePaths(source, CHANGED_FILES, previous.changed);
    await source.run(`CREATE OR REPLACE TEMP TABLE ${PREV_NODES} AS ${fingerprintsSql(CHANGED_FILES)}`);
    await source.run(`DROP TABLE ${CHANGED_FILES}`);
  })();
  previous.fingerprints.catch(() => {}); // awaited by restorePrevious
  return previous.fingerprints;
}

/** Stored FileIRs, decoded, with the JSON each was decoded from (file_irs rows as they are). */
export interface StoredIRs {
  irs: FileIR[];
  json: string[];
}

/**
 * The stored FileIRs of `paths` (reusable ones: PreviousGraph.reusable), `chunkFiles` files at
 * a time: all 50,000 files' IRs as one result held their JSON twice over (the engine's result
 * and its strings) beside the decoded IRs. Strings repeated across IRs are shared.
 */
export async function* storedIRs(previous: PreviousGraph, paths: ReadonlySet<string>, chunkFiles = IR_CHUNK_FILES): AsyncGenerator<StoredIRs> {
  if (paths.size === 0) return;
  const strings = createStringTable();
  for await (const rows of rowidChunks(previous.conn, 'file_irs', (range) => `SELECT path, sha256, ir FROM file_irs WHERE ${range} ORDER BY rowid`, chunkFiles)) {
    const out: StoredIRs = { irs: [], json: [] };
    for (const r of rows) {
      const path = String(r.path);
      if (!paths.has(path) || previous.reusable.get(path) !== String(r.sha256)) continue;
      out.json.push(String(r.ir));
      out.irs.push(decodeFileIR(out.json[out.json.length - 1]!, strings));
    }
    if (out.irs.length > 0) yield out;
  }
}

/** The files of `current` (path -> sha256) whose stored FileIR the re-index reuses. */
export function reusedPaths(previous: PreviousGraph, current: ReadonlyMap<string, string>): Set<string> {
  const paths = new Set<string>();
  for (const [path, hash] of current) if (previous.reusable.get(path) === hash) paths.add(path);
  return paths;
}

/** Drops what readPreviousGraph left in the previous database (a re-index that failed). */
export async function releasePrevious(previous: PreviousGraph): Promise<void> {
  await previous.fingerprints?.catch(() => {});
  for (const table of [PREV_NODES, SIMILAR_COPY, CHANGED_FILES]) await previous.conn.run(`DROP TABLE IF EXISTS ${table}`).catch(() => {});
}

export function fileChanges(previous: Map<string, string>, current: Map<string, string>): ChangeCounts {
  const counts: ChangeCounts = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  for (const [path, hash] of current) {
    const old = previous.get(path);
    if (old === undefined) counts.added++;
    else if (old === hash) counts.unchanged++;
    else counts.changed++;
  }
  for (const path of previous.keys()) if (!current.has(path)) counts.removed++;
  return counts;
}

async function count(conn: SqlConnection, sql: string): Promise<number> {
  return Number((await conn.query(sql))[0]?.n ?? 0);
}

/** Rows of `sql` on the source database as an Arrow table of this module's Arrow instance. */
async function sourceArrow(source: SqlConnection, sql: string, columns: TableColumn[], table: string): Promise<Table> {
  let data = source.queryArrow ? await source.queryArrow(sql) : await readTableArrow(source, table, columns);
  // Another Arrow instance (duckdb-wasm's CJS bundle in Node): rebuild.
  if (!(data instanceof Table)) data = rowsToTypedArrow(columns, arrowTableToRows(data));
  return data;
}

/** Brings one carried table to the target: filtered in place, or as Arrow from the source. */
async function carryTable(conn: SqlConnection, previous: PreviousGraph, table: CarriedTable, unchangedIds: Int32Array): Promise<number> {
  const name = quoteIdent(table.name);
  if (previous.copied) {
    if (table.keyed) await conn.run(`DELETE FROM ${name} WHERE node_id NOT IN (SELECT id FROM ${UNCHANGED})`);
    return count(conn, `SELECT count(*) AS n FROM ${name}`);
  }
  const source = previous.conn;
  const filter = table.keyed ? ` WHERE node_id IN (SELECT id FROM ${UNCHANGED})` : '';
  await conn.run(`DROP TABLE IF EXISTS ${name}`);
  await conn.run(createTableSql(table.name, table.columns));
  if (table.keyed) {
    await source.run(`CREATE OR REPLACE TEMP TABLE ${UNCHANGED} (id INTEGER)`);
    await source.insertArrow(UNCHANGED, rowsToTypedArrow([{ name: 'id', type: 'INTEGER' }], Array.from(unchangedIds, (id) => ({ id }))));
  }
  const data = await sourceArrow(source, `SELECT * FROM ${name}${filter}`, table.columns, table.name);
  if (data.numRows > 0) await conn.insertArrow(table.name, data);
  // Without queryArrow the whole table came over: drop the rows of changed nodes here.
  if (table.keyed && !source.queryArrow) await conn.run(`DELETE FROM ${name} WHERE node_id NOT IN (SELECT id FROM ${UNCHANGED})`);
  if (table.keyed) await source.run(`DROP TABLE IF EXISTS ${UNCHANGED}`);
  return count(conn, `SELECT count(*) AS n FROM ${name}`);
}

/** SIMILAR edges whose both ends are unchanged, back into the new edges table; returns their count. */
async function carrySimilar(conn: SqlConnection, previous: PreviousGraph): Promise<number> {
  let from = SIMILAR_COPY;
  if (!previous.copied) {
    from = '__prev_similar';
    await conn.run(createTableSql(from, EDGE_COLUMNS));
    const data = await sourceArrow(previous.conn, "SELECT src, dst, type, detail FROM edges WHERE type = 'SIMILAR'", EDGE_COLUMNS, 'edges');
    if (data.numRows > 0) await conn.insertArrow(from, data);
  }
  await conn.run(
    `INSERT INTO edges SELECT src, dst, type, detail FROM ${from} WHERE type = 'SIMILAR' ` +
      `AND src IN (SELECT id FROM ${UNCHANGED}) AND dst IN (SELECT id FROM ${UNCHANGED})`,
  );
  await conn.run(`DROP TABLE ${from}`);
  return count(conn, "SELECT count(*) AS n FROM edges WHERE type = 'SIMILAR'");
}

/**
 * Runs inside writeGraph's transaction once the new graph is loaded: finds the unchanged nodes,
 * gives them back their descriptions and node-keyed rows, carries the other tables and meta.
 */
export async function restorePrevious(
  conn: SqlConnection,
  previous: PreviousGraph,
): Promise<{ nodes: ChangeCounts; kept: IndexChanges['kept']; similar: number }> {
  if (!previous.fingerprints) throw new Error('restorePrevious before fingerprintPrevious');
  await previous.fingerprints;
  if (!previous.copied) {
    // From the other database as Arrow (id, md5, descriptions: ~50 MB at 929k nodes).
    await conn.run(createTableSql(PREV_NODES, PREV_COLUMNS));
    const data = await sourceArrow(previous.conn, `SELECT * FROM ${PREV_NODES}`, PREV_COLUMNS, PREV_NODES);
    if (data.numRows > 0) await conn.insertArrow(PREV_NODES, data);
    await previous.conn.run(`DROP TABLE IF EXISTS ${PREV_NODES}`);
  }
  const before = await count(conn, `SELECT count(*) AS n FROM ${PREV_NODES}`);
  await writePaths(conn, CHANGED_FILES, previous.changed);
  await conn.run(
    `CREATE OR REPLACE TEMP TABLE ${UNCHANGED} AS SELECT n.id FROM (${fingerprintsSql(CHANGED_FILES)}) n JOIN ${PREV_NODES} p ON p.id = n.id WHERE p.fp = n.fp`,
  );
  await conn.run(`DROP TABLE ${CHANGED_FILES}`);
  const total = await count(conn, `SELECT count(*) AS n FROM ${NODE_ROWS_TABLE}`);
  const unchanged = await count(conn, `SELECT count(*) AS n FROM ${UNCHANGED}`);
  const existing = await count(conn, `SELECT count(*) AS n FROM ${NODE_ROWS_TABLE} WHERE id IN (SELECT id FROM ${PREV_NODES})`);
  const nodes: ChangeCounts = { added: total - existing, removed: before - existing, changed: existing - unchanged, unchanged };
  const described = `${PREV_NODES} p WHERE p.id IN (SELECT id FROM ${UNCHANGED}) AND (p.description IS NOT NULL OR p.member_descriptions IS NOT NULL OR p.requirement IS NOT NULL)`;
  const descriptions = await count(conn, `SELECT count(*) AS n FROM ${described}`);
  // Only the rows that had a description: an UPDATE of every unchanged row (929k at 50,000 files,
  // most never described) only grew the transaction.
  await conn.run(
    `UPDATE ${NODE_ROWS_TABLE} SET description = p.description, member_descriptions = p.member_descriptions, requirement = p.requirement ` +
      `FROM ${described} AND ${NODE_ROWS_TABLE}.id = p.id`,
  );
  const unchangedIds = Int32Array.from((await conn.query(`SELECT id FROM ${UNCHANGED}`)).map((r) => Number(r.id)));
  let embeddings = 0;
  for (const table of previous.tables) {
    const rows = await carryTable(conn, previous, table, unchangedIds);
    if (/^embeddings_\d+$/.test(table.name)) embeddings += rows;
  }
  if (previous.tables.some((t) => t.name === EMBEDDING_SETS_TABLE)) {
    await conn.run(`UPDATE ${EMBEDDING_SETS_TABLE} SET count = 0`);
    for (const table of previous.tables.filter((t) => /^embeddings_\d+$/.test(t.name))) {
      await conn.run(
        `UPDATE ${EMBEDDING_SETS_TABLE} s SET count = c.n FROM (SELECT model, source, count(*) AS n FROM ${quoteIdent(table.name)} GROUP BY model, source) c ` +
          'WHERE s.model = c.model AND s.source = c.source',
      );
    }
  }
  for (const [key, value] of previous.meta) {
    await conn.run(`DELETE FROM meta WHERE key = ${sqlString(key)}`);
    await conn.run(`INSERT INTO meta VALUES (${sqlString(key)}, ${sqlString(value)})`);
  }
  const similar = await carrySimilar(conn, previous);
  await conn.run(`DROP TABLE ${PREV_NODES}`);
  await conn.run(`DROP TABLE ${UNCHANGED}`);
  return { nodes, kept: { descriptions, embeddings }, similar };
}
