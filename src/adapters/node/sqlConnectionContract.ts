/**
 * @file Test-only: the behaviour every SqlConnection adapter must share (the shared SQL layer:
 * schema, writeGraph through Arrow, reads, value normalisation, rollback). Run by
 * duckdbWasmNode.test.ts and duckdbNode.test.ts against the real engines.
 * Runs in: Node (vitest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import type { FileIssueRow, FileRow, Graph, NodeRow } from '../../core/graph/types.ts';
import type { SkippedFile } from '../../core/ingest/types.ts';
import type { Progress } from '../../core/progress.ts';
import { countGraph, readMeta, readSummary, writeGraph } from '../../core/store/graphStore.ts';
import { readSchemaVersion } from '../../core/store/schemaUpgrade.ts';
import type { GraphData } from '../../core/store/graphStore.ts';
import { DERIVED_TABLES } from '../../core/store/derivedTables.ts';
import { INDEXES, SCHEMA_VERSION, TABLE_NAMES } from '../../core/store/schema.ts';
import { assertReadOnlySql } from '../../core/store/sqlGuard.ts';
import type { SqlConnection } from '../../core/store/sqlConnection.ts';

export const TRICKY_TEXT = 'héllo wörld ✓ 😀 中文 <script>alert("x")</script> &amp; \'quote\' "dq" \\ back\tslash';

function node(id: number, kind: NodeRow['kind'], name: string, overrides: Partial<NodeRow> = {}): NodeRow {
  return {
    id,
    kind,
    name,
    qualified_name: name,
    module_name: kind === 'Repo' ? null : 'pkg.mod',
    class_name: null,
    file_path: kind === 'Repo' ? null : 'pkg/mod.py',
    start_line: kind === 'Repo' ? null : 1,
    end_line: kind === 'Repo' ? null : 9,
    signature: null,
    code: null,
    docstring: null,
    description: null,
    member_descriptions: null,
    requirement: null,
    language: kind === 'Repo' ? null : 'python',
    local_name: null,
    import_name: null,
    ...overrides,
  };
}

/** A small graph with every awkward value we store: nulls, unicode, HTML, CRLF, 20 MB of text. */
export function sampleGraphData(options: { bigTextBytes?: number } = {}): GraphData {
  const nodes: NodeRow[] = [
    node(0, 'Repo', 'demo'),
    node(1, 'Module', 'pkg.mod', { local_name: 'mod', import_name: 'pkg.mod', code: 'import os\r\nclass Cart:\r\n    pass\r\n' }),
    node(2, 'Class', 'Cart', { qualified_name: 'pkg.mod.Cart', docstring: TRICKY_TEXT, signature: 'class Cart(Base):' }),
    node(3, 'Method', 'add', { qualified_name: 'pkg.mod.Cart.add', class_name: 'Cart', start_line: 3, end_line: 5 }),
    node(4, 'GlobalVariable', 'précision', { qualified_name: 'pkg.mod.précision', code: 'précision = 2' }),
  ];
  const graph: Graph = {
    nodes,
    edges: [
      { src: 0, dst: 1, type: 'CONTAINS', detail: null },
      { src: 1, dst: 2, type: 'CONTAINS', detail: null },
      { src: 2, dst: 3, type: 'HAS_METHOD', detail: null },
      { src: 1, dst: 4, type: 'CONTAINS', detail: null },
      { src: 3, dst: 4, type: 'USES', detail: 'reference' },
    ],
    unresolved: [
      { src: 1, name: 'os', module: 'os', alias: null },
      { src: 1, name: 'np', module: 'numpy', alias: 'np' },
    ],
  };
  const bigTextBytes = options.bigTextBytes ?? 20 * 1024 * 1024;
  const files: FileRow[] = [
    { path: 'pkg/mod.py', language: 'python', bytes: 40, sha256: 'a'.repeat(64), text: 'import os\r\nclass Cart:\r\n    pass\r\n' },
    { path: 'pkg/ünï.py', language: 'python', bytes: 20, sha256: 'b'.repeat(64), text: TRICKY_TEXT },
    { path: 'pkg/big.py', language: 'python', bytes: bigTextBytes, sha256: 'c'.repeat(64), text: bigText(bigTextBytes) },
  ];
  const issues: FileIssueRow[] = [
    { path: 'pkg/mod.py', kind: 'decoding', line: null, message: 'crlf' },
    { path: 'pkg/bad.py', kind: 'syntax', line: 3, message: 'ERROR (column 4)' },
  ];
  const skipped: SkippedFile[] = [
    { path: 'node_modules/x/index.js', reason: 'ignored directory', detail: 'inside node_modules' },
    { path: 'logo.png', reason: 'not source' },
  ];
  return { repoName: 'demo', graph, files, issues, skipped, summary: { files: 3, nodes: { Module: 1 }, note: TRICKY_TEXT } };
}

