/**
 * @file SqlConnection over the blocking duckdb-wasm bundle, in memory: the same engine (v1.4.3)
 * and Arrow path as the browser, used by Node unit tests of the shared SQL.
 * Arrow goes in as IPC streams (insertArrowFromIPCStream), one record batch at a time, which
 * sidesteps the Arrow dual-package hazard of insertArrowTable.
 * An engine instance costs about 2 s of CPU to start (mostly emscripten linking its exports), so
 * a closed in-memory connection's instance is reset (a new, empty database) and kept for the
 * next in-memory connection of the process.
 * Runs in: Node (tests, benchmarks). Cannot persist files across processes: use duckdbNode.ts
 * (openWasmFileConnection reads a file that one wrote, read-only).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as duckdb from '@duckdb/duckdb-wasm/blocking';
import { Table, tableToIPC } from 'apache-arrow';
import type { Table as ArrowTable } from 'apache-arrow';
import { arrowTableToRows } from '../../core/store/sqlConnection.ts';
import { readSettingsSql } from '../../core/store/schema.ts';
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

/** Closed in-memory connections' engine instances, reset, ready for the next one. */
const idle: duckdb.DuckDBBindings[] = [];

/**
 * A new, empty in-memory database, connected: on an engine instance a closed connection left
 * (reset), else on a new one (about 2 s of CPU).
 */
export async function openWasmMemoryConnection(): Promise<WasmNodeConnection> {
  return openWasm(undefined, idle.pop());
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

async function newInstance(): Promise<duckdb.DuckDBBindings> {
  const db = await duckdb.createDuckDB(localBundles(), new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate();
  return db;
}

async function openWasm(setup?: (db: duckdb.DuckDBBindings, conn: duckdb.DuckDBConnection) => void, reused?: duckdb.DuckDBBindings): Promise<WasmNodeConnection> {
  const db = reused ?? (await newInstance());
  // BIGINT/HUGEINT/DECIMAL come back as doubles: JSON-safe numbers, like node-api's conversion.
  db.open({ path: ':memory:', query: { castBigIntToDouble: true, castDecimalToDouble: true } });
  const conn = db.connect();
  // As the app's connections (duckdbBrowser.ts): id lists answered from the index.
  for (const sql of readSettingsSql()) conn.query(sql);
  setup?.(db, conn);
  let closed = false;
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
      if (closed) return;
      closed = true;
      conn.close();
      db.reset();
      // An instance with a registered file keeps it across a reset: only in-memory ones go back.
      if (!setup) idle.push(db);
    },
  };
}
