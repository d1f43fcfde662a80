/**
 * @file Writes a bound MATCH (bindPattern.ts) as SQL: its items as tables (`nodes`, a name
 * lookup, `edges` or both directions of it, a variable-length walk from walks.ts), its
 * conditions, and the joins: a MATCH's items join in order, each on the conditions it completes;
 * an OPTIONAL MATCH is one LEFT JOIN, or a chain of them. EXISTS / COUNT { } and pattern
 * comprehensions are correlated subqueries over their patterns. Expressions are written by the
 * emitter handed in (emitExpr.ts: expressions hold subqueries, subqueries expressions).
 * Runs in: everywhere.
 */
import { NODE_ROWS_TABLE, nodesOverSql } from '../store/schema.ts';
import { sqlString } from '../store/sqlConnection.ts';
import type { Expr, MatchClause, RelPattern } from './ast.ts';
import { bindMatch } from './bindPattern.ts';
import type { BoundAnchor, BoundCond, BoundItem } from './bindPattern.ts';
import { cypherError } from './errors.ts';
import type { NodeFilter, Scope } from './scope.ts';
import { listElement, literalSql } from './sqlText.ts';
import type { Compiled, QueryState } from './sqlText.ts';
import { distinctEdges } from './uniqueness.ts';
import { walkTable } from './walks.ts';
import type { Anchor } from './walks.ts';

/** 'value': a bare variable is the whole entity (struct); 'key': its identity (comparisons, counts). */
export type EntityMode = 'value' | 'key';

/** Writes an expression as SQL (compileExpr, emitExpr.ts). */
export type ExprEmitter = (expr: Expr, scope: Scope, mode: EntityMode) => Compiled;

interface Cond {
  sql: string;
  aliases: Set<string>;
  /** A label or property test of one node pattern alone: the alias it reads. */
  nodeTest?: string;
  /** For `<relationship end> = <node>.id`: the two sides (an OPTIONAL MATCH chain rewrites it). */
  endpoint?: { end: string; node: string };
}

interface Item {
  alias: string;
  table: string;
  kind: 'node' | 'rel';
  /** An undirected relationship whose self-loop rows have a NULL end `b` (see itemTable). */
  halfOpen: boolean;
  /** A variable-length relationship (a walk, walks.ts). */
  walk: boolean;
}

/** Binds a MATCH's patterns into `scope` and writes its tables and conditions. */
function matchParts(match: MatchClause, scope: Scope, emit: ExprEmitter): { items: Item[]; conds: Cond[] } {
  const bound = bindMatch(match, scope, scope.state);
  const items = bound.items.map((item) => ({
    alias: item.alias,
    table: itemTable(item, scope.state),
    kind: item.kind,
    halfOpen: item.kind === 'rel' && item.walk === null && item.rel.direction === 'both',
    walk: item.kind === 'rel' && item.walk !== null,
  }));
  return { items, conds: bound.conds.map((cond) => condSql(cond, emit)) };
}

/** Larger than any table: a LIMIT that keeps every row. */
const NO_LIMIT = '9223372036854775807';

/**
 * The rows of a node read by name: the name lookup sits below a no-op LIMIT that the other
 * filters cannot be pushed through, so the scan filters on the name alone and the rest applies
 * to the few rows left (bench:search, 100k nodes: Cypher lookups p50 11.8 ms, 13.4 ms without).
 * It reads node_rows itself, then their code as the `nodes` view does: on a big graph the name
 * index (nodes_name) answers it (929k nodes: 2-6 ms against 55), which it never does below the
 * view's join.
 */
function nameTable(name: string): string {
  return `(${nodesOverSql(`(SELECT * FROM ${NODE_ROWS_TABLE} WHERE name = ${literalSql(name)} LIMIT ${NO_LIMIT})`)})`;
}

