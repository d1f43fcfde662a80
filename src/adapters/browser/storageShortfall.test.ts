import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { explainStorageFailure } from './storageShortfall.ts';

// The browser's answer (is the site out of storage?) is faked: OPFS and quotas exist only in a browser.
const short = async () => true;
const roomy = async () => false;

describe('explainStorageFailure (browser storage answer faked)', () => {
  it('turns duckdb-wasm’s own words for a refused write into STORAGE_FULL when the site has no room', async () => {
    const error = await explainStorageFailure(new RangeError('Maximum call stack size exceeded'), short);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('STORAGE_FULL');
    expect((error as AppError).message).toContain('RangeError: Maximum call stack size exceeded');
  });

  it('does the same for a database that could not be opened', async () => {
    const opened = new AppError('STORAGE_UNAVAILABLE', 'Could not open the graph database: No space available');
    const error = (await explainStorageFailure(opened, short)) as AppError;
    expect(error.code).toBe('STORAGE_FULL');
    expect(error.message).toBe('The browser refused to store more for this site (Could not open the graph database: No space available).');
  });

  it('leaves the error as it is when there is room', async () => {
    const error = new RangeError('Maximum call stack size exceeded');
    expect(await explainStorageFailure(error, roomy)).toBe(error);
  });

  it('leaves errors that already say what happened, and does not ask', async () => {
    let asked = 0;
    const ask = async () => (asked++, true);
    for (const code of ['CANCELLED', 'NO_SOURCE_FILES', 'ARCHIVE_INVALID', 'STORAGE_LOCKED', 'WORKER_CRASHED'] as const) {
      const error = new AppError(code, code);
      expect(await explainStorageFailure(error, ask)).toBe(error);
    }
    expect(asked).toBe(0);
  });

  it('keeps the error when the question itself fails', async () => {
    const error = new Error('disk I/O error');
    expect(await explainStorageFailure(error, () => Promise.reject(new Error('no OPFS')))).toBe(error);
  });
});
