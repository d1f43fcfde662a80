/**
 * @file The write guard of the browser's duckdb-wasm: no write to a database file may end past
 * the storage limit (core/store/storageLimit.ts; docs/architecture.md, "Storage limit").
 * duckdb-wasm's C++ hands every file write to its JS runtime (`globalThis.DUCKDB_RUNTIME`,
 * offsets as doubles); the guard wraps the runtime's writeFile and fails a write that would end
 * past the limit the way the runtime fails its own calls: `duckdb_web_fail_with`, a C++ exception
 * in the statement that wrote. Nothing past the limit reaches the file, and the statement's
 * transaction rolls back. Truncation needs no guard: it sets the remembered size exactly.
 * Runs in: the duckdb worker (workers/duckdbEh.worker.ts, duckdbMvp.worker.ts); Node tests wrap
 * the blocking bundle's runtime, which has the same calls.
 */
import { DATABASE_WRITE_LIMIT_BYTES, refusedWriteMessage, refusesWrite } from '../../core/store/storageLimit.ts';

/** What the guard uses of the emscripten module duckdb-wasm passes to its runtime. */
interface WasmModule {
  ccall(name: string, returnType: null, argTypes: string[], args: unknown[]): unknown;
}

/** The runtime call the guard wraps (duckdb-wasm's DuckDBRuntime.writeFile). */
export interface DuckdbFileRuntime {
  writeFile(mod: WasmModule, fileId: number, buffer: number, bytes: number, offset: number): number;
}

const guarded = new WeakSet<object>();

/** Wraps `runtime.writeFile` (in place, once) so that no write ends past `limit`. */
export function guardFileRuntime<R extends DuckdbFileRuntime>(runtime: R, limit = DATABASE_WRITE_LIMIT_BYTES): R {
  if (guarded.has(runtime)) return runtime;
  guarded.add(runtime);
  const write = runtime.writeFile;
  runtime.writeFile = (mod, fileId, buffer, bytes, offset) => {
    if (!refusesWrite(offset, bytes, limit)) return write.call(runtime, mod, fileId, buffer, bytes, offset);
    mod.ccall('duckdb_web_fail_with', null, ['string'], [refusedWriteMessage(`database file ${fileId}`, offset, bytes, limit)]);
    return 0;
  };
  return runtime;
}

/** The limit a duckdb worker's name carries (`duckdb;limit=<bytes>`), else the default. */
export function writeLimitOf(workerName: string | undefined): number {
  const match = /;limit=(\d+)/.exec(workerName ?? '');
  return match ? Number(match[1]) : DATABASE_WRITE_LIMIT_BYTES;
}

/** The name that starts a duckdb worker with `limit` (writeLimitOf reads it back). */
export function duckdbWorkerName(limit: number): string {
  return limit === DATABASE_WRITE_LIMIT_BYTES ? 'duckdb' : `duckdb;limit=${limit}`;
}

/**
 * Guards the runtime duckdb-wasm's worker installs: it assigns `globalThis.DUCKDB_RUNTIME` when
 * it instantiates (on its first message, after the worker's modules ran), and the property set
 * here wraps what it assigns.
 */
export function installWriteGuard(scope: object, limit: number): void {
  let runtime: DuckdbFileRuntime | undefined;
  Object.defineProperty(scope, 'DUCKDB_RUNTIME', {
    configurable: true,
    get: () => runtime,
    set: (value: DuckdbFileRuntime) => {
      runtime = guardFileRuntime(value, limit);
    },
  });
}
