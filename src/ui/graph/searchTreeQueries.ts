/**
 * @file Read-only SQL for the search-tree view: the tree's nodes (ids, kinds, names) and the
 * stored edges among them (drawn faintly under the emphasised tree edges).
 * Runs in: the main thread (queries run in the repo worker).
 */
import type { EdgeType } from '../../core/graph/types.ts';
import type { RepoClient } from '../clients/repoClient.ts';
import { num, sqlIds, str } from '../data/sql.ts';
import { toNode } from './graphQueries.ts';
import type { GraphEdge, GraphNode } from './graphQueries.ts';

export async function loadTreeSlice(service: RepoClient, ids: readonly number[]): Promise<{ nodes: GraphNode[]; edges: GraphEdge[] }> {
  const list = sqlIds(ids);
  if (list === 'NULL') return { nodes: [], edges: [] };
  const [nodeRows, edgeRows] = await Promise.all([
    service.query(
      `SELECT n.id, n.kind, n.name, n.qualified_name, n.import_name, coalesce(c.n, 0) AS children FROM nodes n
       LEFT JOIN (SELECT src, count(*) AS n FROM edges WHERE type IN ('CONTAINS', 'HAS_METHOD', 'HAS_FIELD') GROUP BY src) c ON c.src = n.id
       WHERE n.id IN (${list})`,
    ),
    service.query(
      `SELECT src, dst, type, count(*) AS n FROM edges
       WHERE type <> 'SIMILAR' AND src IN (${list}) AND dst IN (${list}) AND src <> dst GROUP BY src, dst, type LIMIT 30000`,
    ),
  ]);
  return {
    nodes: nodeRows.map(toNode),
    edges: edgeRows.map((row) => ({ src: num(row, 'src'), dst: num(row, 'dst'), type: str(row, 'type') as EdgeType, weight: num(row, 'n') || 1 })),
  };
}
