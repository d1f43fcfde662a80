/**
 * @file A graph's fingerprint for traces: node and edge counts plus a 32-bit FNV-1a
 * hash over every node (id, kind, qualified name) and every edge (src, dst, type). Edges are
 * combined order-independently (the database returns them in no fixed order). A trace opened on
 * a graph with another fingerprint was made on another graph (or another index of it). A big
 * graph's fingerprint is computed in SQL instead (sqlGraphFingerprint).
 * Runs in: everywhere. Layer src/core.
 */
import { GRAPH_DIGEST_SELECT, GRAPH_DIGEST_TABLE } from '../store/derivedTables.ts';
import { NODE_ROWS_TABLE } from '../store/schema.ts';
import { tableExists } from '../store/sqlConnection.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { isBigGraph } from './bigGraph.ts';
import type { GraphFingerprint } from './mctsTrace.ts';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function fnv(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME) >>> 0;
  }
  return h;
}

export function graphFingerprint(
  nodes: readonly { id: number; kind: string; qualified_name?: string | null }[],
  edges: readonly { src: number; dst: number; type?: string }[],
): GraphFingerprint {
  const sortedNodes = [...nodes].sort((a, b) => a.id - b.id);
  let nodeHash = FNV_OFFSET;
  for (const n of sortedNodes) nodeHash = fnv(nodeHash, `${n.id}\u0001${n.kind}\u0001${n.qualified_name ?? ''}\u0002`);
  let edgeSum = 0;
  let edgeXor = 0;
  for (const e of edges) {
    const h = fnv(FNV_OFFSET, `${e.src}\u0001${e.dst}\u0001${e.type ?? ''}`);
    edgeSum = (edgeSum + h) >>> 0;
    edgeXor = (edgeXor ^ Math.imul(h, 0x9e3779b1)) >>> 0;
  }
  const hash = fnv(fnv(nodeHash, edgeSum.toString(16)), edgeXor.toString(16));
  return { nodes: nodes.length, edges: edges.length, hash: hash.toString(16).padStart(8, '0') };
}

/** Same graph: equal counts and hash. */
export function sameGraph(a: GraphFingerprint | undefined, b: GraphFingerprint | undefined): boolean {
  return a !== undefined && b !== undefined && a.nodes === b.nodes && a.edges === b.edges && a.hash === b.hash;
}

/**
 * The fingerprint of a big graph, computed in DuckDB when the graph was written (graph_digest,
 * store/derivedTables.ts): node and edge counts, and per table the xor and the sum (mod 1000003)
 * of DuckDB's hash of each row, order-independent like the edges above; the same 8-hex form,
 * from another formula (a big graph's rows never reach memory).
 */
export async function sqlGraphFingerprint(conn: Pick<SqlConnection, 'query'>): Promise<GraphFingerprint> {
  const [stored] = (await tableExists(conn, GRAPH_DIGEST_TABLE))
    ? await conn.query(`SELECT d.*, (SELECT count(*) FROM ${NODE_ROWS_TABLE}) AS live_nodes, (SELECT count(*) FROM edges) AS live_edges FROM ${GRAPH_DIGEST_TABLE} d`)
    : [];
  // Counts that moved since (rows written outside a graph write) mean the digest is computed again.
  const current = stored !== undefined && Number(stored.nodes) === Number(stored.live_nodes) && Number(stored.edges) === Number(stored.live_edges);
  const [row] = current ? [stored] : await conn.query(GRAPH_DIGEST_SELECT);
  const hash = [row?.nx, row?.ns, row?.ex, row?.es].reduce<number>((h, part) => fnv(h, String(part ?? '')), FNV_OFFSET);
  return { nodes: Number(row?.nodes ?? 0), edges: Number(row?.edges ?? 0), hash: hash.toString(16).padStart(8, '0') };
}

/** The fingerprint of the graph stored in `conn` (what the search engine writes into traces). */
export async function readGraphFingerprint(conn: Pick<SqlConnection, 'query'>): Promise<GraphFingerprint> {
  if (await isBigGraph(conn)) return sqlGraphFingerprint(conn);
  const nodes = await conn.query('SELECT id, kind, qualified_name, name FROM nodes');
  const edges = await conn.query('SELECT src, dst, type FROM edges');
  return graphFingerprint(
    nodes.map((n) => ({ id: Number(n.id), kind: String(n.kind), qualified_name: String(n.qualified_name ?? n.name ?? '') })),
    edges.map((e) => ({ src: Number(e.src), dst: Number(e.dst), type: String(e.type) })),
  );
}
