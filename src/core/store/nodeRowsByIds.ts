/**
 * @file Node rows of a few ids out of a big graph, code included, without the `nodes` view: the
 * view joins every file's text before the id filter applies (20 s for 4k of 929k nodes), so
 * the rows come from node_rows and the code is sliced from the texts of their files alone.
 * The ids' join hands them to the scan as a filter (schema.ts readSettingsSql). Offsets are
 * written only for ASCII texts (schema.ts), where code points are UTF-16 units.
 * Runs in: everywhere. Layer src/core.
 */
import { idListSql } from './embeddingStore.ts';
import { NODE_COLUMNS, NODE_ROWS_TABLE } from './schema.ts';
import { withCode } from './fileTexts.ts';
import type { SqlConnection } from './sqlConnection.ts';

type Row = Record<string, unknown>;

/** Rows of `ids` with the `nodes` view's columns (`columns` of them), ordered by id. */
export async function nodeRowsByIds(conn: SqlConnection, ids: readonly number[], columns: readonly string[] = NODE_COLUMNS.map((c) => c.name)): Promise<Row[]> {
  if (ids.length === 0) return [];
  const picked = [...new Set([...columns.filter((c) => c !== 'code'), 'id', 'file_path'])];
  const rows = await conn.query(
    `SELECT ${picked.join(', ')}, code, code_start, code_end FROM ${NODE_ROWS_TABLE} WHERE id IN (SELECT unnest(${idListSql(ids)})) ORDER BY id`,
  );
  if (columns.includes('code')) return withCode(conn, rows);
  return rows.map(({ code: _code, code_start: _start, code_end: _end, ...row }) => row);
}
