/**
 * @file The incremental re-index's node fingerprints (pipeline/incremental.ts fingerprintsSql)
 * join each node to its file by an equi-join: a module-only test in the join's ON clause made
 * DuckDB plan a nested-loop join of every node with every file (68 CPU-s on 50,000 files). A
 * node's code is read only when its file changed: otherwise the file's hash and the node's lines
 * stand for it, so a node stored with its code in the row (as an imported bundle stores it) and
 * as offsets into its file get the same fingerprint. Both engines, a small real graph written by
 * the store.
 * Runs in: Node (vitest; duckdb-wasm and @duckdb/node-api).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import type { EdgeRow, FileRow, NodeRow } from '../../src/core/graph/types.ts';
import { fingerprintsSql } from '../../src/core/pipeline/incremental.ts';
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

const CODE = 'def g():\n    return 1\n';

/** a.py: a module and a function with its code in the row; b.py: a module and g, whose code is offsets into b.py's text. */
async function writeSmallGraph(conn: SqlConnection, sha: string, bText = CODE, codeInRow = false): Promise<void> {
  const start = bText.indexOf(CODE);
  const lines = { start_line: bText.slice(0, start).split('\n').length, end_line: bText.slice(0, start).split('\n').length + 1 };
  const stored = codeInRow ? { code: CODE, code_start: null, code_end: null } : { code: null, code_start: start, code_end: start + CODE.length };
  const g = { ...node(4, 'Function', 'b.g', 'b.py'), ...lines, ...stored };
  const nodes = [node(1, 'Module', 'a', 'a.py'), node(2, 'Function', 'a.f', 'a.py'), node(3, 'Module', 'b', 'b.py'), g];
  const edges: EdgeRow[] = [{ src: 1, dst: 2, type: 'CONTAINS', detail: null }];
  const files: FileRow[] = ['a.py', 'b.py'].map((path) => ({ path, language: 'python', bytes: 1, sha256: `${sha}-${path}`, text: path === 'b.py' ? bText : '' }));
  await writeGraph(conn, { repoName: 'r', graph: { nodes, edges, unresolved: [] }, files, issues: [], skipped: [], summary: {} });
}

/** Fingerprints by node id, with `changed` (paths) as the changed files. */
async function fingerprints(conn: SqlConnection, changed: string[] = []): Promise<Record<number, string>> {
  await conn.run('CREATE OR REPLACE TEMP TABLE changed_files (path VARCHAR)');
  for (const path of changed) await conn.run(`INSERT INTO changed_files VALUES ('${path}')`);
  const rows = await conn.query(`SELECT id, fp FROM (${fingerprintsSql('changed_files')}) ORDER BY id`);
  return Object.fromEntries(rows.map((r) => [Number(r.id), String(r.fp)]));
}

describe('incremental fingerprints', () => {
  it.each([
    ['duckdb-wasm', () => openMemory()],
    ['node-api', () => openNodeDatabase(join(dir, 'fp.duckdb'))],
  ] as const)('join each node to its file by a hash join, one row per node; read code only in changed files (%s)', async (_engine, open) => {
    const conn = await open();
    try {
      await writeSmallGraph(conn, 'v1');
      await fingerprints(conn);
      const plan = (await conn.query(`EXPLAIN ${fingerprintsSql('changed_files')}`)).map((r) => String(Object.values(r).at(-1))).join('\n');
      expect(plan).toContain('HASH_JOIN');
      expect(plan).not.toMatch(/NESTED_LOOP_JOIN|CROSS_PRODUCT|BLOCKWISE_NL_JOIN|PIECEWISE_MERGE_JOIN/);
      const before = await fingerprints(conn, ['a.py']);
      expect(Object.keys(before)).toEqual(['1', '2', '3', '4']);
      // In a changed file a module's fingerprint holds its file's hash, a function's its code.
      await conn.run("UPDATE files SET sha256 = 'v2-a.py' WHERE path = 'a.py'");
      const after = await fingerprints(conn, ['a.py']);
      expect(after[1]).not.toBe(before[1]);
      expect(after[2]).toBe(before[2]);
      expect(after[3]).toBe(before[3]);
      expect(after[4]).toBe(before[4]);
      // The same g with its code in the row (an imported bundle's) gets the same fingerprint, its
      // file changed or not.
      const inRow = await openMemory();
      await writeSmallGraph(inRow, 'v1', CODE, true);
      expect((await fingerprints(inRow))[4]).toBe(before[4]);
      expect((await fingerprints(inRow, ['b.py']))[4]).toBe((await fingerprints(conn, ['b.py']))[4]);
      // In an unchanged file the hash and lines stand for the code ...
      await conn.run("UPDATE files SET sha256 = 'v2-b.py' WHERE path = 'b.py'");
      expect((await fingerprints(conn))[4]).not.toBe(before[4]);
      // ... in a changed file the code itself counts: moved down two lines, g is the same code.
      const inChanged = await fingerprints(conn, ['b.py']);
      const moved = await openMemory();
      await writeSmallGraph(moved, 'v3', `\n\n${CODE}`);
      expect((await fingerprints(moved, ['b.py']))[4]).toBe(inChanged[4]);
      await writeSmallGraph(moved, 'v3', CODE.replace('1', '2'));
      expect((await fingerprints(moved, ['b.py']))[4]).not.toBe(inChanged[4]);
    } finally {
      await conn.close?.();
    }
  });
});
