/**
 * @file Algorithm 1 checked step by step on a hand-made graph (test/search/searchGraphs.ts) with a
 * scripted (fake) reranker and a fixed 2-d embedding matrix; determinism, cancellation and a
 * 10k-node sanity run.
 * Runs in: node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { isCancelled } from '../errors.ts';
import type { NodeKind } from '../graph/types.ts';
import { buildGraphSnapshot } from './graphSnapshot.ts';
import type { GraphSnapshot } from './graphSnapshot.ts';
import { clampReward, runMcts, uct } from './mcts.ts';
import { initialWidth, nextWidth, presetParams } from './mctsParams.ts';
import { buildReplay, rankingFromTrace } from './mctsReplay.ts';
import { withoutTimings } from './mctsTrace.ts';
import type { BackpropEvent, ExpandEvent, MctsEvent, SelectEvent, SimulateEvent } from './mctsTrace.ts';
import { createPrng } from './prng.ts';
import { scriptedReranker as fakeReranker } from '../../../test/fakes/scriptedReranker.ts';
import { HAND_FALLBACK, HAND_PARAMS, handGraph, handQuery, hashReranker } from '../../../test/search/searchGraphs.ts';

/** FAKE cross-encoder (test/fakes): a fixed score per document text, 0.5 for unknown texts. */
const scriptedReranker = (scores: Record<string, number>) => fakeReranker(scores, HAND_FALLBACK);

const QUERY = handQuery();

function byPhase<T extends MctsEvent>(events: MctsEvent[], phase: T['phase']): T[] {
  return events.filter((e) => e.phase === phase) as T[];
}

