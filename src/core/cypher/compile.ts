/**
 * @file Compiles read-only openCypher to one DuckDB SELECT (or WITH RECURSIVE ... SELECT)
 * over the graph tables `nodes` and `edges` (docs/schema.md). Node labels are `kind`
 * values; relationship types are `edges.type`; A.8's property `class` maps to `class_name`.
 * Whole nodes come back as structs of every node column and labels (sqlText.ts); OPTIONAL MATCH is a LEFT JOIN;
 * variable-length relationships and paths are recursive CTEs (walks.ts), relationship
 * uniqueness is in uniqueness.ts, functions are in functions.ts. Each WITH closes a subquery and
 * passes its rows' order on (rowOrder.ts); UNWIND is a lateral unnest;
 * pattern predicates, EXISTS / COUNT { } and pattern comprehensions are correlated subqueries.
 * Parameters ($name) are inlined as SQL literals. Runs in: everywhere.
 */
import { EDGE_TYPES, NODE_KINDS } from '../graph/types.ts';
import { sqlString } from '../store/sqlConnection.ts';
import type { CypherQuery, Expr, MatchClause, NodePattern, Projection, PropertyEntry, RelPattern, SingleQuery, WithClause } from './ast.ts';
import { cypherError } from './errors.ts';
import type { SourcePosition } from './errors.ts';
import { SCALAR_FUNCTIONS } from './functions.ts';
import { parseCypher } from './parser.ts';
import { namesRequirementGraph, overRequirementGraph, REQUIREMENT_LABELS, REQUIREMENT_RELATIONSHIP_TYPES } from '../requirements/requirementCypher.ts';
import { EDGE_COLUMN_NAMES, INT_COLUMNS, listElement, literalSql, NODE_COLUMN_NAMES, nodeProperties, nodeStruct, plain, QueryState, relStruct, STRING_COLUMNS } from './sqlText.ts';
import { quoteIdent } from '../store/sqlConnection.ts';
import type { Compiled, EdgeKeys } from './sqlText.ts';
import { ascending, firstOf, numberedRows, ORDINAL_COLUMN, priorColumn } from './rowOrder.ts';
import { distinctEdges, maySameEdge, pairsOnly, typesOverlap } from './uniqueness.ts';
import type { SimpleRel } from './uniqueness.ts';
import { pathAliases, pathLength, pathNodeIds, pathNodes, pathRels, walkTable } from './walks.ts';
import type { Anchor, PathInfo, WalkMode, WalkSpec } from './walks.ts';

export interface CompiledCypher {
  sql: string;
  /** Output column names, in order (the AS alias, or the item's source text). */
  columns: string[];
}

/** The code graph's labels and relationship types: its node kinds and edge types (graph/types.ts). */
export const NODE_LABELS = NODE_KINDS;
export const RELATIONSHIP_TYPES = EDGE_TYPES;

/** Accepted besides the code graph's: the requirement graph's label and types (requirementCypher.ts). */
const KNOWN_LABELS: readonly string[] = [...NODE_LABELS, ...REQUIREMENT_LABELS];
const KNOWN_TYPES: readonly string[] = [...RELATIONSHIP_TYPES, ...REQUIREMENT_RELATIONSHIP_TYPES];
/** Property names accepted besides the column names themselves. */
const NODE_PROPERTY_ALIASES: Record<string, string> = { class: 'class_name' };

const AGGREGATES = new Set(['count', 'collect', 'min', 'max', 'sum', 'avg']);
/** Parameter values by name ($name), as parsed from JSON. */
export type CypherParams = Record<string, unknown>;

/** Compiles `query` to SQL; throws AppError('INPUT_INVALID') naming what is wrong and where. */
export function compileCypher(query: string, params: CypherParams = {}): CompiledCypher {
  const ast = parseCypher(query);
  // Over the requirement graph `edges` is a CTE, without rowid.
  const requirements = namesRequirementGraph(ast);
  const compiled = compileAst(ast, params, requirements ? 'struct' : 'rowid');
  return requirements ? { ...compiled, sql: overRequirementGraph(compiled.sql) } : compiled;
}

interface Binding {
  kind: 'node' | 'rel' | 'value' | 'path';
  /** Node / rel: the table alias (a rel carried through WITH: its struct column). Value: the table alias providing it ('' inside a lambda). */
  alias: string;
  /** For nodes: the label / literal-property filter of the pattern that bound it (bare columns). */
  filter: string | null;
  /** For nodes: the labels of the pattern that bound it; null when any. */
  labels?: string[] | null;
  /** For values: the SQL and its known type. */
  value?: Compiled;
  /** For paths: where its nodes and relationships are. */
  path?: PathInfo;
}

/** Variables in scope plus what every expression needs: the query state, the parameters and the rows' order. */
class Scope extends Map<string, Binding> {
  /** SQL keys of the order the rows arrive in, ascending; empty when none (rowOrder.ts). */
  ordinal: string[] = [];
  constructor(
    readonly state: QueryState,
    readonly params: CypherParams,
    entries: Iterable<[string, Binding]> = [],
  ) {
    super(entries);
  }
  child(): Scope {
    const child = new Scope(this.state, this.params, this);
    child.ordinal = this.ordinal;
    return child;
  }
}

interface Cond {
  sql: string;
  aliases: Set<string>;
  /** For `<relationship end> = <node>.id`: the two sides (an OPTIONAL MATCH chain rewrites it). */
  endpoint?: { end: string; node: string };
}