/** SQL over a bare `nodes` row for a node pattern's labels and literal properties. */
function nodeFilterSql(filter: NodeFilter): string {
  const conds: string[] = [];
  if (filter.labels.length > 0) conds.push(`kind IN (${filter.labels.map((l) => sqlString(l)).join(', ')})`);
  for (const { column, value } of filter.literals) conds.push(`${column} = ${literalSql(value)}`);
  return conds.join(' AND ');
}

function anchorSql(anchor: BoundAnchor | null): Anchor | null {
  return anchor === null ? null : { filter: nodeFilterSql(anchor.filter), table: anchor.byName === null ? 'nodes' : nameTable(anchor.byName) };
}

function itemTable(item: BoundItem, state: QueryState): string {
  if (item.kind === 'node') return `${item.byName === null ? 'nodes' : nameTable(item.byName)} AS ${item.alias}`;
  const { alias, rel, walk } = item;
  if (walk) {
    const anchors = { left: anchorSql(walk.anchors.left), right: anchorSql(walk.anchors.right) };
    const spec = { bounds: rel.varLength!, base: edgeRows(rel, state).both, anchors, mode: walk.mode, pairsOnly: walk.pairsOnly, cte: walk.cte, dist: walk.dist };
    return `${walkTable(spec, state)} AS ${alias}`;
  }
  // Undirected, fixed length: a self-loop's reversed copy keeps its row but gets a NULL end, which
  // no join on `b` matches. Same rows as filtering it out, but duckdb then still pushes the join
  // keys into both branches of the UNION ALL (the filter stops that: ~200k edges scanned).
  if (rel.direction === 'both') return `(${edgeRows(rel, state).halfOpen}) AS ${alias}`;
  // A directed relationship joins `edges` itself (no subquery), so that duckdb pushes the join
  // keys and the type filter into the scan.
  return `edges AS ${alias}`;
}

/** The relationship's edges as rows a (from), b (to), src, dst, type, detail, eid (the edge key): as walked, and undirected half-open. */
function edgeRows(rel: RelPattern, state: QueryState): { both: string; halfOpen: string } {
  const typeFilter = rel.types.length === 0 ? 'TRUE' : `type IN (${rel.types.map((t) => sqlString(t)).join(', ')})`;
  const key = `${state.edgeKey(null)} AS eid`;
  const forward = `SELECT src AS a, dst AS b, src, dst, type, detail, ${key} FROM edges WHERE ${typeFilter}`;
  const backward = `SELECT dst AS a, src AS b, src, dst, type, detail, ${key} FROM edges WHERE ${typeFilter}`;
  const both = rel.direction === 'out' ? forward : rel.direction === 'in' ? backward : `${forward} UNION ALL ${backward} AND src <> dst`;
  const halfOpen = `${forward} UNION ALL SELECT dst AS a, CASE WHEN src <> dst THEN src END AS b, src, dst, type, detail, ${key} FROM edges WHERE ${typeFilter}`;
  return { both, halfOpen };
}

function condSql(cond: BoundCond, emit: ExprEmitter): Cond {
  switch (cond.kind) {
    case 'oneOf': {
      const list = cond.values.map((v) => sqlString(v));
      const column = `${cond.alias}.${cond.column}`;
      const sql = list.length === 1 ? `${column} = ${list[0]}` : `${column} IN (${list.join(', ')})`;
      return { sql, aliases: new Set([cond.alias]), nodeTest: cond.column === 'kind' ? cond.alias : undefined };
    }
    case 'property': {
      const value = emit(cond.value, cond.scope, 'key');
      if (value.aggregate) throw cypherError('Aggregates are not allowed in a property map', cond.value.pos);
      const aliases = new Set([cond.alias, ...value.aliases]);
      return { sql: `${cond.alias}.${cond.column} = ${value.sql}`, aliases, nodeTest: aliases.size === 1 ? cond.alias : undefined };
    }
    case 'join': {
      const end = `${cond.end.alias}.${cond.end.column}`;
      return { sql: `${end} = ${cond.at.alias}.${cond.at.column}`, aliases: new Set([cond.end.alias, cond.at.alias]), endpoint: cond.node ? { end, node: cond.at.alias } : undefined };
    }
    case 'distinct':
      return { sql: distinctEdges(cond.x, cond.y), aliases: new Set([cond.x.alias, cond.y.alias]) };
  }
}

