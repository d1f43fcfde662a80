/**
 * @file Browser storage: one duckdb-wasm database per repo, persisted in OPFS
 * (`opfs://ranger-<id>.duckdb`, eh/mvp bundles from local ?url assets, never a CDN), plus the
 * repo catalog. One tab owns the storage (a Web Lock, and the OPFS access handles themselves);
 * a second tab gets STORAGE_LOCKED with a message that says what to do. Without OPFS the
 * databases live in memory and `persistent` is false.
 * Each open database has its own AsyncDuckDB worker, so a new repo can be indexed while the
 * previous one stays open. Closing releases the OPFS handles and ends the worker, or, for a
 * small database, keeps it as the spare instance the next open takes; one may also be started
 * ahead of the next open (prewarmDatabase). Its worker is duckdb-wasm's
 * own with the write guard (workers/duckdbEh.worker.ts): no write ends past the storage limit,
 * and a statement that tried fails with STORAGE_LIMIT (core/store/storageLimit.ts).
 * Runs in: the repo worker (browser).
 */
import * as duckdb from '@duckdb/duckdb-wasm';
import ehWasm from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import mvpWasm from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import { Table, tableToIPC } from 'apache-arrow';
import type { Table as ArrowTable } from 'apache-arrow';
import { AppError } from '../../core/errors.ts';
import type { RepoEntry } from '../../core/pipeline/repoService.ts';
import { arrowTableToRows } from '../../core/store/sqlConnection.ts';
import { readSettingsSql } from '../../core/store/schema.ts';
import { upgradeSchema } from '../../core/store/schemaUpgrade.ts';
import { databaseFileBytes, limitedConnection } from '../../core/store/limitedConnection.ts';
import { DATABASE_WRITE_LIMIT_BYTES, softLimitOf, storageLimitError } from '../../core/store/storageLimit.ts';
import type { Row, SqlConnection } from '../../core/store/sqlConnection.ts';
import { duckdbWorkerName } from './duckdbWriteGuard.ts';
import { workerNameFlag } from './workerNameFlags.ts';
import { emptyCatalog, newRepoId, opfsRoot, readCatalog, removeRepoFiles, repoDatabaseFile, writeCatalog } from './opfsCatalog.ts';
import type { RepoCatalog } from './opfsCatalog.ts';
import { renewableDatabase } from './renewableDatabase.ts';
import type { Database, RenewableDatabase } from './renewableDatabase.ts';

export type { RepoCatalog } from './opfsCatalog.ts';

export const STORAGE_LOCKED_MESSAGE =
  'Ranger Studio is open in another tab; close it or use that tab — this tab cannot open the saved graphs.';

/** Web Lock held by the tab that owns the OPFS databases. */
const STORAGE_LOCK = 'ranger-studio-storage';

export interface RepoDatabase {
  readonly repoId: string;
  readonly conn: SqlConnection;
  /** Terminates this database's worker (persistent databases stay in OPFS). */
  close(): Promise<void>;
  /** Serves it from a new duckdb instance, under the same `conn` (renewableDatabase.ts). */
  renew(): Promise<void>;
}

export interface BrowserStore {
  /** False when OPFS is unavailable: databases live in memory and vanish with the worker. */
  readonly persistent: boolean;
  /** The catalog: indexed repos and the active one. */
  list(): Promise<RepoCatalog>;
  /** Opens the database of a repo in the catalog (the same instance while it is open). */
  open(repoId: string): Promise<RepoDatabase>;
  /** A new, empty database with a fresh id; it joins the catalog only with commit(). */
  create(name: string): Promise<RepoDatabase>;
  /** Adds (or replaces) a repo in the catalog and makes it the active one. */
  commit(entry: RepoEntry): Promise<RepoCatalog>;
  setActive(repoId: string | null): Promise<RepoCatalog>;
  /** Closes the repo's database, removes its files and its catalog entry (ids not in it too). */
  delete(repoId: string): Promise<RepoCatalog>;
  /**
   * Serves the database from a fresh instance when its file is big (REFRESH_FROM_BYTES or more):
   * an instance keeps all the wasm memory a read of every table grew (a 50,000-file repository's
   * index: ~450 MB that a fresh one, reading what it is asked, never takes; its bundle export:
   * 1.3 GB). Calls made meanwhile wait for the new instance.
   */
  refresh(database: RepoDatabase): Promise<void>;
  /** Closes every database and releases the storage lock. */
  close(): Promise<void>;
}

