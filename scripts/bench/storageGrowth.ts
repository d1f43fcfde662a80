/**
 * @file The storage check's growth (`npm run bench:storage`, scripts/bench/storage.bench.ts):
 * one table of four UBIGINT columns of hashes (incompressible, stored uncompressed: 32 bytes a
 * row), grown a step at a time (insert, CHECKPOINT) until its database file reaches a target
 * size or a step fails; after chosen steps every row is read back (count and two sums against
 * the same hashes computed from `range`) with a small memory limit, so the blocks come from the
 * file, not from duckdb's buffers. The same code runs in Node and in the chromium page.
 * Runs in: Node and chromium (bench).
 */
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';

export const ROW_BYTES = 32;

export interface ReadBack {
  ok: boolean;
  /** What the table holds against what it should (count, sums), or the read's error. */
  detail: string;
}

export interface GrowthStep {
  rows: number;
  fileBytes: number;
  readBack?: ReadBack;
}

export interface Growth {
  rows: number;
  steps: GrowthStep[];
  /** The failed step's error (message and, for AppErrors, code); null when the target was reached. */
  failure: { message: string; code?: string } | null;
}

export interface GrowthOptions {
  rowsPerStep: number;
  targetBytes: number;
  /** The database file's size on disk. */
  fileBytes: () => Promise<number>;
  /** Whether to read every row back after a step that left the file at `fileBytes`. */
  readBackAt: (fileBytes: number) => boolean;
  log: (line: string) => void;
}

const hashes = (from: number, to: number) => `SELECT hash(i), hash(i + 1), hash(i + 2), hash(i + 3) FROM range(${from}, ${to}) r(i)`;

function errorOf(error: unknown): { message: string; code?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return { message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) };
}

/** Reads all `rows` back: count and the sums of the first and last column, against `range`. */
export async function readBack(conn: SqlConnection, rows: number): Promise<ReadBack> {
  try {
    const [stored] = await conn.query('SELECT count(*) AS n, sum(a)::DOUBLE AS sa, sum(d)::DOUBLE AS sd FROM t');
    const [expected] = await conn.query(`SELECT count(*) AS n, sum(hash(i))::DOUBLE AS sa, sum(hash(i + 3))::DOUBLE AS sd FROM range(${rows}) r(i)`);
    const ok = stored!.n === expected!.n && stored!.sa === expected!.sa && stored!.sd === expected!.sd;
    return { ok, detail: ok ? `${rows} rows, sums equal` : `stored ${JSON.stringify(stored)}, expected ${JSON.stringify(expected)}` };
  } catch (error) {
    return { ok: false, detail: errorOf(error).message.slice(0, 300) };
  }
}

/** One more step on a grown table: `rows` more rows after the first `from`, then CHECKPOINT. */
export async function growOnce(conn: SqlConnection, from: number, rows: number): Promise<void> {
  await conn.run(`INSERT INTO t ${hashes(from, from + rows)}`);
  await conn.run('CHECKPOINT');
}

/** Grows table `t` (created by the first step, in its transaction) until the target or a failure. */
export async function grow(conn: SqlConnection, options: GrowthOptions): Promise<Growth> {
  const { rowsPerStep, log } = options;
  await conn.run("PRAGMA force_compression='uncompressed'");
  await conn.run("SET memory_limit = '512MB'");
  const growth: Growth = { rows: 0, steps: [], failure: null };
  for (;;) {
    const from = growth.rows;
    try {
      if (from === 0) {
        // The table's DDL in the first step's transaction: no DDL waits in the WAL for a later checkpoint.
        await conn.run('BEGIN TRANSACTION');
        await conn.run('CREATE TABLE t (a UBIGINT, b UBIGINT, c UBIGINT, d UBIGINT)');
        await conn.run(`INSERT INTO t ${hashes(0, rowsPerStep)}`);
        await conn.run('COMMIT');
      } else {
        await conn.run(`INSERT INTO t ${hashes(from, from + rowsPerStep)}`);
      }
      growth.rows = from + rowsPerStep;
      await conn.run('CHECKPOINT');
    } catch (error) {
      if (from === 0) await conn.run('ROLLBACK').catch(() => undefined);
      growth.failure = errorOf(error);
      log(`step at ${from} rows failed: ${growth.failure.code ?? ''} ${growth.failure.message.slice(0, 240)}`);
      return growth;
    }
    const fileBytes = await options.fileBytes();
    const step: GrowthStep = { rows: growth.rows, fileBytes };
    if (options.readBackAt(fileBytes)) step.readBack = await readBack(conn, growth.rows);
    growth.steps.push(step);
    log(`${growth.rows} rows, file ${(fileBytes / 2 ** 30).toFixed(3)} GiB${step.readBack ? `; read back: ${step.readBack.ok ? 'OK' : 'WRONG'} (${step.readBack.detail})` : ''}`);
    if (fileBytes >= options.targetBytes) return growth;
  }
}
