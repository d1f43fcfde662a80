/**
 * @file One transaction around a group of writes: BEGIN, the writes, COMMIT; on any error a
 * ROLLBACK (its own failure ignored: the original error is the one worth reporting) and the
 * error rethrown, so a failed write leaves the database as it was.
 * Runs in: anywhere (works on the SqlConnection port).
 */
import type { SqlConnection } from './sqlConnection.ts';

export async function inTransaction<T>(conn: SqlConnection, writes: () => Promise<T>): Promise<T> {
  await conn.run('BEGIN TRANSACTION');
  try {
    const result = await writes();
    await conn.run('COMMIT');
    return result;
  } catch (error) {
    try {
      await conn.run('ROLLBACK');
    } catch {
      // The original error is the one worth reporting; a failed rollback adds nothing to it.
    }
    throw error;
  }
}
