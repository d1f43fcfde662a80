/**
 * @file SqlConnection over @duckdb/node-api and a database FILE (the CLI's --db): the one Node
 * engine whose files outlive the process (duckdb-wasm in Node leaves data in the .wal).
 * node-api has no Arrow import, so insertArrow copies each Arrow record batch into
 * DuckDBDataChunks of 2,048 rows and appends them with appendDataChunk (the
 * row-by-row appender is far too slow); insertRows fills the chunks from row objects directly
 * (the graph tables: no Arrow at all). Column types come from the target table.
 * Runs in: Node (cli, tests, benchmarks).
 */
import { existsSync } from 'node:fs';
import { DuckDBDataChunk, DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection, DuckDBType, DuckDBValue } from '@duckdb/node-api';
import type { Table } from 'apache-arrow';
import { AppError } from '../../core/errors.ts';
import { toPlainRow } from '../../core/store/sqlConnection.ts';
import { assertFinishedIndex, assertReadableSchema, readLegacyNodeRows, upgradeSchema } from '../../core/store/schemaUpgrade.ts';
import { viewDerivedTables } from '../../core/store/derivedTables.ts';
import type { CellReader, Row, SqlConnection } from '../../core/store/sqlConnection.ts';
import { readSettingsSql } from '../../core/store/schema.ts';
import type { ColumnSpec } from '../../core/store/schema.ts';

/** DuckDB's standard vector size: one data chunk holds at most this many rows. */
export const CHUNK_ROWS = 2048;

export interface NodeDbConnection extends SqlConnection {
  close(): Promise<void>;
  /** Stops the query running on this connection (it rejects with DuckDB's INTERRUPT error). */
  interrupt(): void;
}

export interface OpenNodeDbOptions {
  /** Open read-only (several processes may read one file; writes fail). Default false. */
  readOnly?: boolean;
  /** Fail with INPUT_INVALID instead of creating the file when it does not exist. Default false. */
  mustExist?: boolean;
  /**
   * Allow SQL to read files and URLs (read_csv, FROM 'x.csv', COPY, ATTACH...). Default true.
   * Turn it off before running user SQL: it cannot be turned back on in the same process.
   */
  externalAccess?: boolean;
}

/** Opens (creating unless mustExist) the database file at `path`; ':memory:' works too. */
export async function openNodeDatabase(path: string, options: OpenNodeDbOptions = {}): Promise<NodeDbConnection> {
  if (options.mustExist && path !== ':memory:' && !existsSync(path)) {
    throw new AppError('INPUT_INVALID', `Database file not found: ${path}`);
  }
  const config: Record<string, string> = {};
  if (options.readOnly) config.access_mode = 'READ_ONLY';
  if (options.externalAccess === false) config.enable_external_access = 'false';
  const instance = await DuckDBInstance.create(path, config);
  const conn = await instance.connect();
  for (const sql of readSettingsSql()) await conn.run(sql);
  const db: NodeDbConnection = {
    async query(sql: string): Promise<Row[]> {
      const reader = await conn.runAndReadAll(sql);
      return reader.getRowObjectsJS().map((row) => toPlainRow(row));
    },
    async run(sql: string): Promise<void> {
      await conn.run(sql);
    },
    interrupt: () => conn.interrupt(),
    insertArrow: (table: string, data: Table) => appendArrow(conn, table, data),
    insertRows: (table, columns, rows, cell) => appendRows(conn, table, columns, rows, cell),
    async close(): Promise<void> {
      conn.closeSync();
      instance.closeSync();
    },
  };
  // An older database is upgraded (a version-1 `nodes` table becomes node_rows + the nodes
  // view); read-only ones are read as they are (their `nodes` table serves every reader, with a
  // temporary node_rows view over it).
  // A newer one is refused, and left as it is.
  try {
    // A command that uses an existing graph must not answer from half of one.
    if (options.mustExist) await assertFinishedIndex(db);
    if (options.readOnly) {
      await assertReadableSchema(db);
      await readLegacyNodeRows(db);
      await viewDerivedTables(db);
    } else await upgradeSchema(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

interface ArrowColumn {
  get(index: number): unknown;
  readonly data: readonly ArrowData[];
}

interface ArrowData {
  readonly length: number;
  readonly offset: number;
  readonly typeId: number;
  readonly values: Uint8Array | Int32Array;
  readonly valueOffsets?: Int32Array;
  readonly nullBitmap?: Uint8Array;
  readonly nullCount: number;
}

const UTF8_TYPE_ID = 5; // apache-arrow Type.Utf8
const FIXED_SIZE_LIST_TYPE_ID = 16; // apache-arrow Type.FixedSizeList

/**
 * FixedSizeList<Float32> rows (vectors) as array values for a DuckDB ARRAY column:
 * DuckDBArrayVector.setItem reads only `value.items`, so each row is a typed-array view, no copy.
 */
function fixedSizeListValues(data: ArrowData): DuckDBValue[] {
  const { listSize } = (data as unknown as { type: { listSize: number } }).type;
  const child = (data as unknown as { children: ArrowData[] }).children[0];
  const values = child.values as unknown as Float32Array;
  const out: DuckDBValue[] = new Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const bit = data.offset + i;
    const valid = data.nullCount === 0 || !data.nullBitmap || (data.nullBitmap[bit >> 3] & (1 << (bit & 7))) !== 0;
    const start = child.offset + bit * listSize;
    out[i] = valid ? ({ items: values.subarray(start, start + listSize) } as unknown as DuckDBValue) : null;
  }
  return out;
}
const decoder = new TextDecoder();

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) return false;
  return true;
}

