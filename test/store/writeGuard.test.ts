/**
 * @file The storage limit with lowered limits, in Node. The write guard on duckdb-wasm's real
 * file layer (the blocking bundle on a database file, test/store/wasmFileDatabase.ts): the write
 * that would pass the limit fails with the limit's words (STORAGE_LIMIT for the user) and no file
 * passes the limit; refused inside a checkpoint, it leaves duckdb's instance unusable until
 * reopened. limitedConnection, which the app puts in front so the guard need not act, on a
 * database file of native DuckDB (whose file holds exactly the blocks it counts; the blocking
 * bundle's Node file runtime writes in-place writes at the end of its file, so its file outgrows
 * the count): the step is refused, and the database stays usable with every row written before;
 * and it keeps the engine's cancel, so a user's runaway query through it still stops.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { boundedQuery } from '../../src/core/store/boundedQuery.ts';
import { limitedConnection } from '../../src/core/store/limitedConnection.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { softLimitOf, storageLimitError } from '../../src/core/store/storageLimit.ts';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { openWasmFileDatabase } from './wasmFileDatabase.ts';

const LIMIT = 3 * 2 ** 20;
/** 4 columns of 8 bytes: 32,768 rows are 1 MiB (uncompressed, incompressible). */
const MIB_OF_ROWS = 32_768;

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** Grows the table `rows` at a time (insert, checkpoint) until a step fails: the rows inserted and the failure. */
async function grow(conn: SqlConnection, rows: number): Promise<{ written: number; failure: unknown }> {
  await conn.run("PRAGMA force_compression='uncompressed'");
  await conn.run('CREATE TABLE t (a UBIGINT, b UBIGINT, c UBIGINT, d UBIGINT)');
  let written = 0;
  for (let step = 0; step < 40; step++) {
    try {
      await conn.run(`INSERT INTO t SELECT hash(i), hash(i + 1), hash(i + 2), hash(i + 3) FROM range(${written}, ${written + rows}) r(i)`);
      written += rows;
      await conn.run('CHECKPOINT');
    } catch (failure) {
      return { written, failure };
    }
  }
  return { written, failure: null };
}

function fileSizes(folder: string): Record<string, number> {
  return Object.fromEntries(readdirSync(folder).map((name) => [name, statSync(join(folder, name)).size]));
}

describe('storage limit on duckdb-wasm files (blocking bundle, lowered limit)', () => {
  it('the guard refuses the write that would pass the limit; no file passes it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ranger-write-guard-'));
    const db = await openWasmFileDatabase(join(dir, 'guarded.duckdb'), LIMIT);
    try {
      const { written, failure } = await grow(db, MIB_OF_ROWS);
      expect(written).toBeGreaterThan(0);
      expect(String(failure)).toContain('graph database size limit reached');
      const shown = storageLimitError(failure);
      expect(shown).toBeInstanceOf(AppError);
      expect(shown!.code).toBe('STORAGE_LIMIT');
      expect(shown!.message).toContain('past 3 MB');
      for (const [name, size] of Object.entries(fileSizes(dir))) expect(size, name).toBeLessThanOrEqual(LIMIT);
      // Refused inside a checkpoint: duckdb stops this instance (the file keeps its last checkpoint).
      await expect(db.query('SELECT count(*) AS n FROM t')).rejects.toThrow(/invalidated/);
    } finally {
      await db.close();
    }
  });

  it('limitedConnection stops the step past its limit; the database stays usable with the rows written before', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ranger-write-guard-'));
    const db = await openNodeDatabase(join(dir, 'limited.duckdb'));
    const soft = softLimitOf(LIMIT);
    const step = MIB_OF_ROWS / 4;
    try {
      const conn = limitedConnection(db, soft);
      const { written, failure } = await grow(conn, step);
      expect(written).toBeGreaterThan(0);
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).code).toBe('STORAGE_LIMIT');
      expect((failure as AppError).message).toContain('past 2.3 MB');
      // Refused by the check (an AppError of its own, the guard's limit never reached).
      expect((failure as AppError).cause).toBeUndefined();
      for (const [name, size] of Object.entries(fileSizes(dir))) expect(size, name).toBeLessThanOrEqual(LIMIT);
      expect(await conn.query('SELECT count(*) AS n, sum(a % 1000) AS s FROM t')).toEqual(
        await conn.query(`SELECT count(*) AS n, sum(hash(i) % 1000) AS s FROM range(${written}) r(i)`),
      );
      await conn.run('BEGIN TRANSACTION');
      await conn.run('INSERT INTO t VALUES (1, 2, 3, 4)');
      await expect(conn.run('COMMIT')).rejects.toMatchObject({ code: 'STORAGE_LIMIT' });
      expect(await conn.query('SELECT count(*) AS n FROM t')).toEqual([{ n: written }]);
    } finally {
      await db.close();
    }
  });

  it('limitedConnection keeps the engine\'s cancel: a runaway query through it stops at its time limit', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ranger-write-guard-'));
    const db = await openNodeDatabase(join(dir, 'cancel.duckdb'));
    try {
      const conn = limitedConnection(db, softLimitOf(LIMIT));
      expect(conn.interrupt).toBeTypeOf('function');
      // Hours of work unless interrupted.
      const runaway = 'SELECT count(*) AS n FROM range(2000) a, range(2000) b, range(2000) c, range(2000) d';
      await expect(boundedQuery(conn, runaway, { maxRows: 10, timeoutMs: 300 })).rejects.toMatchObject({ code: 'TIMEOUT' });
      expect(await conn.query('SELECT 42 AS n')).toEqual([{ n: 42 }]);
    } finally {
      await db.close();
    }
  }, 30_000);
});
