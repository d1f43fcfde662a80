/**
 * @file The embedding store's SQL (src/core/store/embeddingStore.ts) on both engines: duckdb-wasm
 * (Arrow FixedSizeList path) and node-api (text fallback path), a set written by one process and
 * read back through the database file by another, and array_cosine_similarity on the stored column.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  deleteEmbeddings,
  dropEmbeddingTables,
  listEmbeddingSets,
  readEmbeddings,
  readModelState,
  setVectorWritePath,
  vectorWritePath,
  writeEmbeddings,
  writeModelState,
} from '../../core/store/embeddingStore.ts';
import type { SqlConnection } from '../../core/store/sqlConnection.ts';
import { openNodeDatabase } from './duckdbNode.ts';
import { openWasmMemoryConnection } from './duckdbWasmNode.ts';

const dir = mkdtempSync(join(tmpdir(), 'ranger-embed-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Deterministic pseudo-random unit vectors. */
function unitVectors(n: number, dim: number, seed: number): Float32Array {
  const out = new Float32Array(n * dim);
  let s = seed >>> 0;
  for (let i = 0; i < out.length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = s / 2 ** 32 - 0.5;
  }
  for (let r = 0; r < n; r++) {
    let norm = 0;
    for (let c = 0; c < dim; c++) norm += out[r * dim + c] ** 2;
    for (let c = 0; c < dim; c++) out[r * dim + c] /= Math.sqrt(norm);
  }
  return out;
}

// node-api's adapter takes no FixedSizeList Arrow column today (text path); if it learns to, the
// probe switches to 'arrow' by itself. The text path is also pinned on duckdb-wasm.
const engines: [string, readonly ('arrow' | 'text')[], () => Promise<SqlConnection>][] = [
  ['duckdb-wasm', ['arrow'], openWasmMemoryConnection],
  [
    'duckdb-wasm, text path pinned',
    ['text'],
    async () => {
      const conn = await openWasmMemoryConnection();
      setVectorWritePath(conn, 'text');
      return conn;
    },
  ],
  ['node-api', ['text', 'arrow'], () => openNodeDatabase(':memory:')],
];