/** A MATCH: its items join the FROM in order, each on the conditions it completes; the rest go to WHERE. */
export function emitMatch(match: MatchClause, scope: Scope, from: string[], bound: Set<string>, where: string[], emit: ExprEmitter): void {
  const { items, conds } = matchParts(match, scope, emit);
  const pending = [...conds];
  for (const [i, item] of items.entries()) {
    bound.add(item.alias);
    const after = items[i - 1];
    if (from.length > 0 && item.kind === 'node' && after?.kind === 'rel' && !after.walk) keepAboveScan(pending, item.alias);
    const ready = takeReady(pending, bound);
    if (from.length === 0) {
      from.push(`FROM ${item.table}`);
      where.push(...ready);
    } else if (ready.length === 0) from.push(`CROSS JOIN ${item.table}`);
    else from.push(`JOIN ${item.table} ON ${ready.join(' AND ')}`);
  }
  where.push(...pending.map((c) => c.sql));
  if (match.where) where.push(conditionSql(match.where, scope, emit));
}

/** An OPTIONAL MATCH: one LEFT JOIN of its pattern, or a chain of them (see chainable). */
export function emitOptionalMatch(match: MatchClause, scope: Scope, from: string[], bound: Set<string>, emit: ExprEmitter): void {
  const outer = new Set(bound);
  const { items, conds } = matchParts(match, scope, emit);
  if (items.length === 0) return;
  const chain = items.length === 2 && items[0].kind === 'node' ? [items[1], items[0]] : items;
  if (chainable(match, chain, conds)) {
    // LEFT JOIN edges, then LEFT JOIN their other node: duckdb pushes the outer keys into both scans.
    for (const item of chain) {
      bound.add(item.alias);
      const ready: string[] = [];
      for (let i = 0; i < conds.length; ) {
        const cond = conds[i]!;
        if (![...cond.aliases].every((a) => bound.has(a))) {
          i++;
          continue;
        }
        conds.splice(i, 1);
        // No edge: the end is NULL, and a NULL key keeps duckdb from pushing any filter into the
        // scan of `nodes` (a full scan); node ids are never negative, so -1 matches nothing.
        ready.push(cond.endpoint && cond.endpoint.node === item.alias ? `${item.alias}.id = coalesce(${cond.endpoint.end}, -1)` : cond.sql);
      }
      from.push(`LEFT JOIN ${item.table} ON ${ready.length > 0 ? ready.join(' AND ') : 'TRUE'}`);
    }
    return;
  }
  const inner = new Set<string>();
  const innerConds = conds.filter((c) => [...c.aliases].every((a) => !outer.has(a)));
  const outerConds = conds.filter((c) => !innerConds.includes(c));
  const tree: string[] = [];
  for (const item of items) {
    inner.add(item.alias);
    const ready = takeReady(innerConds, inner);
    if (tree.length === 0) {
      tree.push(item.table);
      outerConds.push(...ready.map((sql) => ({ sql, aliases: new Set<string>() })));
    } else tree.push(`JOIN ${item.table} ON ${ready.length > 0 ? ready.join(' AND ') : 'TRUE'}`);
    bound.add(item.alias);
  }
  const on = [...outerConds.map((c) => c.sql), ...innerConds.map((c) => c.sql)];
  if (match.where) on.push(conditionSql(match.where, scope, emit));
  const target = tree.length === 1 ? tree[0] : `(${tree.join(' ')})`;
  from.push(`LEFT JOIN ${target} ON ${on.length > 0 ? on.join(' AND ') : 'TRUE'}`);
}

/**
 * True when an OPTIONAL MATCH can be a chain of LEFT JOINs with the same rows as one LEFT JOIN of
 * the whole pattern: the pattern is one relationship from an already bound node (the new item
 * after it, if any, is its other node, joined by id only, with no label, property or WHERE that could fail
 * once the relationship matched). Every edge's end node exists (the stitcher writes no dangling
 * edges), so such a chain never leaves a half-matched row.
 */
