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

export interface CompiledCypher {
  sql: string;
  /** Output column names, in order (the AS alias, or the item's source text). */
  columns: string[];
}

export const NODE_LABELS = ['Repo', 'Module', 'Class', 'Function', 'Method', 'Field', 'GlobalVariable'] as const;
export const RELATIONSHIP_TYPES = ['CONTAINS', 'HAS_METHOD', 'HAS_FIELD', 'INHERITS', 'USES', 'IMPORTS', 'SIMILAR'] as const;

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
  return compileAst(parseCypher(query));
}

interface Binding {
  kind: 'node' | 'rel';
  alias: string;
  /** For nodes: the label / literal-property filter of the pattern that bound it (bare columns). */
  filter: string | null;
}

interface Cond {
  sql: string;
  aliases: Set<string>;
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
  if (branches.length === 1) body = branches[0].sql;
  else {
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

function compileSingle(part: SingleQuery, state: QueryState): { sql: string; columns: string[] } {
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
  items: { alias: string; table: string }[];
  conds: Cond[];
}

/** Tables and conditions of one MATCH's patterns; binds new variables into `scope`. */
function collectPatterns(match: MatchClause, scope: Map<string, Binding>, state: QueryState): MatchParts {
  const parts: MatchParts = { items: [], conds: [] };
  const simpleRels: { alias: string; types: string[] }[] = [];
  for (const path of match.patterns) {
    let left = bindNode(path.start, scope, state, parts);
    let previous = path.start;
    for (const step of path.steps) {
      const anchors = { left: anchorFilter(previous, scope), right: anchorFilter(step.node, scope) };
      const rel = bindRel(step.rel, scope, state, parts, anchors);
      if (!step.rel.varLength) {
        // Cypher matches each relationship at most once per MATCH.
        for (const other of simpleRels) {
          if (typesOverlap(step.rel.types, other.types)) parts.conds.push({ sql: distinctEdges(rel.alias, other.alias), aliases: new Set([rel.alias, other.alias]) });
        }
        simpleRels.push({ alias: rel.alias, types: step.rel.types });
      }
      previous = step.node;
      const right = bindNode(step.node, scope, state, parts);
      parts.conds.push({ sql: `${rel.alias}.a = ${left}.id`, aliases: new Set([rel.alias, left]) });
      parts.conds.push({ sql: `${rel.alias}.b = ${right}.id`, aliases: new Set([rel.alias, right]) });
      left = right;
    }
  }
  return parts;
}

function bindNode(node: NodePattern, scope: Map<string, Binding>, state: QueryState, parts: MatchParts): string {
  let alias: string;
  const existing = node.variable === null ? undefined : scope.get(node.variable);
  if (existing) {
    if (existing.kind !== 'node') throw cypherError(`Variable \`${node.variable}\` is a relationship, not a node`, node.pos);
    alias = existing.alias;
  } else {
    alias = state.next('n');
    parts.items.push({ alias, table: `nodes AS ${alias}` });
    if (node.variable !== null) scope.set(node.variable, { kind: 'node', alias, filter: nodeFilter(node) });
  }
  if (node.labels.length > 0) {
    for (const label of node.labels) {
      if (!(NODE_LABELS as readonly string[]).includes(label)) {
        throw cypherError(`Unknown label :${label} (labels: ${NODE_LABELS.join(', ')})`, node.pos);
      }
    }
    const list = node.labels.map((l) => sqlString(l));
    parts.conds.push({ sql: list.length === 1 ? `${alias}.kind = ${list[0]}` : `${alias}.kind IN (${list.join(', ')})`, aliases: new Set([alias]) });
  }
  addPropertyConds(node.properties, alias, 'node', scope, parts);
  return alias;
}

function typesOverlap(x: string[], y: string[]): boolean {
  return x.length === 0 || y.length === 0 || x.some((t) => y.includes(t));
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

/** The filter that narrows a variable-length search starting at this node (its pattern's, or its binding's). */
function anchorFilter(node: NodePattern, scope: Map<string, Binding>): string | null {
  const own = nodeFilter(node);
  if (own) return own;
  const binding = node.variable === null ? undefined : scope.get(node.variable);
  return binding?.kind === 'node' ? binding.filter : null;
}

function bindRel(
  rel: RelPattern,
  scope: Map<string, Binding>,
  state: QueryState,
  parts: MatchParts,
  anchors: { left: string | null; right: string | null },
): { alias: string } {
  if (rel.variable !== null && scope.has(rel.variable)) {
    throw cypherError(`Variable \`${rel.variable}\` is already bound; reusing it in a relationship is not supported`, rel.pos);
  }
  for (const type of rel.types) {
    if (!(RELATIONSHIP_TYPES as readonly string[]).includes(type)) {
      throw cypherError(`Unknown relationship type :${type} (types: ${RELATIONSHIP_TYPES.join(', ')})`, rel.pos);
    }
  }
  const alias = state.next('e');
  const typeFilter = rel.types.length === 0 ? 'TRUE' : `type IN (${rel.types.map((t) => sqlString(t)).join(', ')})`;
  const forward = `SELECT src AS a, dst AS b, src, dst, type, detail FROM edges WHERE ${typeFilter}`;
  const backward = `SELECT dst AS a, src AS b, src, dst, type, detail FROM edges WHERE ${typeFilter}`;
  const base =
    rel.direction === 'out' ? forward : rel.direction === 'in' ? backward : `${forward} UNION ALL ${backward} AND src <> dst`;
  if (rel.varLength) {
    if (rel.variable !== null) throw cypherError('A variable on a variable-length relationship is not supported', rel.pos);
    if (rel.properties.length > 0) throw cypherError('Properties on a variable-length relationship are not supported', rel.pos);
    const cte = state.next('vl');
    const { min, max } = rel.varLength;
    // Walk from the constrained end when only one end is constrained (right: walk the reversed edges).
    const fromRight = anchors.left === null && anchors.right !== null;
    const walked = fromRight ? `SELECT b AS a, a AS b FROM (${base}) AS w` : base;
    const anchor = fromRight ? anchors.right : anchors.left;
    const seed = anchor === null ? '' : ` WHERE a IN (SELECT id FROM nodes WHERE ${anchor})`;
    state.ctes.push(
      `${cte}(a, b, depth) AS (SELECT a, b, 1 FROM (${walked}) AS s${seed} UNION ` +
        `SELECT v.a, s.b, v.depth + 1 FROM ${cte} AS v JOIN (${walked}) AS s ON s.a = v.b WHERE v.depth < ${max})`,
    );
    const ends = fromRight ? 'b AS a, a AS b' : 'a, b';
    parts.items.push({ alias, table: `(SELECT DISTINCT ${ends} FROM ${cte} WHERE depth >= ${min}) AS ${alias}` });
    return { alias };
  }
  parts.items.push({ alias, table: `(${base}) AS ${alias}` });
  if (rel.variable !== null) scope.set(rel.variable, { kind: 'rel', alias, filter: null });
  addPropertyConds(rel.properties, alias, 'rel', scope, parts);
  return { alias };
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

function compileReturn(part: SingleQuery, scope: Map<string, Binding>, from: string[], where: string[]): { sql: string; columns: string[] } {
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
  const parts = [`SELECT ${part.distinct ? 'DISTINCT ' : ''}${select}`, ...from];
  if (where.length > 0) parts.push(`WHERE ${where.join(' AND ')}`);
  if (groupBy.length > 0) parts.push(`GROUP BY ${groupBy.join(', ')}`);
  if (order.length > 0) parts.push(`ORDER BY ${order.join(', ')}`);
  if (part.limit !== null) parts.push(`LIMIT ${part.limit}`);
  if (part.skip !== null) parts.push(`OFFSET ${part.skip}`);
  return { sql: parts.join(' '), columns };
}
