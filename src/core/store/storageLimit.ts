/**
 * @file The size limit of a graph database in the browser (docs/architecture.md, "Storage
 * limit"). duckdb-wasm's file layer keeps the size of an OPFS file it extends in a 32-bit
 * integer (wasm32's size_t): once a write ends past 4 GiB the size it remembers wraps to less
 * than 4 GiB, and from then on its reads of blocks past that size never reach the file. The
 * block's buffer keeps stale bytes: rows of another block, or "Corrupt database file: computed
 * checksum ... does not match stored checksum" when a checkpoint reads it. The file on disk is
 * right, but what the session reads and writes back is not. So no write may end past
 * DATABASE_WRITE_LIMIT_BYTES: the browser's duckdb worker refuses it with STORAGE_LIMIT_MARKER
 * in its error (adapters/browser/duckdbWriteGuard.ts); the statement fails, its transaction
 * rolls back, and what was stored before stays as it was. `storageLimitError` turns that error
 * into STORAGE_LIMIT for the user.
 * Runs in: everywhere (pure).
 */
import { AppError } from '../errors.ts';
import { formatBytes } from '../ingest/limits.ts';

/** Where duckdb-wasm's remembered file size wraps. */
export const WASM_FILE_SIZE_LIMIT_BYTES = 2 ** 32;

/** No write to a database file may end past this (64 MiB under the wrap). */
export const DATABASE_WRITE_LIMIT_BYTES = WASM_FILE_SIZE_LIMIT_BYTES - 64 * 2 ** 20;

/**
 * Where the app stops writing before the guard has to (limitedConnection.ts): a step that starts
 * with the file past this is refused and rolled back while the database stays usable, whereas
 * a write the guard refuses inside a checkpoint leaves duckdb's instance unusable until the
 * database is opened again. The margin holds what one step writes after its check.
 */
export function softLimitOf(writeLimit: number): number {
  return writeLimit - Math.min(256 * 2 ** 20, Math.floor(writeLimit / 4));
}

/** The words of a refused write's error, by which the adapters recognise it. */
export const STORAGE_LIMIT_MARKER = 'graph database size limit';

/** Whether a write of `bytes` at offset `at` would end past `limit`. */
export function refusesWrite(at: number, bytes: number, limit: number): boolean {
  return at + bytes > limit;
}

/** The error text of a refused write (what the duckdb worker fails it with). */
export function refusedWriteMessage(file: string, at: number, bytes: number, limit: number): string {
  return `${STORAGE_LIMIT_MARKER} reached: writing ${formatBytes(bytes)} at ${at} of ${file} would take it past ${formatBytes(limit)} (${limit} bytes)`;
}

/** The limit a refused write's error names, or null when the error is not one. */
function limitOf(message: string): number | null {
  if (!message.includes(STORAGE_LIMIT_MARKER)) return null;
  const match = /\((\d+) bytes\)/.exec(message);
  return match ? Number(match[1]) : DATABASE_WRITE_LIMIT_BYTES;
}

/** STORAGE_LIMIT: the step would take the database past `limit`; it was stopped and undone. */
export function storageLimitReached(limit: number, cause?: unknown): AppError {
  return new AppError(
    'STORAGE_LIMIT',
    `The graph database would grow past ${formatBytes(limit)}, the most a browser database holds safely: this step was stopped and undone, and what was stored before it is unchanged.`,
    cause === undefined ? undefined : { cause },
  );
}

/**
 * STORAGE_LIMIT for an error that carries a refused write (raised by duckdb-wasm as an IO or
 * transaction error with the refusal's words in it); null for any other error.
 */
export function storageLimitError(error: unknown): AppError | null {
  if (error instanceof AppError && error.code === 'STORAGE_LIMIT') return error;
  const limit = limitOf(error instanceof Error ? error.message : String(error));
  return limit === null ? null : storageLimitReached(limit, error);
}