/**
 * All values of one Arrow column (one record batch) as DuckDB input values. A pure-ASCII Utf8
 * column is decoded in one call and cut by its offsets (byte offsets = char offsets), several
 * times faster than decoding value by value.
 */
function columnValues(column: ArrowColumn): DuckDBValue[] {
  const data = column.data.length === 1 ? column.data[0] : undefined;
  if (data && data.typeId === FIXED_SIZE_LIST_TYPE_ID) return fixedSizeListValues(data);
  if (data && data.typeId === UTF8_TYPE_ID && data.valueOffsets && isAscii(data.values as Uint8Array)) {
    const offsets = data.valueOffsets;
    const text = decoder.decode(data.values as Uint8Array);
    const base = offsets[data.offset];
    const values: DuckDBValue[] = new Array(data.length);
    for (let i = 0; i < data.length; i++) {
      const bit = data.offset + i;
      const valid = data.nullCount === 0 || !data.nullBitmap || (data.nullBitmap[bit >> 3] & (1 << (bit & 7))) !== 0;
      values[i] = valid ? text.slice(offsets[bit] - base, offsets[bit + 1] - base) : null;
    }
    return values;
  }
  const length = column.data.reduce((n, d) => n + d.length, 0);
  const values: DuckDBValue[] = new Array(length);
  for (let i = 0; i < length; i++) {
    const v = column.get(i);
    values[i] = v === undefined ? null : (v as DuckDBValue);
  }
  return values;
}

/**
 * Rows straight into DataChunks of CHUNK_ROWS: the JS strings and numbers go to the appender as
 * they are (no Arrow encoding and decoding on the way).
 */
async function appendRows(conn: DuckDBConnection, table: string, columns: readonly ColumnSpec[], rows: readonly object[], cell: CellReader): Promise<void> {
  const appender = await conn.createAppender(table);
  try {
    const types: DuckDBType[] = [];
    for (let c = 0; c < appender.columnCount; c++) types.push(appender.columnType(c));
    if (types.length !== columns.length) {
      throw new AppError('UNKNOWN', `insertRows(${table}): table has ${types.length} columns, rows have ${columns.length}`);
    }
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      const end = Math.min(rows.length, start + CHUNK_ROWS);
      const chunk = DuckDBDataChunk.create(types, end - start);
      columns.forEach((column, c) => {
        const values: DuckDBValue[] = new Array(end - start);
        for (let i = start; i < end; i++) {
          const value = cell(rows[i]!, column.name);
          values[i - start] = value === undefined ? null : (value as DuckDBValue);
        }
        chunk.setColumnValues(c, values);
      });
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

async function appendArrow(conn: DuckDBConnection, table: string, data: Table): Promise<void> {
  const appender = await conn.createAppender(table);
  try {
    const types: DuckDBType[] = [];
    for (let c = 0; c < appender.columnCount; c++) types.push(appender.columnType(c));
    if (types.length !== data.numCols) {
      throw new AppError('UNKNOWN', `insertArrow(${table}): table has ${types.length} columns, Arrow data ${data.numCols}`);
    }
    for (const batch of data.batches) {
      const columns = batch.schema.fields.map((_, c) => columnValues(batch.getChildAt(c) as unknown as ArrowColumn));
      for (let start = 0; start < batch.numRows; start += CHUNK_ROWS) {
        const end = Math.min(batch.numRows, start + CHUNK_ROWS);
        const chunk = DuckDBDataChunk.create(types, end - start);
        for (let c = 0; c < columns.length; c++) chunk.setColumnValues(c, columns[c].slice(start, end));
        appender.appendDataChunk(chunk);
      }
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}