/** The wasm modules; the workers are ours (startWorker), chosen by the module selectBundle picks. */
const BUNDLES: duckdb.DuckDBBundles = {
  mvp: { mainModule: mvpWasm, mainWorker: '' },
  eh: { mainModule: ehWasm, mainWorker: '' },
};

function startWorker(bundle: duckdb.DuckDBBundle, writeLimit: number): Worker {
  const name = duckdbWorkerName(writeLimit);
  return bundle.mainModule === ehWasm
    ? new Worker(new URL('../../../workers/duckdbEh.worker.ts', import.meta.url), { type: 'module', name })
    : new Worker(new URL('../../../workers/duckdbMvp.worker.ts', import.meta.url), { type: 'module', name });
}

/** The OPFS lock failure of duckdb-wasm's createSyncAccessHandle, as its message reaches us. */
export function isOpfsLockError(error: unknown): boolean {
  const text = `${(error as Error)?.name ?? ''} ${(error as Error)?.message ?? String(error)}`;
  return /NoModificationAllowedError|Access Handles? cannot be created|another open Access Handle|could not be locked/i.test(text);
}

/** `pending`, with a write the guard refused turned into STORAGE_LIMIT. */
async function limited<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    throw storageLimitError(error) ?? error;
  }
}

/**
 * The connection's SqlConnection. A person's query (queryInterruptible) runs on a connection of
 * its own: duckdb-wasm streams it as a pending query, which another query on the same connection
 * would end midway (the app reads the graph while it runs). `interrupt` cancels every such query
 * running then.
 */
function connectionOf(db: duckdb.AsyncDuckDB, conn: duckdb.AsyncDuckDBConnection): SqlConnection & { ownRunning(): boolean } {
  const interruptible = new Set<duckdb.AsyncDuckDBConnection>();
  return {
    ownRunning: () => interruptible.size > 0,
    async query(sql: string): Promise<Row[]> {
      return arrowTableToRows(await limited(conn.query(sql)));
    },
    async queryArrow(sql: string): Promise<ArrowTable> {
      return (await limited(conn.query(sql))) as unknown as ArrowTable;
    },
    async run(sql: string): Promise<void> {
      await limited(conn.query(sql));
    },
    // A pending query runs in steps the worker can interrupt between (cancelSent); a plain query cannot be.
    async queryInterruptible(sql: string): Promise<Row[]> {
      const own = await db.connect();
      interruptible.add(own);
      try {
        for (const setting of readSettingsSql()) await own.query(setting);
        const reader = await own.send(sql);
        const rows: Row[] = [];
        if (!reader) return rows;
        for await (const batch of reader) for (const row of arrowTableToRows(batch as unknown as ArrowTable)) rows.push(row);
        return rows;
      } finally {
        interruptible.delete(own);
        await own.close().catch(() => undefined);
      }
    },
    async interrupt(): Promise<void> {
      await Promise.all([...interruptible].map((own) => own.cancelSent().catch(() => false)));
    },
    async insertArrow(table: string, data: ArrowTable): Promise<void> {
      // One IPC stream per record batch: bounded messages, and no Arrow instance shared with
      // the duckdb bundle (the dual-package hazard of insertArrowTable).
      for (const batch of data.batches) {
        if (batch.numRows === 0) continue;
        await limited(conn.insertArrowFromIPCStream(tableToIPC(new Table(batch), 'stream'), { name: table, create: false }));
      }
    },
  };
}

/**
 * Starts a duckdb-wasm worker and opens `path` (an opfs:// file or ':memory:'). The tab holds
 * the storage Web Lock, so an OPFS lock error here is usually our own just-closed worker
 * releasing its handles late: retry a few times before calling it STORAGE_LOCKED.
 */
