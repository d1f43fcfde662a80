/**
 * @file The Cypher compiler's names: what a variable is bound to (a node or relationship and the
 * table alias that holds it, a named path, or a value with its SQL and type) in a Scope, and the
 * checks of a query's names against the graph's schema (labels, relationship types, properties,
 * aggregate functions). bindPattern.ts binds a MATCH's variables; the emitters read them back.
 * Runs in: everywhere.
 */
import { EDGE_TYPES, NODE_KINDS } from '../graph/types.ts';
import { REQUIREMENT_LABELS, REQUIREMENT_RELATIONSHIP_TYPES } from '../requirements/requirementCypher.ts';
import type { Expr } from './ast.ts';
import { cypherError } from './errors.ts';
import type { SourcePosition } from './errors.ts';
import { EDGE_COLUMN_NAMES, NODE_COLUMN_NAMES } from './sqlText.ts';
import type { Compiled, QueryState } from './sqlText.ts';
import type { PathInfo } from './walks.ts';

/** Parameter values by name ($name), as parsed from JSON. */
export type CypherParams = Record<string, unknown>;

/** A node pattern's labels and literal properties, checked against a bare `nodes` row; null when it has none. */
export interface NodeFilter {
  labels: string[];
  /** Property = literal pairs, by column (NULL literals left out). */
  literals: { column: string; value: string | number | boolean }[];
}

export interface Binding {
  kind: 'node' | 'rel' | 'value' | 'path';
  /** Node / rel: the table alias (a rel carried through WITH: its struct column). Value: the table alias providing it ('' inside a lambda). */
  alias: string;
  /** For nodes: the label / literal-property filter of the pattern that bound it. */
  filter: NodeFilter | null;
  /** For nodes: the labels of the pattern that bound it; null when any. */
  labels?: string[] | null;
  /** For values: the SQL and its known type. */
  value?: Compiled;
  /** For paths: where its nodes and relationships are. */
  path?: PathInfo;
}

/** Variables in scope plus what every expression needs: the query state, the parameters and the rows' order. */
export class Scope extends Map<string, Binding> {
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

export function lookup(name: string, at: SourcePosition, scope: Scope): Binding {
  const binding = scope.get(name);
  if (!binding) throw cypherError(`Variable \`${name}\` is not defined`, at);
  return binding;
}

/** Accepted besides the code graph's (graph/types.ts): the requirement graph's label and types (requirementCypher.ts). */
const KNOWN_LABELS: readonly string[] = [...NODE_KINDS, ...REQUIREMENT_LABELS];
const KNOWN_TYPES: readonly string[] = [...EDGE_TYPES, ...REQUIREMENT_RELATIONSHIP_TYPES];
/** Property names accepted besides the column names themselves. */
const NODE_PROPERTY_ALIASES: Record<string, string> = { class: 'class_name' };

/** A node pattern's labels: the code graph's and the requirement graph's. */
export function checkPatternLabels(labels: string[], at: SourcePosition): void {
  for (const label of labels) {
    if (!KNOWN_LABELS.includes(label)) throw cypherError(`Unknown label :${label} (labels: ${KNOWN_LABELS.join(', ')})`, at);
  }
}

/** A relationship pattern's types: the code graph's and the requirement graph's. */
export function checkRelationshipTypes(types: string[], at: SourcePosition): void {
  for (const type of types) {
    if (!KNOWN_TYPES.includes(type)) throw cypherError(`Unknown relationship type :${type} (types: ${KNOWN_TYPES.join(', ')})`, at);
  }
}

/** A label test (`n:Label` in an expression): the code graph's labels. */
export function checkLabel(label: string, at: SourcePosition): void {
  if (!(NODE_KINDS as readonly string[]).includes(label)) throw cypherError(`Unknown label :${label} (labels: ${NODE_KINDS.join(', ')})`, at);
}

/** The column of a node's or relationship's property. */
export function resolveProperty(kind: 'node' | 'rel', name: string, at: SourcePosition): string {
  if (kind === 'node') {
    if (NODE_COLUMN_NAMES.includes(name)) return name;
    if (NODE_PROPERTY_ALIASES[name]) return NODE_PROPERTY_ALIASES[name];
    throw cypherError(`Unknown node property '${name}' (node properties: ${[...NODE_COLUMN_NAMES, 'class'].join(', ')})`, at);
  }
  if (EDGE_COLUMN_NAMES.includes(name)) return name;
  throw cypherError(`Unknown relationship property '${name}' (relationship properties: ${EDGE_COLUMN_NAMES.join(', ')})`, at);
}

export const AGGREGATES = new Set(['count', 'collect', 'min', 'max', 'sum', 'avg']);

/** Whether an expression holds an aggregate function (outside subqueries). */
export function hasAggregateCall(expr: Expr): boolean {
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
