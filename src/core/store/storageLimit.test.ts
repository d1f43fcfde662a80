/** @file The storage limit's decisions and words (the limit itself is exercised in test/store/writeGuard.test.ts). */
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import {
  DATABASE_WRITE_LIMIT_BYTES,
  WASM_FILE_SIZE_LIMIT_BYTES,
  refusedWriteMessage,
  refusesWrite,
  softLimitOf,
  storageLimitError,
} from './storageLimit.ts';

describe('storage limit', () => {
  it('keeps every write under the 4 GiB where duckdb-wasm’s remembered file size wraps', () => {
    expect(WASM_FILE_SIZE_LIMIT_BYTES).toBe(4 * 2 ** 30);
    expect(DATABASE_WRITE_LIMIT_BYTES).toBe(4032 * 2 ** 20);
    expect(refusesWrite(DATABASE_WRITE_LIMIT_BYTES - 262_144, 262_144, DATABASE_WRITE_LIMIT_BYTES)).toBe(false);
    expect(refusesWrite(DATABASE_WRITE_LIMIT_BYTES - 262_144, 262_145, DATABASE_WRITE_LIMIT_BYTES)).toBe(true);
    // The block the measured session could no longer read back (offset 4,795,674,624).
    expect(refusesWrite(4_795_674_624, 262_144, DATABASE_WRITE_LIMIT_BYTES)).toBe(true);
  });

  it('stops the app’s steps a margin before the guard: 256 MiB, or a quarter of a small limit', () => {
    expect(softLimitOf(DATABASE_WRITE_LIMIT_BYTES)).toBe(3776 * 2 ** 20);
    expect(softLimitOf(4 * 2 ** 20)).toBe(3 * 2 ** 20);
  });

  it('recognises a refused write in duckdb’s error and names its limit', () => {
    const refused = refusedWriteMessage('database file 1', 99_889_152, 262_144, 100 * 2 ** 20);
    const error = new Error(`TransactionContext Error: Failed to commit: ${refused}`);
    const shown = storageLimitError(error);
    expect(shown).toBeInstanceOf(AppError);
    expect(shown!.code).toBe('STORAGE_LIMIT');
    expect(shown!.message).toBe(
      'The graph database would grow past 100 MB, the most a browser database holds safely: this step was stopped and undone, and what was stored before it is unchanged.',
    );
    expect(shown!.cause).toBe(error);
    expect(storageLimitError(shown)).toBe(shown);
  });

  it('leaves other errors alone', () => {
    expect(storageLimitError(new Error('IO Error: Corrupt database file: computed checksum 1 does not match stored checksum 2'))).toBeNull();
    expect(storageLimitError(new AppError('STORAGE_FULL', 'full'))).toBeNull();
    expect(storageLimitError('a string')).toBeNull();
  });
});
