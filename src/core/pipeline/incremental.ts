/**
 * @file Incremental re-index: what a new version of a repository can reuse from the
 * graph already stored for it.
 * - Files: a file whose path and sha256 are unchanged keeps its stored FileIR (table file_irs),
 *   unless its language's extractor has changed since (fileIRVersions.ts), so only added and
 *   changed files are parsed; the stitcher then runs over all of them, which
 *   gives exactly the graph a full index of the new version gives (ids are stable: stableIds.ts).
 * - Nodes: a node is unchanged when a node with the same stable id existed and its content
 *   fingerprint (md5 of kind, qualified name, file, signature, code, docstring; a Module's file
 *   hash; computed by the same SQL on both graphs) is the same. Unchanged nodes keep their
 *   descriptions (description, member_descriptions, requirement) and every row keyed by node_id
 *   in the other tables (described markers, embeddings of every model); stored runs and other
 *   tables travel whole. SIMILAR edges between two unchanged nodes stay (their vectors and
 *   cosine are the same); changed nodes have no vectors until the next embed, which recomputes
 *   every SIMILAR edge.
 * The carried tables never pass through JS rows: on the same database (CLI) they stay in place
 * (writeGraph keepTables) and lose the rows of changed nodes; from another database (the app
 * indexes into a new one) they move as Arrow (queryArrow), filtered in the source.
 * Runs in: the repo worker (app), Node (cli, bench). Layer src/core.
 */
import { createTableSql, keysetChunks, listTables, PAGE_KEY, readTableArrow, rowsToTypedArrow, tableColumns } from '../store/tableArrow.ts';
import { quoteIdent } from '../store/sqlConnection.ts';
import type { TableColumn } from '../store/tableArrow.ts';
import { Table } from 'apache-arrow';
import type { FileIR } from '../parse/fileIR.ts';
import { createStringTable, decodeFileIR } from '../parse/fileIRCodec.ts';
import { currentFileIRs } from '../parse/fileIRVersions.ts';
import type { Language } from '../ingest/types.ts';
import { EMBEDDING_SETS_TABLE } from '../store/embeddingStore.ts';
import { DERIVED_TABLES } from '../store/derivedTables.ts';
import { TABLE_NAMES } from '../store/schema.ts';
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
  irs: Map<string, FileIR>;
  /** id, fingerprint and descriptions of every previous node (small: no code). */
  nodes: Record<string, unknown>[];
  tables: CarriedTable[];
  meta: [string, string][];
  /** Same database as the target: the carried tables stay in place (writeGraph keepTables). */
  copied: boolean;
}

/** The fingerprint SQL over `nodes n LEFT JOIN files f` (the same on both graphs): a module's carries its file's hash. */
export const FINGERPRINT_SQL =
  "md5(concat_ws('\u0001', n.kind, n.qualified_name, coalesce(n.file_path, ''), coalesce(n.signature, ''), " +
  "coalesce(n.code, ''), coalesce(n.docstring, ''), CASE WHEN n.kind = 'Module' THEN coalesce(f.sha256, '') ELSE '' END))";
/**
 * Each node with its file (paths are unique: one row per node). The join is on the path alone:
 * with `AND n.kind = 'Module'` in the ON clause (a test of the kept side alone) duckdb made it a
 * nested-loop join, 68 CPU-s on 50,000 files, and an incremental re-index there took 3 minutes.
 */
export const FINGERPRINT_FROM = 'nodes n LEFT JOIN files f ON f.path = n.file_path';

const PREV_COLUMNS: TableColumn[] = [
  { name: 'id', type: 'INTEGER' },
  { name: 'fp', type: 'VARCHAR' },
  { name: 'description', type: 'VARCHAR' },
  { name: 'member_descriptions', type: 'VARCHAR' },
  { name: 'requirement', type: 'VARCHAR' },
];

/** Stored FileIRs read per query by readPreviousGraph. */
const IR_CHUNK_FILES = 2048;

/**
 * Reads what a re-index may reuse; null when `conn` holds no graph. `sameAsTarget`: the new
 * graph replaces this one in the same database (its tables are copied to temp tables now).
 */
