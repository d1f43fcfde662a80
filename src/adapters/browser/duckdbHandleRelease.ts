/**
 * @file Frees a duckdb-wasm worker's OPFS access handles when the app drops a database's files
 * (DROP_FILES, sent by `close` in duckdbBrowser.ts after the database was swapped for an
 * in-memory one). duckdb-wasm opens a sync access handle for a database file and for its WAL
 * when it opens the database, and keeps one that its engine never used (the WAL of a database
 * that was only read, or that failed before any write) after the drop. A worker that lives on
 * as the next database's instance would keep those files locked: they could not be removed.
 * Runs in: the duckdb worker (workers/duckdbEh.worker.ts, duckdbMvp.worker.ts), after
 * duckdb-wasm's own message handler.
 */

/** What this uses of duckdb-wasm's runtime (`globalThis.DUCKDB_RUNTIME`). */
interface OpfsRuntime {
  _files?: Map<string, unknown>;
  _preparedHandles?: Record<string, unknown>;
}

interface Closable {
  close(): void;
}

/** A FileSystemSyncAccessHandle by its shape (the runtime also keeps Blobs and buffers). */
function isSyncAccessHandle(value: unknown): value is Closable {
  const handle = value as Partial<Record<'close' | 'flush' | 'getSize' | 'truncate', unknown>> | null;
  return typeof handle?.close === 'function' && typeof handle.flush === 'function' && typeof handle.getSize === 'function' && typeof handle.truncate === 'function';
}

/** Closes every OPFS access handle the runtime still holds (no database file is open then). */
export function releaseOpfsHandles(runtime: OpfsRuntime | undefined): number {
  if (!runtime) return 0;
  let closed = 0;
  const close = (handle: unknown) => {
    if (!isSyncAccessHandle(handle)) return;
    try {
      handle.close();
      closed++;
    } catch {
      // already closed
    }
  };
  for (const [name, handle] of Object.entries(runtime._preparedHandles ?? {})) {
    close(handle);
    delete runtime._preparedHandles![name];
  }
  for (const [name, handle] of [...(runtime._files ?? new Map<string, unknown>()).entries()]) {
    if (!isSyncAccessHandle(handle)) continue;
    close(handle);
    runtime._files!.delete(name);
  }
  return closed;
}

/** After each DROP_FILES the worker handles, releases what duckdb-wasm kept (releaseOpfsHandles). */
export function installHandleRelease(scope: { addEventListener(type: 'message', listener: (event: MessageEvent) => void): void }): void {
  scope.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type !== 'DROP_FILES') return;
    releaseOpfsHandles((globalThis as { DUCKDB_RUNTIME?: OpfsRuntime }).DUCKDB_RUNTIME);
  });
}
