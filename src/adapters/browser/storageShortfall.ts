/**
 * @file Tells a failure for want of storage from other failures. duckdb-wasm reports a refused
 * OPFS write in its own words (at a full site quota its worker answers with a RangeError,
 * "Maximum call stack size exceeded"), so when an index or an import fails the repo worker asks
 * the browser itself: how much room the estimate leaves, and whether a small file can still be
 * written. A failure with no room left becomes STORAGE_FULL, which says what to do.
 * Runs in: the repo worker (browser).
 */
import { AppError } from '../../core/errors.ts';

const PROBE_FILE = 'ranger-space-probe.bin';
const PROBE_BYTES = 1 << 20;

/** Codes that may hide a refused write; the others already say what happened. */
const MAY_BE_STORAGE = new Set(['UNKNOWN', 'STORAGE_UNAVAILABLE']);

function isQuotaError(error: unknown): boolean {
  return (error as Error | null)?.name === 'QuotaExceededError';
}

/** False when a 1 MB file cannot be written for want of quota; true when it can (or OPFS is absent). */
async function probeWrite(): Promise<boolean> {
  const root = await navigator.storage?.getDirectory?.().catch(() => null);
  if (!root) return true;
  try {
    const writable = await (await root.getFileHandle(PROBE_FILE, { create: true })).createWritable();
    await writable.write(new Uint8Array(PROBE_BYTES));
    await writable.close();
    return true;
  } catch (error) {
    return !isQuotaError(error);
  } finally {
    await root.removeEntry(PROBE_FILE).catch(() => undefined);
  }
}

/** Whether this site is out of storage: the estimate leaves under 1 MB, or 1 MB cannot be written. */
export async function storageIsShort(): Promise<boolean> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (estimate?.quota !== undefined && estimate.usage !== undefined && estimate.quota - estimate.usage < PROBE_BYTES) return true;
  return !(await probeWrite());
}

/**
 * The error to show for a failed index or import: STORAGE_FULL when the site has no room left
 * and the failure could be a refused write, else the error itself. Ask before the failed
 * database is deleted, which frees its space.
 */
export async function explainStorageFailure(error: unknown, isShort: () => Promise<boolean> = storageIsShort): Promise<unknown> {
  const code = error instanceof AppError ? error.code : 'UNKNOWN';
  if (!MAY_BE_STORAGE.has(code) || !(await isShort().catch(() => false))) return error;
  const detail = error instanceof AppError ? error.message : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new AppError('STORAGE_FULL', `The browser refused to store more for this site (${detail}).`, { cause: error });
}
