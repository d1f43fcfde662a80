/** @file How the write limit travels in a duckdb worker's name (the guard itself: test/store/writeGuard.test.ts). */
import { describe, expect, it } from 'vitest';
import { DATABASE_WRITE_LIMIT_BYTES } from '../../core/store/storageLimit.ts';
import { duckdbWorkerName, writeLimitOf } from './duckdbWriteGuard.ts';
import { workerNameFlag } from './workerNameFlags.ts';

describe('duckdb worker names', () => {
  it('carry a lowered limit and nothing for the default', () => {
    expect(duckdbWorkerName(DATABASE_WRITE_LIMIT_BYTES)).toBe('duckdb');
    expect(writeLimitOf('duckdb')).toBe(DATABASE_WRITE_LIMIT_BYTES);
    expect(writeLimitOf(undefined)).toBe(DATABASE_WRITE_LIMIT_BYTES);
    expect(writeLimitOf(duckdbWorkerName(5 * 2 ** 20))).toBe(5 * 2 ** 20);
  });

  it('flags of the repo worker’s name are read one by one', () => {
    expect(workerNameFlag('e2e-storage-limit', 'repo;e2e-kill-parse-worker=a.py;e2e-storage-limit=5242880')).toBe('5242880');
    expect(workerNameFlag('e2e-storage-limit', 'repo')).toBeNull();
    expect(workerNameFlag('e2e-storage-limit', undefined)).toBeNull();
  });
});
