/**
 * @file Compiles the read-only Cypher subset to one DuckDB SELECT (or WITH RECURSIVE ... SELECT)
 * over the graph tables `nodes` and `edges` (DESIGN.md section 3). Node labels are `kind`
 * values; relationship types are `edges.type`; A.8's property `class` maps to `class_name`.
 * Whole nodes come back as structs of every node column; OPTIONAL MATCH is a LEFT JOIN;
 * variable-length relationships are bounded recursive CTEs. Runs in: everywhere.
 */
import { EDGE_COLUMNS, NODE_COLUMNS } from '../store/schema.ts';
import { sqlString } from '../store/sqlConnection.ts';
import type { CypherQuery, Expr, MatchClause, NodePattern, PropertyEntry, RelPattern, SingleQuery } from './ast.ts';
import { cypherError } from './errors.ts';
import type { SourcePosition } from './errors.ts';
import { parseCypher } from './parser.ts';
import { namesRequirementGraph, overRequirementGraph, REQUIREMENT_LABELS, REQUIREMENT_RELATIONSHIP_TYPES } from '../requirements/requirementCypher.ts';

export interface CompiledCypher {
  sql: string;
  /** Output column names, in order (the AS alias, or the item's source text). */
  columns: string[];
}

export const NODE_LABELS = ['Repo', 'Module', 'Class', 'Function', 'Method', 'Field', 'GlobalVariable'] as const;
export const RELATIONSHIP_TYPES = ['CONTAINS', 'HAS_METHOD', 'HAS_FIELD', 'INHERITS', 'USES', 'IMPORTS', 'SIMILAR'] as const;

/** Accepted besides the code graph's: the requirement graph's label and types (requirementCypher.ts). */
const KNOWN_LABELS: readonly string[] = [...NODE_LABELS, ...REQUIREMENT_LABELS];
const KNOWN_TYPES: readonly string[] = [...RELATIONSHIP_TYPES, ...REQUIREMENT_RELATIONSHIP_TYPES];
const NODE_COLUMN_NAMES: string[] = NODE_COLUMNS.map((c) => c.name);
const EDGE_COLUMN_NAMES: string[] = EDGE_COLUMNS.map((c) => c.name);
/** Property names accepted besides the column names themselves. */
const NODE_PROPERTY_ALIASES: Record<string, string> = { class: 'class_name' };

const AGGREGATES = new Set(['count', 'collect', 'min', 'max', 'sum', 'avg']);
const SCALAR_FUNCTIONS: Record<string, string> = {
  tolower: 'lower',
  toupper: 'upper',
  trim: 'trim',
  size: 'len',
  coalesce: 'coalesce',
};

/** Compiles `query` to SQL; throws AppError('INPUT_INVALID') naming what is wrong and where. */
export function compileCypher(query: string): CompiledCypher {
  const ast = parseCypher(query);
  const compiled = compileAst(ast);
  return namesRequirementGraph(ast) ? { ...compiled, sql: overRequirementGraph(compiled.sql) } : compiled;
}

interface Binding {
  kind: 'node' | 'rel';
  alias: string;
  /** For nodes: the label / literal-property filter of the pattern that bound it (bare columns). */
  filter: string | null;
  /** For nodes: the labels of the pattern that bound it; null when any. */
  labels?: string[] | null;
}

interface Cond {
  sql: string;
  aliases: Set<string>;
  /** For `<relationship end> = <node>.id`: the two sides (an OPTIONAL MATCH chain rewrites it). */
  endpoint?: { end: string; node: string };
}

interface Compiled {
  sql: string;
  aliases: Set<string>;
  aggregate: boolean;
  /** Known to be a string (a VARCHAR column, a string literal, a concatenation): `+` concatenates. */
  isString?: boolean;
}

const STRING_COLUMNS = new Set<string>([...NODE_COLUMNS, ...EDGE_COLUMNS].filter((c) => c.type === 'VARCHAR').map((c) => c.name));

/** State shared by every UNION branch: CTEs and alias counters. */
class QueryState {
  readonly ctes: string[] = [];
  private counter = 0;
  next(prefix: string): string {
    return `${prefix}${this.counter++}`;
  }
}

