/**
 * @file Description persistence on both real engines (duckdb-wasm in memory, node-api on a
 * file): batches through Arrow, markers per generator, clear, databases from before descriptions were tracked,
 * stale markers after a re-index, rollback, and 100k nodes in one batch.
 * (Here rather than beside src/core/store: core tests may not import adapters.)
 * Runs in: Node (vitest).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { TRICKY_TEXT, sampleGraphData } from '../../src/adapters/node/sqlConnectionContract.ts';
import type { NodeRow } from '../../src/core/graph/types.ts';
import { writeGraph } from '../../src/core/store/graphStore.ts';
import {
  clearDescriptions,
  ensureDescriptionTables,
  readDescribeCounts,
  readDescribeGenerator,
  writeDescriptions,
} from '../../src/core/store/descriptionStore.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const engines: [string, () => Promise<SqlConnection & { close(): Promise<void> }>][] = [
  ['duckdb-wasm', openWasmMemoryConnection],
  [
    'node-api',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'describe-store-'));
      dirs.push(dir);
      return openNodeDatabase(join(dir, 'repo.duckdb'));
    },
  ],
];

async function sampleConn(open: () => Promise<SqlConnection & { close(): Promise<void> }>) {
  const conn = await open();
  await writeGraph(conn, sampleGraphData({ bigTextBytes: 10 }));
  return conn;
}

function bigGraphNodes(n: number): NodeRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    kind: i % 3 === 0 ? 'Function' : 'Method',
    name: `f${i}`,
    qualified_name: `m.f${i}`,
    module_name: 'm',
    class_name: null,
    file_path: 'm.py',
    start_line: i,
    end_line: i + 1,
    signature: `def f${i}(x):`,
    code: `def f${i}(x):\n    return x + ${i}\n`,
    docstring: null,
    description: null,
    member_descriptions: null,
    requirement: null,
    language: 'python',
    local_name: null,
    import_name: null,
  }));
}

for (const [engine, open] of engines) {
  describe(`description store on ${engine}`, () => {
    it('opens a database from before descriptions were tracked (no described table) and counts nothing described', async () => {
      const conn = await sampleConn(open);
      try {
        const before = await conn.query("SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'described'");
        expect(before[0].n).toBe(0);
        await ensureDescriptionTables(conn);
        await ensureDescriptionTables(conn); // idempotent
        expect(await readDescribeGenerator(conn)).toBeNull();
        // sample graph: Module, Class, Method, GlobalVariable are describable; Repo is not.
        expect(await readDescribeCounts(conn, 'builtin:structural')).toEqual({ done: 0, total: 4 });
      } finally {
        await conn.close();
      }
    });

    it('writes a batch: texts (unicode, nulls), markers per generator, meta generator', async () => {
      const conn = await sampleConn(open);
      try {
        await ensureDescriptionTables(conn);
        await writeDescriptions(conn, 'gen-a', [
          { id: 2, description: TRICKY_TEXT, member_descriptions: 'add - adds', requirement: 'Purpose: x\nInput: None\nOutput: y' },
          { id: 3, description: 'adds an item', member_descriptions: null, requirement: null },
        ]);
        const rows = await conn.query('SELECT id, description, member_descriptions, requirement FROM nodes WHERE id IN (2, 3) ORDER BY id');
        expect(rows).toEqual([
          { id: 2, description: TRICKY_TEXT, member_descriptions: 'add - adds', requirement: 'Purpose: x\nInput: None\nOutput: y' },
          { id: 3, description: 'adds an item', member_descriptions: null, requirement: null },
        ]);
        expect(await readDescribeGenerator(conn)).toBe('gen-a');
        expect(await readDescribeCounts(conn, 'gen-a')).toEqual({ done: 2, total: 4 });
        expect(await readDescribeCounts(conn, 'gen-b')).toEqual({ done: 0, total: 4 });
        // Re-writing a node replaces its marker instead of adding a second one.
        await writeDescriptions(conn, 'gen-a', [{ id: 3, description: 'again', member_descriptions: null, requirement: null }]);
        expect(await conn.query('SELECT count(*) AS n FROM described')).toEqual([{ n: 2 }]);
        // Other node columns are untouched.
        const [cls] = await conn.query('SELECT name, docstring, signature FROM nodes WHERE id = 2');
        expect(cls).toEqual({ name: 'Cart', docstring: TRICKY_TEXT, signature: 'class Cart(Base):' });
        // An empty batch is harmless.
        await writeDescriptions(conn, 'gen-a', []);
        expect(await readDescribeCounts(conn, 'gen-a')).toEqual({ done: 2, total: 4 });
      } finally {
        await conn.close();
      }
    });

    it('clears texts, markers and the generator', async () => {
      const conn = await sampleConn(open);
      try {
        await ensureDescriptionTables(conn);
        await writeDescriptions(conn, 'gen-a', [{ id: 1, description: 'm', member_descriptions: 'x - y', requirement: null }]);
        await clearDescriptions(conn);
        expect(await readDescribeGenerator(conn)).toBeNull();
        expect(await conn.query('SELECT count(*) AS n FROM nodes WHERE description IS NOT NULL OR member_descriptions IS NOT NULL')).toEqual([{ n: 0 }]);
        expect(await readDescribeCounts(conn, 'gen-a')).toEqual({ done: 0, total: 4 });
      } finally {
        await conn.close();
      }
    });

    it('drops stale markers after a re-index replaced the graph (meta lost the generator)', async () => {
      const conn = await sampleConn(open);
      try {
        await ensureDescriptionTables(conn);
        await writeDescriptions(conn, 'gen-a', [{ id: 1, description: 'm', member_descriptions: null, requirement: null }]);
        await writeGraph(conn, sampleGraphData({ bigTextBytes: 10 }));
        await ensureDescriptionTables(conn);
        expect(await conn.query('SELECT count(*) AS n FROM described')).toEqual([{ n: 0 }]);
        expect(await readDescribeCounts(conn, 'gen-a')).toEqual({ done: 0, total: 4 });
      } finally {
        await conn.close();
      }
    });

    it('rolls a failed batch back completely', async () => {
      const conn = await sampleConn(open);
      try {
        await ensureDescriptionTables(conn);
        await conn.run('DROP TABLE described');
        await conn.run('CREATE TABLE described (node_id INTEGER, generator VARCHAR, extra INTEGER NOT NULL)');
        await expect(
          writeDescriptions(conn, 'gen-a', [{ id: 1, description: 'm', member_descriptions: null, requirement: null }]),
        ).rejects.toThrow();
        expect(await conn.query('SELECT description FROM nodes WHERE id = 1')).toEqual([{ description: null }]);
        expect(await readDescribeGenerator(conn)).toBeNull();
      } finally {
        await conn.close();
      }
    });

    it('writes 100k descriptions in one batch', async () => {
      const conn = await open();
      try {
        const nodes = bigGraphNodes(100_000);
        await writeGraph(conn, { repoName: 'big', graph: { nodes, edges: [], unresolved: [] }, files: [], issues: [], skipped: [], summary: {} });
        await ensureDescriptionTables(conn);
        const rows = nodes.map((n) => ({
          id: n.id,
          description: `Function \`${n.name}\` in module \`m\`: adds ${n.id} to its argument.`,
          member_descriptions: 'x - parameter',
          requirement: `Purpose: add ${n.id}.\nInput: \`x\`.\nOutput: A computed value.`,
        }));
        await writeDescriptions(conn, 'builtin:structural', rows);
        expect(await readDescribeCounts(conn, 'builtin:structural')).toEqual({ done: 100_000, total: 100_000 });
        const [row] = await conn.query('SELECT description FROM nodes WHERE id = 77777');
        expect(row.description).toBe('Function `f77776` in module `m`: adds 77777 to its argument.');
      } finally {
        await conn.close();
      }
    });
  });
}
