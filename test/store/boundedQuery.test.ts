/**
 * @file The row cap and time limit of core/store/boundedQuery.ts on the real node-api engine:
 * the cap keeps the query's order and says when rows were cut, a trailing comment cannot swallow
 * the wrapper's bracket, a query past its limit is interrupted (TIMEOUT) and the connection
 * answers the next query, a cancel interrupts too (CANCELLED), other statements run as written.
 * Runs in: Node (vitest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import type { NodeDbConnection } from '../../src/adapters/node/duckdbNode.ts';
import { boundedQuery, cappedSql, truncationNote } from '../../src/core/store/boundedQuery.ts';

let conn: NodeDbConnection;
beforeAll(async () => {
  conn = await openNodeDatabase(':memory:');
});
afterAll(() => conn.close());

const NUMBERS = 'SELECT i AS n FROM range(50) t(i) ORDER BY (i * 37) % 50 DESC, i';
const ENDLESS = 'SELECT count(*) AS n FROM range(100000) a, range(100000) b, range(100000) c';

describe('boundedQuery', () => {
  it('caps the rows in the query order and says when more existed', async () => {
    const all = await conn.query(NUMBERS);
    const capped = await boundedQuery(conn, NUMBERS, { maxRows: 7, timeoutMs: 30_000 });
    expect(capped).toEqual({ rows: all.slice(0, 7), truncated: true, maxRows: 7 });
    expect(truncationNote(capped, 'raise --max-rows N')).toBe('Showing the first 7 rows of more than 7 (raise --max-rows N to see more).');
    expect(await boundedQuery(conn, `${NUMBERS};`, { maxRows: 50, timeoutMs: 30_000 })).toEqual({ rows: all, truncated: false, maxRows: 50 });
  });

  it('keeps a trailing comment out of the closing bracket', async () => {
    expect(cappedSql('SELECT 1 AS x -- one', 3)).toBe('SELECT * FROM (\nSELECT 1 AS x -- one\n) AS bounded_answer LIMIT 4');
    expect((await boundedQuery(conn, 'SELECT 1 AS x -- one', { maxRows: 3, timeoutMs: 30_000 })).rows).toEqual([{ x: 1 }]);
  });

  it('interrupts a query past its time limit, and the connection answers the next one', async () => {
    await expect(boundedQuery(conn, ENDLESS, { maxRows: 10, timeoutMs: 100 })).rejects.toMatchObject({ code: 'TIMEOUT', message: expect.stringMatching(/time limit of 100 ms and was stopped/) });
    expect(await conn.query('SELECT 42 AS answer')).toEqual([{ answer: 42 }]);
  });

  it('interrupts a query when its signal aborts', async () => {
    const job = new AbortController();
    setTimeout(() => job.abort(), 100);
    await expect(boundedQuery(conn, ENDLESS, { maxRows: 10, timeoutMs: 0, signal: job.signal })).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(await conn.query('SELECT 7 AS n')).toEqual([{ n: 7 }]);
  });

  it('runs other read-only statements as written and cuts their rows after the fact', async () => {
    const pragma = await boundedQuery(conn, "PRAGMA table_info('duckdb_tables')", { maxRows: 1, timeoutMs: 0 });
    expect(pragma.rows.length).toBeLessThanOrEqual(1);
  });
});
