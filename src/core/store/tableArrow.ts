/**
 * @file Any table of a repo database as an Arrow table and back, by its declared column types
 * (information_schema), the same on duckdb-wasm and @duckdb/node-api: rows are read in chunks
 * through SqlConnection.query and built into Arrow vectors of the matching type. Used by
 * bundles (one Arrow IPC stream per table) and the incremental index (the previous graph's tables, read and restored).
 * Supported column types: INTEGER, BIGINT, SMALLINT, DOUBLE, FLOAT, BOOLEAN, VARCHAR and
 * FLOAT[n] (embedding vectors). Anything else is refused with the table and column named.
 * Runs in: everywhere. Layer src/core.
 */
import {
  Bool,
  Field,
  FixedSizeList,
  Float32,
  Float64,
  Int16,
  Int32,
  Int64,
  makeData,
  makeVector,
  Table,
  Utf8,
  vectorFromArray,
} from 'apache-arrow';
import type { DataType, Vector } from 'apache-arrow';
import { AppError } from '../errors.ts';
import { quoteIdent, sqlString } from './sqlConnection.ts';
import type { Row, SqlConnection } from './sqlConnection.ts';

export interface TableColumn {
  name: string;
  /** DuckDB type as declared ('INTEGER', 'VARCHAR', 'FLOAT[384]'). */
  type: string;
}

const SCALAR_TYPES = new Set(['INTEGER', 'BIGINT', 'SMALLINT', 'DOUBLE', 'FLOAT', 'BOOLEAN', 'VARCHAR']);
const VECTOR_TYPE = /^FLOAT\[(\d+)\]$/;

/** Rows read per query when exporting (bounded memory for the files and embeddings tables). */
const READ_CHUNK_ROWS = 8192;

export function isSupportedColumnType(type: string): boolean {
  return SCALAR_TYPES.has(type) || VECTOR_TYPE.test(type);
}