export function compileAst(ast: CypherQuery, params: CypherParams = {}, edgeKeys: EdgeKeys = 'rowid'): CompiledCypher {
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
  let body: string;
  const keyed = branches.map((b) => b.keyed);
  if (branches.length === 1) body = branches[0].sql;
  else if (!ast.unionAll[0] && keyed.every((k) => k !== undefined && k.nodeColumns.join() === keyed[0]!.nodeColumns.join())) {
    // UNION of whole nodes: deduplicate node ids, then fetch each surviving node once.
    const union = keyed.map((k, i) => `SELECT * FROM (${k!.sql}) AS u${i}`).join(' UNION ');
    body = fetchNodes(union, columns, keyed[0]!.nodeColumns);
  } else {
    const op = ast.unionAll[0] ? ' UNION ALL ' : ' UNION ';
    body = branches.map((b, i) => `SELECT * FROM (${b.sql}) AS u${i}`).join(op);
  }
  const sql = state.ctes.length > 0 ? `WITH RECURSIVE ${state.ctes.join(', ')} ${body}` : body;
  return { sql, columns };
}

interface CompiledPart {
  sql: string;
  columns: string[];
  /** The same rows with node ids in place of whole nodes (see returnKeyed); absent when not applicable. */
  keyed?: KeyedPart;
}

interface KeyedPart {
  sql: string;
  /** Per column: true where the column holds a node id that fetchNodes turns into the whole node. */
  nodeColumns: boolean[];
}

/** The query being built between two WITH clauses: its FROM items, WHERE conditions and scope. */
interface Segment {
  scope: Scope;
  from: string[];
  bound: Set<string>;
  where: string[];
}

/** Whether an expression holds an aggregate function (outside subqueries). */
function hasAggregateCall(expr: Expr): boolean {
  if (expr.kind === 'call' && AGGREGATES.has(expr.name.toLowerCase())) return true;
  const children: (Expr | null)[] =
    expr.kind === 'binary' ? [expr.left, expr.right]
    : expr.kind === 'unary' || expr.kind === 'isNull' || expr.kind === 'labelTest' ? [expr.operand]
    : expr.kind === 'call' || expr.kind === 'list' ? (expr.kind === 'call' ? expr.args : expr.items)
    : expr.kind === 'property' ? [expr.object]
    : expr.kind === 'case' ? [expr.subject, ...expr.whens.flatMap((w) => [w.when, w.then]), expr.otherwise]
    : expr.kind === 'index' ? [expr.object, expr.index]
    : expr.kind === 'slice' ? [expr.object, expr.from, expr.to]
    : expr.kind === 'map' ? expr.entries.map((e) => e.value)
    : expr.kind === 'listComp' ? [expr.list, expr.where, expr.map]
    : expr.kind === 'quantifier' ? [expr.list, expr.where]
    : [];
  return children.some((c) => c !== null && hasAggregateCall(c));
}

function compileSingle(part: SingleQuery, state: QueryState, params: CypherParams): CompiledPart {
  // MATCH ... RETURN DISTINCT without aggregates: how many walks join two nodes cannot show.
  state.distinctRows = part.clauses.every((c) => c.kind === 'match') && part.projection.distinct && !part.projection.items.some((i) => hasAggregateCall(i.expr));
  let segment: Segment = { scope: new Scope(state, params), from: [], bound: new Set(), where: [] };
  for (const clause of part.clauses) {
    if (clause.kind === 'match') {
      if (clause.optional) compileOptionalMatch(clause, segment.scope, state, segment.from, segment.bound);
      else compileMatch(clause, segment.scope, state, segment.from, segment.bound, segment.where);
    } else if (clause.kind === 'unwind') compileUnwind(clause.list, clause.variable, clause.pos, segment);
    else segment = compileWith(clause, segment);
  }
  return compileReturn(part.projection, segment.scope, segment.from, segment.where);
}

interface MatchParts {
  /** halfOpen: an undirected relationship whose self-loop rows have a NULL end `b` (see bindRel). */
  items: { alias: string; table: string; kind: 'node' | 'rel'; halfOpen?: boolean }[];
  conds: Cond[];
}

/** Tables and conditions of one MATCH's patterns; binds new variables into `scope`. */
function collectPatterns(match: MatchClause, scope: Scope, state: QueryState): MatchParts {
  const parts: MatchParts = { items: [], conds: [] };
  const simpleRels: SimpleRel[] = [];
  const rels = match.patterns.flatMap((path) => path.steps.map((step) => ({ rel: step.rel, shortest: path.shortest !== null })));
  for (const path of match.patterns) {
    // A named or shortest path binds every node (its nodes() lists them).
    const tracked = path.name !== null || path.shortest !== null;
    if (path.name !== null && scope.has(path.name)) throw cypherError(`Variable \`${path.name}\` is already bound`, path.pos);
    // Where the path stands: a bound node's id, or the end column of the previous relationship
    // when the node between is anonymous and unconstrained (every edge end is an existing node,
    // so joining `nodes` there adds nothing but planning and a scan); null at a free start.
    let left: Position | null = path.steps.length > 0 && isFree(path.start) && !tracked ? null : nodePosition(bindNode(path.start, scope, state, parts));
    const info: PathInfo = { start: left?.alias ?? '', steps: [] };
    let previous = path.start;
    path.steps.forEach((step, i) => {
      const ends = [labelsOf(previous, scope), labelsOf(step.node, scope)] as const;
      const mode: WalkMode = path.shortest ?? (path.name !== null || step.rel.variable !== null ? 'paths' : 'trails');
      const relPattern = path.shortest && !step.rel.varLength ? { ...step.rel, varLength: { min: 1, max: 1 } } : step.rel;
      // A trail shares no edge with the MATCH's other relationships (shortest paths aside).
      const shared = rels.some((other) => other.rel !== step.rel && !other.shortest && typesOverlap(other.rel.types, step.rel.types));
      const walk = { anchors: { left: anchorFilter(previous, scope), right: anchorFilter(step.node, scope) }, mode, pairsOnly: pairsOnly(relPattern, mode, shared, ends, state) };
      const rel = bindRel(relPattern, scope, state, parts, walk);
      if (!relPattern.varLength || mode === 'trails' || mode === 'paths') {
        // Cypher matches each relationship at most once per MATCH.
        const dir = step.rel.direction;
        const fixed = !relPattern.varLength;
        const key = step.rel.direction === 'both' ? `${rel.alias}.eid` : state.edgeKey(rel.alias);
        const self: SimpleRel = { alias: rel.alias, types: step.rel.types, walk: !fixed, key, src: fixed && dir !== 'both' ? ends[dir === 'out' ? 0 : 1] : null, dst: fixed && dir !== 'both' ? ends[dir === 'out' ? 1 : 0] : null };
        for (const other of simpleRels) {
          if (maySameEdge(self, other)) parts.conds.push({ sql: distinctEdges(self, other), aliases: new Set([rel.alias, other.alias]) });
        }
        simpleRels.push(self);
      }
      previous = step.node;
      const start = `${rel.alias}.${rel.a}`;
      if (left) parts.conds.push({ sql: `${start} = ${left.sql}`, aliases: new Set([rel.alias, left.alias]), endpoint: left.node ? { end: start, node: left.alias } : undefined });
      const end = `${rel.alias}.${rel.b}`;
      // A half-open relationship's NULL end must meet a join to drop the self-loop's second copy.
      const halfOpen = step.rel.direction === 'both' && !step.rel.varLength;
      if (isFree(step.node) && !tracked && !(halfOpen && i === path.steps.length - 1)) left = { sql: end, alias: rel.alias, node: false };
      else {
        const right = bindNode(step.node, scope, state, parts);
        parts.conds.push({ sql: `${end} = ${right}.id`, aliases: new Set([rel.alias, right]), endpoint: { end, node: right } });
        left = nodePosition(right);
        info.steps.push({ rel: rel.alias, walk: relPattern.varLength !== null, end: right });
      }
    });
    if (path.name !== null) scope.set(path.name, { kind: 'path', alias: info.start, filter: null, path: info });
  }
  return parts;
}

