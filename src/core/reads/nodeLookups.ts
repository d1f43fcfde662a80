/**
 * @file Small reads of nodes by id or by file, for the agent panel and the MCTS player: the
 * naming columns of given nodes (core/graph/displayName.ts names them), the definitions of given
 * files located by line (the known answer of an eval question), the neighbours of one node, and
 * the documented functions most used (the agent's hand-run examples).
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import type { LocatedNode } from '../eval/evalSet.ts';
import type { NodeRow } from '../graph/types.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { sqlString } from '../store/sqlConnection.ts';
import { nodeFields } from './nodeFields.ts';
import { num, sqlIds } from './rowValues.ts';
import { NODE_ROWS_TABLE } from '../store/schema.ts';

type Reader = Pick<SqlConnection, 'query'>;

/** What names and places a node (nodeText, shortName, placeOf of core/graph/displayName.ts). */
export type NodeRef = Pick<NodeRow, 'id' | 'kind' | 'name' | 'qualified_name' | 'import_name' | 'file_path' | 'start_line'>;
export const NODE_REF_COLUMNS = ['id', 'kind', 'name', 'qualified_name', 'import_name', 'file_path', 'start_line'] as const;

/** The nodes of `ids` that exist, in id order. */
export async function readNodeRefs(conn: Reader, ids: readonly number[]): Promise<NodeRef[]> {
  const list = sqlIds(ids);
  if (list === 'NULL') return [];
  const rows = await conn.query(`SELECT ${NODE_REF_COLUMNS.join(', ')} FROM ${NODE_ROWS_TABLE} WHERE id IN (${list}) ORDER BY id`);
  return rows.map((row) => nodeFields(row, NODE_REF_COLUMNS));
}

/** Every node of the files `paths` with its lines (core/eval/evalSet.ts createNodeLocator). */
export async function readNodesOfFiles(conn: Reader, paths: readonly string[]): Promise<LocatedNode[]> {
  if (paths.length === 0) return [];
  const rows = await conn.query(`SELECT id, kind, file_path, start_line, end_line FROM ${NODE_ROWS_TABLE} WHERE file_path IN (${paths.map(sqlString).join(', ')})`);
  return rows.map((row) => nodeFields(row, ['id', 'kind', 'file_path', 'start_line', 'end_line']));
}

/** The ids one stored edge away from `id`, either way. */
export async function readNeighbourIds(conn: Reader, id: number): Promise<number[]> {
  const key = sqlIds([id]);
  const rows = await conn.query(`SELECT dst AS id FROM edges WHERE src = ${key} UNION SELECT src AS id FROM edges WHERE dst = ${key}`);
  return rows.map((r) => num(r, 'id'));
}

/** A documented function or method with its number of users. */
export type ExampleCandidate = Pick<NodeRow, 'id' | 'name' | 'file_path'>;

/** Documented functions and methods (names starting with _ left out), the most used first; at most 50. */
export async function readExampleCandidates(conn: Reader): Promise<ExampleCandidate[]> {
  const rows = await conn.query(`SELECT n.id, n.name, n.file_path, count(e.src) AS users
    FROM ${NODE_ROWS_TABLE} n LEFT JOIN edges e ON e.dst = n.id AND e.type = 'USES'
    WHERE n.kind IN ('Function', 'Method') AND length(coalesce(n.docstring, '')) > 0 AND NOT starts_with(n.name, '_')
    GROUP BY n.id, n.name, n.file_path ORDER BY users DESC, n.id LIMIT 50`);
  return rows.map((row) => nodeFields(row, ['id', 'name', 'file_path']));
}