for (const [engine, expectedPaths, open] of engines) {
  describe(`embeddingStore on ${engine}`, () => {
    it(`writes through the ${expectedPaths.join(' or ')} path and reads back exactly, ordered by id`, async () => {
      const conn = await open();
      try {
        expect(expectedPaths).toContain(await vectorWritePath(conn));
        const dim = 16;
        // More rows than one batch, ids out of order.
        const n = 5000;
        const ids = Int32Array.from({ length: n }, (_, i) => (i * 7919) % n);
        const vectors = unitVectors(n, dim, 1);
        const info = await writeEmbeddings(conn, { model: 'm1', source: 'code', dim, builtin: true }, ids, vectors);
        expect(info).toMatchObject({ model: 'm1', source: 'code', dim, count: n, builtin: true });
        const back = await readEmbeddings(conn, 'm1', 'code');
        expect(back).not.toBeNull();
        expect(back!.dim).toBe(dim);
        expect(Array.from(back!.ids)).toEqual(Array.from({ length: n }, (_, i) => i));
        for (const row of [0, 1, 2500, n - 1]) {
          const from = ids.indexOf(row);
          expect(Array.from(back!.matrix.subarray(row * dim, (row + 1) * dim))).toEqual(
            Array.from(vectors.subarray(from * dim, (from + 1) * dim)),
          );
        }
        expect(await readEmbeddings(conn, 'm1', 'description')).toBeNull();
      } finally {
        await conn.close?.();
      }
    });

    it('keeps extreme float32 values exact', async () => {
      const conn = await open();
      try {
        const v = Float32Array.of(1e-8, -3.4e38, 1.17549435e-38, 1e-45, -0, 0.1, 123456.789, -1 / 3);
        await writeEmbeddings(conn, { model: 'x', source: 'code', dim: 8, builtin: false }, Int32Array.of(1), v);
        const back = await readEmbeddings(conn, 'x', 'code');
        const plusZero = (a: Float32Array): number[] => Array.from(a, (x) => (x === 0 ? 0 : x));
        expect(plusZero(back!.matrix)).toEqual(plusZero(v));
      } finally {
        await conn.close?.();
      }
    });

    it('keeps sets apart per model, source and width; replaces and deletes one set', async () => {
      const conn = await open();
      try {
        await writeEmbeddings(conn, { model: 'a', source: 'code', dim: 4, builtin: true }, Int32Array.of(1, 2), unitVectors(2, 4, 2));
        await writeEmbeddings(conn, { model: 'a', source: 'description', dim: 4, builtin: true }, Int32Array.of(1), unitVectors(1, 4, 3));
        await writeEmbeddings(conn, { model: 'b', source: 'code', dim: 8, builtin: false }, Int32Array.of(1, 2, 3), unitVectors(3, 8, 4));
        // Replacing (a, code) with 3 rows leaves 3, not 5.
        await writeEmbeddings(conn, { model: 'a', source: 'code', dim: 4, builtin: true }, Int32Array.of(1, 2, 3), unitVectors(3, 4, 5));
        const sets = await listEmbeddingSets(conn);
        expect(sets.map((s) => [s.model, s.source, s.dim, s.count, s.builtin])).toEqual([
          ['a', 'code', 4, 3, true],
          ['a', 'description', 4, 1, true],
          ['b', 'code', 8, 3, false],
        ]);
        expect((await conn.query('SELECT count(*) AS n FROM embeddings_4'))[0].n).toBe(4);
        await deleteEmbeddings(conn, 'a', 'code');
        expect((await listEmbeddingSets(conn)).map((s) => `${s.model}/${s.source}`)).toEqual(['a/description', 'b/code']);
        await deleteEmbeddings(conn, 'b');
        expect((await conn.query('SELECT count(*) AS n FROM embeddings_8'))[0].n).toBe(0);
        expect((await listEmbeddingSets(conn)).length).toBe(1);
        // A re-index drops everything (node ids change).
        await dropEmbeddingTables(conn);
        expect(await listEmbeddingSets(conn)).toEqual([]);
        const left = await conn.query("SELECT count(*) AS n FROM information_schema.tables WHERE table_name LIKE 'embedding%' OR table_name = 'model_state'");
        expect(left[0].n).toBe(0);
      } finally {
        await conn.close?.();
      }
    });

    it('array_cosine_similarity works on the stored FLOAT[dim] column', async () => {
      const conn = await open();
      try {
        const v = Float32Array.of(1, 0, 0, 0, 0.6, 0.8, 0, 0, 0, 0, 1, 0);
        await writeEmbeddings(conn, { model: 'm', source: 'description', dim: 4, builtin: true }, Int32Array.of(10, 11, 12), v);
        const rows = await conn.query(
          `SELECT b.node_id AS id, round(array_cosine_similarity(a.vec, b.vec)::DOUBLE, 4) AS cos
           FROM embeddings_4 a, embeddings_4 b WHERE a.node_id = 10 ORDER BY b.node_id`,
        );
        expect(rows).toEqual([
          { id: 10, cos: 1 },
          { id: 11, cos: 0.6 },
          { id: 12, cos: 0 },
        ]);
      } finally {
        await conn.close?.();
      }
    });

    it('stores and restores JSON model state, large ones included', async () => {
      const conn = await open();
      try {
        expect(await readModelState(conn, 'builtin:lexical', 'code')).toBeNull();
        const df = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`tok'en_${i}`, i + 1]));
        await writeModelState(conn, 'builtin:lexical', 'code', { documents: 9, df });
        await writeModelState(conn, 'builtin:lexical', 'description', { documents: 1, df: {} });
        const back = await readModelState<{ documents: number; df: Record<string, number> }>(conn, 'builtin:lexical', 'code');
        expect(back?.documents).toBe(9);
        expect(Object.keys(back!.df).length).toBe(50_000);
        expect(back!.df["tok'en_49999"]).toBe(50_000);
        await writeModelState(conn, 'builtin:lexical', 'code', { documents: 2, df: {} });
        expect(await readModelState(conn, 'builtin:lexical', 'code')).toEqual({ documents: 2, df: {} });
      } finally {
        await conn.close?.();
      }
    });
  });
}

describe('embeddingStore across processes (node-api file)', () => {
  it('a set written by one process reads back in another, cosine included', async () => {
    const file = join(dir, 'cross.duckdb');
    const writer = `
      import { openNodeDatabase } from './src/adapters/node/duckdbNode.ts';
      import { writeEmbeddings, writeModelState } from './src/core/store/embeddingStore.ts';
      const conn = await openNodeDatabase(process.argv[1]);
      const v = new Float32Array(3 * 1024);
      for (let i = 0; i < v.length; i++) v[i] = Math.fround(Math.sin(i) / 16);
      await writeEmbeddings(conn, { model: 'x', source: 'code', dim: 1024, builtin: false }, Int32Array.of(5, 6, 7), v);
      await writeModelState(conn, 'x', 'code', { hello: 'world' });
      await conn.close();
      console.log('written');
    `;
    const root = resolve(import.meta.dirname, '../../..');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', writer, file], { cwd: root });
    expect(stdout.trim()).toBe('written');
    const conn = await openNodeDatabase(file, { readOnly: true, mustExist: true });
    try {
      const back = await readEmbeddings(conn, 'x', 'code');
      expect(Array.from(back!.ids)).toEqual([5, 6, 7]);
      for (const i of [0, 1023, 2048, 3071]) expect(back!.matrix[i]).toBe(Math.fround(Math.sin(i) / 16));
      expect(await readModelState(conn, 'x', 'code')).toEqual({ hello: 'world' });
      const rows = await conn.query('SELECT round(array_cosine_similarity(vec, vec)::DOUBLE, 5) AS c FROM embeddings_1024 WHERE node_id = 6');
      expect(rows).toEqual([{ c: 1 }]);
    } finally {
      await conn.close();
    }
  });
});
