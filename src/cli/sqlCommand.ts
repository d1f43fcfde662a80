/**
 * @file `ranger sql --db <file> "<sql>" [--max-rows N] [--timeout S]`: one read-only statement
 * over a repo database file, rows back as plain objects (BIGINT -> number), within a row cap and
 * a time limit (src/core/store/boundedQuery.ts). The file is opened read-only with external
 * access off, after the statement-kind guard, so user SQL can neither write nor read files.
 * Runs in: Node (cli).
 */
import { assertReadOnlySql } from '../core/store/sqlGuard.ts';
import { boundedQuery, DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S } from '../core/store/boundedQuery.ts';
import type { BoundedRows, QueryBounds } from '../core/store/boundedQuery.ts';
import { openNodeDatabase } from '../adapters/node/duckdbNode.ts';
import type { SqlConnection } from '../core/store/sqlConnection.ts';

/** The CLI's bounds: --max-rows (default 10,000; 0 = all) and --timeout in seconds (default 60; 0 = none). */
export function cliBounds(maxRows: number | undefined, timeoutS: number | undefined): QueryBounds {
  return {
    maxRows: maxRows ?? DEFAULT_MAX_ROWS,
    timeoutMs: (timeoutS ?? DEFAULT_TIMEOUT_S) * 1000,
    raiseRows: 'raise --max-rows N, or 0 for all',
    raiseTime: 'raise --timeout S (0: no limit)',
  };
}

export async function runSql(dbPath: string, sql: string, bounds: QueryBounds = cliBounds(undefined, undefined)): Promise<BoundedRows> {
  assertReadOnlySql(sql);
  return withReadOnlyDatabase(dbPath, (conn) => boundedQuery(conn, sql, bounds));
}

/** Runs `read` on the database file opened read-only, external access off; closes it after. */
export async function withReadOnlyDatabase<T>(dbPath: string, read: (conn: SqlConnection) => Promise<T>): Promise<T> {
  const conn = await openNodeDatabase(dbPath, { readOnly: true, mustExist: true, externalAccess: false });
  try {
    return await read(conn);
  } finally {
    await conn.close();
  }
}
