/**
 * @file The MCTS replay on real traces: the demo repo indexed, described and embedded
 * with the built-ins, MCTS run for real by Algorithm 1 with the built-in cross-encoder stand-in;
 * for random scrub positions the replayed per-node state (snapshot + a few events) equals a
 * plain fold of the events from zero, and at the end it equals the final ranking's N/R and scores.
 * Also: cursor positions by iteration and phase, series and markers, the diff of two runs, trace
 * parsing errors, and run storage (listRuns / readRun, runs kept across re-indexing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { describeGraph } from '../../src/core/describe/describeGraph.ts';
import { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import { LexicalReranker } from '../../src/core/models/lexicalReranker.ts';
import { readGraphFingerprint } from '../../src/core/search/graphFingerprint.ts';
import { runMcts } from '../../src/core/search/mcts.ts';
import type { MctsResult } from '../../src/core/search/mcts.ts';
import { buildReplay, cursorAt, parseTrace, rankedAt, rankingFromTrace, scoreParts, SNAPSHOT_EVERY, stateAt, uctParts } from '../../src/core/search/mctsReplay.ts';
import type { Replay } from '../../src/core/search/mctsReplay.ts';
import type { MctsTrace } from '../../src/core/search/mctsTrace.ts';
import { createPrng } from '../../src/core/search/prng.ts';
import { diffRuns, replaySeries } from '../../src/core/search/replaySeries.ts';
import { rerankText } from '../../src/core/search/searchDocuments.ts';
import { createSearchEngine } from '../../src/core/search/searchEngine.ts';
import type { SearchEngine } from '../../src/core/search/searchEngine.ts';
import { embedGraph, embedQuery, loadBuiltinEmbedder } from '../../src/core/semantic/embedGraph.ts';
import { writeGraph } from '../../src/core/store/graphStore.ts';
import { listRuns, readRun, storeTrace } from '../../src/core/store/runStore.ts';
import { indexDemo } from '../cypher/demoGraph.ts';

let conn: WasmNodeConnection;
let engine: SearchEngine;

beforeAll(async () => {
  conn = (await indexDemo()).conn;
  await describeGraph(conn, null);
  await embedGraph(conn, new LexicalEmbedder());
  engine = await createSearchEngine(conn, { embedderId: 'builtin:lexical', queryEmbedder: (source) => loadBuiltinEmbedder(conn, source), reranker: new LexicalReranker() });
}, 120_000);

afterAll(async () => {
  await conn?.close();
});

async function realRun(question: string, overrides: { iterations?: number; seed?: number; c?: number; kMin?: number } = {}): Promise<MctsResult> {
  const embedding = await embedQuery(await loadBuiltinEmbedder(conn, 'description'), question);
  const params = engine.mctsParams('default', overrides);
  return runMcts(engine.snapshot, { text: question, embedding }, new LexicalReranker(), (i) => rerankText(engine.nodes[i]!), params);
}

/** The reference: a plain fold of the events from zero with Maps, no snapshots, no tree index. */
function foldFromZero(trace: MctsTrace, cursor: number) {
  const N = new Map<number, number>();
  const R = new Map<number, number>();
  const simN = new Map<number, number>();
  const simR = new Map<number, number>();
  const exhausted = new Set<number>();
  const inTree = new Set<number>([trace.rootId]);
  for (const event of trace.events.slice(0, cursor)) {
    if (event.phase === 'select') for (const id of event.exhausted ?? []) exhausted.add(id);
    if (event.phase === 'expand') for (const c of event.children) inTree.add(c.id);
    if (event.phase === 'simulate')
      for (const r of event.rewards) {
        simN.set(r.id, (simN.get(r.id) ?? 0) + 1);
        simR.set(r.id, (simR.get(r.id) ?? 0) + r.reward);
      }
    if (event.phase === 'backprop')
      for (const n of event.nodes) {
        N.set(n.id, n.N);
        R.set(n.id, n.R);
      }
  }
  return { N, R, simN, simR, exhausted, inTree };
}