interface Position {
  sql: string;
  alias: string;
  node: boolean;
}

function nodePosition(alias: string): Position {
  return { sql: `${alias}.id`, alias, node: true };
}

/** An anonymous node pattern without labels or properties: `()`. */
function isFree(node: NodePattern): boolean {
  return node.variable === null && node.labels.length === 0 && node.properties.length === 0;
}

function bindNode(node: NodePattern, scope: Scope, state: QueryState, parts: MatchParts): string {
  let alias: string;
  let properties = node.properties;
  const existing = node.variable === null ? undefined : scope.get(node.variable);
  if (existing) {
    if (existing.kind !== 'node') throw cypherError(`Variable \`${node.variable}\` is a relationship, not a node`, node.pos);
    alias = existing.alias;
  } else {
    alias = state.next('n');
    const byName = nameLookup(node);
    parts.items.push({ alias, table: byName ? `${byName.table} AS ${alias}` : `nodes AS ${alias}`, kind: 'node' });
    if (node.variable !== null) scope.set(node.variable, { kind: 'node', alias, filter: nodeFilter(node), labels: node.labels.length > 0 ? node.labels : null });
    if (byName) properties = node.properties.filter((entry) => entry !== byName.entry);
  }
  if (node.labels.length > 0) {
    for (const label of node.labels) {
      if (!KNOWN_LABELS.includes(label)) {
        throw cypherError(`Unknown label :${label} (labels: ${KNOWN_LABELS.join(', ')})`, node.pos);
      }
    }
    const list = node.labels.map((l) => sqlString(l));
    parts.conds.push({ sql: list.length === 1 ? `${alias}.kind = ${list[0]}` : `${alias}.kind IN (${list.join(', ')})`, aliases: new Set([alias]) });
  }
  addPropertyConds(properties, alias, 'node', scope, parts);
  return alias;
}

/** Larger than any table: a LIMIT that keeps every row. */
const NO_LIMIT = '9223372036854775807';

/**
 * A new node pattern with a literal `name` and other filters (labels, more properties) reads its
 * rows through a name-only subquery: the name lookup sits below a no-op LIMIT that the other
 * filters cannot be pushed through, so the scan filters on the name alone and the rest applies
 * to the few rows left (bench:search, 100k nodes: Cypher lookups p50 11.8 ms, 13.4 ms without).
 */
function nameLookup(node: NodePattern): { table: string; entry: PropertyEntry } | null {
  if (node.labels.length === 0 && node.properties.length < 2) return null;
  const entry = node.properties.find((e) => e.key === 'name' && e.value.kind === 'literal' && typeof e.value.value === 'string');
  if (!entry || entry.value.kind !== 'literal') return null;
  return { table: `(SELECT * FROM nodes WHERE name = ${literalSql(entry.value.value)} LIMIT ${NO_LIMIT})`, entry };
}

/** Labels a node pattern requires: its own, else those of the pattern that bound its variable. */
function labelsOf(node: NodePattern, scope: Scope): string[] | null {
  if (node.labels.length > 0) return node.labels;
  const binding = node.variable === null ? undefined : scope.get(node.variable);
  return binding?.kind === 'node' ? (binding.labels ?? null) : null;
}

/** SQL over a bare `nodes` row for a node pattern's labels and literal properties; null when none. */
function nodeFilter(node: NodePattern): string | null {
  const conds: string[] = [];
  if (node.labels.length > 0) conds.push(`kind IN (${node.labels.map((l) => sqlString(l)).join(', ')})`);
  for (const entry of node.properties) {
    if (entry.value.kind !== 'literal' || entry.value.value === null) continue;
    conds.push(`${resolveProperty('node', entry.key, entry.pos)} = ${literalSql(entry.value.value)}`);
  }
  return conds.length > 0 ? conds.join(' AND ') : null;
}

function anchorFilter(node: NodePattern, scope: Scope): Anchor | null {
  const own = nodeFilter(node);
  if (own) return { filter: own, table: nameLookup(node)?.table ?? 'nodes' };
  const binding = node.variable === null ? undefined : scope.get(node.variable);
  return binding?.kind === 'node' && binding.filter !== null ? { filter: binding.filter, table: 'nodes' } : null;
}

