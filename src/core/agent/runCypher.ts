/**
 * @file Runs user or generated Cypher on the graph: compile to SQL (read-only subset), pass the
 * SQL through the read-only guard, run it (within bounds for a person's console query), fill in
 * the code of the whole nodes it fetched by id (deferredCode.ts), and collect the node ids the
 * rows mention (whole nodes, lists of them, and id-like columns) for the subgraph highlight.
 * Runs in: the repo worker (app), in-process (cli, tests). Layer src/core.
 */
import { compileCypher } from '../cypher/compile.ts';
import { fillDeferredCode } from '../cypher/deferredCode.ts';
import { explainRequirementError, readsRequirementGraph, toCodeNodeIds } from '../requirements/requirementCypher.ts';
import type { CypherParams } from '../cypher/compile.ts';
import type { Row, SqlConnection } from '../store/sqlConnection.ts';
import { assertReadOnlySql } from '../store/sqlGuard.ts';
import { boundedQuery } from '../store/boundedQuery.ts';
import type { QueryBounds } from '../store/boundedQuery.ts';
import type { CypherResult } from './searchService.ts';

/** Compiles (with `params` for $name), guards and runs `query`; throws AppError('INPUT_INVALID') with line:column on bad Cypher. */
export async function runCypher(
  conn: Pick<SqlConnection, 'query' | 'interrupt' | 'queryInterruptible'>,
  query: string,
  params: CypherParams = {},
  bounds?: QueryBounds,
): Promise<CypherResult> {
  const started = performance.now();
  const { sql, columns, deferredCode } = compileCypher(query, params, { deferCode: true });
  const guarded = assertReadOnlySql(sql);
  // A person's query runs within bounds (a row cap, a time limit, a cancel); the router's does not need them.
  const bounded = bounds
    ? await boundedQuery(conn, guarded, bounds).catch((error: unknown) => {
        throw explainRequirementError(sql, error);
      })
    : null;
  const rows =
    bounded?.rows ??
    (await conn.query(guarded).catch((error: unknown) => {
      throw explainRequirementError(sql, error);
    }));
  await fillDeferredCode(conn, rows, deferredCode);
  // Requirement nodes are highlighted as the code nodes they map to (the bigraph mapping).
  const ids = nodeIdsOf(rows, columns);
  const nodeIds = readsRequirementGraph(sql) ? await toCodeNodeIds(conn, ids) : ids;
  return { sql, columns, rows, nodeIds, ms: performance.now() - started, ...(bounded?.truncated ? { truncated: true, maxRows: bounded.maxRows } : {}) };
}

/** A column whose plain numbers are node ids: `id`, `x.id`, `id(x)`, `node_id`, `*_id`. */
export function isIdColumn(column: string): boolean {
  return /^(id|node_id|id\(.+\))$/i.test(column) || /(\.|_)id$/i.test(column);
}

function isWholeNode(value: object): value is { id: number; kind: string } {
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && typeof v.kind === 'string' && 'qualified_name' in v;
}

function collect(value: unknown, idColumn: boolean, out: Set<number>): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, idColumn, out);
    return;
  }
  if (typeof value === 'object') {
    if (isWholeNode(value)) out.add(value.id);
    // A path: {nodes, relationships}.
    else if (Array.isArray((value as { nodes?: unknown }).nodes)) collect((value as { nodes: unknown[] }).nodes, false, out);
    return;
  }
  if (idColumn && typeof value === 'number' && Number.isInteger(value)) out.add(value);
}

/** Node ids in the rows, in first-seen order (row by row, column by column). */
export function nodeIdsOf(rows: readonly Row[], columns: readonly string[]): number[] {
  const out = new Set<number>();
  const idColumns = columns.map(isIdColumn);
  for (const row of rows) columns.forEach((column, i) => collect(row[column], idColumns[i]!, out));
  return [...out];
}

/** True when the rows carry nothing: none at all, or only nulls (an OPTIONAL MATCH that found nothing). */
export function rowsAreEmpty(rows: readonly Row[]): boolean {
  return rows.every((row) => Object.values(row).every((v) => v === null || v === undefined || (Array.isArray(v) && v.length === 0)));
}