function chainable(match: MatchClause, items: Item[], conds: Cond[]): boolean {
  if (match.where !== null || items.length > 2 || items[0]?.kind !== 'rel') return false;
  const end = items[1];
  if (!end) return true;
  if (items[0].halfOpen) return false;
  return end.kind === 'node' && conds.filter((c) => c.aliases.has(end.alias)).length === 1;
}

/**
 * A node joined to what came before it is read by id: duckdb hands the join's keys to its scan,
 * which reads them from the id index (nodes_id) only when they are the scan's one filter (duckdb
 * reads an ART index only for a scan with exactly one filtered column). A label or property test
 * of the node alone would be pushed into the scan as a second filter and turn it into a full
 * scan (929k rows on 50,000 files: methods of a class 138 ms against 66 ms). Reading a second
 * column of the node (its id, never NULL) keeps the test in a filter above the scan, on the few
 * rows the index returned; the rows are the same. Not after a walk: duckdb expects a walk's rows
 * to outnumber the nodes', reads the nodes whole for its hash table, and there the test in the
 * scan is what keeps that read small.
 */
function keepAboveScan(pending: Cond[], alias: string): void {
  for (const cond of pending) {
    if (cond.nodeTest === alias) {
      cond.sql = `(${cond.sql} OR ${alias}.id IS NULL)`;
      cond.nodeTest = undefined;
    }
  }
}

/** Removes from `pending` and returns the conditions whose aliases are all bound. */
function takeReady(pending: Cond[], bound: Set<string>): string[] {
  const ready: string[] = [];
  for (let i = 0; i < pending.length; ) {
    if ([...pending[i].aliases].every((a) => bound.has(a))) ready.push(pending.splice(i, 1)[0].sql);
    else i++;
  }
  return ready;
}

/** A WHERE condition: no aggregates. */
export function conditionSql(expr: Expr, scope: Scope, emit: ExprEmitter): string {
  const compiled = emit(expr, scope, 'key');
  if (compiled.aggregate) throw cypherError('Aggregates are not allowed in WHERE', expr.pos);
  return compiled.sql;
}

/** EXISTS / COUNT { } and pattern comprehensions: a correlated subquery over the pattern. */
export function subquerySql(query: { mode: 'exists' | 'count' | 'list'; matches: MatchClause[]; map: Expr | null }, scope: Scope, emit: ExprEmitter): Compiled {
  const inner = scope.child();
  const from: string[] = [];
  const bound = new Set<string>();
  const where: string[] = [];
  const outerDistinct = scope.state.distinctRows;
  scope.state.distinctRows = query.mode === 'exists';
  for (const match of query.matches) {
    if (match.optional) emitOptionalMatch(match, inner, from, bound, emit);
    else emitMatch(match, inner, from, bound, where, emit);
  }
  scope.state.distinctRows = outerDistinct;
  const body = `${from.join(' ')}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
  // The outer aliases it may read: all of them (it is only ready once they are bound).
  const aliases = new Set([...scope.values()].map((b) => b.alias).filter((a) => a !== '' && !a.includes('"')));
  if (query.mode === 'exists') return { sql: `EXISTS (SELECT 1 ${body})`, aliases, aggregate: false };
  if (query.mode === 'count') return { sql: `(SELECT count(*) ${body})`, aliases, aggregate: false, isInt: true };
  const map = emit(query.map!, inner, 'value');
  if (map.aggregate) throw cypherError('Aggregates are not allowed in a pattern comprehension', query.map!.pos);
  const entity = map.entity === 'node' ? 'nodeList' : map.entity === 'rel' ? 'relList' : undefined;
  return { sql: `(SELECT coalesce(list(${listElement(map)}), []) ${body})`, aliases, aggregate: false, entity, intList: map.isInt };
}
