/**
 * @file readTableArrow (store/tableArrow.ts), which bundles export tables with, reads a table of
 * several chunks whole: every row once, in rowid order for a table and in key order for a view
 * (the `nodes` view is read by id), each chunk starting after the last key read.
 * Real duckdb-wasm in Node.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { readTableArrow } from '../../src/core/store/tableArrow.ts';
import { memoryConnections } from '../memoryConnections.ts';

const openMemory = memoryConnections();
const ROWS = 20_000;
const COLUMNS = [{ name: 'k', type: 'INTEGER' }, { name: 'v', type: 'VARCHAR' }];

describe('readTableArrow', () => {
  it('reads a table of several chunks whole, in storage order, and a view in key order', async () => {
    const conn = await openMemory();
    // Keys stored in scattered order, as node ids are (hashes).
    await conn.run(`CREATE TABLE t AS SELECT (i * 7919) % ${ROWS} AS k, 'v' || ((i * 7919) % ${ROWS}) AS v FROM range(${ROWS}) AS r(i)`);
    await conn.run('CREATE VIEW tv AS SELECT * FROM t');
    const stored = (await conn.query('SELECT k FROM t ORDER BY rowid')).map((r) => Number(r.k));

    const table = await readTableArrow(conn, 't', COLUMNS);
    expect(table.numRows).toBe(ROWS);
    expect(Array.from(table.getChild('k')!.toArray() as Int32Array)).toEqual(stored);
    expect(table.getChild('v')!.get(ROWS - 1)).toBe(`v${stored[ROWS - 1]}`);

    const view = await readTableArrow(conn, 'tv', COLUMNS, 'k');
    expect(Array.from(view.getChild('k')!.toArray() as Int32Array)).toEqual(Array.from({ length: ROWS }, (_, i) => i));
    expect(table.schema.fields.map((f) => f.name)).toEqual(['k', 'v']);
  });
});
