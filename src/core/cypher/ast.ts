/**
 * @file AST of the read-only Cypher subset (MATCH / OPTIONAL MATCH / WHERE / RETURN / UNION).
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
  | { kind: 'isNull'; negated: boolean; operand: Expr; pos: SourcePosition; text: string };

export type BinaryOp =
  | 'AND'
  | 'OR'
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
  | '%';

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

export interface OrderItem {
  expr: Expr;
  descending: boolean;
}

export interface SingleQuery {
  matches: MatchClause[];
  distinct: boolean;
  items: ReturnItem[];
  orderBy: OrderItem[];
  skip: number | null;
  limit: number | null;
  pos: SourcePosition;
}

export interface CypherQuery {
  parts: SingleQuery[];
  /** unionAll[i] joins parts[i] and parts[i + 1]. */
  unionAll: boolean[];
}
