/**
 * @file embedGraph + computeSimilarEdges over a real database (duckdb-wasm, in memory): which
 * nodes and texts get embedded, the built-in's stored idf (loadBuiltinEmbedder + embedQuery
 * reproduce stored vectors), cancel keeps the previous set, SIMILAR edges replace earlier ones.
 */
import { describe, expect, it } from 'vitest';
import type { NodeRow } from '../../core/graph/types.ts';
import { LexicalEmbedder } from '../../core/models/lexicalEmbedder.ts';
import { embedGraph, embedQuery, loadBuiltinEmbedder, MAX_CODE_CHARS } from '../../core/semantic/embedGraph.ts';
import type { EmbedProgress } from '../../core/semantic/semanticService.ts';
import { computeSimilarEdges, readSimilarInfo } from '../../core/semantic/similarEdges.ts';
import { GRAPH_DIGEST_SELECT, writeDerivedTables } from '../../core/store/derivedTables.ts';
import { readEmbeddings } from '../../core/store/embeddingStore.ts';
import { writeGraph } from '../../core/store/graphStore.ts';
import type { SqlConnection } from '../../core/store/sqlConnection.ts';
import { openWasmMemoryConnection } from './duckdbWasmNode.ts';

function node(id: number, kind: NodeRow['kind'], name: string, extra: Partial<NodeRow> = {}): NodeRow {
  return {
    id, kind, name, qualified_name: `pkg.${name}`, module_name: 'pkg', class_name: null, file_path: 'pkg.py',
    start_line: 1, end_line: 2, signature: null, code: null, docstring: null, description: null,
    member_descriptions: null, requirement: null, language: 'python', local_name: null, import_name: null,
    ...extra,
  };
}

const NODES: NodeRow[] = [
  node(0, 'Repo', 'repo', { module_name: null, file_path: null }),
  node(1, 'Module', 'pkg', { code: 'def parse_config(path): ...\n' + 'x = 1\n'.repeat(2000) }),
  node(2, 'Function', 'parse_config', { code: 'def parse_config(path):\n    return load_yaml(path)', signature: 'def parse_config(path)', description: 'Parses the config file.', member_descriptions: 'path - parameter' }),
  node(3, 'Function', 'parse_settings', { code: 'def parse_settings(path):\n    return load_yaml(path)', signature: 'def parse_settings(path)', docstring: 'Read settings.' }),
  node(4, 'Field', 'size', { code: 'size = 3' }),
  node(5, 'Field', 'empty', { code: '' }),
  node(6, 'GlobalVariable', 'LIMIT', { code: null }),
  node(7, 'Method', 'render_page', { code: 'def render_page(self):\n    return html', signature: 'def render_page(self)' }),
];

async function openGraph(): Promise<SqlConnection> {
  const conn = await openWasmMemoryConnection();
  await writeGraph(conn, {
    repoName: 'r',
    graph: { nodes: NODES, edges: [{ src: 0, dst: 1, type: 'CONTAINS', detail: null }], unresolved: [] },
    files: [], issues: [], skipped: [], summary: {},
  });
  return conn;
}

