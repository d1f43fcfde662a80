/**
 * @file The retrieval engine, eval sets and the eval runner over a real database (duckdb-wasm, in
 * memory) holding a small hand-made graph, described structurally and embedded with the
 * built-ins: every method's candidates and stats, MCTS trace and determinism, hidden docstrings
 * (CodeSearchNet way) removed from every text and vector, docstring eval sets and metrics.
 */
import { describe, expect, it } from 'vitest';
import { SEARCH_METHODS } from '../../src/core/agent/searchService.ts';
import { RELEVANCE_THRESHOLD } from '../../src/core/agent/presentAnswer.ts';
import { describeGraph } from '../../src/core/describe/describeGraph.ts';
import { buildDocstringEvalSet, createNodeLocator } from '../../src/core/eval/evalSet.ts';
import { runEval } from '../../src/core/eval/runEval.ts';
import type { EdgeRow, NodeRow } from '../../src/core/graph/types.ts';
import { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import { LexicalReranker } from '../../src/core/models/lexicalReranker.ts';
import { LearnedReranker } from '../../src/core/models/learnedReranker.ts';
import type { Reranker, RerankSignals } from '../../src/core/models/types.ts';
import { createSearchEngine } from '../../src/core/search/searchEngine.ts';
import type { SearchEngine } from '../../src/core/search/searchEngine.ts';
import { embedGraph, loadBuiltinEmbedder } from '../../src/core/semantic/embedGraph.ts';
import { writeGraph } from '../../src/core/store/graphStore.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { memoryConnections } from '../memoryConnections.ts';

const openMemory = memoryConnections();

let nextLine = 1;
function node(id: number, kind: NodeRow['kind'], name: string, module: string, extra: Partial<NodeRow> = {}): NodeRow {
  const lines = (extra.code ?? '').split('\n').length;
  const start = nextLine;
  nextLine += lines + 1;
  return {
    id, kind, name, qualified_name: `${module}.${name}`, module_name: module, class_name: null, file_path: `${module}.py`,
    start_line: start, end_line: start + lines - 1, signature: null, code: null, docstring: null, description: null,
    member_descriptions: null, requirement: null, language: 'python', local_name: null, import_name: null,
    ...extra,
  };
}

const GEOMETRY_DOC = 'Compute the hypotenuse length of a right triangle from both legs.';
const ARCHIVE_DOC = 'Pack several files into one compressed tarball on disk.';
const METHOD_DOC = 'Scale every coordinate by a constant zoom factor.';

function fn(id: number, name: string, module: string, body: string, doc: string | null, kind: NodeRow['kind'] = 'Function', cls?: string): NodeRow {
  const indent = kind === 'Method' ? '    ' : '';
  const header = `${indent}def ${name}(${kind === 'Method' ? 'self, ' : ''}a, b):`;
  const docLine = doc ? `\n${indent}    """${doc}"""` : '';
  const code = `${header}${docLine}\n${indent}    ${body}`;
  return node(id, kind, name, module, {
    code: kind === 'Method' ? code.replace(/^ {4}/gm, '') : code,
    signature: `def ${name}(a, b)`,
    docstring: doc,
    class_name: cls ?? null,
    qualified_name: cls ? `${module}.${cls}.${name}` : `${module}.${name}`,
  });
}

nextLine = 1;
const NODES: NodeRow[] = [
  node(0, 'Repo', 'repo', '', { module_name: null, file_path: null, start_line: null, end_line: null, qualified_name: 'repo' }),
  node(1, 'Module', 'geometry', 'geometry', { start_line: 1, end_line: 200 }),
  node(2, 'Module', 'archive', 'archive', { start_line: 1, end_line: 200 }),
  fn(10, 'hypot2', 'geometry', 'return math.sqrt(a * a + b * b)', GEOMETRY_DOC),
  fn(11, 'area_of_circle', 'geometry', 'return math.pi * radius ** 2', 'Area enclosed by a circle of the given radius.'),
  fn(12, 'make_tar', 'archive', 'with tarfile.open(a, "w:gz") as t: t.add(b)', ARCHIVE_DOC),
  fn(13, 'read_manifest', 'archive', 'return json.load(open(a))["manifest_entries"]', null),
  fn(14, 'unpack_zip', 'archive', 'zipfile.ZipFile(a).extractall(b)', 'Extract a zip archive into a target folder.'),
];
const CLASS_CODE = `class Canvas:\n    """A drawing surface."""\n    def zoom(self, a, b):\n        """${METHOD_DOC}"""\n        return [p * a for p in b]`;
NODES.push(node(20, 'Class', 'Canvas', 'geometry', { code: CLASS_CODE, docstring: 'A drawing surface.' }));
NODES.push({
  ...node(21, 'Method', 'zoom', 'geometry', { code: `def zoom(self, a, b):\n    """${METHOD_DOC}"""\n    return [p * a for p in b]` }),
  class_name: 'Canvas', qualified_name: 'geometry.Canvas.zoom', docstring: METHOD_DOC, signature: 'def zoom(self, a, b)',
});
NODES.push(node(22, 'Field', 'scale', 'geometry', { code: 'scale = 1', class_name: 'Canvas' }));

const edge = (src: number, dst: number, type: EdgeRow['type']): EdgeRow => ({ src, dst, type, detail: null });
const EDGES: EdgeRow[] = [
  edge(0, 1, 'CONTAINS'), edge(0, 2, 'CONTAINS'),
  edge(1, 10, 'CONTAINS'), edge(1, 11, 'CONTAINS'), edge(1, 20, 'CONTAINS'), edge(20, 21, 'HAS_METHOD'), edge(20, 22, 'HAS_FIELD'),
  edge(2, 12, 'CONTAINS'), edge(2, 13, 'CONTAINS'), edge(2, 14, 'CONTAINS'), edge(12, 13, 'USES'),
];

async function openGraph(): Promise<SqlConnection> {
  const conn = await openMemory();
  await writeGraph(conn, { repoName: 'r', graph: { nodes: NODES, edges: EDGES, unresolved: [] }, files: [], issues: [], skipped: [], summary: {} });
  await describeGraph(conn, null);
  await embedGraph(conn, new LexicalEmbedder());
  return conn;
}

async function engineFor(conn: SqlConnection, hidden?: number[], reranker: Reranker = new LexicalReranker()): Promise<SearchEngine> {
  return createSearchEngine(
    conn,
    { embedderId: 'builtin:lexical', queryEmbedder: (source) => loadBuiltinEmbedder(conn, source), reranker },
    hidden ? { hiddenDocstrings: new Set(hidden) } : {},
  );
}

const CANDIDATES = [10, 11, 12, 13, 14, 20, 21];

describe('search engine', () => {
  it('runs every method on the same candidates with counted reranker and embed calls', async () => {
    const conn = await openGraph();
    try {
      const engine = await engineFor(conn);
      expect([...engine.candidates].map((i) => engine.nodes[i].id).sort((a, b) => a - b)).toEqual(CANDIDATES);
      const question = 'compressed tarball of files';
      for (const method of SEARCH_METHODS.filter((m) => m !== 'auto')) {
        const r = await engine.run({ question, method, k: 3, params: { kMin: 2 } });
        expect(r.results.length, method).toBeLessThanOrEqual(3);
        expect(r.results.length, method).toBeGreaterThan(0);
        for (const hit of r.results) expect(CANDIDATES, method).toContain(hit.id);
        expect(r.results[0].qualified_name, method).toBe(method === 'dense' || method === 'dense-code' || method === 'bm25' ? r.results[0].qualified_name : 'archive.make_tar');
        expect(r.route.path).toBe(method === 'mcts' ? 'mcts' : 'baseline');
        const scores = r.results.map((h) => h.score);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
        if (method === 'rerank-all') expect(r.stats.reranker_calls).toBe(CANDIDATES.length);
        if (method === 'bm25') expect(r.stats).toMatchObject({ reranker_calls: 0, embed_calls: 0 });
        if (method === 'dense' || method === 'dense-code') expect(r.stats).toMatchObject({ reranker_calls: 0, embed_calls: 1 });
        if (method === 'mcts' || method === 'fusion') {
          expect(r.stats.reranker_calls).toBeGreaterThan(0);
          expect(r.trace?.events.some((e) => e.phase === 'simulate')).toBe(true);
        }
      }
      const bm25 = await engine.run({ question: 'tarball', method: 'bm25' });
      expect(bm25.results.map((h) => h.id)).toEqual([12]);
    } finally {
      await conn.close?.();
    }
  });

  it("gives a reranker that reads signals the engine's BM25, dense, first-stage and graph signals in rerank-all and both MCTS variants", async () => {
    /** The shipped learned reranker, keeping what the engine passed it. */
    class Recording extends LearnedReranker {
      seen: { docs: readonly string[]; signals: readonly RerankSignals[] }[] = [];
      override scoreWithSignals(query: string, docs: readonly string[], signals: readonly RerankSignals[]) {
        this.seen.push({ docs, signals });
        return super.scoreWithSignals(query, docs, signals);
      }
    }
    const conn = await openGraph();
    try {
      const reranker = new Recording();
      const engine = await engineFor(conn, undefined, reranker);
      const question = 'compressed tarball of files';
      const all = await engine.run({ question, method: 'rerank-all', k: 3 });
      expect(all.stats.reranker_calls).toBe(CANDIDATES.length);
      expect(all.results[0].qualified_name).toBe('archive.make_tar');
      const signals = reranker.seen.flatMap((s) => s.signals);
      const docs = reranker.seen.flatMap((s) => s.docs);
      expect(signals).toHaveLength(CANDIDATES.length);
      const tar = signals[docs.findIndex((d) => d.includes('make_tar'))];
      expect(tar).toMatchObject({ bm25: 1, bm25Rank: 0, kind: 'Function', prior: 1 });
      expect(tar.dense).toBeGreaterThan(0);
      expect(tar.denseTop).toBeGreaterThanOrEqual(tar.dense);
      expect(tar.degree).toBeGreaterThan(0);
      for (const s of signals) for (const v of [s.bm25, s.dense, s.prior]) expect(v).toBeGreaterThanOrEqual(0);
      for (const preset of ['default', 'paper'] as const) {
        reranker.seen = [];
        const r = await engine.run({ question, method: 'mcts', k: 3, preset, params: { seed: 1 } });
        expect(reranker.seen.length, preset).toBeGreaterThan(0);
        expect(reranker.seen.reduce((n, s) => n + s.docs.length, 0), preset).toBe(r.stats.reranker_calls);
        for (const score of r.trace!.events.flatMap((e) => (e.phase === 'simulate' ? e.rewards.map((w) => w.score) : []))) {
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(1);
        }
      }
    } finally {
      await conn.close?.();
    }
  });

  it('with one vector source stored (an embedding cancelled between the two), that source stands in for the other in the learned reranker', async () => {
    class Recording extends LearnedReranker {
      seen: RerankSignals[] = [];
      override scoreWithSignals(query: string, docs: readonly string[], signals: readonly RerankSignals[]) {
        this.seen.push(...signals);
        return super.scoreWithSignals(query, docs, signals);
      }
    }
    const question = 'compressed tarball of files';
    const tops: number[] = [];
    for (const sources of [['description', 'code'], ['code'], ['description']] as const) {
      const conn = await openMemory();
      try {
        await writeGraph(conn, { repoName: 'r', graph: { nodes: NODES, edges: EDGES, unresolved: [] }, files: [], issues: [], skipped: [], summary: {} });
        await describeGraph(conn, null);
        await embedGraph(conn, new LexicalEmbedder(), { sources: [...sources] });
        const reranker = new Recording();
        const all = await (await engineFor(conn, undefined, reranker)).run({ question, method: 'rerank-all', k: 3 });
        expect(all.results[0].qualified_name, sources.join('+')).toBe('archive.make_tar');
        tops.push(all.results[0].score);
        for (const s of reranker.seen) {
          expect(s.denseTop, sources.join('+')).toBeGreaterThan(0);
          expect(s.codeTop, sources.join('+')).toBeGreaterThan(0);
          if (sources.length === 1) expect([s.dense, s.denseRank, s.denseTop]).toEqual([s.code, s.codeRank, s.codeTop]);
        }
      } finally {
        await conn.close?.();
      }
    }
    // The answer stays shown: one source alone scores the best match above the relevance threshold.
    for (const top of tops) expect(top).toBeGreaterThan(RELEVANCE_THRESHOLD);
  });

  it('MCTS: parts add up, trace events stream, a seed gives the same run', async () => {
    const conn = await openGraph();
    try {
      const engine = await engineFor(conn);
      const events: string[] = [];
      const request = { question: 'hypotenuse of a right triangle', method: 'mcts' as const, params: { kMin: 1, iterations: 6, seed: 3 } };
      const a = await engine.run(request, { onEvent: (e) => events.push(e.phase) });
      const b = await engine.run(request);
      expect(a.results).toEqual(b.results);
      expect(events.slice(0, 4)).toEqual(['select', 'expand', 'simulate', 'backprop']);
      expect(a.trace?.events.length).toBe(events.length);
      for (const hit of a.results) expect(hit.score).toBeCloseTo(hit.parts!.rewardPart + hit.parts!.simPart, 9);
      expect(a.results[0].id).toBe(10);
      const controller = new AbortController();
      controller.abort();
      await expect(engine.run(request, { signal: controller.signal })).rejects.toThrow();
      await expect(engine.run({ question: 'x', method: 'auto' })).rejects.toThrow(/auto/);
    } finally {
      await conn.close?.();
    }
  });

  it("MCTS presets: 'paper' runs Algorithm 1 with A.4's parameters, the default the guided variant within its pair budget", async () => {
    const conn = await openGraph();
    try {
      const engine = await engineFor(conn);
      const question = 'compressed tarball of files';
      const paper = await engine.run({ question, method: 'mcts', preset: 'paper', params: { seed: 2 } });
      expect(paper.trace?.params).toMatchObject({ ...engine.mctsParams('paper'), budget: null, seed: 2 });
      expect(paper.trace?.events[1]).toMatchObject({ phase: 'expand', at: paper.trace?.rootId });
      const guided = await engine.run({ question, method: 'mcts', params: { seed: 2, pairBudget: 3 } });
      expect(guided.stats.reranker_calls).toBeLessThanOrEqual(3);
      expect(guided.stats.reranker_calls).toBeGreaterThan(0);
      for (const e of guided.trace!.events) if (e.phase === 'expand') for (const c of e.children) expect(CANDIDATES).toContain(c.id);
      const whole = await engine.run({ question, method: 'mcts', params: { seed: 2 } });
      expect(whole.stats.reranker_calls).toBe(CANDIDATES.length);
      expect(whole.results[0].qualified_name).toBe('archive.make_tar');
    } finally {
      await conn.close?.();
    }
  });

  it('hides docstrings from every text and vector the methods see', async () => {
    const conn = await openGraph();
    try {
      const open = await engineFor(conn);
      const hidden = await engineFor(conn, [10, 21]);
      expect(open.node(10)!.docstring).toBe(GEOMETRY_DOC);
      const h10 = hidden.node(10)!;
      const h21 = hidden.node(21)!;
      const canvas = hidden.node(20)!;
      expect(h10.docstring).toBeNull();
      expect(h10.code).not.toContain('hypotenuse');
      expect(h10.code).toContain('math.sqrt');
      expect(`${h10.description} ${h10.member_descriptions} ${h10.requirement}`).not.toMatch(/hypotenuse/);
      expect(h21.code).not.toContain('coordinate');
      expect(canvas.code).not.toContain('coordinate');
      expect(canvas.code).toContain('A drawing surface.');
      expect(`${canvas.description} ${canvas.member_descriptions}`).not.toMatch(/coordinate/);
      expect(hidden.node(11)!.docstring).not.toBeNull();
      for (const method of ['bm25', 'rerank-all', 'dense', 'dense-code'] as const) {
        const before = await open.run({ question: 'hypotenuse', method });
        const after = await hidden.run({ question: 'hypotenuse', method });
        expect(before.results[0].id, method).toBe(10);
        if (method === 'bm25') expect(after.results.map((r) => r.id)).not.toContain(10);
        else expect(after.results[0].score, method).toBe(0);
      }
    } finally {
      await conn.close?.();
    }
  });
});

describe('docstring eval sets and the eval runner', () => {
  it('builds a CodeSearchNet-style set and scores every method on it', async () => {
    const conn = await openGraph();
    try {
      const set = await buildDocstringEvalSet(conn);
      // 'A drawing surface.' is too short, METHOD_DOC names `zoom`; read_manifest has no docstring.
      expect(set.queries.map((q) => q.query).sort()).toEqual([
        'Area enclosed by a circle of the given radius.', ARCHIVE_DOC, GEOMETRY_DOC, 'Extract a zip archive into a target folder.',
      ].sort());
      expect([...set.hiddenDocstrings!].sort((a, b) => a - b)).toEqual([10, 11, 12, 14]);
      const locate = createNodeLocator(NODES);
      for (const [i, q] of set.queries.entries()) expect(locate(q.relevant[0].file, q.relevant[0].line)).toBe(set.hiddenDocstrings![i]);
      const only = await buildDocstringEvalSet(conn, { pathPrefix: 'archive', limit: 1, seed: 2 });
      expect(only.queries).toHaveLength(1);
      expect(only.queries[0].relevant[0].file).toBe('archive.py');

      const engine = await engineFor(conn, set.hiddenDocstrings);
      const progress: string[] = [];
      const report = await runEval(engine, { set, methods: ['bm25', 'mcts', 'rerank-all'], k: 5, preset: 'paper', params: { kMin: 2 }, curve: [0, 2, 50] }, undefined, (p) =>
        progress.push(`${p.method}:${p.done}/${p.total}`),
      );
      expect(report.queries).toBe(4);
      expect(report.k).toBe(5);
      for (const m of Object.values(report.methods)) {
        for (const v of [m.ndcg, m.recall, m.mrr]) expect(v).toBeGreaterThanOrEqual(0);
        for (const v of [m.ndcg, m.recall, m.mrr]) expect(v).toBeLessThanOrEqual(1);
      }
      expect(report.methods['rerank-all']!.reranker_calls).toBe(CANDIDATES.length);
      expect(report.curve!.map((p) => p.iterations)).toEqual([0, 2, 50]);
      expect(report.curve![0]).toMatchObject({ reranker_calls: 0, ndcg: 0 });
      expect(report.curve![2].reranker_calls).toBeGreaterThan(report.curve![1].reranker_calls);
      expect(progress).toContain('bm25:4/4');
      expect(progress).toContain('curve:4/4');
    } finally {
      await conn.close?.();
    }
  });
});