function expectStateMatchesFold(replay: Replay, cursor: number): void {
  const state = stateAt(replay, cursor);
  const ref = foldFromZero(replay.trace, cursor);
  expect(state.cursor).toBe(cursor);
  const present = replay.ids.slice(0, state.born);
  expect(new Set(present)).toEqual(ref.inTree);
  replay.ids.forEach((id, i) => {
    if (i >= state.born) return;
    expect([state.N[i], state.R[i], state.simN[i], state.simR[i], state.exhausted[i] === 1], `node ${id} at ${cursor}`).toEqual([
      ref.N.get(id) ?? 0,
      ref.R.get(id) ?? 0,
      ref.simN.get(id) ?? 0,
      ref.simR.get(id) ?? 0,
      ref.exhausted.has(id),
    ]);
  });
}

describe('MCTS replay on real demo traces', () => {
  it('equals a fold from zero at random scrub positions, and the final ranking at the end', async () => {
    const questions = ['how are prices discounted for a cart', 'score active products against a free-text query', 'send an email when an order ships'];
    const random = createPrng(2026);
    for (const [q, question] of questions.entries()) {
      const result = await realRun(question, { seed: q + 1 });
      const replay = buildReplay(JSON.parse(JSON.stringify(result.trace)) as MctsTrace);
      const length = replay.trace.events.length;
      expect(length).toBeGreaterThan(SNAPSHOT_EVERY * 2);
      const cursors = [0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1, length - 1, length];
      for (let i = 0; i < 25; i++) cursors.push(Math.floor(random() * (length + 1)));
      for (const cursor of cursors) expectStateMatchesFold(replay, cursor);

      // The end state equals runMcts's own final ranking (N, R, parts), in its order.
      const derived = rankingFromTrace(replay);
      expect(derived.map((r) => r.id)).toEqual(result.ranking.map((r) => r.id));
      expect(replay.trace.top).toEqual(result.ranking.map((r) => r.id));
      derived.forEach((r, i) => {
        const want = result.ranking[i]!;
        expect([r.N, r.R, r.simN, r.simR]).toEqual([want.N, want.R, want.simN, want.simR]);
        expect(r.score).toBeCloseTo(want.score, 12);
        expect(r.rewardPart).toBeCloseTo(want.rewardPart, 12);
      });
      expect(stateAt(replay, length).born).toBe(result.stats.treeSize);
    }
  }, 120_000);

  it('recomputes the UCT that won each selection step from the replayed state', async () => {
    const { trace } = await realRun('how are prices discounted for a cart', { seed: 5, iterations: 120 });
    const replay = buildReplay(trace);
    let checked = 0;
    trace.events.forEach((event, e) => {
      if (event.phase !== 'select' || event.path.length < 2) return;
      // The descent saw the state before this select (its exhausted marks come after it).
      const state = stateAt(replay, e);
      for (let step = 1; step < event.path.length; step++) {
        const parent = replay.indexOf.get(event.path[step - 1]!)!;
        const chosen = replay.indexOf.get(event.path[step]!)!;
        const live = replay.children[parent]!.filter((c) => c < state.born && !state.exhausted[c]);
        const best = Math.max(...live.map((c) => uctParts(replay, state, c)!.value));
        const won = uctParts(replay, state, chosen)!;
        expect(won.value).toBeCloseTo(best, 9);
        expect(won.value).toBeCloseTo(won.exploit + won.explore, 12);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(50);
  }, 60_000);

  it('finds cursors by iteration and phase; series and markers follow the events', async () => {
    const { trace } = await realRun('how are prices discounted for a cart', { seed: 2 });
    const replay = buildReplay(trace);
    const c = cursorAt(replay, 1, 'expand');
    expect(trace.events[c - 1]).toMatchObject({ iteration: 1, phase: 'expand' });
    const state = stateAt(replay, c);
    const expand = trace.events[c - 1]!;
    expect(expand.phase === 'expand' && state.born).toBe(1 + (expand.phase === 'expand' ? expand.children.length : 0));
    expect(cursorAt(replay, replay.iterations, 'backprop')).toBe(trace.events.length);
    const series = replaySeries(replay);
    expect(series.points.length).toBe(replay.iterations);
    expect(series.points.at(-1)!.rerankerCalls).toBe(trace.stats.rerankerCalls);
    expect(series.points.at(-1)!.treeSize).toBe(trace.stats.treeSize);
    const bestCandidate = Math.max(...rankingFromTrace(replay).filter((r) => r.simN > 0).map((r) => r.score));
    expect(series.points.at(-1)!.bestScore).toBeCloseTo(bestCandidate, 9);
    expect(series.markers.kHalved.length).toBeGreaterThan(0);
    expect(series.markers.bestFound).not.toBeNull();
    // With a known answer: NDCG@10 of the candidates' top-10 per iteration, 1 once the answer leads.
    const answer = engine.nodes.find((n) => n.qualified_name.endsWith('add_discount'))!.id;
    const candidateIds = new Set([...engine.candidates].map((i) => engine.nodes[i]!.id));
    const known = replaySeries(replay, 10, { relevance: new Map([[answer, 1]]), isCandidate: (id) => candidateIds.has(id) });
    expect(known.points.every((p) => p.ndcg !== undefined && p.ndcg >= 0 && p.ndcg <= 1)).toBe(true);
    const finalCandidates = rankingFromTrace(replay).filter((r) => candidateIds.has(r.id)).map((r) => r.id);
    const rank = finalCandidates.indexOf(answer);
    expect(known.points.at(-1)!.ndcg).toBeCloseTo(rank >= 0 && rank < 10 ? 1 / Math.log2(rank + 2) : 0, 9);
    const end = stateAt(replay, trace.events.length);
    const top = rankedAt(replay, end, 3).map((i) => scoreParts(replay, end, i).score);
    expect(top).toEqual([...top].sort((a, b) => b - a));
  }, 60_000);

  it('diffs two runs that differ in c (what-if)', async () => {
    const a = buildReplay((await realRun('how are prices discounted for a cart', { seed: 1, c: 0.05 })).trace);
    const b = buildReplay((await realRun('how are prices discounted for a cart', { seed: 1, c: 3 })).trace);
    const diff = diffRuns(a, b);
    expect(diff.onlyA.length + diff.onlyB.length).toBeGreaterThan(0);
    expect(diff.callsA).toBe(a.trace.stats.rerankerCalls);
    expect(diff.ranks.length).toBeGreaterThanOrEqual(10);
    expect(diff.firstA).not.toBeNull();
    const same = diffRuns(a, a);
    expect([same.onlyA, same.onlyB]).toEqual([[], []]);
    expect(same.ranks.every((r) => r.rankA === r.rankB)).toBe(true);
  }, 60_000);

  it('parses exported JSON and says what is wrong with other files', async () => {
    const { trace } = await realRun('how are prices discounted for a cart', { iterations: 10 });
    expect(parseTrace(JSON.stringify(trace))).toEqual(JSON.parse(JSON.stringify(trace)));
    expect(() => parseTrace('{oops')).toThrow(/not JSON/);
    expect(() => parseTrace('{"a":1}')).toThrow(/not an MCTS trace/);
    expect(() => parseTrace(JSON.stringify({ ...trace, version: undefined }))).toThrow(/version 1/);
  });
});

describe('stored runs', () => {
  it('lists and reads runs; a re-index keeps them and changes the fingerprint', async () => {
    const { trace } = await realRun('how are prices discounted for a cart', { iterations: 10 });
    const fingerprint = await readGraphFingerprint(conn);
    const stamped = { ...trace, graph: engine.fingerprint };
    expect(engine.fingerprint).toEqual(fingerprint);
    const id = await storeTrace(conn, stamped);
    const runs = await listRuns(conn, 'mcts');
    expect(runs[0]).toMatchObject({ id, kind: 'mcts', summary: { query: trace.query, iterations: 10, treeSize: trace.stats.treeSize, graph: fingerprint } });
    expect(await readRun(conn, id, 'mcts')).toEqual(JSON.parse(JSON.stringify(stamped)));
    await expect(readRun(conn, id + 99, 'mcts')).rejects.toThrow(/No stored MCTS run/);

    // Re-index with a smaller graph: the run stays, the fingerprint no longer matches.
    const nodes = (await conn.query('SELECT * FROM nodes ORDER BY id LIMIT 20')) as never[];
    await writeGraph(conn, { repoName: 'smaller', graph: { nodes, edges: [], unresolved: [] }, files: [], issues: [], skipped: [], summary: {} });
    expect((await listRuns(conn, 'mcts')).map((r) => r.id)).toContain(id);
    expect((await readGraphFingerprint(conn)).hash).not.toBe(fingerprint.hash);
  }, 60_000);
});