function bindRel(
  rel: RelPattern,
  scope: Scope,
  state: QueryState,
  parts: MatchParts,
  walk: Omit<WalkSpec, 'bounds' | 'base'>,
): { alias: string; a: string; b: string } {
  if (rel.variable !== null && scope.has(rel.variable)) {
    throw cypherError(`Variable \`${rel.variable}\` is already bound; reusing it in a relationship is not supported`, rel.pos);
  }
  for (const type of rel.types) {
    if (!KNOWN_TYPES.includes(type)) {
      throw cypherError(`Unknown relationship type :${type} (types: ${KNOWN_TYPES.join(', ')})`, rel.pos);
    }
  }
  const alias = state.next('e');
  const typeFilter = rel.types.length === 0 ? 'TRUE' : `type IN (${rel.types.map((t) => sqlString(t)).join(', ')})`;
  const key = `${state.edgeKey(null)} AS eid`;
  const forward = `SELECT src AS a, dst AS b, src, dst, type, detail, ${key} FROM edges WHERE ${typeFilter}`;
  const backward = `SELECT dst AS a, src AS b, src, dst, type, detail, ${key} FROM edges WHERE ${typeFilter}`;
  const base =
    rel.direction === 'out' ? forward : rel.direction === 'in' ? backward : `${forward} UNION ALL ${backward} AND src <> dst`;
  // Undirected, fixed length: a self-loop's reversed copy keeps its row but gets a NULL end, which
  // no join on `b` matches. Same rows as filtering it out, but duckdb then still pushes the join
  // keys into both branches of the UNION ALL (the filter stops that: ~200k edges scanned).
  const halfOpen = `${forward} UNION ALL SELECT dst AS a, CASE WHEN src <> dst THEN src END AS b, src, dst, type, detail, ${key} FROM edges WHERE ${typeFilter}`;
  if (rel.varLength) {
    if (rel.properties.length > 0) throw cypherError('Properties on a variable-length relationship are not supported', rel.pos);
    const table = walkTable({ ...walk, bounds: rel.varLength, base }, state, rel.pos);
    parts.items.push({ alias, table: `${table} AS ${alias}`, kind: 'rel' });
    if (rel.variable !== null) scope.set(rel.variable, { kind: 'value', alias, filter: null, value: { sql: `${alias}.prels`, aliases: new Set([alias]), aggregate: false, entity: 'relList' } });
    return { alias, a: 'a', b: 'b' };
  }
  let ends = { a: 'a', b: 'b' };
  if (rel.direction === 'both') parts.items.push({ alias, table: `(${halfOpen}) AS ${alias}`, kind: 'rel', halfOpen: true });
  else {
    // A directed relationship joins `edges` itself (no subquery), so that duckdb pushes the join
    // keys and the type filter into the scan.
    parts.items.push({ alias, table: `edges AS ${alias}`, kind: 'rel' });
    ends = rel.direction === 'out' ? { a: 'src', b: 'dst' } : { a: 'dst', b: 'src' };
    if (rel.types.length > 0) {
      const list = rel.types.map((t) => sqlString(t));
      parts.conds.push({ sql: list.length === 1 ? `${alias}.type = ${list[0]}` : `${alias}.type IN (${list.join(', ')})`, aliases: new Set([alias]) });
    }
  }
  if (rel.variable !== null) scope.set(rel.variable, { kind: 'rel', alias, filter: null });
  addPropertyConds(rel.properties, alias, 'rel', scope, parts);
  return { alias, ...ends };
}

function addPropertyConds(entries: PropertyEntry[], alias: string, kind: 'node' | 'rel', scope: Scope, parts: MatchParts): void {
  for (const entry of entries) {
    const column = resolveProperty(kind, entry.key, entry.pos);
    const value = compileExpr(entry.value, scope, 'key');
    if (value.aggregate) throw cypherError('Aggregates are not allowed in a property map', entry.value.pos);
    parts.conds.push({ sql: `${alias}.${column} = ${value.sql}`, aliases: new Set([alias, ...value.aliases]) });
  }
}

function resolveProperty(kind: 'node' | 'rel', name: string, at: SourcePosition): string {
  if (kind === 'node') {
    if (NODE_COLUMN_NAMES.includes(name)) return name;
    if (NODE_PROPERTY_ALIASES[name]) return NODE_PROPERTY_ALIASES[name];
    throw cypherError(`Unknown node property '${name}' (node properties: ${[...NODE_COLUMN_NAMES, 'class'].join(', ')})`, at);
  }
  if (EDGE_COLUMN_NAMES.includes(name)) return name;
  throw cypherError(`Unknown relationship property '${name}' (relationship properties: ${EDGE_COLUMN_NAMES.join(', ')})`, at);
}

function compileMatch(match: MatchClause, scope: Scope, state: QueryState, from: string[], bound: Set<string>, where: string[]): void {
  const { items, conds } = collectPatterns(match, scope, state);
  const pending = [...conds];
  for (const item of items) {
    bound.add(item.alias);
    const ready = takeReady(pending, bound);
    if (from.length === 0) {
      from.push(`FROM ${item.table}`);
      where.push(...ready);
    } else if (ready.length === 0) from.push(`CROSS JOIN ${item.table}`);
    else from.push(`JOIN ${item.table} ON ${ready.join(' AND ')}`);
  }
  where.push(...pending.map((c) => c.sql));
  if (match.where) where.push(compileCondition(match.where, scope));
}

