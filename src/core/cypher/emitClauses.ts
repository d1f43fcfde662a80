/**
 * @file Writes a query's clauses as SQL, segment by segment: MATCH / OPTIONAL MATCH join the
 * segment's FROM (emitMatch.ts); UNWIND is a lateral unnest; each WITH closes the segment into a
 * subquery (grouped when it aggregates, numbered when it orders) whose columns the next segment
 * reads: nodes re-joined by id, so a WITH's node is a node again, the rest as values of the
 * type they were written with; RETURN ends the query, passing on the rows' order (rowOrder.ts)
 * and, for whole nodes, a form keyed by node id (fetchNodes). Runs in: everywhere.
 */
import { NODE_ROWS_TABLE } from '../store/schema.ts';
import { quoteIdent } from '../store/sqlConnection.ts';
import type { Expr, MatchClause, Projection, WithClause } from './ast.ts';
import { compileExpr, elementEntity, paramSql } from './emitExpr.ts';
import { conditionSql, emitMatch, emitOptionalMatch } from './emitMatch.ts';
import { cypherError } from './errors.ts';
import type { SourcePosition } from './errors.ts';
import { ascending, firstOf, numberedRows, ORDINAL_COLUMN, priorColumn } from './rowOrder.ts';
import { lookup, Scope } from './scope.ts';
import type { Binding, CypherParams } from './scope.ts';
import { codeFromFile, codeRange, codeRangeColumn, nodeStruct } from './sqlText.ts';
import type { QueryState } from './sqlText.ts';

export interface CompiledPart {
  sql: string;
  columns: string[];
  /** The same rows with node ids in place of whole nodes (see compileReturn); absent when not applicable. */
  keyed?: KeyedPart;
  /** `sql` is fetchNodes over `keyed` (RETURN DISTINCT of whole nodes). */
  fetched?: boolean;
}

interface KeyedPart {
  sql: string;
  /** Per column: true where the column holds a node id that fetchNodes turns into the whole node. */
  nodeColumns: boolean[];
}

/** The query being built between two WITH clauses: its FROM items, WHERE conditions and scope. */
export interface Segment {
  scope: Scope;
  from: string[];
  bound: Set<string>;
  where: string[];
}

/** The first segment of a query part: nothing bound yet. */
export function firstSegment(state: QueryState, params: CypherParams): Segment {
  return { scope: new Scope(state, params), from: [], bound: new Set(), where: [] };
}

/** MATCH / OPTIONAL MATCH: binds the patterns and joins them to the segment. */
export function compileMatch(clause: MatchClause, segment: Segment): void {
  if (clause.optional) emitOptionalMatch(clause, segment.scope, segment.from, segment.bound, compileExpr);
  else emitMatch(clause, segment.scope, segment.from, segment.bound, segment.where, compileExpr);
}

/**
 * Wraps a query whose node columns hold ids: joins each to node_rows and builds the whole node
 * (its code from its one file: codeFromFile), so that DISTINCT / UNION compare integers instead
 * of structs of every column. `deferCode`: code stored as offsets is left null, its range in a
 * column beside the node's (codeRangeColumn) for the caller to slice from the few files it names
 * (deferredCode.ts): a join on files reads every file's text.
 */
export function fetchNodes(keyedSql: string, columns: string[], nodeColumns: boolean[], deferCode = false): string {
  const joins: string[] = [];
  const select = columns.map((column, i) => {
    const col = `k.${quoteIdent(column)}`;
    if (!nodeColumns[i]) return `${col} AS ${quoteIdent(column)}`;
    joins.push(`LEFT JOIN ${NODE_ROWS_TABLE} AS f${i} ON f${i}.id = ${col}`);
    const node = `${nodeStruct(`f${i}`, deferCode ? `f${i}.code` : codeFromFile(`f${i}`))} AS ${quoteIdent(column)}`;
    return deferCode ? `${node}, ${codeRange(`f${i}`)} AS ${quoteIdent(codeRangeColumn(column))}` : node;
  });
  return `SELECT ${select.join(', ')} FROM (${keyedSql}) AS k ${joins.join(' ')}`;
}

