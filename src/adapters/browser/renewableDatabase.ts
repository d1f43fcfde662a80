/**
 * @file A repo database whose duckdb instance can be replaced under its users (`renew`): its
 * `conn` stays the same object (the write gate keyed on it too), a call in flight ends on the
 * old instance before it closes, and calls made during the swap wait for the new one. A wasm
 * instance's memory never shrinks: after reading a whole big database (an index, a bundle
 * export) a fresh instance that reads only what it is asked gives that memory back.
 * Runs in: the repo worker (browser). Node tests drive it with their own databases.
 */
import type { Row, SqlConnection } from '../../core/store/sqlConnection.ts';
import type { Table } from 'apache-arrow';

export interface Database {
  readonly repoId: string;
  readonly conn: SqlConnection;
  close(): Promise<void>;
}

export interface RenewableDatabase extends Database {
  /** Closes this instance and opens the same database in a new one (`reopen`); calls wait meanwhile. */
  renew(): Promise<void>;
}

export function renewableDatabase(first: Database, reopen: () => Promise<Database>, onClose: () => void = () => {}): RenewableDatabase {
  let current = first;
  let swapping: Promise<void> | null = null;
  let closed: Promise<void> | null = null;
  let inFlight = 0;
  let idle: (() => void) | null = null;

  const call = async <T>(use: (conn: SqlConnection) => Promise<T>): Promise<T> => {
    while (swapping) await swapping.catch(() => {});
    inFlight++;
    try {
      return await use(current.conn);
    } finally {
      inFlight--;
      if (inFlight === 0) idle?.();
    }
  };

  // The optional methods as the first instance has them (every instance of a database is alike).
  const inner = first.conn;
  const conn: SqlConnection = {
    query: (sql: string): Promise<Row[]> => call((c) => c.query(sql)),
    run: (sql: string): Promise<void> => call((c) => c.run(sql)),
    insertArrow: (table: string, data: Table): Promise<void> => call((c) => c.insertArrow(table, data)),
    ...(inner.queryArrow && { queryArrow: (sql: string): Promise<Table> => call((c) => c.queryArrow!(sql)) }),
    ...(inner.queryInterruptible && { queryInterruptible: (sql: string): Promise<Row[]> => call((c) => c.queryInterruptible!(sql)) }),
    // Not gated: it stops what runs now, on the instance that runs it.
    ...(inner.interrupt && { interrupt: () => current.conn.interrupt?.() }),
  };

  return {
    repoId: first.repoId,
    conn,
    renew() {
      swapping ??= (async () => {
        if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve));
        idle = null;
        await current.close();
        current = await reopen();
      })().finally(() => {
        swapping = null;
      });
      return swapping;
    },
    close() {
      closed ??= (async () => {
        onClose();
        while (swapping) await swapping.catch(() => {});
        await current.close();
      })();
      return closed;
    },
  };
}
