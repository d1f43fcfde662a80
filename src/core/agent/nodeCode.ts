/**
 * @file A node's source text for reading: its own code, or for a Module (whose row keeps none,
 * docs/schema.md) its file's text, with the line the text starts at.
 * Runs in: everywhere. Layer src/core.
 */
import type { SqlConnection } from '../store/sqlConnection.ts';

export interface NodeCode {
  /** null when neither the node nor its file holds text (the Repo node, a file not stored). */
  code: string | null;
  /** The file line of the code's first line. */
  firstLine: number;
}

/** The code of node `id` (null when the id is not in the graph). */
export async function readNodeCode(conn: Pick<SqlConnection, 'query'>, id: number): Promise<NodeCode | null> {
  const [row] = await conn.query(
    // Joined on the path alone (a test of the node in the ON clause makes it a nested-loop join).
    `SELECT n.code, n.start_line, CASE WHEN n.kind = 'Module' AND n.code IS NULL THEN f.text END AS file_text FROM nodes n
     LEFT JOIN files f ON f.path = n.file_path
     WHERE n.id = ${Math.trunc(id)}`,
  );
  if (!row) return null;
  if (row.code !== null && row.code !== undefined) return { code: String(row.code), firstLine: Number(row.start_line ?? 1) };
  return { code: row.file_text === null || row.file_text === undefined ? null : String(row.file_text), firstLine: 1 };
}