async function openDatabase(repoId: string, path: string, writeLimit: number, attempts = 4): Promise<Database> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabaseOnce(repoId, path, writeLimit);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'STORAGE_LOCKED') || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 250 * attempt));
    }
  }
}

/** A duckdb-wasm worker with its module instantiated, no database open yet. */
interface Instance {
  db: duckdb.AsyncDuckDB;
  ready: Promise<void>;
}

async function instantiate(writeLimit = DATABASE_WRITE_LIMIT_BYTES): Promise<Instance> {
  const bundle = await duckdb.selectBundle(BUNDLES);
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), startWorker(bundle, writeLimit));
  const ready = db.instantiate(bundle.mainModule, bundle.pthreadWorker).then(() => undefined);
  ready.catch(() => {});
  return { db, ready };
}

/**
 * One instance made ahead of need (prewarmDatabase): starting duckdb-wasm (compiling and linking
 * its 34 MB module) costs about a second of CPU, which a new index otherwise pays while it
 * parses. Taken by the next database opened; a failed one is dropped and a fresh one made.
 */
let spare: Promise<Instance> | null = null;

/** Starts an instance for the next database to open, unless one is waiting already. */
export function prewarmDatabase(): void {
  if (spare) return;
  spare = instantiate();
  spare.catch(() => {}); // seen by takeInstance, which then makes a fresh one
}

/**
 * A closed database's instance serves the next open when the database was small: making one
 * is mostly JS work (emscripten links the module's exports, about 1.5 CPU-s in the worker), so
 * each index of a small repo paid more for it than for its parse. A big database's instance
 * ends: its wasm memory grew with the data and never shrinks.
 */
const REUSE_BELOW_BYTES = 64 * 1024 * 1024;

/**
 * Whether a closing OPFS database's instance may serve the next open: a small file, the default
 * write limit, and no person's query running (its late close would reach the next database).
 */
async function worthKeeping(sql: ReturnType<typeof connectionOf>, path: string, writeLimit: number): Promise<boolean> {
  if (path === ':memory:' || writeLimit !== DATABASE_WRITE_LIMIT_BYTES || sql.ownRunning()) return false;
  return (await databaseFileBytes(sql).catch(() => Infinity)) < REUSE_BELOW_BYTES;
}

/** Ends the spare instance, if one waits (an index that did not come: its worker's memory goes). */
export function endSpareDatabase(): void {
  const taken = spare;
  spare = null;
  void taken?.then((instance) => instance.db.terminate()).catch(() => undefined);
}

/** Makes `instance` the spare unless one waits already; false when the caller must end it. */
function keepAsSpare(instance: Instance): boolean {
  if (spare) return false;
  spare = Promise.resolve(instance);
  return true;
}

/** The spare instance (made with the default write limit) or a fresh one with `writeLimit`. */
async function takeInstance(writeLimit: number): Promise<Instance> {
  if (writeLimit !== DATABASE_WRITE_LIMIT_BYTES) return instantiate(writeLimit);
  const taken = spare;
  spare = null;
  if (taken) {
    const instance = await taken.catch(() => null);
    try {
      if (instance) {
        await instance.ready;
        return instance;
      }
    } catch {
      await instance?.db.terminate().catch(() => undefined);
    }
  }
  return instantiate();
}