function compileOptionalMatch(match: MatchClause, scope: Scope, state: QueryState, from: string[], bound: Set<string>): void {
  const outer = new Set(bound);
  const { items, conds } = collectPatterns(match, scope, state);
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
  if (match.where) on.push(compileCondition(match.where, scope));
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
function chainable(match: MatchClause, items: MatchParts['items'], conds: Cond[]): boolean {
  if (match.where !== null || items.length > 2 || items[0]?.kind !== 'rel') return false;
  const end = items[1];
  if (!end) return true;
  if (items[0].halfOpen) return false;
  return end.kind === 'node' && conds.filter((c) => c.aliases.has(end.alias)).length === 1;
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

function compileCondition(expr: Expr, scope: Scope): string {
  const compiled = compileExpr(expr, scope, 'key');
  if (compiled.aggregate) throw cypherError('Aggregates are not allowed in WHERE', expr.pos);
  return compiled.sql;
}

/** 'value': a bare variable is the whole entity (struct); 'key': its identity (comparisons, counts). */
type EntityMode = 'value' | 'key';

function compileExpr(expr: Expr, scope: Scope, mode: EntityMode): Compiled {
  switch (expr.kind) {
    case 'literal':
      return { ...plain(literalSql(expr.value)), isString: typeof expr.value === 'string', isInt: Number.isInteger(expr.value) && !expr.text.includes('.') };
    case 'list': {
      const items = expr.items.map((i) => compileExpr(i, scope, 'value'));
      return plain(`[${items.map(listElement).join(', ')}]`, items, { intList: items.length > 0 && items.every((i) => i.isInt) });
    }
    case 'map': {
      if (expr.entries.length === 0) throw cypherError('An empty map {} is not supported', expr.pos);
      const entries = expr.entries.map((e) => ({ key: e.key, value: compileExpr(e.value, scope, 'value') }));
      return plain(`{${entries.map((e) => `${sqlString(e.key)}: ${listElement(e.value)}`).join(', ')}}`, entries.map((e) => e.value));
    }
    case 'param':
      return paramSql(expr.name, expr.pos, scope.params);
    case 'variable': {
      const binding = lookup(expr.name, expr.pos, scope);
      if (binding.kind === 'value') return { ...binding.value!, sql: mode === 'key' && binding.value!.entity === 'node' ? `(${binding.value!.sql}).id` : binding.value!.sql };
      if (binding.kind === 'path') {
        const info = binding.path!;
        // Identity: the node ids along the path.
        if (mode === 'key') return plain(pathNodeIds(info), [], { aliases: pathAliases(info) });
        return plain(`{'nodes': ${pathNodes(info)}, 'relationships': ${pathRels(info)}}`, [], { aliases: pathAliases(info), entity: 'path' });
      }
      const sql =
        binding.kind === 'node'
          ? mode === 'value'
            ? nodeStruct(binding.alias)
            : `${binding.alias}.id`
          : mode === 'value'
            ? relStruct(binding.alias)
            : `${binding.alias}.type`;
      return { sql, aliases: new Set([binding.alias]), aggregate: false, entity: mode === 'value' ? binding.kind : undefined };
    }
    case 'property': {
      if (expr.object.kind === 'variable') {
        const binding = lookup(expr.object.name, expr.object.pos, scope);
        if (binding.kind === 'node' || binding.kind === 'rel') {
          const column = resolveProperty(binding.kind, expr.name, expr.namePos);
          return { sql: `${binding.alias}.${column}`, aliases: new Set([binding.alias]), aggregate: false, isString: STRING_COLUMNS.has(column), isInt: INT_COLUMNS.has(column) };
        }
      }
      const object = compileExpr(expr.object, scope, 'value');
      if (object.entity === 'node' || object.entity === 'rel') {
        const column = resolveProperty(object.entity, expr.name, expr.namePos);
        return plain(`(${object.sql}).${column}`, [object], { isString: STRING_COLUMNS.has(column), isInt: INT_COLUMNS.has(column) });
      }
      return plain(`struct_extract(${object.sql}, ${sqlString(expr.name)})`, [object]);
    }
    case 'unary': {
      const operand = compileExpr(expr.operand, scope, 'key');
      return plain(expr.op === 'NOT' ? `(NOT ${operand.sql})` : `(-${operand.sql})`, [operand], { isInt: expr.op === '-' ? operand.isInt : undefined });
    }
    case 'isNull': {
      const operand = compileExpr(expr.operand, scope, 'key');
      return plain(`(${operand.sql} IS ${expr.negated ? 'NOT ' : ''}NULL)`, [operand]);
    }
    case 'binary':
      return compileBinary(expr, scope);
    case 'call':
      return compileCall(expr, scope);
    case 'case': {
      const subject = expr.subject ? compileExpr(expr.subject, scope, 'key') : null;
      const whens = expr.whens.map((w) => ({ when: compileExpr(w.when, scope, 'key'), then: compileExpr(w.then, scope, 'value') }));
      const otherwise = expr.otherwise ? compileExpr(expr.otherwise, scope, 'value') : null;
      const parts = [...(subject ? [subject] : []), ...whens.flatMap((w) => [w.when, w.then]), ...(otherwise ? [otherwise] : [])];
      const body = whens.map((w) => `WHEN ${w.when.sql} THEN ${w.then.sql}`).join(' ');
      const results = [...whens.map((w) => w.then), ...(otherwise ? [otherwise] : [])];
      return plain(`(CASE ${subject ? `${subject.sql} ` : ''}${body}${otherwise ? ` ELSE ${otherwise.sql}` : ''} END)`, parts, {
        isString: results.every((r) => r.isString),
        isInt: results.every((r) => r.isInt),
      });
    }
    case 'labelTest': {
      for (const label of expr.labels) checkLabel(label, expr.pos);
      const operand = compileExpr(expr.operand, scope, 'value');
      let kind: string;
      if (expr.operand.kind === 'variable' && scope.get(expr.operand.name)?.kind === 'node') kind = `${scope.get(expr.operand.name)!.alias}.kind`;
      else if (operand.entity === 'node') kind = `(${operand.sql}).kind`;
      else throw cypherError(`A label test needs a node, not '${expr.operand.text}'`, expr.pos);
      return plain(`(${kind} IN (${expr.labels.map((l) => sqlString(l)).join(', ')}))`, [operand]);
    }
    case 'index': {
      const object = compileExpr(expr.object, scope, 'value');
      const index = compileExpr(expr.index, scope, 'key');
      if (index.isString) return plain(`struct_extract(${object.sql}, ${index.sql})`, [object, index]);
      // Cypher counts from 0 (negative: from the end); DuckDB lists from 1 (negative: from the end).
      const position = expr.index.kind === 'literal' && typeof expr.index.value === 'number' ? String(expr.index.value >= 0 ? expr.index.value + 1 : expr.index.value) : `(CASE WHEN ${index.sql} >= 0 THEN ${index.sql} + 1 ELSE ${index.sql} END)`;
      return plain(`list_extract(${object.sql}, ${position})`, [object, index], { entity: elementEntity(object), isInt: object.intList });
    }
    case 'slice': {
      const object = compileExpr(expr.object, scope, 'value');
      const from = expr.from ? compileExpr(expr.from, scope, 'key') : null;
      const to = expr.to ? compileExpr(expr.to, scope, 'key') : null;
      const parts = [object, ...(from ? [from] : []), ...(to ? [to] : [])];
      const low = from ? `(CASE WHEN ${from.sql} >= 0 THEN ${from.sql} + 1 ELSE len(${object.sql}) + ${from.sql} + 1 END)` : '1';
      const high = to ? `(CASE WHEN ${to.sql} >= 0 THEN ${to.sql} ELSE len(${object.sql}) + ${to.sql} END)` : `len(${object.sql})`;
      return plain(`list_slice(${object.sql}, ${low}, ${high})`, parts, { entity: object.entity });
    }
    case 'pattern':
      return subquerySql({ mode: 'exists', matches: [{ optional: false, patterns: [expr.path], where: null, pos: expr.pos }], map: null }, scope);
    case 'subquery':
      return subquerySql({ mode: expr.mode, matches: expr.matches, map: null }, scope);
    case 'patternComp':
      return subquerySql({ mode: 'list', matches: [{ optional: false, patterns: [expr.path], where: expr.where, pos: expr.pos }], map: expr.map }, scope);
    case 'listComp':
    case 'quantifier':
      return compileListLambda(expr, scope);
  }
}

function elementEntity(list: Compiled): Compiled['entity'] {
  return list.entity === 'nodeList' ? 'node' : list.entity === 'relList' ? 'rel' : undefined;
}

function checkLabel(label: string, at: SourcePosition): void {
  if (!(NODE_LABELS as readonly string[]).includes(label)) throw cypherError(`Unknown label :${label} (labels: ${NODE_LABELS.join(', ')})`, at);
}

/** A parameter's JSON value as a SQL literal. */
function paramSql(name: string, at: SourcePosition, params: CypherParams): Compiled {
  if (!Object.hasOwn(params, name)) throw cypherError(`Missing parameter $${name} (give it in the parameters JSON object)`, at);
  const toSql = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'string') return sqlString(value);
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw cypherError(`Parameter $${name} is not a finite number`, at);
      return Number.isInteger(value) ? String(value) : `CAST(${value} AS DOUBLE)`;
    }
    if (Array.isArray(value)) return `[${value.map(toSql).join(', ')}]`;
    if (typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) throw cypherError(`Parameter $${name}: an empty map is not supported`, at);
      return `{${entries.map(([k, v]) => `${sqlString(k)}: ${toSql(v)}`).join(', ')}}`;
    }
    throw cypherError(`Parameter $${name} has an unsupported value`, at);
  };
  const value = params[name];
  return plain(toSql(value), [], { isString: typeof value === 'string', isInt: Number.isInteger(value) });
}

