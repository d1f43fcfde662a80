/**
 * @file A SqlConnection wrapper for long semantic jobs on an OPFS database: after a COMMIT it
 * runs CHECKPOINT at most every `everyMs`, so a reload mid-job finds the batches written so
 * far in the database file and the job resumes close to where it stopped.
 * Runs in: the repo worker (browser).
 */
import type { SqlConnection } from '../../core/store/sqlConnection.ts';

export function checkpointingConnection(conn: SqlConnection, everyMs = 2000): SqlConnection {
  let last = Date.now();
  return {
    query: (sql) => conn.query(sql),
    insertArrow: (table, data) => conn.insertArrow(table, data),
    async run(sql) {
      await conn.run(sql);
      if (/^\s*COMMIT\b/i.test(sql) && Date.now() - last >= everyMs) {
        await conn.run('CHECKPOINT');
        last = Date.now();
      }
    },
  };
}
