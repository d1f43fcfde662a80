/**
 * @file The incremental re-index's node fingerprints (pipeline/incremental.ts) join each node to
 * its file by an equi-join: a module-only test in the join's ON clause made DuckDB plan a
 * nested-loop join of every node with every file (68 CPU-s on 50,000 files). Both engines, a
 * small real graph written by the store; the fingerprints are the same for a module (its file's
 * hash in it) and differ when only that hash changes.
 * Runs in: Node (vitest; duckdb-wasm and @duckdb/node-api).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import type { EdgeRow, FileRow, NodeRow } from '../../src/core/graph/types.ts';
import { FINGERPRINT_FROM, FINGERPRINT_SQL } from '../../src/core/pipeline/incremental.ts';
import { writeGraph } from '../../src/core/store/graphStore.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { memoryConnections } from '../memoryConnections.ts';

const dir = mkdtempSync(join(tmpdir(), 'ranger-fingerprint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const openMemory = memoryConnections();

function node(id: number, kind: NodeRow['kind'], name: string, file: string): NodeRow {
  return {
    id, kind, name, qualified_name: name, module_name: kind === 'Module' ? null : 'm', class_name: null, file_path: file,
    start_line: 1, end_line: 2, signature: null, code: `code of ${name}`, docstring: null, description: null,
    member_descriptions: null, requirement: null, language: 'python', local_name: null, import_name: null,
  };
}

async function writeSmallGraph(conn: SqlConnection, sha: string): Promise<void> {
  const nodes = [node(1, 'Module', 'a', 'a.py'), node(2, 'Function', 'a.f', 'a.py'), node(3, 'Module', 'b', 'b.py')];
  const edges: EdgeRow[] = [{ src: 1, dst: 2, type: 'CONTAINS', detail: null }];
  const files: FileRow[] = ['a.py', 'b.py'].map((path) => ({ path, language: 'python', bytes: 1, sha256: `${sha}-${path}`, text: '' }));
  await writeGraph(conn, { repoName: 'r', graph: { nodes, edges, unresolved: [] }, files, issues: [], skipped: [], summary: {} });
}

async function fingerprints(conn: SqlConnection): Promise<Record<number, string>> {
  const rows = await conn.query(`SELECT n.id AS id, ${FINGERPRINT_SQL} AS fp FROM ${FINGERPRINT_FROM} ORDER BY n.id`);
  return Object.fromEntries(rows.map((r) => [Number(r.id), String(r.fp)]));
}

describe('incremental fingerprints', () => {
  it.each([
    ['duckdb-wasm', () => openMemory()],
    ['node-api', () => openNodeDatabase(join(dir, 'fp.duckdb'))],
  ] as const)('join each node to its file by a hash join, one row per node (%s)', async (_engine, open) => {
    const conn = await open();
    try {
      await writeSmallGraph(conn, 'v1');
      const plan = (await conn.query(`EXPLAIN SELECT n.id, ${FINGERPRINT_SQL} FROM ${FINGERPRINT_FROM}`)).map((r) => String(Object.values(r).at(-1))).join('\n');
      expect(plan).toContain('HASH_JOIN');
      expect(plan).not.toMatch(/NESTED_LOOP_JOIN|CROSS_PRODUCT|BLOCKWISE_NL_JOIN|PIECEWISE_MERGE_JOIN/);
      const before = await fingerprints(conn);
      expect(Object.keys(before)).toEqual(['1', '2', '3']);
      // A module's fingerprint holds its file's hash; a function's does not.
      await conn.run("UPDATE files SET sha256 = 'v2-a.py' WHERE path = 'a.py'");
      const after = await fingerprints(conn);
      expect(after[1]).not.toBe(before[1]);
      expect(after[2]).toBe(before[2]);
      expect(after[3]).toBe(before[3]);
    } finally {
      await conn.close?.();
    }
  });
});