/** [x IN list WHERE p | e], any / all / none / single(x IN list WHERE p): DuckDB list lambdas. */
function compileListLambda(expr: Extract<Expr, { kind: 'listComp' } | { kind: 'quantifier' }>, scope: Scope): Compiled {
  const list = compileExpr(expr.list, scope, 'value');
  const variable = scope.state.next('lv');
  const inner = scope.child();
  inner.set(expr.variable, { kind: 'value', alias: '', filter: null, value: { sql: variable, aliases: new Set(), aggregate: false, entity: elementEntity(list), isInt: list.intList } });
  const where = expr.where ? compileExpr(expr.where, inner, 'key') : null;
  const filtered = where ? `list_filter(${list.sql}, lambda ${variable}: coalesce(${where.sql}, FALSE))` : list.sql;
  const parts = [list, ...(where ? [where] : [])];
  if (expr.kind === 'listComp') {
    if (!expr.map) return plain(filtered, parts, { entity: list.entity });
    const map = compileExpr(expr.map, inner, 'value');
    const entity = map.entity === 'node' ? 'nodeList' : map.entity === 'rel' ? 'relList' : undefined;
    return plain(`list_transform(${filtered}, lambda ${variable}: ${listElement(map)})`, [...parts, map], { entity, intList: map.isInt });
  }
  const hits = `len(${filtered})`;
  const sql = { any: `${hits} > 0`, none: `${hits} = 0`, single: `${hits} = 1`, all: `${hits} = len(${list.sql})` }[expr.fn];
  return plain(`(CASE WHEN ${list.sql} IS NULL THEN NULL ELSE ${sql} END)`, parts);
}