/** SKIP / LIMIT: a whole number, given or as a parameter. */
function countSql(expr: Expr, scope: Scope): number {
  const value = expr.kind === 'param' ? (Object.hasOwn(scope.params, expr.name) ? scope.params[expr.name] : paramSql(expr.name, expr.pos, scope.params)) : expr.kind === 'literal' ? expr.value : null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw cypherError(`SKIP and LIMIT take a whole number, got ${expr.text}`, expr.pos);
  return value;
}

/** How a column of a WITH subquery comes back into scope. */
interface CarriedColumn {
  name: string;
  binding: Binding;
}

/** Starts a segment reading `table` (a subquery) as `alias`: nodes are re-joined by id, the rest read from its columns. */
function openSegment(table: string, alias: string, carried: CarriedColumn[], old: Scope): Segment {
  const scope = new Scope(old.state, old.params);
  const from = [`FROM ${table} AS ${alias}`];
  const bound = new Set([alias]);
  for (const { name, binding } of carried) {
    const column = `${alias}.${quoteIdent(name)}`;
    if (binding.kind === 'node') {
      const node = old.state.next('n');
      from.push(`LEFT JOIN nodes AS ${node} ON ${node}.id = ${column}`);
      bound.add(node);
      // The node still meets its pattern's literal filter: a variable-length walk may seed from it.
      scope.set(name, { kind: 'node', alias: node, filter: binding.filter, labels: binding.labels ?? null });
    } else if (binding.kind === 'rel') {
      bound.add(column);
      scope.set(name, { kind: 'rel', alias: column, filter: null });
    } else scope.set(name, { kind: 'value', alias, filter: null, value: { ...binding.value!, sql: column, aliases: new Set([alias]), aggregate: false } });
  }
  return { scope, from, bound, where: [] };
}

