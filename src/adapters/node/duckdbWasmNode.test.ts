/** @file The shared SQL layer on duckdb-wasm (blocking bundle, in memory), plus its Arrow insert path. */
import { describe, expect, it } from 'vitest';
import { edgesToArrow } from '../../core/store/arrowTables.ts';
import { createSchema } from '../../core/store/graphStore.ts';
import { MAX_BATCH_ROWS } from '../../core/store/arrowTables.ts';
import { openWasmMemoryConnection } from './duckdbWasmNode.ts';
import { describeSqlConnectionContract } from './sqlConnectionContract.ts';

describeSqlConnectionContract('duckdb-wasm (blocking, in memory)', openWasmMemoryConnection);

describe('duckdb-wasm insertArrow', () => {
  it('appends every record batch of a multi-batch table', async () => {
    const conn = await openWasmMemoryConnection();
    try {
      await createSchema(conn);
      const n = MAX_BATCH_ROWS * 2 + 7;
      const table = edgesToArrow(Array.from({ length: n }, (_, i) => ({ src: i, dst: n - i, type: 'USES', detail: i % 2 ? 'call' : null })));
      expect(table.batches.length).toBe(3);
      await conn.insertArrow('edges', table);
      const [row] = await conn.query('SELECT count(*) AS n, sum(src) AS s, count(detail) AS d FROM edges');
      expect(row).toEqual({ n, s: (n * (n - 1)) / 2, d: Math.floor(n / 2) });
    } finally {
      await conn.close();
    }
  });
});
