/**
 * @file duckdb-wasm's worker (mvp bundle, for browsers without WebAssembly exceptions) with the
 * write guard around its file runtime: no write to a database file ends past the storage limit
 * (src/adapters/browser/duckdbWriteGuard.ts). The limit comes with the worker's name. A drop of
 * its files releases every OPFS handle it holds (src/adapters/browser/duckdbHandleRelease.ts), so
 * the worker can serve the next database. No logic here.
 * Runs in: a dedicated module worker per open database, started by src/adapters/browser/duckdbBrowser.ts.
 */
import '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js';
import { installHandleRelease } from '../src/adapters/browser/duckdbHandleRelease.ts';
import { installWriteGuard, writeLimitOf } from '../src/adapters/browser/duckdbWriteGuard.ts';

installWriteGuard(self, writeLimitOf(self.name));
installHandleRelease(self);
