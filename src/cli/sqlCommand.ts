/**
 * @file `ranger sql --db <file> "<sql>"`: one read-only statement over a repo database file,
 * rows back as plain objects (BIGINT -> number). The file is opened read-only with external
 * access off, after the statement-kind guard, so user SQL can neither write nor read files.
 * Runs in: Node (cli).
 */
import { assertReadOnlySql } from '../core/store/sqlGuard.ts';
import type { Row } from '../core/store/sqlConnection.ts';
import { openNodeDatabase } from '../adapters/node/duckdbNode.ts';

export async function runSql(dbPath: string, sql: string): Promise<Row[]> {
  assertReadOnlySql(sql);
  const conn = await openNodeDatabase(dbPath, { readOnly: true, mustExist: true, externalAccess: false });
  try {
    return await conn.query(sql);
  } finally {
    await conn.close();
  }
}