describe('runMcts on a hand-made graph (scriptedReranker is a fake)', () => {
  it('selects, expands, simulates and backpropagates exactly as worked out by hand', async () => {
    const { snapshot, docText, scores } = handGraph();
    const reranker = scriptedReranker(scores);
    const streamed: MctsEvent[] = [];
    const { trace, stats, ranking } = await runMcts(snapshot, QUERY, reranker, docText, HAND_PARAMS, {
      onTrace: (e) => streamed.push(e),
    });
    expect(streamed).toEqual(trace.events);
    expect(JSON.parse(JSON.stringify(trace))).toEqual({ ...trace, params: { ...trace.params, budget: null } });

    const selects = byPhase<SelectEvent>(trace.events, 'select');
    expect(selects.map((s) => [s.iteration, s.path, s.expandAt])).toEqual([
      [1, [1], 1], // empty tree: expand the root
      [2, [1], 1], // root still has M5 unvisited: progressive widening
      [3, [1, 14], null], // UCT picks M4 (reward 10); it has nothing to expand
      [4, [1, 11], 11], // M4 exhausted; M1 next (UCT 5 + 0.5 sqrt(2 ln 5))
      [5, [1, 11], 11], // M1 still has F1 unvisited (X has no embedding)
      [6, [1, 11, 22], 22], // M1 fully expanded: descend to F2, which has F3
      [7, [1, 11, 22, 23], null], // F3 dead -> F3, F2 exhausted
      [8, [1, 11, 21], null], // F1 dead -> F1, M1 exhausted
      [9, [1, 12], null], // M2's only other neighbour F3 is already in the tree
      [10, [1, 13], null],
      [11, [1, 15], null], // root exhausted afterwards: the search stops
    ]);
    expect(selects[2].reason).toBe('no expandable neighbours');
    // Trace v2: exhausted nodes named where they are marked (F3 then F2; F1 then M1; M5 then the root).
    expect(selects.map((s) => s.exhausted ?? [])).toEqual([[], [], [14], [], [], [], [23, 22], [21, 11], [12], [13], [15, 1]]);
    expect(stats).toMatchObject({ iterationsRun: 11, rerankerCalls: 8, rerankerBatches: 5, treeSize: 9, visited: 9, exhausted: true });
    expect(trace).toMatchObject({ version: 2, rootId: 1, stats: { iterationsRun: 11, treeSize: 9 } });

    const expands = byPhase<ExpandEvent>(trace.events, 'expand');
    expect(expands.map((e) => [e.at, e.k, e.nextK, e.children.map((c) => c.id)])).toEqual([
      [1, 4, 2, [14, 11, 12, 13]], // top-4 by sim: 1, 0.8, 0.6, 0 (M5 -0.6 left out)
      [1, 2, 1, [15]],
      [11, 1, 1, [22]], // F2 sim 0.96 before F1 0.28
      [11, 1, 1, [21]],
      [22, 1, 1, [23]], // F3 reached through the USES edge F2 -> F3
    ]);
    // The candidate pool and the sims of the ones not chosen (what-if on k needs them).
    expect(expands.map((e) => [e.pool, e.unchosen?.length])).toEqual([[5, 1], [1, 0], [2, 1], [1, 0], [1, 0]]);
    expect(expands[0].unchosen![0]).toBeCloseTo(-0.6, 4);
    const sims = expands[0].children.map((c) => c.sim);
    [1, 0.8, 0.6, 0].forEach((value, i) => expect(sims[i]).toBeCloseTo(value, 6));

    const simulates = byPhase<SimulateEvent>(trace.events, 'simulate');
    expect(simulates.map((s) => s.rewards.map((r) => [r.id, r.reward]))).toEqual([
      [[14, 10], [11, 5], [12, 3], [13, 0.5]], // 1.4 x 10 clamped to 10
      [[15, 0]], // -0.2 x 10 clamped to 0
      [[22, 9]],
      [[21, 1]],
      [[23, 8]],
    ]);
    expect(reranker.seen).toEqual(['M4', 'M1', 'M2', 'M3', 'M5', 'F2', 'F1', 'F3']);

    const backprops = byPhase<BackpropEvent>(trace.events, 'backprop');
    expect(backprops.map((b) => b.nodes.map((n) => [n.id, n.N, n.R]))).toEqual([
      [[14, 1, 10], [11, 1, 5], [12, 1, 3], [13, 1, 0.5], [1, 4, 18.5]],
      [[15, 1, 0], [1, 5, 18.5]],
      [[22, 1, 9], [11, 2, 14], [1, 6, 27.5]],
      [[21, 1, 1], [11, 3, 15], [1, 7, 28.5]],
      [[23, 1, 8], [22, 2, 17], [11, 4, 23], [1, 8, 36.5]],
    ]);

    // Line 29: alpha * R_sim / max(1, N_sim) + (1 - alpha) * sim * 10, over nodes with N > 0.
    const expected: [number, number, number][] = [
      [14, 5, 5], [22, 4.5, 4.8], [23, 4, 3], [11, 2.5, 4], [12, 1.5, 3], [21, 0.5, 1.4], [13, 0.25, 0], [1, 0, 0], [15, 0, -3],
    ];
    expect(ranking.map((r) => r.id)).toEqual(expected.map(([id]) => id));
    ranking.forEach((r, i) => {
      expect(r.rewardPart).toBeCloseTo(expected[i][1], 9);
      expect(r.simPart).toBeCloseTo(expected[i][2], 5);
      expect(r.score).toBeCloseTo(r.rewardPart + r.simPart, 12);
    });
    expect(ranking.find((r) => r.id === 1)).toMatchObject({ N: 8, R: 36.5, simN: 0, simR: 0 });
    expect(ranking.find((r) => r.id === 22)).toMatchObject({ N: 2, R: 17, simN: 1, simR: 9 });
    expect(trace.top).toEqual(ranking.map((r) => r.id));
    expect(rankingFromTrace(buildReplay(trace))).toEqual(ranking);
  });

  it('cuts the ranking to the budget B and stops after T iterations', async () => {
    const { snapshot, docText, scores } = handGraph();
    const { ranking, stats } = await runMcts(snapshot, QUERY, scriptedReranker(scores), docText, {
      ...HAND_PARAMS,
      iterations: 1,
      budget: 2,
    });
    expect(stats).toMatchObject({ iterationsRun: 1, rerankerCalls: 4, exhausted: false });
    expect(ranking.map((r) => r.id)).toEqual([14, 11]);
  });
});

