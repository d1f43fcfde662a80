/**
 * @file Tables derived from node_rows and edges when a graph is written, so that the explorer's
 * reads stay small on a big graph (docs/schema.md, "Derived tables"): member_counts (each node's
 * CONTAINS + HAS_METHOD + HAS_FIELD edges, what a double-click reveals) and module_links (IMPORTS +
 * USES edges between two modules' files, summed per module pair: the package overview) and
 * graph_digest (the parts of a big graph's fingerprint, which traces carry) and node_keys (each
 * node's name and qualified name with its id, in key order: lookups by name) and search_texts (each
 * candidate's name and text lowercased: a big graph's search seeds). On a 929k-node graph
 * these were computed at every read, over 2M edges. SIMILAR edges count in none but the digest,
 * which their writer refills. A graph write fills them after
 * its rows are in; a database stored before them gets them on open (upgradeSchema), and one opened
 * read-only reads temporary views that compute them.
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
export const NODE_KEYS_TABLE = 'node_keys';
export const SEARCH_TEXTS_TABLE = 'search_texts';

/**
 * The ids of the nodes whose name or qualified name is one of `sqlValues` (SQL literals, comma
 * separated), from node_keys: in key order, a lookup reads one row group, where node_rows is
 * scanned whole (929k names: 25-60 ms against 160-1,100 ms for a class name).
 */
export function idsByKeySql(sqlValues: string): string {
  return `SELECT id FROM ${NODE_KEYS_TABLE} WHERE key IN (${sqlValues})`;
}

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

const DERIVED_SELECTS = {
  [MEMBER_COUNTS_TABLE]: `SELECT src AS id, count(*)::INTEGER AS members FROM edges WHERE type IN ${MEMBER_EDGE_TYPES} GROUP BY src ORDER BY src`,
  // Each node's module is found once, by its file; grouping by the two module ids is half the
  // time of grouping by the two paths.
  [MODULE_LINKS_TABLE]: `WITH module_of AS (
      SELECT r.id, m.id AS module FROM ${NODE_ROWS_TABLE} r JOIN ${NODE_ROWS_TABLE} m ON m.kind = 'Module' AND m.file_path = r.file_path
    )
    SELECT s.module AS src, d.module AS dst, count(*)::INTEGER AS weight FROM edges e
    JOIN module_of s ON s.id = e.src JOIN module_of d ON d.id = e.dst
    WHERE e.type IN ('IMPORTS', 'USES') AND s.module <> d.module
    GROUP BY s.module, d.module ORDER BY s.module, d.module`,
  // The first search of a 929k-node graph spent 0.6 s on these scans.
  [GRAPH_DIGEST_TABLE]: GRAPH_DIGEST_SELECT,
  [NODE_KEYS_TABLE]: `SELECT name AS key, id FROM ${NODE_ROWS_TABLE} WHERE name IS NOT NULL
    UNION ALL SELECT qualified_name AS key, id FROM ${NODE_ROWS_TABLE} WHERE qualified_name IS NOT NULL AND qualified_name IS DISTINCT FROM name
    ORDER BY key, id`,
  // A big graph's search seeds match the question's words here (search/scopedSearch.ts):
  // lowercasing 610k docstrings at each question was half its CPU.
  [SEARCH_TEXTS_TABLE]: `SELECT id, lower(name) AS nm, lower(concat_ws(' ', qualified_name, signature, docstring)) AS txt
    FROM ${NODE_ROWS_TABLE} WHERE kind IN ('Function', 'Method', 'Class')`,
} as const;

/** The derived tables: bundles leave them out, their import computes them again. */
export const DERIVED_TABLES: readonly string[] = Object.keys(DERIVED_SELECTS);

/** Statements that (re)fill the derived tables of the tables created by the schema (schema.ts TABLES). */
export function fillDerivedTablesSql(): string[] {
  return Object.entries(DERIVED_SELECTS).flatMap(([table, select]) => [`DELETE FROM ${table}`, `INSERT INTO ${table} ${select}`]);
}

/** Statements that refill graph_digest after the edges changed (SIMILAR edges replaced). */
export function refillGraphDigestSql(): string[] {
  return [`DELETE FROM ${GRAPH_DIGEST_TABLE}`, `INSERT INTO ${GRAPH_DIGEST_TABLE} ${GRAPH_DIGEST_SELECT}`];
}

/** Whether `conn` holds a graph whose derived tables are missing (stored before they existed). */
export async function lacksDerivedTables(conn: Pick<SqlConnection, 'query'>): Promise<boolean> {
  if (!(await tableExists(conn, NODE_ROWS_TABLE)) || !(await tableExists(conn, 'edges'))) return false;
  for (const table of Object.keys(DERIVED_SELECTS)) if (!(await tableExists(conn, table))) return true;
  return false;
}

/** Creates and fills the derived tables a graph stored before them lacks (a writable database). */
export async function addDerivedTables(conn: Pick<SqlConnection, 'run'>): Promise<void> {
  for (const [table, select] of Object.entries(DERIVED_SELECTS)) await conn.run(`CREATE OR REPLACE TABLE ${table} AS ${select}`);
}

/** A read-only database without them: temporary views that compute them at each read. */
export async function viewDerivedTables(conn: Pick<SqlConnection, 'query' | 'run'>): Promise<void> {
  if (!(await lacksDerivedTables(conn))) return;
  for (const [table, select] of Object.entries(DERIVED_SELECTS)) {
    if (!(await tableExists(conn, table))) await conn.run(`CREATE TEMP VIEW ${table} AS ${select}`);
  }
}
