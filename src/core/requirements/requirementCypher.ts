/**
 * @file Makes the requirement graph reachable from Cypher with the compiler unchanged in shape:
 * the label `Requirement` and the relationship types PARENT_CHILD, SIMILAR_REQUIREMENT and
 * IMPLEMENTED_BY are accepted, and a query that names any of them is compiled as usual and then
 * runs over two CTEs named `nodes` and `edges` that shadow the tables: the code graph UNION ALL
 * the requirement graph (requirementStore.ts). Queries that name none of them run on the tables
 * as before (indexes and all), so the code graph's queries and timings do not change.
 * A Requirement node's properties: name, qualified_name, file_path, module_name, class_name,
 * start_line, end_line and language of its code node; `requirement` = its text; `description`
 * = where the text came from ('docstring', 'llm', 'structural'); code / docstring NULL.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError } from '../errors.ts';
import { EDGE_COLUMNS, NODE_COLUMNS, NODE_ROWS_TABLE } from '../store/schema.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { REQUIREMENT_EDGE_TYPES, REQUIREMENT_EDGES_TABLE, REQUIREMENTS_TABLE } from './requirementStore.ts';

export const REQUIREMENT_LABELS = ['Requirement'] as const;
export const REQUIREMENT_RELATIONSHIP_TYPES = REQUIREMENT_EDGE_TYPES;

const NAMES = new Set<string>([...REQUIREMENT_LABELS, ...REQUIREMENT_RELATIONSHIP_TYPES]);

/** True when the parsed query names the Requirement label or a requirement relationship type. */
export function namesRequirementGraph(ast: unknown): boolean {
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if ((key === 'labels' || key === 'types') && Array.isArray(child) && child.some((x) => typeof x === 'string' && NAMES.has(x))) return true;
        if (typeof child === 'object') stack.push(child);
      }
    }
  }
  return false;
}

/** Requirement rows as node rows (column by column, NULL for anything not listed). */
function requirementNodeSelect(): string {
  const expressions: Record<string, string> = {
    id: 'r.id',
    kind: "'Requirement'",
    name: 'r.name',
    qualified_name: 'r.qualified_name',
    module_name: 'c.module_name',
    class_name: 'c.class_name',
    file_path: 'r.file_path',
    start_line: 'c.start_line',
    end_line: 'c.end_line',
    description: 'r.source',
    requirement: 'r.text',
    language: 'c.language',
  };
  const columns = NODE_COLUMNS.map((col) => `${expressions[col.name] ?? `CAST(NULL AS ${col.type})`} AS ${col.name}`);
  return `SELECT ${columns.join(', ')} FROM main.${REQUIREMENTS_TABLE} AS r LEFT JOIN main.nodes AS c ON c.id = r.node_id`;
}

/**
 * The shadowing CTEs (code graph + requirement graph): `nodes`, `edges`, and `node_rows` over
 * that `nodes` with its code in place (the compiler reads a node given by name from node_rows).
 */
export function requirementGraphCtes(): string[] {
  const nodeColumns = NODE_COLUMNS.map((c) => c.name).join(', ');
  const edgeColumns = EDGE_COLUMNS.map((c) => c.name).join(', ');
  return [
    `nodes AS (SELECT ${nodeColumns} FROM main.nodes UNION ALL ${requirementNodeSelect()})`,
    `edges AS (SELECT ${edgeColumns} FROM main.edges UNION ALL SELECT ${edgeColumns} FROM main.${REQUIREMENT_EDGES_TABLE})`,
    `${NODE_ROWS_TABLE} AS (SELECT ${nodeColumns}, CAST(NULL AS INTEGER) AS code_start, CAST(NULL AS INTEGER) AS code_end FROM nodes)`,
  ];
}

/** `sql` run over the union of both graphs (prepends the CTEs to its WITH, or adds one). */
export function overRequirementGraph(sql: string): string {
  const ctes = requirementGraphCtes().join(', ');
  const recursive = /^WITH RECURSIVE /.exec(sql);
  if (recursive) return `WITH RECURSIVE ${ctes}, ${sql.slice(recursive[0].length)}`;
  return `WITH ${ctes} ${sql}`;
}

/** True when compiled SQL reads the requirement graph (overRequirementGraph was applied). */
export function readsRequirementGraph(sql: string): boolean {
  return sql.includes(`main.${REQUIREMENT_EDGES_TABLE}`);
}

/** A missing-table error of such SQL, said plainly: the requirement graph has not been built. */
export function explainRequirementError(sql: string, error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  if (!readsRequirementGraph(sql) || !/requirement/i.test(message) || !/does not exist|not found/i.test(message)) return error;
  return new AppError('INPUT_INVALID', 'This graph has no requirement graph yet: build it (Agent panel, or `ranger requirements --db <file>`) before querying :Requirement.');
}

/** Requirement ids replaced by the code nodes they map to (IMPLEMENTED_BY), for highlighting. */
export async function toCodeNodeIds(conn: Pick<SqlConnection, 'query'>, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await conn.query(`SELECT id, node_id FROM main.${REQUIREMENTS_TABLE} WHERE id IN (${ids.map((id) => Math.trunc(id)).join(', ')})`);
  const code = new Map(rows.map((r) => [Number(r.id), Number(r.node_id)]));
  return [...new Set(ids.map((id) => code.get(id) ?? id))];
}
