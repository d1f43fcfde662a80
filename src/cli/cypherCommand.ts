/**
 * @file `ranger cypher --db <file> "<cypher>" [--explain]`: the read-only Cypher subset,
 * compiled to SQL (src/core/cypher) and run through the same guarded path as `ranger sql`.
 * Runs in: Node (cli).
 */
import { compileCypher } from '../core/cypher/compile.ts';
import type { Row } from '../core/store/sqlConnection.ts';
import { runSql } from './sqlCommand.ts';

export async function runCypher(dbPath: string, cypher: string): Promise<{ sql: string; rows: Row[] }> {
  const { sql } = compileCypher(cypher);
  return { sql, rows: await runSql(dbPath, sql) };
}