async function openDatabaseOnce(repoId: string, path: string, writeLimit: number): Promise<Database> {
  const { db, ready } = await takeInstance(writeLimit);
  try {
    await ready;
    await db.open({
      path,
      accessMode: duckdb.DuckDBAccessMode.READ_WRITE,
      // BIGINT/HUGEINT/DECIMAL as doubles: JSON-safe numbers (count(*) is a BIGINT).
      query: { castBigIntToDouble: true, castDecimalToDouble: true },
    });
    const conn = await db.connect();
    // SQL never needs to read files or URLs: Arrow is the only way in (and user SQL is guarded).
    await conn.query('SET enable_external_access = false');
    // Compression analysis made the index commit the slowest step in wasm (stdlib: store 4.9 s
    // -> 3.6 s without it) for files about 17% larger (measured natively: 126 -> 148 MB).
    await conn.query("PRAGMA force_compression='uncompressed'");
    for (const sql of readSettingsSql()) await conn.query(sql);
    // An older database is upgraded (a version-1 `nodes` table becomes node_rows + the nodes
    // view); one a newer Ranger Studio wrote is refused and left as it is.
    await upgradeSchema(connectionOf(db, conn));
    let closed = false;
    // An OPFS database stops taking new data before its file nears the write limit (the worker's
    // guard refuses any write past it: docs/architecture.md, "Storage limit").
    const sql = connectionOf(db, conn);
    return {
      repoId,
      conn: path === ':memory:' ? sql : limitedConnection(sql, softLimitOf(writeLimit)),
      async close() {
        if (closed) return;
        closed = true;
        let reusable = false;
        try {
          const keep = await worthKeeping(sql, path, writeLimit);
          await conn.close();
          if (path !== ':memory:') {
            // Close the OPFS database, then its sync access handles (dropFiles; the worker also
            // closes those duckdb-wasm keeps, duckdbHandleRelease.ts), so the files can be
            // removed or reopened right away; terminating alone releases them late.
            await db.open({ path: ':memory:' });
            await db.dropFiles();
            reusable = keep;
          }
        } finally {
          if (!(reusable && keepAsSpare({ db, ready: Promise.resolve() }))) await db.terminate();
        }
      },
    };
  } catch (error) {
    await db.terminate();
    if (isOpfsLockError(error)) throw new AppError('STORAGE_LOCKED', STORAGE_LOCKED_MESSAGE, { cause: error });
    const limit = storageLimitError(error);
    if (limit) throw limit;
    throw new AppError('STORAGE_UNAVAILABLE', `Could not open the graph database: ${(error as Error).message ?? error}`, {
      cause: error,
    });
  }
}

/**
 * Takes the tab-wide storage lock, retrying briefly (a reloading tab releases it a moment
 * late). Resolves with a release function, or null when another tab keeps it.
 */
async function acquireStorageLock(attempts = 6, delayMs = 400): Promise<(() => void) | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return () => undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const release = await new Promise<(() => void) | null>((resolve) => {
      void locks.request(STORAGE_LOCK, { ifAvailable: true }, (lock) => {
        if (!lock) {
          resolve(null);
          return undefined;
        }
        return new Promise<void>((unlock) => resolve(unlock));
      });
    });
    if (release) return release;
    await new Promise((r) => setTimeout(r, delayMs));
  }
  return null;
}

/**
 * A lower write limit from the repo worker's name (`?e2e-storage-limit=<bytes>` on the page), in
 * a test build only (`vite build --mode e2e`): it can lower the limit, never raise it. Null in
 * normal use, and always in a production build.
 */
function e2eWriteLimit(): number | null {
  if (import.meta.env.MODE !== 'e2e') return null;
  const flag = Number(workerNameFlag('e2e-storage-limit'));
  return flag > 0 ? Math.min(flag, DATABASE_WRITE_LIMIT_BYTES) : null;
}

/**
 * From this file size an index's database is served by a fresh instance (BrowserStore.refresh):
 * the reopen takes about 1 s, a sixth of the stdlib's index (a 100 MB file) for the little its
 * instance grew, and 2 % of a 50,000-file repository's, whose instance kept ~450 MB.
 */
const REFRESH_FROM_BYTES = 512 * 1024 * 1024;

/**
 * The file size from which BrowserStore.refresh reopens an index's database: REFRESH_FROM_BYTES,
 * or lower in a test build (`?e2e-refresh-below=<bytes>` on the page), so the e2e suite's small
 * repos take the path of a big one.
 */
function refreshFromBytes(): number {
  const flag = import.meta.env.MODE === 'e2e' ? Number(workerNameFlag('e2e-refresh-below')) : 0;
  return flag > 0 ? Math.min(flag, REFRESH_FROM_BYTES) : REFRESH_FROM_BYTES;
}

