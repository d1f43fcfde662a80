/**
 * @file The code of whole nodes a query compiled with CompileOptions.deferCode left out: each
 * such node's [code_start, code_end) range comes in a column beside it (codeRangeColumn), and
 * the code is sliced from the texts of the few files those nodes name, read by their paths
 * (fileTexts.ts), instead of the SQL joining every file's text. Offsets are written only for
 * ASCII texts (schema.ts), where code points are UTF-16 units. The range columns are removed.
 * Runs in: everywhere. Layer src/core.
 */
import { readFileTexts } from '../store/fileTexts.ts';
import type { Row, SqlConnection } from '../store/sqlConnection.ts';
import { codeRangeColumn } from './sqlText.ts';

interface Pending {
  node: Row;
  path: string;
  start: number;
  end: number;
}

/** Fills `code` of the whole nodes in `columns` of `rows` (in place) and drops their range columns. */
export async function fillDeferredCode(conn: Pick<SqlConnection, 'query'>, rows: readonly Row[], columns: readonly string[]): Promise<void> {
  if (columns.length === 0) return;
  const pending: Pending[] = [];
  for (const row of rows) {
    for (const column of columns) {
      const rangeColumn = codeRangeColumn(column);
      const range = row[rangeColumn];
      delete row[rangeColumn];
      const node = row[column] as Row | null;
      if (!Array.isArray(range) || range[0] === null || node === null || typeof node.file_path !== 'string') continue;
      pending.push({ node, path: node.file_path, start: Number(range[0]), end: Number(range[1]) });
    }
  }
  if (pending.length === 0) return;
  const texts = await readFileTexts(conn, pending.map((p) => p.path));
  for (const { node, path, start, end } of pending) {
    const text = texts.get(path);
    if (text !== undefined) node.code = text.slice(start, end);
  }
}