describe('MCTS formulas and widths', () => {
  it('computes UCT with N at least 1 and clamps rewards to [0, 10]', () => {
    expect(uct(0, 0, 0, 2)).toBe(0);
    expect(uct(6, 2, 8, 0.5)).toBeCloseTo(3 + 0.5 * Math.sqrt(Math.log(8)), 12);
    expect([1.4, -0.2, 0.55, Number.NaN].map(clampReward)).toEqual([10, 0, 5.5, 0]);
  });

  it('halves k down to k_min and never below; k_init below k_min means k_min', () => {
    const widths = [initialWidth({ ...HAND_PARAMS, kInit: 100, kMin: 20 })];
    for (let i = 0; i < 4; i++) widths.push(nextWidth(widths[widths.length - 1], 20));
    expect(widths).toEqual([100, 50, 25, 20, 20]);
    expect(initialWidth({ ...HAND_PARAMS, kInit: 5, kMin: 20 })).toBe(20);
  });

  it('derives the A.4 defaults and the RepoQA preset from the Module count', () => {
    const d = presetParams(100);
    expect(d).toMatchObject({ iterations: 200, kInit: 50, kMin: 20, alpha: 0.5 });
    expect(d.c).toBeCloseTo(1 / (8 * Math.sqrt(Math.log(200))), 12);
    const q = presetParams(100, 'repoqa');
    expect(q).toMatchObject({ iterations: 500, kInit: 50, alpha: 0.9 });
    expect(q.c).toBeCloseTo(1 / Math.sqrt(Math.log(400)), 12);
    expect(presetParams(0).c).toBeCloseTo(1 / (8 * Math.sqrt(Math.log(2))), 12);
  });
});

function randomGraph(n: number, modules: number, dim: number, seed: number): GraphSnapshot {
  const random = createPrng(seed);
  const pick = (below: number) => Math.floor(random() * below);
  const nodes = Array.from({ length: n }, (_, i) => ({
    id: i * 3 + 5,
    kind: (i === 0 ? 'Repo' : i <= modules ? 'Module' : 'Function') as NodeKind,
  }));
  const edges: { src: number; dst: number }[] = [];
  for (let i = 1; i <= modules; i++) edges.push({ src: 5, dst: nodes[i].id });
  for (let i = modules + 1; i < n; i++) {
    edges.push({ src: nodes[1 + pick(modules)].id, dst: nodes[i].id });
    for (let j = 0; j < 2; j++) edges.push({ src: nodes[i].id, dst: nodes[1 + pick(n - 1)].id });
  }
  const matrix = new Float32Array(n * dim).map(() => random() - 0.5);
  return buildGraphSnapshot({ nodes, edges }, { dim, matrix });
}

describe('runMcts determinism, cancellation and scale', () => {
  it('gives identical traces for the same seed', async () => {
    const snapshot = randomGraph(400, 20, 8, 3);
    const params = { ...presetParams(20), iterations: 60, kMin: 3, seed: 42 };
    const query = { text: 'q', embedding: new Float32Array(8).fill(0.1) };
    const run = () => runMcts(snapshot, query, hashReranker, (i) => `doc${i % 7}`, params);
    const [a, b] = [await run(), await run()];
    expect(JSON.stringify(withoutTimings(a.trace))).toBe(JSON.stringify(withoutTimings(b.trace)));
    expect(a.stats.iterationsRun).toBe(60);
    expect(a.stats.rerankerCalls).toBe(a.trace.events.filter((e) => e.phase === 'simulate').reduce((s, e) => s + (e as SimulateEvent).rewards.length, 0));
  });

  it('stops with CANCELLED when the signal fires mid-run', async () => {
    const snapshot = randomGraph(400, 20, 8, 4);
    const controller = new AbortController();
    const events: MctsEvent[] = [];
    const query = { text: 'q', embedding: new Float32Array(8).fill(0.1) };
    const run = runMcts(snapshot, query, hashReranker, (i) => `doc${i}`, presetParams(20), {
      signal: controller.signal,
      onTrace: (e) => {
        events.push(e);
        if (e.phase === 'backprop' && e.iteration === 3) controller.abort();
      },
    });
    await expect(run).rejects.toSatisfy(isCancelled);
    expect(events.at(-1)).toMatchObject({ phase: 'backprop', iteration: 3 });
  });

  it('completes 200 iterations on a 10k-node random graph (sanity, no timing)', async () => {
    const snapshot = randomGraph(10_000, 500, 16, 9);
    const query = { text: 'q', embedding: new Float32Array(16).fill(0.25) };
    const { stats, ranking } = await runMcts(snapshot, query, hashReranker, (i) => `node ${i}`, presetParams(500));
    expect(stats.iterationsRun).toBe(200);
    expect(stats.rerankerCalls).toBe(stats.treeSize - 1);
    expect(ranking.length).toBe(stats.visited);
    expect(ranking.length).toBeGreaterThan(500);
  }, 60_000);
});
