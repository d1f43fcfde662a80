/**
 * @file The write gate (src/core/store/writeGate.ts) on both real engines: why it exists (a
 * CHECKPOINT from another flow inside an open transaction loses that transaction's writes), and
 * that with it two flows' transactions and checkpoints on one connection take turns (a view leads
 * back to its connection's gate), an exclusive unit waits for an open transaction, and a failed
 * transaction hands the gate on.
 * (Here rather than beside src/core/store: core tests may not import adapters.)
 * Runs in: Node (vitest).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { inTransaction } from '../../src/core/store/transaction.ts';
import { baseConnection, WriteGate, writeGateOf } from '../../src/core/store/writeGate.ts';

const dir = mkdtempSync(join(tmpdir(), 'ranger-write-gate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const engines: [string, () => Promise<SqlConnection & { close?(): Promise<void> }>][] = [
  ['node-api (file)', () => openNodeDatabase(join(dir, `gate-${++files}.duckdb`))],
  ['duckdb-wasm (memory)', () => openWasmMemoryConnection()],
];

/** A promise and the function that resolves it (to hold one flow inside its transaction). */
function latch(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

async function rows(conn: SqlConnection, table: string): Promise<number[]> {
  return (await conn.query(`SELECT a FROM ${table} ORDER BY a`)).map((r) => Number(r.a));
}

describe.each(engines)('write gate on %s', (_name, open) => {
  it('is needed: a CHECKPOINT sent inside another flow\'s transaction loses its writes', async () => {
    const conn = await open();
    try {
      await conn.run('CREATE TABLE t (a INTEGER)');
      await conn.run('BEGIN TRANSACTION');
      await conn.run('INSERT INTO t VALUES (1)');
      await expect(conn.run('CHECKPOINT')).rejects.toThrow(/CHECKPOINT|transaction/i);
      await conn.run('COMMIT').catch(() => undefined);
      expect(await rows(conn, 't')).toEqual([]);
    } finally {
      await conn.close?.();
    }
  });

  it('lets two flows write and checkpoint on one connection, one transaction at a time', async () => {
    const conn = await open();
    try {
      await conn.run('CREATE TABLE a (a INTEGER)');
      await conn.run('CREATE TABLE b (a INTEGER)');
      const gate = writeGateOf(conn);
      expect(writeGateOf(conn)).toBe(gate);
      const job = gate.flow(conn);
      const search = gate.flow(conn);
      // A view leads back to its connection and its gate (a view handed to another service).
      expect(baseConnection(job)).toBe(conn);
      expect(writeGateOf(job)).toBe(gate);
      const inside = latch();
      const entered = latch();
      const first = inTransaction(job, async () => {
        await job.run('INSERT INTO a VALUES (1)');
        entered.open();
        await inside.wait;
        await job.run('INSERT INTO a VALUES (2)');
      });
      await entered.wait;
      // The other flow's checkpoint and transaction wait for the open one instead of breaking it.
      const order: string[] = [];
      const checkpoint = search.run('CHECKPOINT').then(() => order.push('checkpoint'));
      const second = inTransaction(search, async () => {
        order.push('second');
        await search.run('INSERT INTO b VALUES (3)');
      });
      // A read sent after them passes (reads are not gated) and comes back before they run.
      await conn.query('SELECT 1');
      expect(order).toEqual([]);
      inside.open();
      await Promise.all([first, checkpoint, second]);
      expect(order).toEqual(['checkpoint', 'second']);
      expect(await rows(conn, 'a')).toEqual([1, 2]);
      expect(await rows(conn, 'b')).toEqual([3]);
    } finally {
      await conn.close?.();
    }
  });

  it('runs an exclusive unit after an open transaction, and a failed transaction hands the gate on', async () => {
    const conn = await open();
    try {
      await conn.run('CREATE TABLE t (a INTEGER)');
      const gate = new WriteGate();
      const job = gate.flow(conn);
      const inside = latch();
      const entered = latch();
      const failing = inTransaction(job, async () => {
        await job.run('INSERT INTO t VALUES (1)');
        entered.open();
        await inside.wait;
        throw new Error('the job failed');
      });
      await entered.wait;
      let seen: number[] | null = null;
      const unit = gate.exclusive(async () => {
        seen = await rows(conn, 't');
        await conn.run('INSERT INTO t VALUES (5)');
        await conn.run('CHECKPOINT');
      });
      await conn.query('SELECT 1');
      expect(seen).toBeNull();
      inside.open();
      await expect(failing).rejects.toThrow('the job failed');
      await unit;
      expect(seen).toEqual([]);
      expect(await rows(conn, 't')).toEqual([5]);
    } finally {
      await conn.close?.();
    }
  });
});
