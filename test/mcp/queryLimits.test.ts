/**
 * @file The row cap and time limit of core/agent/queryLimits.ts on the real node-api engine: the
 * cap keeps the query's order and says when rows were cut, a query past its limit is interrupted
 * and the connection answers the next query, bad limits are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import type { NodeDbConnection } from '../../src/adapters/node/duckdbNode.ts';
import { capRowsSql, queryWithLimits } from '../../src/core/agent/queryLimits.ts';

let conn: NodeDbConnection;
beforeAll(async () => {
  conn = await openNodeDatabase(':memory:');
});
afterAll(() => conn.close());

const NUMBERS = 'SELECT i AS n FROM range(50) t(i) ORDER BY (i * 37) % 50 DESC, i';

describe('queryWithLimits', () => {
  it('caps the rows in the query order and says when more existed', async () => {
    const all = await conn.query(NUMBERS);
    const capped = await queryWithLimits(conn, NUMBERS, { maxRows: 7, timeoutMs: 30_000 });
    expect(capped).toEqual({ rows: all.slice(0, 7), truncated: true });
    expect(await queryWithLimits(conn, `${NUMBERS};`, { maxRows: 50, timeoutMs: 30_000 })).toEqual({ rows: all, truncated: false });
  });

  it('keeps a trailing comment out of the closing bracket', async () => {
    expect(capRowsSql('SELECT 1 AS x -- one', 3)).toBe('SELECT * FROM (\nSELECT 1 AS x -- one\n) AS capped_rows LIMIT 4');
    expect((await queryWithLimits(conn, 'SELECT 1 AS x -- one', { maxRows: 3, timeoutMs: 30_000 })).rows).toEqual([{ x: 1 }]);
  });

  it('interrupts a query past its time limit, and the connection answers the next one', async () => {
    const endless = 'SELECT count(*) AS n FROM range(100000) a, range(100000) b, range(100000) c';
    await expect(queryWithLimits(conn, endless, { maxRows: 10, timeoutMs: 100 })).rejects.toThrow(/time limit of 100 ms and was stopped/);
    expect(await conn.query('SELECT 42 AS answer')).toEqual([{ answer: 42 }]);
  });

  it('refuses limits that are not whole numbers >= 1', async () => {
    await expect(queryWithLimits(conn, 'SELECT 1', { maxRows: 0, timeoutMs: 10 })).rejects.toThrow('maxRows must be a whole number >= 1');
    await expect(queryWithLimits(conn, 'SELECT 1', { maxRows: 1, timeoutMs: 1.5 })).rejects.toThrow('timeoutMs must be a whole number >= 1');
  });
});
