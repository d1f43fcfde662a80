/**
 * @file Tables derived from node_rows and edges when a graph is written, so that the explorer's
 * reads stay small on a big graph (docs/schema.md, "Derived tables"): member_counts (each node's
 * CONTAINS + HAS_METHOD + HAS_FIELD edges: what a double-click reveals), module_links (IMPORTS +
 * USES edges between two modules' files, summed per module pair: the package overview),
 * graph_digest (the parts of a big graph's fingerprint, which traces carry; SIMILAR edges count
 * in it, and their writer refreshes it) and search_texts (each candidate's name and text
 * lowercased: a big graph's search seeds). On a 929k-node graph each was computed at every read.
 * Only a big graph (BIG_GRAPH_NODES) stores them, at about 7 CPU-s of the browser's engine for
 * 929k nodes; a smaller one gets views of the same names that compute them at each read
 * (milliseconds there), so its index pays nothing. A database stored before them gets them on
 * open (upgradeSchema); one opened read-only reads temporary views.
 * Runs in: everywhere. Layer src/core.
 */
import type { SqlConnection } from './sqlConnection.ts';
import { tableExists } from './sqlConnection.ts';
import { NODE_ROWS_TABLE } from './schema.ts';

/** The member edges: a Module's CONTAINS, a Class's HAS_METHOD and HAS_FIELD. */
export const MEMBER_EDGE_TYPES = "('CONTAINS', 'HAS_METHOD', 'HAS_FIELD')";

export const MEMBER_COUNTS_TABLE = 'member_counts';
export const MODULE_LINKS_TABLE = 'module_links';
export const GRAPH_DIGEST_TABLE = 'graph_digest';
export const SEARCH_TEXTS_TABLE = 'search_texts';

const NODE_HASH = `hash(id, kind, coalesce(qualified_name, name, ''))`;
const EDGE_HASH = 'hash(src, dst, type)';
/**
 * The parts of a big graph's fingerprint (search/graphFingerprint.ts): node and edge counts, and
 * per table the xor and the sum (mod 1000003) of DuckDB's hash of each row, order-independent.
 */
export const GRAPH_DIGEST_SELECT = `SELECT
    (SELECT count(*) FROM ${NODE_ROWS_TABLE})::INTEGER AS nodes, (SELECT count(*) FROM edges)::INTEGER AS edges,
    (SELECT bit_xor(${NODE_HASH}) FROM ${NODE_ROWS_TABLE})::VARCHAR AS nx, (SELECT sum(${NODE_HASH} % 1000003) FROM ${NODE_ROWS_TABLE})::VARCHAR AS ns,
    (SELECT bit_xor(${EDGE_HASH}) FROM edges)::VARCHAR AS ex, (SELECT sum(${EDGE_HASH} % 1000003) FROM edges)::VARCHAR AS es`;

/** Each derived table's rows, and the order a stored one keeps. */
const DERIVED: Record<string, { select: string; order?: string }> = {
  [MEMBER_COUNTS_TABLE]: {
    select: `SELECT src AS id, count(*)::INTEGER AS members FROM edges WHERE type IN ${MEMBER_EDGE_TYPES} GROUP BY src`,
    order: 'id',
  },
  // Each node's module is found once, by its file; grouping by the two module ids is half the
  // time of grouping by the two paths. A module's links to itself are counted as 0 and dropped
  // after the grouping: written as a join condition (s.module <> d.module), that test joined the
  // two sides directly, and where the optimizer sees no statistics (rows this transaction wrote:
  // the CLI's index) it chose that nested-loop join first, 929k x 929k rows on 50,000 files.
  [MODULE_LINKS_TABLE]: {
    select: `WITH module_of AS (
      SELECT r.id, m.id AS module FROM ${NODE_ROWS_TABLE} r JOIN ${NODE_ROWS_TABLE} m ON m.kind = 'Module' AND m.file_path = r.file_path
    )
    SELECT s.module AS src, d.module AS dst, (count(*) FILTER (WHERE s.module <> d.module))::INTEGER AS weight FROM edges e
    JOIN module_of s ON s.id = e.src JOIN module_of d ON d.id = e.dst
    WHERE e.type IN ('IMPORTS', 'USES')
    GROUP BY s.module, d.module HAVING weight > 0`,
  },
  // The first search of a 929k-node graph spent 0.6 s on these scans.
  [GRAPH_DIGEST_TABLE]: { select: GRAPH_DIGEST_SELECT },
  // A big graph's search seeds match the question's words here (search/scopedSearch.ts):
  // lowercasing 610k docstrings at each question was half its CPU.
  [SEARCH_TEXTS_TABLE]: {
    select: `SELECT id, lower(name) AS nm, lower(concat_ws(' ', qualified_name, signature, docstring)) AS txt
    FROM ${NODE_ROWS_TABLE} WHERE kind IN ('Function', 'Method', 'Class')`,
  },
};

