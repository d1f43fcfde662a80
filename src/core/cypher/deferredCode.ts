/**
 * @file The code of whole nodes a query compiled with CompileOptions.deferCode left out: each
 * such node's [code_start, code_end) range comes in a column beside it (codeRangeColumn), and
 * the code is sliced from the texts of the few files those nodes name, read by their paths
 * (fileTexts.ts withCode, as node_rows rows are), instead of the SQL joining every file's text.
 * The range columns are removed.
 * Runs in: everywhere. Layer src/core.
 */
import { withCode } from '../store/fileTexts.ts';
import type { Row, SqlConnection } from '../store/sqlConnection.ts';
import { codeRangeColumn } from './sqlText.ts';

/** Fills `code` of the whole nodes in `columns` of `rows` (in place) and drops their range columns. */
export async function fillDeferredCode(conn: Pick<SqlConnection, 'query'>, rows: readonly Row[], columns: readonly string[]): Promise<void> {
  if (columns.length === 0) return;
  const nodes: Row[] = [];
  const stored: Row[] = [];
  for (const row of rows) {
    for (const column of columns) {
      const rangeColumn = codeRangeColumn(column);
      const range = row[rangeColumn];
      delete row[rangeColumn];
      const node = row[column] as Row | null;
      if (!Array.isArray(range) || range[0] === null || node === null) continue;
      nodes.push(node);
      // As node_rows holds it: withCode slices it as the `nodes` view would.
      stored.push({ file_path: node.file_path ?? null, code: null, code_start: range[0], code_end: range[1] });
    }
  }
  if (nodes.length === 0) return;
  const sliced = await withCode(conn, stored);
  nodes.forEach((node, i) => (node.code = sliced[i]!.code));
}
