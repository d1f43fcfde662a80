/**
 * @file SQL text shared by the Cypher compiler's modules: identifiers and literals, whole nodes
 * and relationships as structs, the compiled form of an expression and the per-query state
 * (CTEs, alias counters). Runs in: everywhere.
 */
import { EDGE_COLUMNS, NODE_COLUMNS } from '../store/schema.ts';
import { sqlString } from '../store/sqlConnection.ts';

export const NODE_COLUMN_NAMES: string[] = NODE_COLUMNS.map((c) => c.name);

export const EDGE_COLUMN_NAMES: string[] = EDGE_COLUMNS.map((c) => c.name);

export interface Compiled {
  sql: string;
  aliases: Set<string>;
  aggregate: boolean;
  /** Known to be a string (a VARCHAR column, a string literal, a concatenation): `+` concatenates. */
  isString?: boolean;
  /** Known to be an integer: `/` between two integers divides as integers (as Cypher does). */
  isInt?: boolean;
  /** A list of integers (its elements are INTEGER, see listElement). */
  intList?: boolean;
  /** A whole node / relationship as a struct, or a list of them; a path as {nodes, relationships}. */
  entity?: 'node' | 'rel' | 'nodeList' | 'relList' | 'path';
}

export const STRING_COLUMNS = new Set<string>([...NODE_COLUMNS, ...EDGE_COLUMNS].filter((c) => c.type === 'VARCHAR').map((c) => c.name));

export const INT_COLUMNS = new Set<string>([...NODE_COLUMNS, ...EDGE_COLUMNS].filter((c) => c.type === 'INTEGER').map((c) => c.name));

/**
 * How two edges are told apart (relationship uniqueness, trails): `rowid` of the `edges` table,
 * or where `edges` is no table (the requirement graph's CTE, docs/schema.md) the struct of all
 * its columns (edges are unique on them).
 */
export type EdgeKeys = 'rowid' | 'struct';

/** State shared by every UNION branch: CTEs and alias counters. */
export class QueryState {
  constructor(readonly edgeKeys: EdgeKeys = 'rowid') {}
  readonly ctes: string[] = [];
  /** True while compiling a part whose row multiplicity cannot show (RETURN DISTINCT without aggregates, EXISTS): walks come back once per (start, end). */
  distinctRows = false;
  private counter = 0;
  /** The key of an edge row of `edges` (read as `alias`, or bare when null). */
  edgeKey(alias: string | null): string {
    const p = alias === null ? '' : `${alias}.`;
    return this.edgeKeys === 'rowid' ? `${p}rowid` : `{'src': ${p}src, 'dst': ${p}dst, 'type': ${p}type, 'detail': ${p}detail}`;
  }
  get edgeKeyType(): string {
    return this.edgeKeys === 'rowid' ? 'BIGINT' : 'STRUCT(src INTEGER, dst INTEGER, type VARCHAR, detail VARCHAR)';
  }
  next(prefix: string): string {
    return `${prefix}${this.counter++}`;
  }
}

export function literalSql(value: string | number | boolean | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'string') return sqlString(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/**
 * A whole node (docs/retrieval.md, "Cypher"): its identity `id` and its other properties, every
 * column of `nodes` by name, then `labels` (its one label, `kind`, as a list); null for a node
 * an OPTIONAL MATCH did not find. `node` is a table alias, or a parenthesized node value.
 */
export function nodeStruct(node: string, code?: string): string {
  return `CASE WHEN ${node}.id IS NULL THEN NULL ELSE {${nodeFields(node, code)}, 'labels': [${node}.kind]} END`;
}

/** A node's properties alone (properties(n)): the columns of its shape, without `labels`. */
export function nodeProperties(node: string): string {
  return `CASE WHEN ${node}.id IS NULL THEN NULL ELSE {${nodeFields(node)}} END`;
}

/** `code`: the code's SQL where `node` is a node_rows row (codeFromFile), not a `nodes` row. */
function nodeFields(node: string, code = `${node}.code`): string {
  return NODE_COLUMN_NAMES.map((c) => `'${c}': ${c === 'code' ? code : `${node}.${c}`}`).join(', ');
}

/**
 * The code of node_rows row `node`, sliced from its file's text by a lookup of that one file (as
 * the `nodes` view does, schema.ts). Where a query's last step builds whole nodes from a few ids,
 * joining the view instead made DuckDB build its hash table on every file's text (929k nodes:
 * 1.5 s of a 1.5 s lookup).
 */
export function codeFromFile(node: string): string {
  return `coalesce(${node}.code, (SELECT substring(ft.text, ${node}.code_start + 1, ${node}.code_end - ${node}.code_start) FROM files AS ft WHERE ft.path = ${node}.file_path))`;
}

/**
 * The column beside whole-node column `column` that holds, where the node's code is stored as
 * offsets into its file's text, [code_start, code_end] (deferredCode.ts fills the code from it).
 */
export function codeRangeColumn(column: string): string {
  return `__code_range__${column}`;
}

/** `node`'s code range as codeRangeColumn holds it: null where the row holds its code. */
export function codeRange(node: string): string {
  return `CASE WHEN ${node}.code IS NULL THEN [${node}.code_start, ${node}.code_end] END`;
}

/**
 * A whole relationship: `src` (its start node's id), `dst` (its end node's id), `type` and its
 * property `detail`, as stored, whichever way the pattern walked it; null when not found.
 */
export function relStruct(alias: string): string {
  const fields = EDGE_COLUMN_NAMES.map((c) => `'${c}': ${alias}.${c}`).join(', ');
  return `CASE WHEN ${alias}.type IS NULL THEN NULL ELSE {${fields}} END`;
}

/**
 * An element of a list or struct: integers as INTEGER. duckdb-wasm, opened with
 * castBigIntToDouble, declares a BIGINT nested in a list or struct as DOUBLE but keeps its
 * 64-bit integer bytes, so [1::BIGINT] reads back as [5e-324]; INTEGER reads back right.
 */
export function listElement(value: Compiled): string {
  return value.isInt ? `CAST(${value.sql} AS INTEGER)` : value.sql;
}

export function plain(sql: string, parts: Compiled[] = [], extra: Partial<Compiled> = {}): Compiled {
  return { sql, aliases: new Set(parts.flatMap((p) => [...p.aliases])), aggregate: parts.some((p) => p.aggregate), ...extra };
}
