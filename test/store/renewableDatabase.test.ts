/**
 * @file renewableDatabase: a database file served by a new instance under the same connection
 * object. A query in flight when the renewal starts ends on the old instance before it closes,
 * queries made during the renewal wait and read the new one, and close() closes whichever is
 * current. Real DuckDB (node-api) on a file, reopened for each instance.
 * Runs in: Node (vitest).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { renewableDatabase } from '../../src/adapters/browser/renewableDatabase.ts';
import type { Database } from '../../src/adapters/browser/renewableDatabase.ts';

const dir = mkdtempSync(join(tmpdir(), 'ranger-renewable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('renewableDatabase', () => {
  it('renews the instance under the same connection: in-flight calls end first, calls made meanwhile wait', async () => {
    const file = join(dir, 'r.duckdb');
    const events: string[] = [];
    let opened = 0;
    const open = async (): Promise<Database> => {
      const n = ++opened;
      const conn = await openNodeDatabase(file);
      events.push(`open ${n}`);
      return {
        repoId: 'r',
        conn: {
          ...conn,
          query: async (sql: string) => {
            const rows = await conn.query(sql);
            events.push(`query on ${n}`);
            return rows;
          },
        },
        close: async () => {
          events.push(`close ${n}`);
          await conn.close();
        },
      };
    };
    let onCloseCalls = 0;
    const database = renewableDatabase(await open(), open, () => onCloseCalls++);
    const conn = database.conn;
    await conn.run('CREATE TABLE t AS SELECT range AS i FROM range(1000)');

    // A slow query in flight when the renewal starts.
    const slow = conn.query('SELECT count(*) AS n FROM range(30000000) a, range(2) b');
    const renewing = database.renew();
    const during = conn.query('SELECT sum(i) AS s FROM t');
    await renewing;
    expect(await slow).toEqual([{ n: 60_000_000 }]);
    expect(await during).toEqual([{ s: 499_500 }]);
    expect(events).toEqual(['open 1', 'query on 1', 'close 1', 'open 2', 'query on 2']);
    expect(database.conn).toBe(conn);
    expect(onCloseCalls).toBe(0);

    await database.close();
    expect(events.at(-1)).toBe('close 2');
    expect(onCloseCalls).toBe(1);
  });
});
