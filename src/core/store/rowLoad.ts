/**
 * @file Rows bound for one table and the one way they go in: straight from the row objects
 * where the connection takes JS values (SqlConnection.insertRows: node-api's appender), else
 * as Arrow record batches built one at a time (duckdb-wasm).
 * Runs in: everywhere. Layer src/core.
 */
import { arrowParts, propertyCell } from './arrowTables.ts';
import type { ColumnSpec } from './schema.ts';
import type { CellReader, SqlConnection } from './sqlConnection.ts';

export interface RowLoad {
  columns: readonly ColumnSpec[];
  rows: readonly object[];
  /** Reads one cell (default: the property named like the column). */
  cell?: CellReader;
}

export async function insertRows(conn: SqlConnection, table: string, load: RowLoad): Promise<void> {
  const { columns, rows } = load;
  if (rows.length === 0) return;
  const cell = load.cell ?? propertyCell;
  if (conn.insertRows) {
    await conn.insertRows(table, columns, rows, cell);
    return;
  }
  for (const part of arrowParts(columns, rows, cell)) if (part.numRows > 0) await conn.insertArrow(table, part);
}
