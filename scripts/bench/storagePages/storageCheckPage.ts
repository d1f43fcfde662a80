/**
 * @file The storage check's chromium page (`npm run bench:storage`): grows a database on OPFS
 * (scripts/bench/storageGrowth.ts) in two ways. 'raw': duckdb-wasm with its own worker, nothing
 * in between, grown past 4 GiB, read back in the session, then closed, reopened and read back.
 * 'app': the app's storage (openBrowserStore: the guarded duckdb worker, limitedConnection), grown
 * until it refuses, read back, reopened through the store and read back. Lines of progress go to
 * the console; the result to the Node driver through `window.__storageCheck`.
 * Runs in: chromium (page built by scripts/bench/storagePages/vite.config.ts).
 */
import * as duckdb from '@duckdb/duckdb-wasm';
import ehWasm from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import { openBrowserStore } from '../../../src/adapters/browser/duckdbBrowser.ts';
import { arrowTableToRows } from '../../../src/core/store/sqlConnection.ts';
import type { SqlConnection } from '../../../src/core/store/sqlConnection.ts';
import { grow, growOnce, readBack } from '../storageGrowth.ts';
import type { Growth, ReadBack } from '../storageGrowth.ts';

export interface PageRequest {
  part: 'raw' | 'app';
  rowsPerStep: number;
  targetBytes: number;
  /** Read every row back after a step that leaves the file past this. */
  readBackFrom: number;
  /** 'app': the store's write limit (its default unless lowered for a quick run). */
  writeLimitBytes?: number;
}

export interface PageResult {
  growth: Growth;
  maxFileBytes: number;
  /** Read back in the same session after the growth stopped. */
  after: ReadBack;
  /** Read back after closing and reopening the database. */
  reopened: ReadBack;
  /** 'raw': read back after one more step on the reopened database. */
  regrown?: ReadBack;
}

const log = (line: string) => console.log(`[storage-check] ${line}`);

async function opfsFileBytes(name: string): Promise<number> {
  const root = await navigator.storage.getDirectory();
  return (await (await root.getFileHandle(name)).getFile()).size;
}

async function removeFiles(name: string): Promise<void> {
  const root = await navigator.storage.getDirectory();
  for (const file of [name, `${name}.wal`]) await root.removeEntry(file).catch(() => undefined);
}

/** duckdb-wasm on its own worker: the engine as the package ships it. */
async function openRaw(name: string): Promise<{ conn: SqlConnection; close: () => Promise<void> }> {
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), new Worker(ehWorker));
  await db.instantiate(ehWasm);
  await db.open({ path: `opfs://${name}`, accessMode: duckdb.DuckDBAccessMode.READ_WRITE, query: { castBigIntToDouble: true } });
  const c = await db.connect();
  const conn: SqlConnection = {
    query: async (sql) => arrowTableToRows(await c.query(sql)),
    run: async (sql) => void (await c.query(sql)),
    insertArrow: async () => {
      throw new Error('not used');
    },
  };
  return {
    conn,
    async close() {
      await c.close();
      await db.open({ path: ':memory:' });
      await db.dropFiles();
      await db.terminate();
    },
  };
}

async function runRaw(request: PageRequest): Promise<PageResult> {
  const name = 'storage-check-raw.duckdb';
  await removeFiles(name);
  let maxFileBytes = 0;
  const fileBytes = async () => (maxFileBytes = Math.max(maxFileBytes, await opfsFileBytes(name)));
  try {
    const first = await openRaw(name);
    const growth = await grow(first.conn, { ...request, fileBytes, readBackAt: (bytes) => bytes > request.readBackFrom, log });
    const after = await readBack(first.conn, growth.rows);
    log(`after the growth, same session: ${after.ok ? 'OK' : 'WRONG'} (${after.detail})`);
    await first.close();
    const second = await openRaw(name);
    await second.conn.run("SET memory_limit = '512MB'");
    const reopened = await readBack(second.conn, growth.rows);
    log(`reopened: ${reopened.ok ? 'OK' : 'WRONG'} (${reopened.detail})`);
    // The reopened file (past 4 GiB) grows again.
    let regrown: ReadBack;
    try {
      await growOnce(second.conn, growth.rows, request.rowsPerStep);
      await fileBytes();
      regrown = await readBack(second.conn, growth.rows + request.rowsPerStep);
    } catch (error) {
      regrown = { ok: false, detail: `the step failed: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}` };
    }
    log(`reopened and grown by one step (file ${(maxFileBytes / 2 ** 30).toFixed(3)} GiB): ${regrown.ok ? 'OK' : 'WRONG'} (${regrown.detail})`);
    await second.close().catch((error: unknown) => log(`close: ${String(error).slice(0, 200)}`));
    return { growth, maxFileBytes, after, reopened, regrown };
  } finally {
    await removeFiles(name);
  }
}

async function runApp(request: PageRequest): Promise<PageResult> {
  const store = await openBrowserStore({ writeLimitBytes: request.writeLimitBytes });
  const database = await store.create('storage-check');
  const name = `ranger-${database.repoId}.duckdb`;
  let maxFileBytes = 0;
  const fileBytes = async () => (maxFileBytes = Math.max(maxFileBytes, await opfsFileBytes(name)));
  try {
    const growth = await grow(database.conn, { ...request, fileBytes, readBackAt: (bytes) => bytes > request.readBackFrom, log });
    await fileBytes();
    const after = await readBack(database.conn, growth.rows);
    log(`after the refusal, same session: ${after.ok ? 'OK' : 'WRONG'} (${after.detail})`);
    await store.commit({ id: database.repoId, name: 'storage-check', indexedAt: new Date().toISOString(), files: 0, nodes: 0 });
    await database.close();
    const reopenedDb = await store.open(database.repoId);
    await reopenedDb.conn.run("SET memory_limit = '512MB'");
    const reopened = await readBack(reopenedDb.conn, growth.rows);
    log(`reopened through the store: ${reopened.ok ? 'OK' : 'WRONG'} (${reopened.detail})`);
    return { growth, maxFileBytes, after, reopened };
  } finally {
    await store.delete(database.repoId);
    await store.close();
  }
}

const api = {
  run: (request: PageRequest): Promise<PageResult> => (request.part === 'raw' ? runRaw(request) : runApp(request)),
};

Object.assign(window, { __storageCheck: api });

export type StorageCheckPageApi = typeof api;
