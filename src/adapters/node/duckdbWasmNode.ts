/**
 * @file SqlConnection over the blocking duckdb-wasm bundle, in memory: the same engine (v1.4.3)
 * and Arrow path as the browser, used by Node unit tests of the shared SQL.
 * Arrow goes in as IPC streams (insertArrowFromIPCStream), one record batch at a time, which
 * sidesteps the Arrow dual-package hazard of insertArrowTable.
 * Runs in: Node (tests, benchmarks). Cannot persist files across processes: use duckdbNode.ts
 * (openWasmFileConnection reads a file that one wrote, read-only).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as duckdb from '@duckdb/duckdb-wasm/blocking';
import { Table, tableToIPC } from 'apache-arrow';
import type { Table as ArrowTable } from 'apache-arrow';
import { arrowTableToRows } from '../../core/store/sqlConnection.ts';
import type { Row, SqlConnection } from '../../core/store/sqlConnection.ts';

const require = createRequire(import.meta.url);

function localBundles(): duckdb.DuckDBBundles {
  return {
    mvp: { mainModule: require.resolve('@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm'), mainWorker: '' },
    eh: { mainModule: require.resolve('@duckdb/duckdb-wasm/dist/duckdb-eh.wasm'), mainWorker: '' },
  };
}

export interface WasmNodeConnection extends SqlConnection {
  close(): Promise<void>;
}

/** Instantiates duckdb-wasm (about 1 s) with an in-memory database and connects to it. */
export async function openWasmMemoryConnection(): Promise<WasmNodeConnection> {
  return openWasm();
}

/**
 * duckdb-wasm with a database file read into memory and attached read-only as the default
 * catalog: the browser's engine on a database the CLI wrote (benchmarks on a big indexed graph).
 */
export async function openWasmFileConnection(path: string): Promise<WasmNodeConnection> {
  return openWasm((db, conn) => {
    db.registerFileBuffer('attached.duckdb', new Uint8Array(readFileSync(path)));
    conn.query("ATTACH 'attached.duckdb' AS attached (READ_ONLY)");
    conn.query('USE attached');
  });
}

async function openWasm(setup?: (db: duckdb.DuckDBBindings, conn: duckdb.DuckDBConnection) => void): Promise<WasmNodeConnection> {
  const db = await duckdb.createDuckDB(localBundles(), new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate();
  // BIGINT/HUGEINT/DECIMAL come back as doubles: JSON-safe numbers, like node-api's conversion.
  db.open({ path: ':memory:', query: { castBigIntToDouble: true, castDecimalToDouble: true } });
  const conn = db.connect();
  setup?.(db, conn);
  return {
    async query(sql: string): Promise<Row[]> {
      return arrowTableToRows(conn.query(sql));
    },
    async queryArrow(sql: string): Promise<ArrowTable> {
      return conn.query(sql) as unknown as ArrowTable;
    },
    async run(sql: string): Promise<void> {
      conn.query(sql);
    },
    async insertArrow(table: string, data: ArrowTable): Promise<void> {
      for (const batch of data.batches) {
        if (batch.numRows === 0) continue;
        const ipc = tableToIPC(new Table(batch), 'stream');
        conn.insertArrowFromIPCStream(ipc, { name: table, create: false });
      }
    },
    async close(): Promise<void> {
      conn.close();
      db.reset();
    },
  };
}