/** Base tables of the main schema, by name. */
export async function listTables(conn: SqlConnection): Promise<string[]> {
  const rows = await conn.query(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'main' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  return rows.map((r) => String(r.name));
}

export async function tableColumns(conn: SqlConnection, table: string): Promise<TableColumn[]> {
  const rows = await conn.query(
    `SELECT column_name AS name, data_type AS type FROM information_schema.columns ` +
      `WHERE table_schema = 'main' AND table_name = ${sqlString(table)} ORDER BY ordinal_position`,
  );
  return rows.map((r) => ({ name: String(r.name), type: String(r.type) }));
}

export function createTableSql(table: string, columns: readonly TableColumn[]): string {
  for (const c of columns) {
    if (!isSupportedColumnType(c.type)) throw new AppError('ARCHIVE_INVALID', `Table ${table}: column ${c.name} has an unsupported type ${c.type}.`);
  }
  return `CREATE TABLE ${quoteIdent(table)} (${columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ')})`;
}

function arrowType(column: TableColumn): DataType {
  const vector = VECTOR_TYPE.exec(column.type);
  if (vector) return new FixedSizeList(Number(vector[1]), new Field('item', new Float32(), true));
  switch (column.type) {
    case 'INTEGER':
      return new Int32();
    case 'BIGINT':
      return new Int64();
    case 'SMALLINT':
      return new Int16();
    case 'DOUBLE':
      return new Float64();
    case 'FLOAT':
      return new Float32();
    case 'BOOLEAN':
      return new Bool();
    default:
      return new Utf8();
  }
}

function vectorColumn(dim: number, values: readonly unknown[]): Vector {
  const flat = new Float32Array(values.length * dim);
  const valid = new Uint8Array(Math.ceil(values.length / 8));
  let nullCount = 0;
  values.forEach((value, i) => {
    if (value === null || value === undefined) {
      nullCount++;
      return;
    }
    valid[i >> 3]! |= 1 << (i & 7);
    flat.set(value as ArrayLike<number>, i * dim);
  });
  const type = new FixedSizeList(dim, new Field('item', new Float32(), true));
  const child = makeData({ type: new Float32(), length: flat.length, data: flat });
  return makeVector(makeData({ type, length: values.length, nullCount, nullBitmap: nullCount > 0 ? valid : undefined, child }));
}

function columnVector(column: TableColumn, values: unknown[]): Vector {
  const type = arrowType(column);
  if (type instanceof FixedSizeList) return vectorColumn(type.listSize, values);
  if (type instanceof Int64) return vectorFromArray(values.map((v) => (v === null || v === undefined ? null : BigInt(v as number))), type);
  if (type instanceof Utf8) return vectorFromArray(values.map((v) => (v === null || v === undefined ? null : String(v))), type);
  return vectorFromArray(values as (number | boolean | null)[], type);
}

/** Rows (plain objects) of `columns` as one Arrow table with the declared types. */
export function rowsToTypedArrow(columns: readonly TableColumn[], rows: readonly Row[]): Table {
  const vectors: Record<string, Vector> = {};
  for (const column of columns) vectors[column.name] = columnVector(column, rows.map((r) => r[column.name] ?? null));
  return new Table(vectors);
}

/**
 * Where a view's rows come from, chunk by chunk: a base table (every column of a range of its
 * rowids), and what makes its rows the view's.
 */
export interface ChunkedView {
  table: string;
  rows: (chunk: Row[]) => Promise<Row[]>;
}

/**
 * A whole table as Arrow (declared types), read a range of rowids at a time, in storage order
 * (rowidChunks). OFFSET sorted the whole table again at every chunk (the nodes of 50,000 files:
 * 114 chunks of 1.2-2.5 s each, a bundle export of 3.6 minutes), and so did reading after the
 * last rowid read with ORDER BY and LIMIT, each chunk sorting every row after it. A view given
 * as `view` reads chunks of its base table and makes their rows the view's: the `nodes` view
 * chunked whole joined every node to its file at each chunk (0.8-1.1 s against 0.1 s), chunked
 * by node id each chunk scanned every id (929k nodes: 332 against 167 ms a chunk), and each
 * chunk's join to the files copied every file's text into its hash table, where reading the few
 * texts a chunk names does not (fileTexts.ts).
 */
export async function readTableArrow(conn: SqlConnection, table: string, columns: readonly TableColumn[], view?: ChunkedView): Promise<Table> {
  const batches: Table[] = [];
  for await (const batch of readTableArrowChunks(conn, table, columns, view)) batches.push(batch);
  return batches.length === 1 ? batches[0]! : batches.reduce((all, t) => all.concat(t));
}

/** readTableArrow a chunk at a time (one record batch each; an empty table gives one empty batch, for its schema). */
export async function* readTableArrowChunks(conn: SqlConnection, table: string, columns: readonly TableColumn[], view?: ChunkedView): AsyncGenerator<Table> {
  for (const c of columns) {
    if (!isSupportedColumnType(c.type)) throw new AppError('UNKNOWN', `Table ${table}: column ${c.name} has a type bundles do not carry (${c.type}).`);
  }
  const base = view?.table ?? table;
  const list = view ? '*' : columns.map((c) => quoteIdent(c.name)).join(', ');
  let any = false;
  for await (const rows of rowidChunks(conn, base, (range) => `SELECT ${list} FROM ${quoteIdent(base)} WHERE ${range} ORDER BY rowid`)) {
    if (rows.length === 0) continue;
    any = true;
    yield rowsToTypedArrow(columns, view ? await view.rows(rows) : rows);
  }
  if (!any) yield rowsToTypedArrow(columns, []);
}

/**
 * The rows of `table` `size` rowids at a time: `sqlRange` selects the rows whose rowid
 * is in the range it is given (an SQL condition). A rowid is a row's place in the table, so a
 * range reads those rows alone, where `rowid > k ORDER BY rowid LIMIT n` sorted every row after k
 * again at each chunk: quadratic in the table's size (the stdlib's nodes in duckdb-wasm: 1.5-1.6
 * s against 0.7-1.0 s; 50,000 files' 2M edges, 250 chunks). Deleted rows leave gaps, so a chunk
 * may hold fewer rows, and the last rowid ends the read.
 */
export async function* rowidChunks(conn: Pick<SqlConnection, 'query'>, table: string, sqlRange: (range: string) => string, size = READ_CHUNK_ROWS): AsyncGenerator<Row[]> {
  const [row] = await conn.query(`SELECT max(rowid) AS last FROM ${quoteIdent(table)}`);
  const last = row?.last === null || row?.last === undefined ? -1 : Number(row.last);
  for (let from = 0; from <= last; from += size) yield await conn.query(sqlRange(`rowid >= ${from} AND rowid < ${from + size}`));
}