export function compileAst(ast: CypherQuery): CompiledCypher {
  const state = new QueryState();
  const branches = ast.parts.map((part) => compileSingle(part, state));
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

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function literalSql(value: string | number | boolean | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'string') return sqlString(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
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

function compileSingle(part: SingleQuery, state: QueryState): CompiledPart {
  const scope = new Map<string, Binding>();
  const from: string[] = [];
  const bound = new Set<string>();
  const where: string[] = [];
  for (const match of part.matches) {
    if (match.optional) compileOptionalMatch(match, scope, state, from, bound);
    else compileMatch(match, scope, state, from, bound, where);
  }
  return compileReturn(part, scope, from, where);
}

interface MatchParts {
  /** halfOpen: an undirected relationship whose self-loop rows have a NULL end `b` (see bindRel). */
  items: { alias: string; table: string; kind: 'node' | 'rel'; halfOpen?: boolean }[];
  conds: Cond[];
}

/** Tables and conditions of one MATCH's patterns; binds new variables into `scope`. */
function collectPatterns(match: MatchClause, scope: Map<string, Binding>, state: QueryState): MatchParts {
  const parts: MatchParts = { items: [], conds: [] };
  const simpleRels: SimpleRel[] = [];
  for (const path of match.patterns) {
    // Where the path stands: a bound node's id, or the end column of the previous relationship
    // when the node between is anonymous and unconstrained (every edge end is an existing node,
    // so joining `nodes` there adds nothing but planning and a scan); null at a free start.
    let left: Position | null = path.steps.length > 0 && isFree(path.start) ? null : nodePosition(bindNode(path.start, scope, state, parts));
    let previous = path.start;
    path.steps.forEach((step, i) => {
      const anchors = { left: anchorFilter(previous, scope), right: anchorFilter(step.node, scope) };
      const rel = bindRel(step.rel, scope, state, parts, anchors);
      if (!step.rel.varLength) {
        // Cypher matches each relationship at most once per MATCH.
        const ends = [labelsOf(previous, scope), labelsOf(step.node, scope)];
        const dir = step.rel.direction;
        const self: SimpleRel = { alias: rel.alias, types: step.rel.types, src: dir === 'out' ? ends[0]! : dir === 'in' ? ends[1]! : null, dst: dir === 'out' ? ends[1]! : dir === 'in' ? ends[0]! : null };
        for (const other of simpleRels) {
          if (maySameEdge(self, other)) parts.conds.push({ sql: distinctEdges(rel.alias, other.alias), aliases: new Set([rel.alias, other.alias]) });
        }
        simpleRels.push(self);
      }
      previous = step.node;
      const start = `${rel.alias}.${rel.a}`;
      if (left) parts.conds.push({ sql: `${start} = ${left.sql}`, aliases: new Set([rel.alias, left.alias]), endpoint: left.node ? { end: start, node: left.alias } : undefined });
      const end = `${rel.alias}.${rel.b}`;
      // A half-open relationship's NULL end must meet a join to drop the self-loop's second copy.
      const halfOpen = step.rel.direction === 'both' && !step.rel.varLength;
      if (isFree(step.node) && !(halfOpen && i === path.steps.length - 1)) left = { sql: end, alias: rel.alias, node: false };
      else {
        const right = bindNode(step.node, scope, state, parts);
        parts.conds.push({ sql: `${end} = ${right}.id`, aliases: new Set([rel.alias, right]), endpoint: { end, node: right } });
        left = nodePosition(right);
      }
    });
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

function bindNode(node: NodePattern, scope: Map<string, Binding>, state: QueryState, parts: MatchParts): string {
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
 * rows through the nodes_name index: duckdb scans an ART index only when the equality is the
 * scan's single filter, so the name lookup sits below a no-op LIMIT that the other filters cannot
 * be pushed through (a sequential scan of 100k names costs ~10 ms, the index lookup ~1 ms).
 */
function nameLookup(node: NodePattern): { table: string; entry: PropertyEntry } | null {
  if (node.labels.length === 0 && node.properties.length < 2) return null;
  const entry = node.properties.find((e) => e.key === 'name' && e.value.kind === 'literal' && typeof e.value.value === 'string');
  if (!entry || entry.value.kind !== 'literal') return null;
  return { table: `(SELECT * FROM nodes WHERE name = ${literalSql(entry.value.value)} LIMIT ${NO_LIMIT})`, entry };
}

function typesOverlap(x: string[], y: string[]): boolean {
  return x.length === 0 || y.length === 0 || x.some((t) => y.includes(t));
}

/** A fixed-length relationship of a MATCH: its types and the labels its src / dst must have (null: any). */
interface SimpleRel {
  alias: string;
  types: string[];
  src: string[] | null;
  dst: string[] | null;
}

/**
 * Whether two relationships of one MATCH could be the same edge: only then do they need the
 * uniqueness condition (a condition between two relations makes duckdb's join planner, most of
 * a lookup's time, slower). Disjoint types, or disjoint labels at the same end, rule it out.
 */
function maySameEdge(x: SimpleRel, y: SimpleRel): boolean {
  const overlap = (a: string[] | null, b: string[] | null) => a === null || b === null || a.some((l) => b.includes(l));
  return typesOverlap(x.types, y.types) && overlap(x.src, y.src) && overlap(x.dst, y.dst);
}

/** Labels a node pattern requires: its own, else those of the pattern that bound its variable. */
function labelsOf(node: NodePattern, scope: Map<string, Binding>): string[] | null {
  if (node.labels.length > 0) return node.labels;
  const binding = node.variable === null ? undefined : scope.get(node.variable);
  return binding?.kind === 'node' ? (binding.labels ?? null) : null;
}

function distinctEdges(x: string, y: string): string {
  return `NOT (${x}.src = ${y}.src AND ${x}.dst = ${y}.dst AND ${x}.type = ${y}.type AND ${x}.detail IS NOT DISTINCT FROM ${y}.detail)`;
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

/** The nodes a variable-length search may start from: its pattern's filter, or its binding's. */
interface Anchor {
  filter: string;
  /** Where to read them: `nodes`, or a name lookup through the index (see nameLookup). */
  table: string;
}

function anchorFilter(node: NodePattern, scope: Map<string, Binding>): Anchor | null {
  const own = nodeFilter(node);
  if (own) return { filter: own, table: nameLookup(node)?.table ?? 'nodes' };
  const binding = node.variable === null ? undefined : scope.get(node.variable);
  return binding?.kind === 'node' && binding.filter !== null ? { filter: binding.filter, table: 'nodes' } : null;
}

function bindRel(
  rel: RelPattern,
  scope: Map<string, Binding>,
  state: QueryState,
  parts: MatchParts,
  anchors: { left: Anchor | null; right: Anchor | null },
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
  const forward = `SELECT src AS a, dst AS b, src, dst, type, detail FROM edges WHERE ${typeFilter}`;
  const backward = `SELECT dst AS a, src AS b, src, dst, type, detail FROM edges WHERE ${typeFilter}`;
  const base =
    rel.direction === 'out' ? forward : rel.direction === 'in' ? backward : `${forward} UNION ALL ${backward} AND src <> dst`;
  // Undirected, fixed length: a self-loop's reversed copy keeps its row but gets a NULL end, which
  // no join on `b` matches. Same rows as filtering it out, but duckdb then still pushes the join
  // keys into both branches of the UNION ALL (the filter stops that: ~200k edges scanned).
  const halfOpen = `${forward} UNION ALL SELECT dst AS a, CASE WHEN src <> dst THEN src END AS b, src, dst, type, detail FROM edges WHERE ${typeFilter}`;
  if (rel.varLength) {
    if (rel.variable !== null) throw cypherError('A variable on a variable-length relationship is not supported', rel.pos);
    if (rel.properties.length > 0) throw cypherError('Properties on a variable-length relationship are not supported', rel.pos);
    const cte = state.next('vl');
    const { min, max } = rel.varLength;
    // Walk from the constrained end when only one end is constrained (right: walk the reversed edges).
    const fromRight = anchors.left === null && anchors.right !== null;
    const walked = fromRight ? `SELECT b AS a, a AS b FROM (${base}) AS w` : base;
    const anchor = fromRight ? anchors.right : anchors.left;
    const seed = anchor === null ? '' : ` WHERE a IN (SELECT id FROM ${anchor.table === 'nodes' ? 'nodes' : `${anchor.table} AS seed`} WHERE ${anchor.filter})`;
    state.ctes.push(
      `${cte}(a, b, depth) AS (SELECT a, b, 1 FROM (${walked}) AS s${seed} UNION ` +
        `SELECT v.a, s.b, v.depth + 1 FROM ${cte} AS v JOIN (${walked}) AS s ON s.a = v.b WHERE v.depth < ${max})`,
    );
    const ends = fromRight ? 'b AS a, a AS b' : 'a, b';
    parts.items.push({ alias, table: `(SELECT DISTINCT ${ends} FROM ${cte} WHERE depth >= ${min}) AS ${alias}`, kind: 'rel' });
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

function addPropertyConds(entries: PropertyEntry[], alias: string, kind: 'node' | 'rel', scope: Map<string, Binding>, parts: MatchParts): void {
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

function compileMatch(match: MatchClause, scope: Map<string, Binding>, state: QueryState, from: string[], bound: Set<string>, where: string[]): void {
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

function compileOptionalMatch(match: MatchClause, scope: Map<string, Binding>, state: QueryState, from: string[], bound: Set<string>): void {
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

function compileCondition(expr: Expr, scope: Map<string, Binding>): string {
  const compiled = compileExpr(expr, scope, 'key');
  if (compiled.aggregate) throw cypherError('Aggregates are not allowed in WHERE', expr.pos);
  return compiled.sql;
}

function nodeStruct(alias: string): string {
  const fields = NODE_COLUMN_NAMES.map((c) => `'${c}': ${alias}.${c}`).join(', ');
  return `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE {${fields}} END`;
}

function relStruct(alias: string): string {
  const fields = EDGE_COLUMN_NAMES.map((c) => `'${c}': ${alias}.${c}`).join(', ');
  return `CASE WHEN ${alias}.type IS NULL THEN NULL ELSE {${fields}} END`;
}

/** 'value': a bare variable is the whole entity (struct); 'key': its identity (comparisons, counts). */
type EntityMode = 'value' | 'key';

function compileExpr(expr: Expr, scope: Map<string, Binding>, mode: EntityMode): Compiled {
  const plain = (sql: string, parts: Compiled[] = []): Compiled => ({
    sql,
    aliases: new Set(parts.flatMap((p) => [...p.aliases])),
    aggregate: parts.some((p) => p.aggregate),
  });
  switch (expr.kind) {
    case 'literal':
      return { ...plain(literalSql(expr.value)), isString: typeof expr.value === 'string' };
    case 'list': {
      const items = expr.items.map((i) => compileExpr(i, scope, 'value'));
      return plain(`[${items.map((i) => i.sql).join(', ')}]`, items);
    }
    case 'variable': {
      const binding = lookup(expr.name, expr.pos, scope);
      const sql =
        binding.kind === 'node'
          ? mode === 'value'
            ? nodeStruct(binding.alias)
            : `${binding.alias}.id`
          : mode === 'value'
            ? relStruct(binding.alias)
            : `${binding.alias}.type`;
      return { sql, aliases: new Set([binding.alias]), aggregate: false };
    }
    case 'property': {
      if (expr.object.kind !== 'variable') throw cypherError(`Property access on '${expr.object.text}' is not supported (use variable.property)`, expr.pos);
      const binding = lookup(expr.object.name, expr.object.pos, scope);
      const column = resolveProperty(binding.kind, expr.name, expr.namePos);
      return { sql: `${binding.alias}.${column}`, aliases: new Set([binding.alias]), aggregate: false, isString: STRING_COLUMNS.has(column) };
    }
    case 'unary': {
      const operand = compileExpr(expr.operand, scope, 'key');
      return plain(expr.op === 'NOT' ? `(NOT ${operand.sql})` : `(-${operand.sql})`, [operand]);
    }
    case 'isNull': {
      const operand = compileExpr(expr.operand, scope, 'key');
      return plain(`(${operand.sql} IS ${expr.negated ? 'NOT ' : ''}NULL)`, [operand]);
    }
    case 'binary':
      return compileBinary(expr, scope);
    case 'call':
      return compileCall(expr, scope);
  }
}

function compileBinary(expr: Extract<Expr, { kind: 'binary' }>, scope: Map<string, Binding>): Compiled {
  const left = compileExpr(expr.left, scope, 'key');
  if (expr.op === 'IN' && expr.right.kind === 'list') {
    const items = expr.right.items.map((i) => compileExpr(i, scope, 'key'));
    const sql = items.length === 0 ? 'FALSE' : `(${left.sql} IN (${items.map((i) => i.sql).join(', ')}))`;
    return { sql, aliases: new Set([...left.aliases, ...items.flatMap((i) => [...i.aliases])]), aggregate: left.aggregate || items.some((i) => i.aggregate) };
  }
  const right = compileExpr(expr.right, scope, 'key');
  const both = { aliases: new Set([...left.aliases, ...right.aliases]), aggregate: left.aggregate || right.aggregate };
  const l = left.sql;
  const r = right.sql;
  switch (expr.op) {
    case 'IN':
      return { sql: `list_contains(${r}, ${l})`, ...both };
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
      return { sql: `(${l} + ${r})`, ...both };
    default:
      return { sql: `(${l} ${expr.op} ${r})`, ...both };
  }
}

function compileCall(expr: Extract<Expr, { kind: 'call' }>, scope: Map<string, Binding>): Compiled {
  const name = expr.name.toLowerCase();
  const arity = (n: number): void => {
    if (expr.args.length !== n || expr.star) throw cypherError(`${expr.name}() takes ${n} argument${n === 1 ? '' : 's'}`, expr.pos);
  };
  if (expr.distinct && !AGGREGATES.has(name)) throw cypherError(`DISTINCT is only allowed in aggregate functions, not ${expr.name}()`, expr.pos);
  if (AGGREGATES.has(name)) {
    if (expr.star) {
      if (name !== 'count') throw cypherError(`${expr.name}(*) is not supported`, expr.pos);
      return { sql: 'count(*)', aliases: new Set(), aggregate: true };
    }
    arity(1);
    const arg = compileExpr(expr.args[0], scope, name === 'collect' ? 'value' : 'key');
    if (arg.aggregate) throw cypherError(`Nested aggregate in ${expr.name}()`, expr.pos);
    const distinct = expr.distinct ? 'DISTINCT ' : '';
    let sql: string;
    if (name === 'collect') {
      const key = compileExpr(expr.args[0], scope, 'key').sql;
      sql = `coalesce(list(${distinct}${arg.sql}) FILTER (WHERE ${key} IS NOT NULL), [])`;
    } else sql = `${name}(${distinct}${arg.sql})`;
    return { sql, aliases: arg.aliases, aggregate: true };
  }
  if (name === 'labels' || name === 'type' || name === 'id') {
    arity(1);
    const arg = expr.args[0];
    if (arg.kind !== 'variable') throw cypherError(`${expr.name}() takes a variable`, expr.pos);
    const binding = lookup(arg.name, arg.pos, scope);
    const wanted = name === 'type' ? 'rel' : 'node';
    if (binding.kind !== wanted) throw cypherError(`${expr.name}() takes a ${wanted === 'rel' ? 'relationship' : 'node'} variable`, expr.pos);
    const a = binding.alias;
    const sql = name === 'labels' ? `CASE WHEN ${a}.id IS NULL THEN NULL ELSE [${a}.kind] END` : name === 'type' ? `${a}.type` : `${a}.id`;
    return { sql, aliases: new Set([a]), aggregate: false };
  }
  if (name === 'tostring' || name === 'tointeger') {
    arity(1);
    const arg = compileExpr(expr.args[0], scope, 'key');
    return { ...arg, sql: `TRY_CAST(${arg.sql} AS ${name === 'tostring' ? 'VARCHAR' : 'BIGINT'})` };
  }
  const sqlName = SCALAR_FUNCTIONS[name];
  if (!sqlName) throw cypherError(`Function ${expr.name}() is not supported`, expr.pos);
  if (name !== 'coalesce') arity(1);
  const args = expr.args.map((a) => compileExpr(a, scope, name === 'coalesce' ? 'value' : 'key'));
  return {
    sql: `${sqlName}(${args.map((a) => a.sql).join(', ')})`,
    aliases: new Set(args.flatMap((a) => [...a.aliases])),
    aggregate: args.some((a) => a.aggregate),
  };
}

function lookup(name: string, at: SourcePosition, scope: Map<string, Binding>): Binding {
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

function compileReturn(part: SingleQuery, scope: Map<string, Binding>, from: string[], where: string[]): CompiledPart {
  const items = part.items.map((item) => ({ compiled: compileExpr(item.expr, scope, 'value'), column: item.alias ?? item.expr.text }));
  const columns = items.map((i) => i.column);
  const seen = new Set<string>();
  part.items.forEach((item, i) => {
    if (seen.has(columns[i])) throw cypherError(`Column name '${columns[i]}' is returned twice (use AS)`, item.expr.pos);
    seen.add(columns[i]);
  });
  const select = items.map((i) => `${i.compiled.sql} AS ${quoteIdent(i.column)}`).join(', ');
  const hasAggregate = items.some((i) => i.compiled.aggregate);
  const groupBy = hasAggregate ? items.filter((i) => !i.compiled.aggregate).map((i) => i.compiled.sql) : [];
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
  const statement = (selectList: string): string => {
    const parts = [`SELECT ${part.distinct ? 'DISTINCT ' : ''}${selectList}`, ...from];
    if (where.length > 0) parts.push(`WHERE ${where.join(' AND ')}`);
    if (groupBy.length > 0) parts.push(`GROUP BY ${groupBy.join(', ')}`);
    if (order.length > 0) parts.push(`ORDER BY ${order.join(', ')}`);
    if (part.limit !== null) parts.push(`LIMIT ${part.limit}`);
    if (part.skip !== null) parts.push(`OFFSET ${part.skip}`);
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