describe('embedGraph', () => {
  it('embeds the right nodes per source, fits and stores the built-in idf, reports progress', async () => {
    const conn = await openGraph();
    try {
      const progress: EmbedProgress[] = [];
      const sets = await embedGraph(conn, new LexicalEmbedder(), { batchSize: 2, onProgress: (p) => progress.push(p) });
      expect(sets.map((s) => [s.source, s.count, s.dim, s.builtin, s.fallbackTexts])).toEqual([
        ['description', 5, 1024, true, 4],
        ['code', 5, 1024, true, 0],
      ]);
      const code = await readEmbeddings(conn, 'builtin:lexical', 'code');
      // Field 5 (empty code) and GlobalVariable 6 (no code) are not embeddable; Repo never.
      expect(Array.from(code!.ids)).toEqual([1, 2, 3, 4, 7]);
      const description = await readEmbeddings(conn, 'builtin:lexical', 'description');
      expect(Array.from(description!.ids)).toEqual([1, 2, 3, 4, 7]);
      expect(progress[0]).toEqual({ phase: 'fit', source: 'description', done: 0, total: 5 });
      expect(progress.filter((p) => p.phase === 'embed' && p.source === 'code').map((p) => p.done)).toEqual([0, 2, 4, 5]);

      // Queries embedded with the restored idf reproduce stored vectors: the code of node 2.
      const restored = await loadBuiltinEmbedder(conn, 'code');
      const q = await embedQuery(restored, NODES[2].code!);
      const row = Array.from(code!.ids).indexOf(2);
      let dot = 0;
      for (let c = 0; c < 1024; c++) dot += q[c] * code!.matrix[row * 1024 + c];
      expect(dot).toBeCloseTo(1, 5);
      // The module's code is cut to MAX_CODE_CHARS: same vector as its head, embedded alone.
      const head = await embedQuery(restored, NODES[1].code!.slice(0, MAX_CODE_CHARS));
      expect(Array.from(head)).toEqual(Array.from(code!.matrix.subarray(0, 1024)));
    } finally {
      await conn.close?.();
    }
  });

  it('a cancel keeps the previous set; loadBuiltinEmbedder without a set is a clear error', async () => {
    const conn = await openGraph();
    try {
      await expect(loadBuiltinEmbedder(conn, 'code')).rejects.toThrow(/run embed first/);
      await embedGraph(conn, new LexicalEmbedder(), { sources: ['code'] });
      const before = await readEmbeddings(conn, 'builtin:lexical', 'code');
      const controller = new AbortController();
      const run = embedGraph(conn, new LexicalEmbedder(), {
        sources: ['code'],
        batchSize: 1,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === 'embed' && p.done === 2) controller.abort();
        },
      });
      await expect(run).rejects.toMatchObject({ code: 'CANCELLED' });
      expect(await readEmbeddings(conn, 'builtin:lexical', 'code')).toEqual(before);
    } finally {
      await conn.close?.();
    }
  });
});

describe('computeSimilarEdges', () => {
  it('replaces SIMILAR edges, writes cosine details and meta, respects eps', async () => {
    const conn = await openGraph();
    try {
      await embedGraph(conn, new LexicalEmbedder(), { sources: ['code'] });
      // The derived tables stored, as a big graph's are (this one is small: views otherwise).
      await writeDerivedTables(conn, 0);
      const loose = await computeSimilarEdges(conn, { model: 'builtin:lexical', eps: 0.3, k: 5 });
      expect(loose).toMatchObject({ model: 'builtin:lexical', source: 'code', eps: 0.3, k: 5, method: 'exact' });
      const edges = await conn.query("SELECT src, dst, detail FROM edges WHERE type = 'SIMILAR' ORDER BY src, dst");
      expect(edges.length).toBe(loose.edges);
      expect(edges).toContainEqual(expect.objectContaining({ src: 2, dst: 3 }));
      for (const e of edges) {
        expect(String(e.detail)).toMatch(/^(0|1)\.\d{3}$/);
        expect(Number(e.detail)).toBeGreaterThanOrEqual(0.3);
        expect(Number(e.src)).toBeLessThan(Number(e.dst));
      }
      const strict = await computeSimilarEdges(conn, { model: 'builtin:lexical', eps: 0.99, k: 1 });
      const after = await conn.query("SELECT count(*) AS n FROM edges WHERE type = 'SIMILAR'");
      expect(after[0].n).toBe(strict.edges);
      expect(strict.edges).toBeLessThan(loose.edges);
      expect(await readSimilarInfo(conn)).toEqual(strict);
      // The fingerprint's stored digest follows the replaced edges (derivedTables.ts).
      expect(await conn.query('SELECT * FROM graph_digest')).toEqual(await conn.query(GRAPH_DIGEST_SELECT));
      expect(await conn.query("SELECT table_type AS k FROM information_schema.tables WHERE table_name = 'graph_digest'")).toEqual([{ k: 'BASE TABLE' }]);
      // Other edges untouched.
      expect((await conn.query("SELECT count(*) AS n FROM edges WHERE type = 'CONTAINS'"))[0].n).toBe(1);
      await expect(computeSimilarEdges(conn, { model: 'nope' })).rejects.toThrow(/run embed first/);
    } finally {
      await conn.close?.();
    }
  });
});