/**
 * A big graph's index on node names: a Cypher lookup by name reads it instead of scanning every
 * row (cypher/emitMatch.ts nameTable; 929k nodes: 55 ms -> 2-6 ms in duckdb-wasm). DuckDB reads
 * an index only where the name is its scan's one filter, with at most 2,048 matches.
 */
export const NAME_INDEX = 'nodes_name';
const CREATE_NAME_INDEX = `CREATE INDEX IF NOT EXISTS ${NAME_INDEX} ON ${NODE_ROWS_TABLE} (name)`;

/** The derived tables' names: bundles leave them out, their import computes them again. */
export const DERIVED_TABLES: readonly string[] = Object.keys(DERIVED);

/** Graphs with more nodes store their derived tables (and search a question's neighbourhood: search/bigGraph.ts). */
export const BIG_GRAPH_NODES = 200_000;

type Conn = Pick<SqlConnection, 'query' | 'run'>;

/** What each derived name is in the database's own catalog: 'BASE TABLE' or 'VIEW' (missing: absent). */
async function derivedKinds(conn: Pick<SqlConnection, 'query'>): Promise<Map<string, string>> {
  const names = DERIVED_TABLES.map((t) => `'${t}'`).join(', ');
  const rows = await conn.query(
    `SELECT table_name AS t, table_type AS k FROM information_schema.tables WHERE table_catalog = current_database() AND table_schema = 'main' AND table_name IN (${names})`,
  );
  return new Map(rows.map((r) => [String(r.t), String(r.k)]));
}

/** Drops the derived tables, stored or views. */
export async function dropDerivedTables(conn: Conn): Promise<void> {
  for (const [name, kind] of await derivedKinds(conn)) await conn.run(`DROP ${kind === 'VIEW' ? 'VIEW' : 'TABLE'} ${name}`);
}

/**
 * (Re)writes the derived tables of the graph in `conn`: stored when it has more than `storeAbove`
 * nodes (a big graph), views otherwise.
 */
export async function writeDerivedTables(conn: Conn, storeAbove = BIG_GRAPH_NODES): Promise<void> {
  await dropDerivedTables(conn);
  const [row] = await conn.query(`SELECT count(*) AS n FROM ${NODE_ROWS_TABLE}`);
  const stored = Number(row?.n ?? 0) > storeAbove;
  for (const [name, { select, order }] of Object.entries(DERIVED)) {
    await conn.run(stored ? `CREATE TABLE ${name} AS ${select}${order ? ` ORDER BY ${order}` : ''}` : `CREATE VIEW ${name} AS ${select}`);
  }
  await conn.run(stored ? CREATE_NAME_INDEX : `DROP INDEX IF EXISTS ${NAME_INDEX}`);
}

/** A big graph stored before its name index existed gets it (on a writable open, upgradeSchema). */
export async function ensureNameIndex(conn: Conn): Promise<void> {
  if ((await derivedKinds(conn)).get(MEMBER_COUNTS_TABLE) === 'BASE TABLE') await conn.run(CREATE_NAME_INDEX);
}

/** Refills a stored graph_digest after the edges changed (SIMILAR edges replaced); a view needs nothing. */
export async function refreshGraphDigest(conn: Conn): Promise<void> {
  if ((await derivedKinds(conn)).get(GRAPH_DIGEST_TABLE) !== 'BASE TABLE') return;
  await conn.run(`DELETE FROM ${GRAPH_DIGEST_TABLE}`);
  await conn.run(`INSERT INTO ${GRAPH_DIGEST_TABLE} ${GRAPH_DIGEST_SELECT}`);
}

/** Whether `conn` holds a graph whose derived tables are missing (stored before they existed). */
export async function lacksDerivedTables(conn: Pick<SqlConnection, 'query'>): Promise<boolean> {
  if (!(await tableExists(conn, NODE_ROWS_TABLE)) || !(await tableExists(conn, 'edges'))) return false;
  return (await derivedKinds(conn)).size < DERIVED_TABLES.length;
}

/** A read-only database without them: temporary views that compute them at each read. */
export async function viewDerivedTables(conn: Conn): Promise<void> {
  if (!(await lacksDerivedTables(conn))) return;
  const kinds = await derivedKinds(conn);
  for (const [name, { select }] of Object.entries(DERIVED)) if (!kinds.has(name)) await conn.run(`CREATE TEMP VIEW ${name} AS ${select}`);
}
