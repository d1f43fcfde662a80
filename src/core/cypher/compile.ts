/**
 * @file Compiles read-only openCypher to one DuckDB SELECT (or WITH RECURSIVE ... SELECT)
 * over the graph tables `nodes` and `edges` (docs/schema.md), in two steps per clause: binding
 * (scope.ts: what each variable is and the schema's names; bindPattern.ts: a MATCH's patterns as
 * table items and conditions) and emitting SQL (emitMatch.ts: joins and subqueries; emitExpr.ts
 * and emitCall.ts: expressions; emitClauses.ts: WITH, UNWIND, RETURN). Node labels are `kind`
 * values; relationship types are `edges.type`; A.8's property `class` maps to `class_name`.
 * Whole nodes come back as structs of every node column and labels (sqlText.ts); OPTIONAL MATCH
 * is a LEFT JOIN; variable-length relationships and paths are recursive CTEs (walks.ts),
 * relationship uniqueness is in uniqueness.ts, functions are in functions.ts. Each WITH closes a
 * subquery and passes its rows' order on (rowOrder.ts); UNWIND is a lateral unnest; pattern
 * predicates, EXISTS / COUNT { } and pattern comprehensions are correlated subqueries.
 * Parameters ($name) are inlined as SQL literals. This file composes the steps: UNION branches,
 * and a query over the requirement graph. Runs in: everywhere.
 */
import type { CypherQuery, SingleQuery } from './ast.ts';
import { compileMatch, compileReturn, compileUnwind, compileWith, fetchNodes, firstSegment } from './emitClauses.ts';
import type { CompiledPart } from './emitClauses.ts';
import { cypherError } from './errors.ts';
import { parseCypher } from './parser.ts';
import { namesRequirementGraph, overRequirementGraph } from '../requirements/requirementCypher.ts';
import { hasAggregateCall } from './scope.ts';
import type { CypherParams } from './scope.ts';
import { QueryState } from './sqlText.ts';
import type { EdgeKeys } from './sqlText.ts';

export type { CypherParams } from './scope.ts';

export interface CompiledCypher {
  sql: string;
  /** Output column names, in order (the AS alias, or the item's source text). */
  columns: string[];
  /**
   * With CompileOptions.deferCode: the whole-node columns whose code stored as offsets the SQL
   * leaves null, each with its range in codeRangeColumn(column) (deferredCode.ts fills them).
   */
  deferredCode: string[];
}

export interface CompileOptions {
  /**
   * Whole nodes the last step fetches by id (RETURN DISTINCT n, a UNION of them) come back
   * without the code stored as offsets, for the caller to slice from the few files they name
   * (deferredCode.ts): the SQL alone would join every file's text (50,000 files: 640 ms cold).
   */
  deferCode?: boolean;
}

/** Compiles `query` to SQL; throws AppError('INPUT_INVALID') naming what is wrong and where. */
export function compileCypher(query: string, params: CypherParams = {}, options: CompileOptions = {}): CompiledCypher {
  const ast = parseCypher(query);
  // Over the requirement graph `edges` is a CTE, without rowid.
  const requirements = namesRequirementGraph(ast);
  const compiled = compileAst(ast, params, requirements ? 'struct' : 'rowid', options);
  return requirements ? { ...compiled, sql: overRequirementGraph(compiled.sql) } : compiled;
}

/** Compiles a parsed query; `edgeKeys`: how edges are told apart (sqlText.ts). */
export function compileAst(ast: CypherQuery, params: CypherParams = {}, edgeKeys: EdgeKeys = 'rowid', options: CompileOptions = {}): CompiledCypher {
  const state = new QueryState(edgeKeys);
  const branches = ast.parts.map((part) => compileSingle(part, state, params));
  const columns = branches[0].columns;
  branches.forEach((branch, i) => {
    if (i > 0 && branch.columns.join('\u0000') !== columns.join('\u0000')) {
      throw cypherError(
        `All UNION branches must return the same column names in the same order (got ${columns.join(', ')} and ${branch.columns.join(', ')})`,
        ast.parts[i].pos,
      );
    }
  });
  if (new Set(ast.unionAll).size > 1) throw cypherError('Mixing UNION and UNION ALL is not supported', ast.parts[0].pos);
  // Node ids whose whole nodes the last step fetches (RETURN DISTINCT of whole nodes, a UNION of them).
  let fetched: { sql: string; nodeColumns: boolean[] } | null = null;
  let body = '';
  const keyed = branches.map((b) => b.keyed);
  if (branches.length === 1) {
    if (branches[0].fetched) fetched = branches[0].keyed!;
    else body = branches[0].sql;
  } else if (!ast.unionAll[0] && keyed.every((k) => k !== undefined && k.nodeColumns.join() === keyed[0]!.nodeColumns.join())) {
    // UNION of whole nodes: deduplicate node ids, then fetch each surviving node once.
    fetched = { sql: keyed.map((k, i) => `SELECT * FROM (${k!.sql}) AS u${i}`).join(' UNION '), nodeColumns: keyed[0]!.nodeColumns };
  } else {
    const op = ast.unionAll[0] ? ' UNION ALL ' : ' UNION ';
    body = branches.map((b, i) => `SELECT * FROM (${b.sql}) AS u${i}`).join(op);
  }
  const deferred = options.deferCode === true && fetched !== null;
  if (fetched) body = fetchNodes(fetched.sql, columns, fetched.nodeColumns, deferred);
  const sql = state.ctes.length > 0 ? `WITH RECURSIVE ${state.ctes.join(', ')} ${body}` : body;
  return { sql, columns, deferredCode: deferred ? columns.filter((_, i) => fetched!.nodeColumns[i]) : [] };
}

function compileSingle(part: SingleQuery, state: QueryState, params: CypherParams): CompiledPart {
  // MATCH ... RETURN DISTINCT without aggregates: how many walks join two nodes cannot show.
  state.distinctRows = part.clauses.every((c) => c.kind === 'match') && part.projection.distinct && !part.projection.items.some((i) => hasAggregateCall(i.expr));
  let segment = firstSegment(state, params);
  for (const clause of part.clauses) {
    if (clause.kind === 'match') compileMatch(clause, segment);
    else if (clause.kind === 'unwind') compileUnwind(clause.list, clause.variable, clause.pos, segment);
    else segment = compileWith(clause, segment);
  }
  return compileReturn(part.projection, segment.scope, segment.from, segment.where);
}