/** EXISTS / COUNT { } and pattern comprehensions: a correlated subquery over the pattern. */
function subquerySql(query: { mode: 'exists' | 'count' | 'list'; matches: MatchClause[]; map: Expr | null }, scope: Scope): Compiled {
  const inner = scope.child();
  const from: string[] = [];
  const bound = new Set<string>();
  const where: string[] = [];
  const outerDistinct = scope.state.distinctRows;
  scope.state.distinctRows = query.mode === 'exists';
  for (const match of query.matches) {
    if (match.optional) compileOptionalMatch(match, inner, scope.state, from, bound);
    else compileMatch(match, inner, scope.state, from, bound, where);
  }
  scope.state.distinctRows = outerDistinct;
  const body = `${from.join(' ')}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
  // The outer aliases it may read: all of them (it is only ready once they are bound).
  const aliases = new Set([...scope.values()].map((b) => b.alias).filter((a) => a !== '' && !a.includes('"')));
  if (query.mode === 'exists') return { sql: `EXISTS (SELECT 1 ${body})`, aliases, aggregate: false };
  if (query.mode === 'count') return { sql: `(SELECT count(*) ${body})`, aliases, aggregate: false, isInt: true };
  const map = compileExpr(query.map!, inner, 'value');
  if (map.aggregate) throw cypherError('Aggregates are not allowed in a pattern comprehension', query.map!.pos);
  const entity = map.entity === 'node' ? 'nodeList' : map.entity === 'rel' ? 'relList' : undefined;
  return { sql: `(SELECT coalesce(list(${listElement(map)}), []) ${body})`, aliases, aggregate: false, entity, intList: map.isInt };
}

function compileBinary(expr: Extract<Expr, { kind: 'binary' }>, scope: Scope): Compiled {
  const left = compileExpr(expr.left, scope, 'key');
  if (expr.op === 'IN' && expr.right.kind === 'list') {
    const items = expr.right.items.map((i) => compileExpr(i, scope, 'key'));
    const sql = items.length === 0 ? 'FALSE' : `(${left.sql} IN (${items.map((i) => i.sql).join(', ')}))`;
    return { sql, aliases: new Set([...left.aliases, ...items.flatMap((i) => [...i.aliases])]), aggregate: left.aggregate || items.some((i) => i.aggregate) };
  }
  const right = compileExpr(expr.right, scope, expr.op === 'IN' ? 'value' : 'key');
  const both = { aliases: new Set([...left.aliases, ...right.aliases]), aggregate: left.aggregate || right.aggregate };
  const l = left.sql;
  const r = right.sql;
  switch (expr.op) {
    case 'IN': {
      // A list of whole nodes: compare ids.
      const list = right.entity === 'nodeList' ? `list_transform(${r}, lambda x: x.id)` : r;
      return { sql: `list_contains(${list}, ${l})`, ...both };
    }
    case 'CONTAINS':
      return { sql: `contains(${l}, ${r})`, ...both };
    case 'STARTS WITH':
      return { sql: `starts_with(${l}, ${r})`, ...both };
    case 'ENDS WITH':
      return { sql: `ends_with(${l}, ${r})`, ...both };
    case '=~':
      return { sql: `regexp_full_match(${l}, ${r})`, ...both };
    case '+':
      if (left.isString || right.isString) return { sql: `(${l} || ${r})`, ...both, isString: true };
      return { sql: `(${l} + ${r})`, ...both, isInt: left.isInt && right.isInt };
    case '/':
      // Cypher divides two integers as integers (truncating toward zero).
      if (left.isInt && right.isInt) return { sql: `CAST(trunc(${l} / ${r}) AS BIGINT)`, ...both, isInt: true };
      return { sql: `(${l} / ${r})`, ...both };
    case 'XOR':
      return { sql: `(${l} <> ${r})`, ...both };
    case '^':
      return { sql: `power(${l}, ${r})`, ...both };
    case '-':
    case '*':
    case '%':
      return { sql: `(${l} ${expr.op} ${r})`, ...both, isInt: left.isInt && right.isInt };
    default:
      return { sql: `(${l} ${expr.op} ${r})`, ...both };
  }
}

function compileCall(expr: Extract<Expr, { kind: 'call' }>, scope: Scope): Compiled {
  const name = expr.name.toLowerCase();
  const arity = (n: number, most = n): void => {
    if (expr.args.length < n || expr.args.length > most || expr.star) throw cypherError(`${expr.name}() takes ${n === most ? n : `${n} to ${most}`} argument${most === 1 ? '' : 's'}`, expr.pos);
  };
  if (expr.distinct && !AGGREGATES.has(name)) throw cypherError(`DISTINCT is only allowed in aggregate functions, not ${expr.name}()`, expr.pos);
  if (AGGREGATES.has(name)) {
    if (expr.star) {
      if (name !== 'count') throw cypherError(`${expr.name}(*) is not supported`, expr.pos);
      return { sql: 'count(*)', aliases: new Set(), aggregate: true, isInt: true };
    }
    arity(1);
    const arg = compileExpr(expr.args[0], scope, name === 'collect' ? 'value' : 'key');
    if (arg.aggregate) throw cypherError(`Nested aggregate in ${expr.name}()`, expr.pos);
    const distinct = expr.distinct ? 'DISTINCT ' : '';
    let sql: string;
    let entity: Compiled['entity'];
    if (name === 'collect') {
      const key = compileExpr(expr.args[0], scope, 'key').sql;
      // In the order the rows arrive in (rowOrder.ts); DuckDB sorts no DISTINCT aggregate by other keys.
      const ordered = !expr.distinct && scope.ordinal.length > 0 ? ` ORDER BY ${scope.ordinal.join(', ')}` : '';
      sql = `coalesce(list(${distinct}${listElement(arg)}${ordered}) FILTER (WHERE ${key} IS NOT NULL), [])`;
      entity = arg.entity === 'node' ? 'nodeList' : arg.entity === 'rel' ? 'relList' : undefined;
    } else sql = `${name}(${distinct}${arg.sql})`;
    return { sql, aliases: arg.aliases, aggregate: true, entity, intList: name === 'collect' && arg.isInt, isInt: name === 'count' || ((name === 'min' || name === 'max' || name === 'sum') && arg.isInt), isString: (name === 'min' || name === 'max') && arg.isString };
  }
  if (name === 'labels' || name === 'label' || name === 'type' || name === 'id') {
    arity(1);
    const arg = expr.args[0]!;
    const binding = arg.kind === 'variable' ? lookup(arg.name, arg.pos, scope) : null;
    const wanted = name === 'type' ? 'rel' : name === 'label' ? null : 'node';
    let kindSql: string;
    let idSql: string;
    let isRel: boolean;
    if (binding && (binding.kind === 'node' || binding.kind === 'rel')) {
      isRel = binding.kind === 'rel';
      kindSql = isRel ? `${binding.alias}.type` : `${binding.alias}.kind`;
      idSql = `${binding.alias}.id`;
    } else {
      const value = compileExpr(arg, scope, 'value');
      if (value.entity !== 'node' && value.entity !== 'rel') throw cypherError(`${expr.name}() takes a ${wanted === 'rel' ? 'relationship' : 'node'} variable`, expr.pos);
      isRel = value.entity === 'rel';
      kindSql = isRel ? `(${value.sql}).type` : `(${value.sql}).kind`;
      idSql = `(${value.sql}).id`;
    }
    if (wanted !== null && (wanted === 'rel') !== isRel) throw cypherError(`${expr.name}() takes a ${wanted === 'rel' ? 'relationship' : 'node'} variable`, expr.pos);
    const aliases = binding ? new Set([binding.alias]) : compileExpr(arg, scope, 'value').aliases;
    const sql = name === 'labels' ? `CASE WHEN ${kindSql} IS NULL THEN NULL ELSE [${kindSql}] END` : name === 'id' ? idSql : kindSql;
    return { sql, aliases, aggregate: false, isString: name !== 'labels' && name !== 'id', isInt: name === 'id' };
  }
  if (name === 'length' || name === 'nodes' || name === 'relationships' || name === 'rels') {
    arity(1);
    const arg = expr.args[0]!;
    const binding = arg.kind === 'variable' ? scope.get(arg.name) : undefined;
    if (binding?.kind === 'path') {
      const info = binding.path!;
      const aliases = pathAliases(info);
      if (name === 'length') return { sql: pathLength(info), aliases, aggregate: false, isInt: true };
      if (name === 'nodes') return { sql: pathNodes(info), aliases, aggregate: false, entity: 'nodeList' };
      return { sql: pathRels(info), aliases, aggregate: false, entity: 'relList' };
    }
    const path = compileExpr(arg, scope, 'value');
    if (path.entity === 'path') {
      if (name === 'length') return plain(`len((${path.sql}).relationships)`, [path], { isInt: true });
      return plain(`(${path.sql}).${name === 'nodes' ? 'nodes' : 'relationships'}`, [path], { entity: name === 'nodes' ? 'nodeList' : 'relList' });
    }
    if (name !== 'length') throw cypherError(`${expr.name}() takes a path variable (MATCH p = ...)`, expr.pos);
    const value = compileExpr(arg, scope, 'key');
    return plain(`len(${value.sql})`, [value], { isInt: true });
  }
  if (name === 'keys' || name === 'properties') {
    arity(1);
    const arg = expr.args[0]!;
    const binding = arg.kind === 'variable' ? scope.get(arg.name) : undefined;
    const value = compileExpr(arg, scope, 'value');
    const entity = binding?.kind === 'node' || binding?.kind === 'rel' ? binding.kind : value.entity;
    if (entity !== 'node' && entity !== 'rel') {
      if (name === 'keys') return plain(`json_keys(to_json(${value.sql}))`, [value]);
      return value;
    }
    if (name === 'properties') {
      if (entity === 'rel') return value;
      return plain(nodeProperties(binding?.kind === 'node' ? binding.alias : `(${value.sql})`), [value]);
    }
    // Every property of the schema, as Kuzu lists them (a graph with a fixed schema).
    const columns = entity === 'node' ? NODE_COLUMN_NAMES : EDGE_COLUMN_NAMES;
    return plain(`CASE WHEN (${value.sql}) IS NULL THEN NULL ELSE [${columns.map((c) => sqlString(c)).join(', ')}] END`, [value]);
  }
  if (name === 'exists') {
    arity(1);
    const arg = compileExpr(expr.args[0]!, scope, 'key');
    return plain(`(${arg.sql} IS NOT NULL)`, [arg]);
  }
  if (name === 'size' && expr.args.length === 1 && expr.args[0]!.kind === 'pattern') {
    // size((a)-[:T]->()): the number of matches, as COUNT { }.
    const pattern = expr.args[0]!;
    return subquerySql({ mode: 'count', matches: [{ optional: false, patterns: [pattern.path], where: null, pos: pattern.pos }], map: null }, scope);
  }
  const fn = SCALAR_FUNCTIONS[name];
  if (!fn) throw cypherError(`Function ${expr.name}() is not supported`, expr.pos);
  arity(fn.min, fn.max);
  const args = expr.args.map((a) => compileExpr(a, scope, fn.entity ? 'value' : 'key'));
  const out = fn.sql(args.map((a) => a.sql), args);
  return plain(out.sql, args, { isString: out.isString, isInt: out.isInt, intList: out.intList, entity: out.entity });
}

function lookup(name: string, at: SourcePosition, scope: Scope): Binding {
  const binding = scope.get(name);
  if (!binding) throw cypherError(`Variable \`${name}\` is not defined`, at);
  return binding;
}