function bigText(bytes: number): string {
  const line = 'x = compute(1, 2)  # line of python\n';
  return line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
}

/** Registers the shared SqlConnection tests for one adapter. */
export function describeSqlConnectionContract(engine: string, open: () => Promise<SqlConnection>): void {
  describe(`SqlConnection contract on ${engine}`, () => {
    let conn: SqlConnection;
    const data = sampleGraphData();
    const progress: Progress[] = [];

    beforeAll(async () => {
      conn = await open();
      await writeGraph(conn, data, (p) => progress.push(p));
    });
    afterAll(async () => {
      await conn?.close?.();
    });

    it('creates every table of the schema, the nodes view and (a small graph) the derived tables as views', async () => {
      const rows = await conn.query("SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = 'main' ORDER BY 1");
      expect(rows.map((r) => r.table_name)).toEqual([...TABLE_NAMES, ...DERIVED_TABLES, 'nodes'].sort());
      const views = rows.filter((r) => r.table_type === 'VIEW').map((r) => r.table_name);
      expect(views).toEqual([...DERIVED_TABLES, 'nodes'].sort());
    });

    it('builds the lookup indexes', async () => {
      const rows = await conn.query('SELECT index_name FROM duckdb_indexes() ORDER BY 1');
      expect(rows.map((r) => r.index_name)).toEqual(INDEXES.map((i) => i.name).sort());
    });

    it('stores counts that match the input, as numbers (not BigInt)', async () => {
      const counts = await countGraph(conn);
      expect(counts).toEqual({
        files: 3,
        skipped: 2,
        nodes: { Class: 1, GlobalVariable: 1, Method: 1, Module: 1, Repo: 1 },
        edges: { CONTAINS: 3, HAS_METHOD: 1, USES: 1 },
        unresolved: 2,
      });
      const [row] = await conn.query('SELECT count(*) AS n, sum(id) AS s, 12345678901::BIGINT AS big FROM nodes');
      expect(row).toEqual({ n: 5, s: 10, big: 12345678901 });
    });

    it('round-trips whole node rows, nulls and unicode included', async () => {
      const rows = await conn.query('SELECT * FROM nodes ORDER BY id');
      expect(rows).toEqual(data.graph.nodes);
      const edges = await conn.query('SELECT * FROM edges ORDER BY src, dst');
      expect(edges).toEqual([...data.graph.edges].sort((a, b) => a.src - b.src || a.dst - b.dst));
      const unresolved = await conn.query('SELECT * FROM unresolved ORDER BY name');
      expect(unresolved).toEqual([...data.graph.unresolved].sort((a, b) => a.name.localeCompare(b.name)));
      expect(await conn.query('SELECT * FROM file_issues ORDER BY path DESC')).toEqual(data.issues);
      expect(await conn.query('SELECT * FROM skipped ORDER BY path DESC')).toEqual(
        data.skipped.map((s) => ({ ...s, detail: s.detail ?? null })),
      );
    });

    it('keeps CRLF, HTML and 20 MB of file text byte for byte', async () => {
      const files = await conn.query('SELECT path, bytes, text, length(text) AS chars FROM files ORDER BY path');
      const byPath = new Map(files.map((f) => [f.path, f]));
      expect(byPath.get('pkg/mod.py')?.text).toBe('import os\r\nclass Cart:\r\n    pass\r\n');
      expect(byPath.get('pkg/ünï.py')?.text).toBe(TRICKY_TEXT);
      const big = byPath.get('pkg/big.py')!;
      expect(big.chars).toBe(20 * 1024 * 1024);
      expect(big.text === data.files[2].text).toBe(true);
      const [search] = await conn.query("SELECT path FROM files WHERE text LIKE '%<script>alert(\"x\")</script>%'");
      expect(search?.path).toBe('pkg/ünï.py');
    });

    it('stores meta: schema version, repo name, time, summary JSON and FileIR versions', async () => {
      expect(await readSchemaVersion(conn)).toBe(SCHEMA_VERSION);
      const meta = await readMeta(conn);
      expect(meta.repo_name).toBe('demo');
      expect(JSON.parse(meta.file_ir_versions!)).toMatchObject({ cpp: 4, go: 4 });
      expect(Number.isNaN(Date.parse(meta.indexed_at))).toBe(false);
      expect(await readSummary(conn)).toEqual(data.summary);
    });

    it('reports store progress per table in rows, ending at the total', () => {
      expect(progress.every((p) => p.phase === 'store')).toBe(true);
      const total = progress[0].total;
      expect(total).toBe(5 + 5 + 3 + 2 + 2 + 2 + 5); // meta: 5 keys
      expect(progress.at(-1)?.done).toBe(total);
      expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
      expect(progress.some((p) => p.detail === 'nodes: 5 rows')).toBe(true);
    });

    it('turns nested values into plain arrays and objects', async () => {
      const [row] = await conn.query("SELECT [1, 2, 3] AS l, {'a': 1, 'b': 'x'} AS s, NULL AS n, 1.5::DOUBLE AS d, true AS t");
      expect(row).toEqual({ l: [1, 2, 3], s: { a: 1, b: 'x' }, n: null, d: 1.5, t: true });
      expect(JSON.parse(JSON.stringify(row))).toEqual(row);
    });

    it('runs the read-only statements the guard accepts', async () => {
      for (const sql of [
        'SHOW TABLES',
        'DESCRIBE nodes',
        'SUMMARIZE edges',
        'FROM nodes SELECT name WHERE id = 2',
        "PRAGMA table_info('nodes')",
        'EXPLAIN SELECT * FROM nodes',
        'VALUES (1, 2)',
        'WITH RECURSIVE hop(id, depth) AS (SELECT 0, 0 UNION SELECT e.dst, h.depth + 1 FROM hop h JOIN edges e ON e.src = h.id WHERE h.depth < 3) SELECT count(DISTINCT id) AS n FROM hop',
      ]) {
        const rows = await conn.query(assertReadOnlySql(sql));
        expect(rows.length, sql).toBeGreaterThan(0);
      }
    });

    it('rejects invalid SQL with the engine message', async () => {
      await expect(conn.query('SELECT * FROM no_such_table')).rejects.toThrow(/no_such_table/);
    });

    it('replaces the graph on a second write, and keeps it when a write is cancelled', async () => {
      const second = sampleGraphData({ bigTextBytes: 10 });
      second.graph.nodes = second.graph.nodes.slice(0, 2);
      second.graph.edges = second.graph.edges.slice(0, 1);
      second.repoName = 'second';
      await writeGraph(conn, second);
      expect((await countGraph(conn)).nodes).toEqual({ Module: 1, Repo: 1 });

      const controller = new AbortController();
      const cancelled = writeGraph(conn, data, (p) => {
        if (p.detail?.startsWith('edges')) controller.abort();
      }, controller.signal);
      await expect(cancelled).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === 'CANCELLED');
      expect((await countGraph(conn)).nodes).toEqual({ Module: 1, Repo: 1 });
      expect((await readMeta(conn)).repo_name).toBe('second');
      const longest = Math.max(...second.files.map((f) => [...f.text].length)); // code points, as DuckDB counts
      expect(await conn.query('SELECT max(length(text)) AS m FROM files')).toEqual([{ m: longest }]);
    });
  });
}
