/** @file The shared SQL layer on duckdb-wasm (blocking bundle, in memory), plus its Arrow insert path and the reuse of a closed connection's engine instance. */
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

describe('duckdb-wasm in-memory connections after a close', () => {
  it('start from a new, empty database on the closed one\'s engine instance', async () => {
    const first = await openWasmMemoryConnection();
    await first.run('CREATE TABLE left_behind AS SELECT range AS i FROM range(1000)');
    await first.run("SET default_order = 'DESC'");
    await first.close();
    await first.close();
    const [a, b] = [await openWasmMemoryConnection(), await openWasmMemoryConnection()];
    try {
      for (const conn of [a, b]) {
        expect(await conn.query("SELECT count(*) AS n FROM duckdb_tables() WHERE table_name = 'left_behind'")).toEqual([{ n: 0 }]);
        expect(await conn.query("SELECT current_setting('default_order') AS o")).toEqual([{ o: 'ASCENDING' }]);
      }
      await a.run('CREATE TABLE t AS SELECT 1 AS x');
      expect(await b.query("SELECT count(*) AS n FROM duckdb_tables() WHERE table_name = 't'")).toEqual([{ n: 0 }]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
