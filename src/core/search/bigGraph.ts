/**
 * @file What counts as a big graph (docs/retrieval.md, "Big graphs"): above BIG_GRAPH_NODES
 * nodes, Path 2 searches a question's neighbourhood (scopedSearch.ts) and the graph's
 * fingerprint is computed in SQL (graphFingerprint.ts), since neither the whole graph's rows nor
 * its vectors may sit in memory at once.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError } from '../errors.ts';
import { BIG_GRAPH_NODES } from '../store/derivedTables.ts';
import { NODE_ROWS_TABLE } from '../store/schema.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';

/** Graphs with more nodes are big (they store their derived tables too: store/derivedTables.ts). */
export { BIG_GRAPH_NODES };

export async function graphNodeCount(conn: Pick<SqlConnection, 'query'>): Promise<number> {
  const [row] = await conn.query(`SELECT count(*) AS n FROM ${NODE_ROWS_TABLE}`);
  return Number(row?.n ?? 0);
}

export async function isBigGraph(conn: Pick<SqlConnection, 'query'>): Promise<boolean> {
  return (await graphNodeCount(conn)) > BIG_GRAPH_NODES;
}

/**
 * Refuses an evaluation on a big graph: it builds the search over the whole graph (each method
 * ranks every candidate, with hidden docstrings in every text), which 929k nodes' rows and
 * vectors would take gigabytes for; a question there is searched by neighbourhood instead.
 */
export async function refuseWholeGraphEval(conn: Pick<SqlConnection, 'query'>): Promise<void> {
  const nodes = await graphNodeCount(conn);
  if (nodes <= BIG_GRAPH_NODES) return;
  throw new AppError(
    'INPUT_INVALID',
    `Evaluation searches the whole graph, and this one has ${nodes.toLocaleString('en-US')} nodes: it runs on graphs of up to ${BIG_GRAPH_NODES.toLocaleString('en-US')} nodes (about 10,000 files). Questions still search this graph, by neighbourhood.`,
  );
}
