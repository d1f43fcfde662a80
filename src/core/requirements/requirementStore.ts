/**
 * @file Storage of the requirement graph (CodeRAG 3.1 / GraphCodeAgent 3.2) beside the code
 * graph: `requirements` (one node per Function / Method / Class requirement, with the code node
 * it maps to) and `requirement_edges` (PARENT_CHILD, SIMILAR_REQUIREMENT, and the bigraph
 * mapping IMPLEMENTED_BY requirement -> code node). Separate tables on purpose: the search
 * snapshot, the explorer and MCTS read `nodes` / `edges` whole, and requirement nodes must not
 * change them. Cypher reaches these tables through requirementCypher.ts.
 * Requirement ids continue after the largest code node id, so one id space serves both graphs.
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import { rowsToArrow } from '../store/arrowTables.ts';
import type { ColumnSpec } from '../store/schema.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { tableExists } from '../store/sqlConnection.ts';
import { inTransaction } from '../store/transaction.ts';

export const REQUIREMENTS_TABLE = 'requirements';
export const REQUIREMENT_EDGES_TABLE = 'requirement_edges';

/** Where a requirement's text came from (CodeRAG: docstring, else an LLM; ours: else structural). */
export type RequirementSource = 'docstring' | 'llm' | 'structural';

export const REQUIREMENT_EDGE_TYPES = ['PARENT_CHILD', 'SIMILAR_REQUIREMENT', 'IMPLEMENTED_BY'] as const;
export type RequirementEdgeType = (typeof REQUIREMENT_EDGE_TYPES)[number];

export const REQUIREMENT_COLUMNS = [
  { name: 'id', type: 'INTEGER' },
  { name: 'node_id', type: 'INTEGER' },
  { name: 'kind', type: 'VARCHAR' },
  { name: 'name', type: 'VARCHAR' },
  { name: 'qualified_name', type: 'VARCHAR' },
  { name: 'file_path', type: 'VARCHAR' },
  { name: 'text', type: 'VARCHAR' },
  { name: 'source', type: 'VARCHAR' },
  { name: 'generator', type: 'VARCHAR' },
] as const satisfies readonly ColumnSpec[];

export const REQUIREMENT_EDGE_COLUMNS = [
  { name: 'src', type: 'INTEGER' },
  { name: 'dst', type: 'INTEGER' },
  { name: 'type', type: 'VARCHAR' },
  { name: 'detail', type: 'VARCHAR' },
] as const satisfies readonly ColumnSpec[];

export interface RequirementRow {
  id: number;
  /** The code node (Function / Method / Class) this requirement describes. */
  node_id: number;
  /** 'Function requirement' etc. are GraphCodeAgent's node types; we keep the code kind. */
  kind: 'Function' | 'Method' | 'Class';
  name: string;
  qualified_name: string;
  file_path: string | null;
  text: string;
  source: RequirementSource;
  /** The model that wrote it: 'docstring', the LLM id, or 'builtin:structural'. */
  generator: string;
}

export interface RequirementEdgeRow {
  src: number;
  dst: number;
  type: RequirementEdgeType;
  /** SIMILAR_REQUIREMENT: the cosine (3 decimals); PARENT_CHILD: 'call' or 'call, llm-confirmed'. */
  detail: string | null;
}

export interface RequirementCounts {
  requirements: number;
  bySource: Record<RequirementSource, number>;
  edges: Record<RequirementEdgeType, number>;
}

function ddl(table: string, columns: readonly ColumnSpec[]): string {
  return `CREATE TABLE ${table} (${columns.map((c) => `${c.name} ${c.type}`).join(', ')})`;
}

/** True when this database holds a requirement graph. */
export async function hasRequirementGraph(conn: Pick<SqlConnection, 'query'>): Promise<boolean> {
  return (await tableExists(conn, REQUIREMENTS_TABLE)) && (await tableExists(conn, REQUIREMENT_EDGES_TABLE));
}

/** Replaces the stored requirement graph in one transaction (a failure keeps the old one). */
export async function writeRequirementGraph(conn: SqlConnection, rows: readonly RequirementRow[], edges: readonly RequirementEdgeRow[]): Promise<void> {
  await inTransaction(conn, async () => {
    await conn.run(`DROP TABLE IF EXISTS ${REQUIREMENT_EDGES_TABLE}`);
    await conn.run(`DROP TABLE IF EXISTS ${REQUIREMENTS_TABLE}`);
    await conn.run(ddl(REQUIREMENTS_TABLE, REQUIREMENT_COLUMNS));
    await conn.run(ddl(REQUIREMENT_EDGES_TABLE, REQUIREMENT_EDGE_COLUMNS));
    if (rows.length > 0) await conn.insertArrow(REQUIREMENTS_TABLE, rowsToArrow(REQUIREMENT_COLUMNS, rows as never));
    if (edges.length > 0) await conn.insertArrow(REQUIREMENT_EDGES_TABLE, rowsToArrow(REQUIREMENT_EDGE_COLUMNS, edges as never));
  });
}

/** Drops the requirement graph (a re-index replaces the code graph its ids point into). */
export async function dropRequirementGraph(conn: SqlConnection): Promise<void> {
  await conn.run(`DROP TABLE IF EXISTS ${REQUIREMENT_EDGES_TABLE}`);
  await conn.run(`DROP TABLE IF EXISTS ${REQUIREMENTS_TABLE}`);
}

/** Requirement and relation counts (zero everywhere when there is no requirement graph). */
export async function readRequirementCounts(conn: Pick<SqlConnection, 'query'>): Promise<RequirementCounts> {
  const counts: RequirementCounts = {
    requirements: 0,
    bySource: { docstring: 0, llm: 0, structural: 0 },
    edges: { PARENT_CHILD: 0, SIMILAR_REQUIREMENT: 0, IMPLEMENTED_BY: 0 },
  };
  if (!(await hasRequirementGraph(conn))) return counts;
  for (const r of await conn.query(`SELECT source, count(*) AS n FROM ${REQUIREMENTS_TABLE} GROUP BY source`)) {
    counts.bySource[String(r.source) as RequirementSource] = Number(r.n);
    counts.requirements += Number(r.n);
  }
  for (const r of await conn.query(`SELECT type, count(*) AS n FROM ${REQUIREMENT_EDGES_TABLE} GROUP BY type`)) {
    counts.edges[String(r.type) as RequirementEdgeType] = Number(r.n);
  }
  return counts;
}

/** Requirements by id (or all, ordered by id), as plain rows. */
export async function readRequirements(conn: Pick<SqlConnection, 'query'>, ids?: readonly number[]): Promise<RequirementRow[]> {
  if (ids && ids.length === 0) return [];
  const where = ids ? ` WHERE id IN (${ids.map((id) => Math.trunc(id)).join(', ')})` : '';
  const rows = await conn.query(`SELECT ${REQUIREMENT_COLUMNS.map((c) => c.name).join(', ')} FROM ${REQUIREMENTS_TABLE}${where} ORDER BY id`);
  return rows.map((r) => ({
    id: Number(r.id),
    node_id: Number(r.node_id),
    kind: String(r.kind) as RequirementRow['kind'],
    name: String(r.name ?? ''),
    qualified_name: String(r.qualified_name ?? ''),
    file_path: r.file_path === null || r.file_path === undefined ? null : String(r.file_path),
    text: String(r.text ?? ''),
    source: String(r.source) as RequirementSource,
    generator: String(r.generator ?? ''),
  }));
}