export interface BrowserStoreOptions {
  /**
   * No write to a database file ends past this many bytes (default DATABASE_WRITE_LIMIT_BYTES,
   * just under 4 GiB); tests lower it to reach the limit quickly.
   */
  writeLimitBytes?: number;
}

/**
 * Opens the browser storage. Throws STORAGE_LOCKED when another tab owns it. Without OPFS,
 * returns an in-memory store (persistent: false).
 */
export async function openBrowserStore(options: BrowserStoreOptions = {}): Promise<BrowserStore> {
  const writeLimit = options.writeLimitBytes ?? e2eWriteLimit() ?? DATABASE_WRITE_LIMIT_BYTES;
  const root = await opfsRoot();
  const persistent = root !== null;
  let releaseLock: (() => void) | null = () => undefined;
  if (persistent) {
    releaseLock = await acquireStorageLock();
    if (!releaseLock) throw new AppError('STORAGE_LOCKED', STORAGE_LOCKED_MESSAGE);
  }
  let memoryCatalog = emptyCatalog();
  const open = new Map<string, RenewableDatabase>();

  const load = async (): Promise<RepoCatalog> => (root ? readCatalog(root) : structuredClone(memoryCatalog));
  const save = async (catalog: RepoCatalog): Promise<RepoCatalog> => {
    if (root) await writeCatalog(root, catalog);
    else memoryCatalog = structuredClone(catalog);
    return catalog;
  };

  // A database stays one object while it is open, its instance renewed under it (refresh).
  const openRenewable = async (repoId: string, path: string): Promise<RenewableDatabase> => {
    const reopen = () => openDatabase(repoId, path, writeLimit);
    const database = renewableDatabase(await reopen(), reopen, () => open.delete(repoId));
    open.set(repoId, database);
    return database;
  };

  const openById = async (repoId: string): Promise<RepoDatabase> => {
    const existing = open.get(repoId);
    if (existing) return existing;
    if (!root) throw new AppError('STORAGE_UNAVAILABLE', `The graph of ${repoId} is gone: without OPFS, graphs last one session.`);
    return openRenewable(repoId, `opfs://${repoDatabaseFile(repoId)}`);
  };

  return {
    persistent,
    list: load,
    async open(repoId) {
      const catalog = await load();
      if (!catalog.repos.some((r) => r.id === repoId)) throw new AppError('INPUT_INVALID', `No saved repo with id ${repoId}.`);
      return openById(repoId);
    },
    async create(name) {
      const repoId = newRepoId(name);
      if (root) await removeRepoFiles(root, repoId); // an id clash with leftovers is as good as impossible; be sure
      return openRenewable(repoId, root ? `opfs://${repoDatabaseFile(repoId)}` : ':memory:');
    },
    async commit(entry) {
      const catalog = await load();
      const repos = catalog.repos.filter((r) => r.id !== entry.id);
      repos.push(entry);
      return save({ repos, activeRepoId: entry.id });
    },
    async setActive(repoId) {
      const catalog = await load();
      if (repoId !== null && !catalog.repos.some((r) => r.id === repoId)) {
        throw new AppError('INPUT_INVALID', `No saved repo with id ${repoId}.`);
      }
      return save({ ...catalog, activeRepoId: repoId });
    },
    async delete(repoId) {
      await open.get(repoId)?.close();
      if (root) await removeRepoFiles(root, repoId);
      const catalog = await load();
      const repos = catalog.repos.filter((r) => r.id !== repoId);
      return save({ repos, activeRepoId: catalog.activeRepoId === repoId ? null : catalog.activeRepoId });
    },
    async refresh(database) {
      // In memory (no OPFS) the instance is the data.
      if (!root || (await databaseFileBytes(database.conn).catch(() => 0)) < refreshFromBytes()) return;
      prewarmDatabase(); // the new instance starts while the old one closes
      await database.renew();
    },
    async close() {
      for (const database of [...open.values()]) await database.close();
      releaseLock?.();
      releaseLock = null;
    },
  };
}
