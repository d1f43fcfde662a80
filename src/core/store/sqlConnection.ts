/**
 * @file SqlConnection: the one database capability the core needs, implemented by duckdb-wasm
 * (browser, tests) and @duckdb/node-api (CLI). Plus value normalisation shared by adapters:
 * BigInt -> number, Arrow rows/vectors -> plain objects/arrays, so results are JSON-safe.
 * Runs in: everywhere. Layer src/core.
 */
import type { Table } from 'apache-arrow';
import type { ColumnSpec } from './schema.ts';

/** Reads one cell of a row (default: the property named like the column). */
export type CellReader = (row: object, column: string) => unknown;

/** A result row: column name -> JSON-safe value. */
export type Row = Record<string, unknown>;

export interface SqlConnection {
  /** Runs one statement and returns its rows as plain objects (BigInt -> number). */
  query(sql: string): Promise<Row[]>;
  /** Runs statements for their effect. */
  run(sql: string): Promise<void>;
  /**
   * Runs one query and returns its Arrow result as is (duckdb-wasm). Optional: bulk readers
   * (embedding matrices) use it to copy typed arrays instead of building row objects.
   */
  queryArrow?(sql: string): Promise<Table>;
  /** Appends an Arrow table to an existing table; columns match by position. */
  insertArrow(table: string, data: Table): Promise<void>;
  /**
   * Appends rows straight from row objects (`cell` reads one value), columns by position.
   * Optional: where the database takes JS values natively (node-api's appender), this skips
   * building Arrow only to take it apart again; the others get Arrow (store/rowLoad.ts).
   */
  insertRows?(table: string, columns: readonly ColumnSpec[], rows: readonly object[], cell: CellReader): Promise<void>;
  /**
   * Interrupts the statement running on this connection (its promise rejects). Optional: where
   * the engine can be interrupted (node-api; duckdb-wasm's pending queries), boundedQuery.ts uses
   * it for time limits and cancel.
   */
  interrupt?(): void | Promise<void>;
  /**
   * `query` in a form `interrupt` can stop, where the plain one cannot (duckdb-wasm runs a
   * pending query in steps; its one-shot query cannot be interrupted). Optional.
   */
  queryInterruptible?(sql: string): Promise<Row[]>;
  /** Releases the connection (and the database when the adapter owns it). */
  close?(): Promise<void>;
}

function isArrowVectorLike(value: object): value is { toArray(): ArrayLike<unknown> } & Iterable<unknown> {
  return typeof (value as { toArray?: unknown }).toArray === 'function' && Symbol.iterator in value;
}

/** Converts one database value to plain JSON-friendly data. Duck-typed: no Arrow instanceof. */
export function toPlainValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'bigint':
      return Number(value);
    case 'object':
      break;
    default:
      return value;
  }
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map(toPlainValue);
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number | bigint>, toPlainValue);
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), toPlainValue(v)]));
  if (isArrowVectorLike(value)) return Array.from(value, toPlainValue);
  const json = (value as { toJSON?: () => unknown }).toJSON;
  const source = typeof json === 'function' ? json.call(value) : value;
  if (source !== value) return toPlainValue(source);
  const out: Row = {};
  for (const [k, v] of Object.entries(source as Record<string, unknown>)) out[k] = toPlainValue(v);
  return out;
}

export function toPlainRow(row: Record<string, unknown>): Row {
  const out: Row = {};
  for (const key of Object.keys(row)) out[key] = toPlainValue(row[key]);
  return out;
}

/** Rows of an Arrow result table as plain objects, read column-wise. */
export function arrowTableToRows(table: Table): Row[] {
  const names = table.schema.fields.map((f) => f.name);
  const columns = names.map((_, i) => table.getChildAt(i));
  const rows: Row[] = new Array(table.numRows);
  for (let r = 0; r < table.numRows; r++) {
    const row: Row = {};
    for (let c = 0; c < names.length; c++) row[names[c]] = toPlainValue(columns[c]?.get(r));
    rows[r] = row;
  }
  return rows;
}

/** Quotes a string as a SQL literal ('it''s'). */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** Quotes a name as a SQL identifier ("a""b"). */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Whether table `name` exists in the main schema. */
export async function tableExists(conn: Pick<SqlConnection, 'query'>, name: string): Promise<boolean> {
  const rows = await conn.query(
    `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'main' AND table_name = ${sqlString(name)}`,
  );
  return Number(rows[0]?.n ?? 0) > 0;
}