/**
 * Wraps a query whose node columns hold ids: joins each to `nodes` and builds the whole node,
 * so that DISTINCT / UNION compare integers instead of structs of every column.
 */
function fetchNodes(keyedSql: string, columns: string[], nodeColumns: boolean[]): string {
  const joins: string[] = [];
  const select = columns.map((column, i) => {
    const col = `k.${quoteIdent(column)}`;
    if (!nodeColumns[i]) return `${col} AS ${quoteIdent(column)}`;
    joins.push(`LEFT JOIN nodes AS f${i} ON f${i}.id = ${col}`);
    return `${nodeStruct(`f${i}`)} AS ${quoteIdent(column)}`;
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
function compileWith(clause: WithClause, segment: Segment): Segment {
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
  if (clause.where) next.where.push(compileCondition(clause.where, next.scope));
  return next;
}

/** UNWIND list AS x: a lateral unnest; a list of whole nodes re-joins `nodes` so that x is a node again. */
function compileUnwind(listExpr: Expr, variable: string, at: SourcePosition, segment: Segment): void {
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

function compileReturn(projection: Projection, scope: Scope, from: string[], where: string[]): CompiledPart {
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
  if (keyed && part.distinct) return { sql: fetchNodes(keyed.sql, columns, nodeColumns), columns, keyed };
  return { sql: statement(select), columns, keyed };
}
