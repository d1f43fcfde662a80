/**
 * @file AST of read-only openCypher: MATCH / OPTIONAL MATCH / WHERE / WITH / UNWIND / RETURN /
 * UNION, named and shortest paths, pattern predicates, subqueries and comprehensions.
 * Runs in: everywhere.
 */
import type { SourcePosition } from './errors.ts';

export type Expr =
  | { kind: 'literal'; value: string | number | boolean | null; pos: SourcePosition; text: string }
  | { kind: 'list'; items: Expr[]; pos: SourcePosition; text: string }
  | { kind: 'variable'; name: string; pos: SourcePosition; text: string }
  | { kind: 'property'; object: Expr; name: string; pos: SourcePosition; namePos: SourcePosition; text: string }
  | { kind: 'call'; name: string; distinct: boolean; star: boolean; args: Expr[]; pos: SourcePosition; text: string }
  | { kind: 'unary'; op: 'NOT' | '-'; operand: Expr; pos: SourcePosition; text: string }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; pos: SourcePosition; text: string }
  | { kind: 'isNull'; negated: boolean; operand: Expr; pos: SourcePosition; text: string }
  | { kind: 'param'; name: string; pos: SourcePosition; text: string }
  | { kind: 'map'; entries: PropertyEntry[]; pos: SourcePosition; text: string }
  | { kind: 'case'; subject: Expr | null; whens: { when: Expr; then: Expr }[]; otherwise: Expr | null; pos: SourcePosition; text: string }
  | { kind: 'labelTest'; operand: Expr; labels: string[]; pos: SourcePosition; text: string }
  | { kind: 'index'; object: Expr; index: Expr; pos: SourcePosition; text: string }
  | { kind: 'slice'; object: Expr; from: Expr | null; to: Expr | null; pos: SourcePosition; text: string }
  /** A pattern used as a predicate: `(a)-[:T]->(:L)`. */
  | { kind: 'pattern'; path: PathPattern; pos: SourcePosition; text: string }
  /** `EXISTS { MATCH ... }` / `COUNT { MATCH ... }`. */
  | { kind: 'subquery'; mode: 'exists' | 'count'; matches: MatchClause[]; pos: SourcePosition; text: string }
  | { kind: 'listComp'; variable: string; list: Expr; where: Expr | null; map: Expr | null; pos: SourcePosition; text: string }
  | { kind: 'patternComp'; path: PathPattern; where: Expr | null; map: Expr; pos: SourcePosition; text: string }
  | { kind: 'quantifier'; fn: 'any' | 'all' | 'none' | 'single'; variable: string; list: Expr; where: Expr; pos: SourcePosition; text: string };

export type BinaryOp =
  | 'AND'
  | 'OR'
  | 'XOR'
  | '='
  | '<>'
  | '<'
  | '>'
  | '<='
  | '>='
  | '=~'
  | 'IN'
  | 'CONTAINS'
  | 'STARTS WITH'
  | 'ENDS WITH'
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '^';

export interface PropertyEntry {
  key: string;
  value: Expr;
  pos: SourcePosition;
}

export interface NodePattern {
  variable: string | null;
  labels: string[];
  properties: PropertyEntry[];
  pos: SourcePosition;
}

export interface VarLength {
  min: number;
  max: number;
}

export interface RelPattern {
  variable: string | null;
  types: string[];
  direction: 'out' | 'in' | 'both';
  varLength: VarLength | null;
  properties: PropertyEntry[];
  pos: SourcePosition;
}

export interface PathPattern {
  /** `p = ...`: the path's variable. */
  name: string | null;
  /** shortestPath(...) / allShortestPaths(...). */
  shortest: 'one' | 'all' | null;
  pos: SourcePosition;
  start: NodePattern;
  steps: { rel: RelPattern; node: NodePattern }[];
}

export interface MatchClause {
  optional: boolean;
  patterns: PathPattern[];
  where: Expr | null;
  pos: SourcePosition;
}

export interface ReturnItem {
  expr: Expr;
  alias: string | null;
}

/** A projection: WITH's or RETURN's items with their DISTINCT / ORDER BY / SKIP / LIMIT. */
export interface Projection {
  distinct: boolean;
  /** WITH * : every variable in scope, then `items`. */
  star: boolean;
  items: ReturnItem[];
  orderBy: OrderItem[];
  skip: Expr | null;
  limit: Expr | null;
  pos: SourcePosition;
}

export interface WithClause {
  kind: 'with';
  projection: Projection;
  where: Expr | null;
  pos: SourcePosition;
}

export interface UnwindClause {
  kind: 'unwind';
  list: Expr;
  variable: string;
  pos: SourcePosition;
}

export type ReadClause = (MatchClause & { kind: 'match' }) | WithClause | UnwindClause;

export interface OrderItem {
  expr: Expr;
  descending: boolean;
}

export interface SingleQuery {
  clauses: ReadClause[];
  /** The final RETURN. */
  projection: Projection;
  pos: SourcePosition;
}

export interface CypherQuery {
  parts: SingleQuery[];
  /** unionAll[i] joins parts[i] and parts[i + 1]. */
  unionAll: boolean[];
}