export async function readPreviousGraph(conn: SqlConnection, currentHashes: Map<string, string>, sameAsTarget: boolean, chunkFiles = IR_CHUNK_FILES): Promise<PreviousGraph | null> {
  if (!(await tableExists(conn, 'nodes')) || !(await tableExists(conn, 'files'))) return null;
  const files = new Map<string, string>();
  for (const r of await conn.query('SELECT path, sha256 FROM files')) files.set(String(r.path), String(r.sha256));
  const storedMeta = (await conn.query('SELECT key, value FROM meta')).map((r) => [String(r.key), String(r.value)] as [string, string]);
  const irs = new Map<string, FileIR>();
  if (await tableExists(conn, 'file_irs')) {
    const strings = createStringTable();
    // FileIRs an older extractor wrote are parsed again (fileIRVersions.ts), and not decoded.
    const current = currentFileIRs(storedMeta.find(([key]) => key === 'file_ir_versions')?.[1] ?? null);
    // A few thousand files at a time: all 50,000 files' IRs as one result held their JSON twice
    // over (the engine's result and its strings) beside the decoded IRs (the app's re-index of
    // 50,000 files peaked at 6.8 GB, 5.6 GB read in chunks).
    const chunk = (after: number | null) =>
      `SELECT i.rowid AS ${PAGE_KEY}, i.path, i.sha256, i.ir, f.language FROM file_irs i JOIN files f ON f.path = i.path` +
      `${after === null ? '' : ` WHERE i.rowid > ${after}`} ORDER BY i.rowid LIMIT ${chunkFiles}`;
    for await (const rows of keysetChunks(conn, chunk, chunkFiles)) {
      for (const r of rows) {
        const path = String(r.path);
        if (currentHashes.get(path) !== String(r.sha256) || files.get(path) !== String(r.sha256) || !current(String(r.language) as Language)) continue;
        irs.set(path, decodeFileIR(String(r.ir), strings));
      }
    }
  }
  const nodes = await conn.query(
    `SELECT n.id, ${FINGERPRINT_SQL} AS fp, n.description, n.member_descriptions, n.requirement FROM ${FINGERPRINT_FROM}`,
  );
  const graphTables = new Set<string>([...TABLE_NAMES, ...DERIVED_TABLES, 'nodes']); // 'nodes': a version-1 table
  const tables: CarriedTable[] = [];
  for (const name of await listTables(conn)) {
    if (name.startsWith('__') || (graphTables.has(name) && name !== 'runs')) continue;
    const columns = await tableColumns(conn, name);
    tables.push({ name, columns, keyed: columns.some((c) => c.name === 'node_id') });
  }
  if (sameAsTarget) await conn.run(`CREATE OR REPLACE TEMP TABLE ${SIMILAR_COPY} AS SELECT * FROM edges WHERE type = 'SIMILAR'`);
  const meta = storedMeta.filter(([key]) => !GRAPH_META_KEYS.has(key));
  return { conn, files, irs, nodes, tables, meta, copied: sameAsTarget };
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
  await conn.run(createTableSql(PREV_NODES, PREV_COLUMNS));
  if (previous.nodes.length > 0) await conn.insertArrow(PREV_NODES, rowsToTypedArrow(PREV_COLUMNS, previous.nodes));
  await conn.run(
    `CREATE OR REPLACE TEMP TABLE ${UNCHANGED} AS SELECT n.id FROM ${FINGERPRINT_FROM} JOIN ${PREV_NODES} p ON p.id = n.id WHERE p.fp = ${FINGERPRINT_SQL}`,
  );
  const total = await count(conn, 'SELECT count(*) AS n FROM nodes');
  const unchanged = await count(conn, `SELECT count(*) AS n FROM ${UNCHANGED}`);
  const existing = await count(conn, `SELECT count(*) AS n FROM nodes WHERE id IN (SELECT id FROM ${PREV_NODES})`);
  const nodes: ChangeCounts = { added: total - existing, removed: previous.nodes.length - existing, changed: existing - unchanged, unchanged };
  const descriptions = await count(
    conn,
    `SELECT count(*) AS n FROM ${PREV_NODES} WHERE id IN (SELECT id FROM ${UNCHANGED}) ` +
      'AND (description IS NOT NULL OR member_descriptions IS NOT NULL OR requirement IS NOT NULL)',
  );
  await conn.run(
    'UPDATE node_rows SET description = p.description, member_descriptions = p.member_descriptions, requirement = p.requirement ' +
      `FROM ${PREV_NODES} p WHERE node_rows.id = p.id AND p.id IN (SELECT id FROM ${UNCHANGED})`,
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
