/**
 * @file duckdb-wasm's blocking bundle on a database file in Node: the browser's engine and its
 * C++ file layer (the Node runtime's calls share the OPFS runtime's write and read paths), with
 * the browser's write guard around the runtime when a limit is given. For the storage-limit test
 * and `npm run bench:storage` only: the app's Node side keeps files with @duckdb/node-api.
 * Runs in: Node (tests, bench).
 */
import { createRequire } from 'node:module';
import * as duckdb from '@duckdb/duckdb-wasm/blocking';
import { Table, tableToIPC } from 'apache-arrow';
import type { Table as ArrowTable } from 'apache-arrow';
import { arrowTableToRows } from '../../src/core/store/sqlConnection.ts';
import type { Row, SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { guardFileRuntime } from '../../src/adapters/browser/duckdbWriteGuard.ts';
import type { DuckdbFileRuntime } from '../../src/adapters/browser/duckdbWriteGuard.ts';

const require = createRequire(import.meta.url);

export interface WasmFileDatabase extends SqlConnection {
  close(): Promise<void>;
}

/** Opens (or creates) `path` read-write; `writeLimit`: no write ends past it (the browser's guard). */
export async function openWasmFileDatabase(path: string, writeLimit?: number): Promise<WasmFileDatabase> {
  // A copy: the bundle's runtime object stays as it is for other databases of this process.
  const runtime = { ...duckdb.NODE_RUNTIME } as typeof duckdb.NODE_RUNTIME;
  if (writeLimit !== undefined) guardFileRuntime(runtime as unknown as DuckdbFileRuntime, writeLimit);
  const bundles: duckdb.DuckDBBundles = {
    mvp: { mainModule: require.resolve('@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm'), mainWorker: '' },
    eh: { mainModule: require.resolve('@duckdb/duckdb-wasm/dist/duckdb-eh.wasm'), mainWorker: '' },
  };
  const db = await duckdb.createDuckDB(bundles, new duckdb.VoidLogger(), runtime);
  await db.instantiate();
  db.open({ path, accessMode: duckdb.DuckDBAccessMode.READ_WRITE, query: { castBigIntToDouble: true, castDecimalToDouble: true } });
  const conn = db.connect();
  return {
    async query(sql: string): Promise<Row[]> {
      return arrowTableToRows(conn.query(sql));
    },
    async run(sql: string): Promise<void> {
      conn.query(sql);
    },
    async insertArrow(table: string, data: ArrowTable): Promise<void> {
      for (const batch of data.batches) if (batch.numRows > 0) conn.insertArrowFromIPCStream(tableToIPC(new Table(batch), 'stream'), { name: table, create: false });
    },
    async close(): Promise<void> {
      conn.close();
      db.reset();
    },
  };
}