/** WITH: projects (and aggregates) the segment so far into a subquery, the next segment reads it. */
export function compileWith(clause: WithClause, segment: Segment): Segment {
  const { scope } = segment;
  const projection = clause.projection;
  const items = [...projection.items];
  if (projection.star) {
    const named = [...scope.keys()];
    items.unshift(...named.map((name) => ({ expr: { kind: 'variable' as const, name, pos: projection.pos, text: name }, alias: null })));
  }
  const seen = new Set<string>();
  const compiled = items.map((item) => {
    const name = item.alias ?? (item.expr.kind === 'variable' ? item.expr.name : null);
    if (name === null) throw cypherError(`Expression '${item.expr.text}' in WITH must be aliased (use AS)`, item.expr.pos);
    if (seen.has(name)) throw cypherError(`Variable \`${name}\` is projected twice in WITH`, item.expr.pos);
    seen.add(name);
    const binding = item.expr.kind === 'variable' ? lookup(item.expr.name, item.expr.pos, scope) : null;
    if (binding?.kind === 'node') return { name, sql: `${binding.alias}.id`, aggregate: false, binding };
    const value = compileExpr(item.expr, scope, 'value');
    const carried: Binding = binding?.kind === 'rel' ? binding : { kind: 'value', alias: '', filter: null, value };
    return { name, sql: value.sql, aggregate: value.aggregate, binding: carried };
  });
  const hasAggregate = compiled.some((c) => c.aggregate);
  // The rows keep the order they arrive in unless aggregated; DISTINCT keeps first occurrences.
  const prior = hasAggregate ? [] : scope.ordinal;
  const firstOccurrence = prior.length > 0 && projection.distinct;
  const hidden = firstOccurrence ? [`${firstOf(prior)} AS ${priorColumn(0)}`] : prior.map((key, i) => `${key} AS ${priorColumn(i)}`);
  const priorOf = (alias: string) => (firstOccurrence ? [0] : prior.map((_, i) => i)).map((i) => `${alias}.${priorColumn(i)}`);
  const select = compiled.map((c) => `${c.sql} AS ${quoteIdent(c.name)}`);
  const groupBy = hasAggregate ? compiled.filter((c) => !c.aggregate).map((c) => c.sql) : firstOccurrence ? compiled.map((c) => c.sql) : [];
  const carried = compiled.map((c) => ({ name: c.name, binding: c.binding }));
  const statement = (extra: string[]) => {
    const parts = [`SELECT ${projection.distinct && !firstOccurrence ? 'DISTINCT ' : ''}${[...select, ...extra].join(', ')}`, ...segment.from];
    if (segment.where.length > 0) parts.push(`WHERE ${segment.where.join(' AND ')}`);
    if (groupBy.length > 0) parts.push(`GROUP BY ${groupBy.join(', ')}`);
    return parts.join(' ');
  };
  let next: Segment;
  if (projection.orderBy.length === 0 && projection.skip === null && projection.limit === null) {
    const alias = scope.state.next('w');
    next = openSegment(`(${statement(hidden)})`, alias, carried, scope);
    next.scope.ordinal = priorOf(alias);
  } else {
    // ORDER BY reads the projected names; without aggregation or DISTINCT it may also read earlier variables (hidden columns).
    const alias = scope.state.next('w');
    const inner = openSegment('?', alias, carried, scope);
    const order = projection.orderBy.map((o, i) => {
      let sql: string;
      try {
        sql = compileExpr(o.expr, inner.scope, 'key').sql;
      } catch (error) {
        if (hasAggregate || projection.distinct) throw error;
        hidden.push(`${compileExpr(o.expr, scope, 'key').sql} AS ${quoteIdent(`__order${i}`)}`);
        sql = `${alias}.${quoteIdent(`__order${i}`)}`;
      }
      return { sql, direction: o.descending ? 'DESC NULLS FIRST' : 'ASC NULLS LAST' };
    });
    // Ties keep the order the rows came in.
    order.push(...priorOf(alias).map((sql) => ({ sql, direction: 'ASC' })));
    inner.from[0] = `FROM (${statement(hidden)}) AS ${alias}`;
    const tail = [projection.limit ? `LIMIT ${countSql(projection.limit, scope)}` : '', projection.skip ? `OFFSET ${countSql(projection.skip, scope)}` : ''].join(' ');
    const outer = scope.state.next('w');
    if (order.length === 0) next = openSegment(`(SELECT ${alias}.* ${inner.from.join(' ')} ${tail})`, outer, carried, scope);
    else {
      next = openSegment(numberedRows(alias, inner.from.join(' '), order, tail, scope.state.next('k')), outer, carried, scope);
      next.scope.ordinal = [`${outer}.${quoteIdent(ORDINAL_COLUMN)}`];
    }
  }
  if (clause.where) next.where.push(conditionSql(clause.where, next.scope, compileExpr));
  return next;
}

/** UNWIND list AS x: a lateral unnest; a list of whole nodes re-joins `nodes` so that x is a node again. */
export function compileUnwind(listExpr: Expr, variable: string, at: SourcePosition, segment: Segment): void {
  const { scope } = segment;
  if (scope.has(variable)) throw cypherError(`Variable \`${variable}\` is already bound`, at);
  const list = compileExpr(listExpr, scope, 'value');
  if (list.aggregate) throw cypherError('Aggregates are not allowed in UNWIND (aggregate in a WITH first)', listExpr.pos);
  const alias = scope.state.next('u');
  // Each element's position: the rows come out in the list's order (rowOrder.ts).
  const source = `(SELECT unnest(${list.sql}) AS x, generate_subscripts(${list.sql}, 1) AS i) AS ${alias}`;
  scope.ordinal = [...scope.ordinal, `${alias}.i`];
  segment.from.push(segment.from.length === 0 ? `FROM ${source}` : `CROSS JOIN LATERAL ${source}`);
  segment.bound.add(alias);
  if (list.entity === 'nodeList') {
    const node = scope.state.next('n');
    segment.from.push(`LEFT JOIN nodes AS ${node} ON ${node}.id = ${alias}.x.id`);
    segment.bound.add(node);
    scope.set(variable, { kind: 'node', alias: node, filter: null, labels: null });
    return;
  }
  scope.set(variable, { kind: 'value', alias, filter: null, value: { sql: `${alias}.x`, aliases: new Set([alias]), aggregate: false, entity: elementEntity(list), isInt: list.intList } });
}

