/**
 * @file Write units of several flows on ONE connection, one after another. The app's repo
 * worker runs a semantic job, a search and an export on the active database at the same time,
 * and DuckDB has one transaction per connection: a statement another flow sends while a
 * transaction is open runs inside it, a second BEGIN fails, and a CHECKPOINT aborts the open
 * transaction (its writes are then lost at COMMIT). So each flow that writes does it through its
 * own view (`flow`): its BEGIN waits for the gate and holds it until its COMMIT or ROLLBACK, and a
 * CHECKPOINT outside its own transaction waits for the gate too. `exclusive` runs a unit of
 * statements that must not meet another flow's transaction (a search's stored run and its
 * CHECKPOINT, an export's reads of every table). Reads outside units pass at once. A view
 * knows its connection (`baseConnection`), so its gate is the connection's.
 * Runs in: everywhere. Layer src/core.
 */
import type { SqlConnection } from './sqlConnection.ts';

/** The first keyword of a statement, upper-cased ('' when there is none). */
function verbOf(sql: string): string {
  return /^\s*([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase() ?? '';
}

const BEGINS = new Set(['BEGIN']);
const ENDS = new Set(['COMMIT', 'END', 'ROLLBACK', 'ABORT']);

export class WriteGate {
  private tail: Promise<void> = Promise.resolve();

  /** Waits for the gate; the returned function hands it on (call it exactly once). */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const before = this.tail;
    this.tail = before.then(() => mine);
    return before.then(() => release);
  }

  /** Runs `unit` while no other flow's transaction or unit runs. */
  async exclusive<T>(unit: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await unit();
    } finally {
      release();
    }
  }

  /**
   * A view of `conn` for one flow (one job, one call): every statement goes to `conn`; a BEGIN
   * first waits for the gate, which the flow holds until its COMMIT or ROLLBACK (released even when
   * they fail: DuckDB ends the transaction either way), and a CHECKPOINT outside its transaction
   * runs as an exclusive unit. One view must not be shared by two flows that write at once.
   */
  flow(conn: SqlConnection): SqlConnection {
    let held: (() => void) | null = null;
    const handOn = (): void => {
      const release = held;
      held = null;
      release?.();
    };
    const view: SqlConnection = {
      query: (sql) => conn.query(sql),
      insertArrow: (table, data) => conn.insertArrow(table, data),
      run: async (sql) => {
        const verb = verbOf(sql);
        if (BEGINS.has(verb) && !held) {
          held = await this.acquire();
          try {
            await conn.run(sql);
          } catch (error) {
            handOn();
            throw error;
          }
          return;
        }
        if (ENDS.has(verb) && held) {
          try {
            await conn.run(sql);
          } finally {
            handOn();
          }
          return;
        }
        if (verb === 'CHECKPOINT' && !held) return this.exclusive(() => conn.run(sql));
        return conn.run(sql);
      },
    };
    if (conn.queryArrow) view.queryArrow = (sql) => conn.queryArrow!(sql);
    if (conn.insertRows) view.insertRows = (table, columns, rows, cell) => conn.insertRows!(table, columns, rows, cell);
    bases.set(view, baseConnection(conn));
    return view;
  }
}

const gates = new WeakMap<SqlConnection, WriteGate>();
const bases = new WeakMap<SqlConnection, SqlConnection>();

/** The connection under a flow's view (the connection itself when it is not a view). */
export function baseConnection(conn: SqlConnection): SqlConnection {
  return bases.get(conn) ?? conn;
}

/** The one gate of a connection, or of the connection under a view (every flow on it must use this one). */
export function writeGateOf(conn: SqlConnection): WriteGate {
  const base = baseConnection(conn);
  let gate = gates.get(base);
  if (!gate) gates.set(base, (gate = new WriteGate()));
  return gate;
}

/**
 * Runs `write` and a CHECKPOINT as one unit of the connection's write gate, so what it wrote is in
 * the database file at once (the app's OPFS file before a reload) and neither lands inside another
 * flow's open transaction.
 */
export function writeAndCheckpoint<T>(conn: SqlConnection, write: () => Promise<T>): Promise<T> {
  return writeGateOf(conn).exclusive(async () => {
    const value = await write();
    await conn.run('CHECKPOINT');
    return value;
  });
}
