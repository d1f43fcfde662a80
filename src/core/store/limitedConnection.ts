/**
 * @file A SqlConnection that stops writing before the database file reaches its size limit
 * (storageLimit.ts; docs/architecture.md, "Storage limit"). Before a COMMIT, and before a write
 * outside a transaction, it reads the file's size from duckdb (`pragma_database_size`: blocks
 * times block size, plus the file's header); past the limit the transaction is rolled back and
 * the step fails with STORAGE_LIMIT, so the stored graph stays as it was and the database stays
 * usable. CHECKPOINT and reads always pass: they store nothing new.
 * Runs in: anywhere (works on the SqlConnection port; the browser's databases use it).
 */
import type { Table as ArrowTable } from 'apache-arrow';
import type { SqlConnection } from './sqlConnection.ts';
import { storageLimitReached } from './storageLimit.ts';

/** duckdb's file header (3 x 4 KiB) before the first block. */
const FILE_HEADER_BYTES = 3 * 4096;

/** Statements that may store something. */
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'CREATE', 'ALTER', 'DROP', 'COPY', 'MERGE', 'UPSERT', 'REPLACE']);

/** The database file's size as duckdb's block manager counts it. */
export async function databaseFileBytes(conn: SqlConnection): Promise<number> {
  const [row] = await conn.query('SELECT total_blocks, block_size FROM pragma_database_size() WHERE database_name = current_database()');
  return row ? FILE_HEADER_BYTES + Number(row.total_blocks) * Number(row.block_size) : 0;
}

function verbOf(sql: string): string {
  return /^\s*([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase() ?? '';
}

/** `conn`, refusing to store more once its database file is past `limit` bytes. */
export function limitedConnection(conn: SqlConnection, limit: number): SqlConnection {
  let inTransaction = false;
  const checkRoom = async () => {
    if ((await databaseFileBytes(conn)) > limit) throw storageLimitReached(limit);
  };
  const execute = async <T>(sql: string, send: () => Promise<T>): Promise<T> => {
    const verb = verbOf(sql);
    if (verb === 'BEGIN') {
      const result = await send();
      inTransaction = true;
      return result;
    }
    if (verb === 'COMMIT' || verb === 'END') {
      try {
        await checkRoom();
      } catch (error) {
        inTransaction = false;
        await conn.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
      try {
        return await send();
      } finally {
        // A failed COMMIT rolls the transaction back too.
        inTransaction = false;
      }
    }
    if (verb === 'ROLLBACK' || verb === 'ABORT') {
      inTransaction = false;
      return send();
    }
    if (!inTransaction && WRITES.has(verb)) await checkRoom();
    return send();
  };
  const queryArrow = conn.queryArrow?.bind(conn);
  const insertRows = conn.insertRows?.bind(conn);
  const queryInterruptible = conn.queryInterruptible?.bind(conn);
  const interrupt = conn.interrupt?.bind(conn);
  return {
    query: (sql) => execute(sql, () => conn.query(sql)),
    // The engine's cancel passes through: without it a user's runaway query could not be stopped.
    ...(queryInterruptible ? { queryInterruptible: (sql: string) => execute(sql, () => queryInterruptible(sql)) } : {}),
    ...(interrupt ? { interrupt } : {}),
    run: (sql) => execute(sql, () => conn.run(sql)),
    ...(queryArrow ? { queryArrow: (sql: string) => execute(sql, () => queryArrow(sql)) } : {}),
    async insertArrow(table: string, data: ArrowTable) {
      if (!inTransaction) await checkRoom();
      await conn.insertArrow(table, data);
    },
    ...(insertRows
      ? {
          async insertRows(...args: Parameters<typeof insertRows>) {
            if (!inTransaction) await checkRoom();
            await insertRows(...args);
          },
        }
      : {}),
    ...(conn.close ? { close: () => conn.close!() } : {}),
  };
}
