/**
 * @file The texts of a few files of a big graph, by path: a literal `path IN (...)` list reads
 * the files_path index (schema.ts INDEXES) and fetches those rows alone. A join on the paths
 * instead reads every file's text (a filtered scan fetches whole vectors of rows: 38 paths out
 * of 50,000 files touched nearly all of them, 384 ms cold against 45 ms by the index), and a
 * hash join built on the files copies every text into it. And node_rows rows given the code
 * they keep as offsets, sliced from those texts (withCode).
 * Runs in: everywhere. Layer src/core.
 */
import { sqlString } from './sqlConnection.ts';
import type { Row, SqlConnection } from './sqlConnection.ts';

/**
 * Paths per query: DuckDB reads an index for an IN list while it matches at most
 * index_scan_max_count rows (2,048 by default).
 */
const PATHS_PER_QUERY = 1_000;

/** path -> text for those of `paths` the files table holds. */
export async function readFileTexts(conn: Pick<SqlConnection, 'query'>, paths: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(paths)];
  const texts = new Map<string, string>();
  for (let i = 0; i < unique.length; i += PATHS_PER_QUERY) {
    const list = unique.slice(i, i + PATHS_PER_QUERY).map(sqlString).join(', ');
    for (const row of await conn.query(`SELECT path, text FROM files WHERE path IN (${list})`)) texts.set(String(row.path), String(row.text ?? ''));
  }
  return texts;
}

/**
 * node_rows rows (with file_path, code, code_start and code_end) as the `nodes` view gives them:
 * `code` sliced from the file's text where the row keeps offsets (written only for ASCII texts,
 * schema.ts, where code points are UTF-16 units), code_start and code_end left out.
 */
export async function withCode(conn: Pick<SqlConnection, 'query'>, rows: readonly Row[]): Promise<Row[]> {
  const offsets = (r: Row) => r.code === null && r.code_start !== null && r.file_path !== null;
  const texts = await readFileTexts(conn, rows.filter(offsets).map((r) => String(r.file_path)));
  return rows.map(({ code_start, code_end, ...row }) => {
    if (row.code !== null || code_start === null || row.file_path === null) return row;
    const text = texts.get(String(row.file_path));
    return { ...row, code: text === undefined ? null : text.slice(Number(code_start), Number(code_end)) };
  });
}
