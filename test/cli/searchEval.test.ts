/**
 * @file `search` and `eval` end to end as child processes on the demo repo (index -> describe ->
 * embed first, a copy of the run's shared database): the exact JSON shapes of docs/cli.md, every method, "Nothing relevant found" for
 * unrelated questions with the offline default (learned) reranker, the MCTS trace file,
 * an eval over a JSONL file and over an auto-built docstring set, Cypher typed as the question,
 * and the usage errors.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RELEVANCE_THRESHOLD } from '../../src/core/agent/presentAnswer.ts';
import { BUILTIN_NEURAL_EMBEDDER } from '../../src/core/models/modelSpec.ts';
import { buildReplay, parseTrace, rankingFromTrace } from '../../src/core/search/mctsReplay.ts';
import { DEMO_DESCRIBED, DEMO_INDEXED, ranger, rangerJson as json, scratchDir, sharedDb } from './runCli.ts';

const dir = scratchDir('ranger-search-cli-');
const db = join(dir, 'demo.duckdb');

// index --no-embed: describe first, then embed the described texts (as the app's models panel does).
beforeAll(() => sharedDb(dir, 'demo.duckdb', DEMO_DESCRIBED), 240_000);

const QUESTION = 'score active products against a free-text query';

describe('ranger search', () => {
  it('prints {path, cypher, results, stats} for every method', async () => {
    for (const method of ['auto', 'mcts', 'bm25', 'dense', 'dense-code', 'rerank-all', 'fusion']) {
      const out = await json('search', '--db', db, QUESTION, '--method', method, '--k', '5');
      expect(Object.keys(out).sort(), method).toEqual(['cypher', 'notes', 'path', 'results', 'stats']);
      const results = out.results as Record<string, unknown>[];
      expect(results.length, method).toBeGreaterThan(0);
      expect(results.length, method).toBeLessThanOrEqual(5);
      for (const r of results) {
        const optional = ['import_name', 'relevance', 'is_test', 'exact', 'duplicates'];
        expect(Object.keys(r).filter((key) => !optional.includes(key)).sort()).toEqual(['file_path', 'id', 'kind', 'qualified_name', 'score', 'start_line']);
        expect(['Function', 'Method', 'Class']).toContain(r.kind);
      }
      expect(Object.keys(out.stats as object).filter((key) => key !== 'stop').sort()).toEqual(['embed_calls', 'ms', 'reranker_calls']);
      expect(out.path).toBe(method === 'auto' || method === 'mcts' ? 'mcts' : 'baseline');
    }
  }, 240_000);

  it('with the offline default (the learned reranker) says "Nothing relevant found" to unrelated questions and answers a related one', async () => {
    // The threshold reads the reranker's score as relevance (docs/retrieval.md, Rerankers).
    for (const question of ['zzqx wibble frobnicate', 'weather forecast for tomorrow']) {
      for (const method of ['auto', 'rerank-all']) {
        const out = await json('search', '--db', db, question, '--method', method);
        expect(out.results, `${method}: ${question}`).toEqual([]);
        expect((out.notes as string[])[0], `${method}: ${question}`).toMatch(/^Nothing relevant found: the best match scored \d+%/);
      }
    }
    const related = await json('search', '--db', db, 'apply a coupon code to the cart', '--reranker', 'learned');
    const results = related.results as { qualified_name: string; relevance: number }[];
    expect(results[0]?.qualified_name).toBe('shopkit.cart.cart.Cart.apply_coupon');
    expect(results[0]?.relevance).toBeGreaterThanOrEqual(RELEVANCE_THRESHOLD);
  }, 180_000);

  it('writes the MCTS trace and is deterministic under a seed', async () => {
    const trace = join(dir, 'trace.json');
    const a = await json('search', '--db', db, QUESTION, '--method', 'mcts', '--iterations', '20', '--seed', '7', '--trace', trace);
    const b = await json('search', '--db', db, QUESTION, '--method', 'mcts', '--iterations', '20', '--seed', '7');
    expect((a.results as unknown[]).length).toBeGreaterThan(0);
    expect(a.results).toEqual(b.results);
    const written = JSON.parse(readFileSync(trace, 'utf8'));
    expect(written.params).toMatchObject({ iterations: 20, seed: 7 });
    expect(written.events[0].phase).toBe('select');
    expect(written).toMatchObject({ version: 2, method: 'mcts', models: { embedder: BUILTIN_NEURAL_EMBEDDER.id }, route: { path: 'mcts' } });
    expect(written.graph.hash).toMatch(/^[0-9a-f]{8}$/);
    expect(written.top.length).toBeGreaterThan(0);
    // The same JSON as the app's export: it parses and replays to its own ranking.
    const replay = buildReplay(parseTrace(readFileSync(trace, 'utf8')));
    expect(rankingFromTrace(replay).map((r) => r.id)).toEqual(written.top);
    // The CLI stores its MCTS runs in `runs` too (the app's run list shows them).
    const runs = await json('sql', '--db', db, "SELECT count(*) AS n FROM runs WHERE kind = 'mcts'");
    expect((runs as unknown as { n: number }[])[0]!.n).toBeGreaterThanOrEqual(2);
    const text = await ranger('search', '--db', db, QUESTION, '--method', 'bm25');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^path: baseline/);
  }, 120_000);

  it('runs Cypher typed as the question as written; a broken one is a positioned error, --as-text searches it', async () => {
    const cypher = 'MATCH (c:Class)-[:INHERITS]->(b) RETURN c.name, b.name';
    const out = await json('search', '--db', db, cypher);
    expect(out.path).toBe('cypher');
    expect(out.cypher).toBe(cypher);
    const rows = out.rows as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(rows[0]!).sort()).toEqual(['b.name', 'c.name']);
    const cypherCommand = await json('cypher', '--db', db, cypher);
    const sorted = (list: unknown) => (list as unknown[]).map((r) => JSON.stringify(r)).sort();
    expect(sorted(rows)).toEqual(sorted(cypherCommand));
    const broken = await ranger('search', '--db', db, 'MATCH (c:Class RETURN c.name');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/at 1:\d+ \(the question reads as Cypher; add --as-text/);
    const asText = await json('search', '--db', db, 'MATCH (c:Class RETURN c.name', '--as-text');
    expect(asText.path).toBe('mcts');
  }, 120_000);

  it('rejects bad arguments with exit code 2', async () => {
    expect((await ranger('search', '--db', db, QUESTION, '--method', 'magic')).code).toBe(2);
    expect((await ranger('search', '--db', db, QUESTION, '--k', '0')).code).toBe(2);
    expect((await ranger('search', '--db', db)).code).toBe(2);
    const noTrace = await ranger('search', '--db', db, QUESTION, '--method', 'bm25', '--trace', join(dir, 'x.json'));
    expect(noTrace.code).toBe(1);
    expect(noTrace.stderr).toMatch(/no trace/);
  }, 120_000);
});

describe('ranger search on a graph nobody embedded', () => {
  const bare = join(dir, 'bare.duckdb');
  beforeAll(() => sharedDb(dir, 'bare.duckdb', DEMO_INDEXED), 120_000);

  it('answers Path 1 without reading or writing embeddings, then Path 2 with the built-in ones computed first', async () => {
    const sets = async () => ((await json('sql', '--db', bare, "select count(*) AS n from information_schema.tables where table_name like 'embedding%'")) as unknown as { n: number }[])[0].n;
    const path1 = await json('search', '--db', bare, 'who calls compute_tax');
    expect(path1.path).toBe('cypher');
    expect((path1.results as { qualified_name: string }[]).map((r) => r.qualified_name)).toContain('shopkit.pricing.tax.gross_from_net');
    expect(await sets()).toBe(0);
    const path2 = await json('search', '--db', bare, 'how are prices discounted', '--iterations', '30');
    expect(path2.path).toBe('mcts');
    expect((path2.results as unknown[]).length).toBeGreaterThan(0);
    expect((path2.notes as string[]).join(' ')).toMatch(/built-in lexical ones were computed/);
    expect(await sets()).toBe(2);
  }, 120_000);
});

describe('ranger search right after index', () => {
  const fresh = join(dir, 'fresh.duckdb');

  it('index embeds with the built-in neural default, so the first search reads its vectors; an unchanged --incremental embeds nothing', async () => {
    const indexed = await json('index', 'demo/shopkit', '--db', fresh);
    const embed = indexed.embed as { model: string; builtin: boolean; sets: { source: string; count: number }[]; similar: { model: string } };
    expect(embed.model).toBe(BUILTIN_NEURAL_EMBEDDER.id);
    expect(embed.builtin).toBe(false);
    expect(embed.sets.map((s) => s.source)).toEqual(['description', 'code']);
    expect(embed.similar.model).toBe(BUILTIN_NEURAL_EMBEDDER.id);
    const sets = (await json('sql', '--db', fresh, 'SELECT DISTINCT model FROM embedding_sets')) as unknown as { model: string }[];
    expect(sets).toEqual([{ model: BUILTIN_NEURAL_EMBEDDER.id }]);
    const answer = await ranger('search', '--db', fresh, 'how are prices discounted', '--iterations', '30');
    expect(answer.code, answer.stderr).toBe(0);
    expect(answer.stdout).toContain(BUILTIN_NEURAL_EMBEDDER.label);
    expect(answer.stdout).not.toMatch(/built-in lexical ones were computed/);
    const again = await json('index', 'demo/shopkit', '--db', fresh, '--incremental');
    expect(again.embed).toEqual({ skipped: `Nothing changed, and the vectors of ${BUILTIN_NEURAL_EMBEDDER.label} are kept.` });
    const text = await ranger('index', 'demo/shopkit', '--db', fresh, '--incremental');
    expect(text.stdout).toContain('Not embedded: Nothing changed');
  }, 180_000);
});

describe('ranger eval', () => {
  it('scores a JSONL set: {queries, methods: {ndcg, recall, mrr, reranker_calls, ms}}', async () => {
    const queries = join(dir, 'q.jsonl');
    writeFileSync(
      queries,
      [
        JSON.stringify({ query: QUESTION, relevant: [{ file: 'shopkit/catalog/search.py', line: 20 }] }),
        JSON.stringify({ query: 'lowercase word tokens of a text', relevant: [{ file: 'shopkit/catalog/search.py', line: 15 }] }),
      ].join('\n'),
    );
    const out = await json('eval', '--db', db, '--queries', queries, '--methods', 'bm25,mcts,rerank-all', '--iterations', '50', '--k-min', '5', '--alpha', '0.5', '--c', '0.3', '--seed', '2');
    expect(Object.keys(out).sort()).toEqual(['methods', 'queries']);
    expect(out.queries).toBe(2);
    const methods = out.methods as Record<string, Record<string, number>>;
    expect(Object.keys(methods)).toEqual(['bm25', 'mcts', 'rerank-all']);
    for (const m of Object.values(methods)) {
      expect(Object.keys(m).sort()).toEqual(['mrr', 'ms', 'ndcg', 'recall', 'reranker_calls']);
      for (const v of [m.ndcg, m.recall, m.mrr]) expect(v >= 0 && v <= 1).toBe(true);
    }
    expect(methods.bm25.reranker_calls).toBe(0);
    expect(methods['rerank-all'].ndcg).toBeGreaterThan(0);
  }, 120_000);

  it('builds a docstring set from the database (--queries auto) and draws the curve on request', async () => {
    const saved = join(dir, 'auto.jsonl');
    const out = await json('eval', '--db', db, '--queries', 'auto', '--prefix', 'shopkit/', '--limit', '8', '--methods', 'bm25,auto', '--curve', '5,20', '--save-queries', saved);
    expect(out.queries).toBe(8);
    expect(readFileSync(saved, 'utf8').trim().split('\n')).toHaveLength(8);
    expect((out.curve as { iterations: number }[]).map((p) => p.iterations)).toEqual([5, 20]);
    expect((await ranger('eval', '--db', db, '--queries', 'auto', '--methods', 'nope')).code).toBe(2);
    expect((await ranger('eval', '--db', db)).code).toBe(2);
    expect((await ranger('eval', '--db', db, '--queries', saved, '--prefix', 'x/')).code).toBe(2);
  }, 240_000);
});