export function compileReturn(projection: Projection, scope: Scope, from: string[], where: string[]): CompiledPart {
  // RETURN *: every variable in scope, by name (as Neo4j orders them), then the items given.
  const star = projection.star ? [...scope.keys()].sort().map((name) => ({ expr: { kind: 'variable' as const, name, pos: projection.pos, text: name }, alias: null })) : [];
  if (projection.star && star.length === 0) throw cypherError('RETURN * needs a variable in scope', projection.pos);
  const part: Projection = { ...projection, items: [...star, ...projection.items] };
  const items = part.items.map((item) => ({ compiled: compileExpr(item.expr, scope, 'value'), column: item.alias ?? item.expr.text }));
  const columns = items.map((i) => i.column);
  const seen = new Set<string>();
  part.items.forEach((item, i) => {
    if (seen.has(columns[i])) throw cypherError(`Column name '${columns[i]}' is returned twice (use AS)`, item.expr.pos);
    seen.add(columns[i]);
  });
  const select = items.map((i) => `${i.compiled.sql} AS ${quoteIdent(i.column)}`).join(', ');
  const hasAggregate = items.some((i) => i.compiled.aggregate);
  // Rows come out in the order they arrive in (ties of an ORDER BY too), unless aggregated; DISTINCT keeps first occurrences.
  const ordinal = hasAggregate ? [] : scope.ordinal;
  const firstOccurrence = ordinal.length > 0 && part.distinct;
  const groupBy = hasAggregate ? items.filter((i) => !i.compiled.aggregate).map((i) => i.compiled.sql) : firstOccurrence ? items.map((i) => i.compiled.sql) : [];
  const order = part.orderBy.map((o) => {
    let sql: string;
    if (o.expr.kind === 'variable' && columns.includes(o.expr.name)) sql = quoteIdent(o.expr.name);
    else {
      const compiled = compileExpr(o.expr, scope, 'key');
      const valueSql = compileExpr(o.expr, scope, 'value').sql;
      const match = items.find((i) => i.compiled.sql === valueSql || i.compiled.sql === compiled.sql);
      sql = match ? quoteIdent(match.column) : compiled.sql;
    }
    return `${sql} ${o.descending ? 'DESC NULLS FIRST' : 'ASC NULLS LAST'}`;
  });
  order.push(...ascending(firstOccurrence ? [firstOf(ordinal)] : ordinal));
  const statement = (selectList: string): string => {
    const parts = [`SELECT ${part.distinct && !firstOccurrence ? 'DISTINCT ' : ''}${selectList}`, ...from];
    if (where.length > 0) parts.push(`WHERE ${where.join(' AND ')}`);
    if (groupBy.length > 0) parts.push(`GROUP BY ${groupBy.join(', ')}`);
    if (order.length > 0) parts.push(`ORDER BY ${order.join(', ')}`);
    if (part.limit !== null) parts.push(`LIMIT ${countSql(part.limit, scope)}`);
    if (part.skip !== null) parts.push(`OFFSET ${countSql(part.skip, scope)}`);
    return parts.join(' ');
  };
  // Whole nodes without aggregates or ORDER BY: the same rows can be computed on node ids first.
  const nodeColumns = part.items.map((item) => item.expr.kind === 'variable' && scope.get(item.expr.name)?.kind === 'node');
  let keyed: KeyedPart | undefined;
  if (!hasAggregate && order.length === 0 && nodeColumns.some(Boolean)) {
    const keys = items.map((item, i) => {
      const expr = part.items[i]!.expr;
      const sql = nodeColumns[i] && expr.kind === 'variable' ? `${lookup(expr.name, expr.pos, scope).alias}.id` : item.compiled.sql;
      return `${sql} AS ${quoteIdent(item.column)}`;
    });
    keyed = { sql: statement(keys.join(', ')), nodeColumns };
  }
  if (keyed && part.distinct) return { sql: fetchNodes(keyed.sql, columns, nodeColumns), columns, keyed, fetched: true };
  return { sql: statement(select), columns, keyed };
}
