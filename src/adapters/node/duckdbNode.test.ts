/** @file The shared SQL layer on @duckdb/node-api over a database file, plus file behaviour. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { edgesToArrow, MAX_BATCH_ROWS } from '../../core/store/arrowTables.ts';
import { countGraph, createSchema, writeGraph } from '../../core/store/graphStore.ts';
import { AppError } from '../../core/errors.ts';
import type { EdgeRow } from '../../core/graph/types.ts';
import { CHUNK_ROWS, openNodeDatabase } from './duckdbNode.ts';
import { describeSqlConnectionContract, sampleGraphData } from './sqlConnectionContract.ts';

const dir = mkdtempSync(join(tmpdir(), 'ranger-node-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeSqlConnectionContract('@duckdb/node-api (file)', () => openNodeDatabase(join(dir, 'contract.duckdb')));

describe('@duckdb/node-api database files', () => {
  it('appends Arrow batches in 2,048-row chunks, nulls and non-ASCII included', async () => {
    const conn = await openNodeDatabase(':memory:');
    try {
      await createSchema(conn);
      const n = MAX_BATCH_ROWS + CHUNK_ROWS + 3;
      const rows: EdgeRow[] = Array.from({ length: n }, (_, i) => ({ src: i, dst: i + 1, type: i % 3 ? 'USES' : 'CONTAINS', detail: i % 2 ? `dé${i}` : null }));
      await conn.insertArrow('edges', edgesToArrow(rows));
      const [row] = await conn.query('SELECT count(*) AS n, sum(src) AS s, count(detail) AS d, min(detail) AS m FROM edges');
      expect(row).toEqual({ n, s: (n * (n - 1)) / 2, d: Math.floor(n / 2), m: 'dé1' });
      const last = await conn.query(`SELECT * FROM edges WHERE src = ${n - 1}`);
      expect(last).toEqual([rows[n - 1]]);
    } finally {
      await conn.close();
    }
  });

  it('keeps the graph in the file after close, and opens it read-only without external access', async () => {
    const path = join(dir, 'persist.duckdb');
    const writer = await openNodeDatabase(path);
    await writeGraph(writer, sampleGraphData({ bigTextBytes: 1000 }));
    await writer.close();

    const reader = await openNodeDatabase(path, { readOnly: true, mustExist: true, externalAccess: false });
    try {
      expect((await countGraph(reader)).edges).toEqual({ CONTAINS: 3, HAS_METHOD: 1, USES: 1 });
      await expect(reader.run('DELETE FROM node_rows')).rejects.toThrow(/read-only/i);
      // (The database's own file stays readable by design: DuckDB allows its own paths.)
      const csv = join(dir, 'other.csv');
      writeFileSync(csv, 'a,b\n1,2\n');
      await expect(reader.query(`SELECT * FROM read_csv('${csv}')`)).rejects.toThrow(/disabled by configuration/);
      await expect(reader.query(`FROM '${csv}'`)).rejects.toThrow(/disabled by configuration/);
    } finally {
      await reader.close();
    }
  });

  it('refuses a missing file when it must exist', async () => {
    await expect(openNodeDatabase(join(dir, 'missing.duckdb'), { mustExist: true })).rejects.toSatisfy(
      (e: unknown) => e instanceof AppError && e.code === 'INPUT_INVALID' && e.message.includes('missing.duckdb'),
    );
  });
});
