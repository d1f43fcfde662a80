/**
 * @file The guided MCTS (default variant) on a generated graph (test/search/searchGraphs.ts's
 * guidedGraph) with a scripted (fake) reranker: the pair budget is never exceeded and no node is
 * scored twice, only candidates are scored, a seed gives the same run, the first iteration seeds
 * the root from the first stage, graph expansion reaches a relevant node the first stage ranks
 * last, the trace events keep Algorithm 1's shapes, and the parameter defaults scale with the
 * candidates.
 * Runs in: node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { fuseFirstStage } from './firstStage.ts';
import { GUIDED_DEFAULTS, guidedParams, runGuidedMcts } from './mctsGuided.ts';
import type { MctsEvent } from './mctsTrace.ts';
import { scriptedReranker as fakeReranker } from '../../../test/fakes/scriptedReranker.ts';
import { GUIDED_PARAMS as PARAMS, GUIDED_TARGET, guidedGraph } from '../../../test/search/searchGraphs.ts';

/** FAKE cross-encoder (test/fakes): a fixed score per document text, 0.1 for unknown texts. */
const scriptedReranker = (scores: Record<string, number>) => fakeReranker(scores, 0.1);

describe('runGuidedMcts (scriptedReranker is a fake)', () => {
  it('never scores more pairs than the budget, nor a node twice, nor a non-candidate', async () => {
    const g = guidedGraph();
    for (const pairBudget of [0, 1, 5, 12, 20, 1000]) {
      const reranker = scriptedReranker(g.scores);
      const { stats, trace } = await runGuidedMcts(g.inputs(reranker), { ...PARAMS, pairBudget });
      expect(stats.rerankerCalls).toBeLessThanOrEqual(pairBudget);
      expect(stats.rerankerCalls).toBe(reranker.seen.length);
      expect(new Set(reranker.seen).size).toBe(reranker.seen.length);
      expect(reranker.seen.every((id) => Number(id) >= 100)).toBe(true);
      expect(trace.top.filter((id) => id !== trace.rootId).length).toBe(stats.rerankerCalls);
      if (pairBudget === 1000) expect(stats.rerankerCalls).toBe(g.candidates.length);
    }
  });

  it('is deterministic under a seed and streams the events it records', async () => {
    const g = guidedGraph();
    const streamed: MctsEvent[] = [];
    const a = await runGuidedMcts(g.inputs(scriptedReranker(g.scores)), PARAMS, { onTrace: (e) => streamed.push(e) });
    const b = await runGuidedMcts(g.inputs(scriptedReranker(g.scores)), PARAMS);
    expect(b.trace).toEqual(a.trace);
    expect(streamed).toEqual(a.trace.events);
    expect(a.trace.params).toEqual({ iterations: 50, kInit: 4, kMin: 2, c: 1, alpha: 0.8, budget: null, seed: 3, variant: 'guided', pairBudget: 12 });
  });

  it("seeds the root from the first stage, then walks the graph to a node the first stage ranks last, with Algorithm 1's event shapes", async () => {
    const g = guidedGraph();
    const { trace, ranking } = await runGuidedMcts(g.inputs(scriptedReranker(g.scores)), PARAMS);
    const [select, expand, simulate, backprop] = trace.events;
    expect(Object.keys(select).sort()).toEqual(['expandAt', 'iteration', 'path', 'phase']);
    expect(select).toMatchObject({ phase: 'select', iteration: 1, path: [1], expandAt: 1 });
    expect(expand.phase === 'expand' && expand.children.map((c) => c.id)).toEqual([100, 101, 102, 103]);
    expect(Object.keys(expand).sort()).toEqual(['at', 'children', 'iteration', 'k', 'nextK', 'phase']);
    expect(Object.keys(simulate).sort()).toEqual(['iteration', 'phase', 'rewards']);
    expect(Object.keys(backprop).sort()).toEqual(['iteration', 'nodes', 'phase']);
    expect(trace.events.map((e) => e.phase).slice(0, 4)).toEqual(['select', 'expand', 'simulate', 'backprop']);
    // Iteration 2: UCT picks the best seed (100, reward 9) and expands its graph neighbourhood.
    const second = trace.events.find((e) => e.phase === 'select' && e.iteration === 2);
    expect(second).toMatchObject({ path: [1, 100], expandAt: 100 });
    expect(ranking[0].id).toBe(GUIDED_TARGET);
    expect(ranking[0].rewardPart).toBeCloseTo(0.8 * 10, 12);
  });

  it('stops when T iterations are spent, and returns nothing at T = 0', async () => {
    const g = guidedGraph();
    const none = await runGuidedMcts(g.inputs(scriptedReranker(g.scores)), { ...PARAMS, iterations: 0 });
    expect(none.ranking).toEqual([]);
    expect(none.stats.rerankerCalls).toBe(0);
    const one = await runGuidedMcts(g.inputs(scriptedReranker(g.scores)), { ...PARAMS, iterations: 1 });
    expect(one.stats.rerankerCalls).toBe(PARAMS.seeds);
  });

  it('rejects bad parameters', async () => {
    const g = guidedGraph();
    await expect(runGuidedMcts(g.inputs(scriptedReranker({})), { ...PARAMS, pairBudget: -1 })).rejects.toThrow(/pair budget/);
    await expect(runGuidedMcts(g.inputs(scriptedReranker({})), { ...PARAMS, width: 0 })).rejects.toThrow(/k_min/);
  });
});

describe('guidedParams', () => {
  it('scales the pair budget and the seeds with the candidates, with a floor; Algorithm 1 names override', () => {
    const big = guidedParams(4000);
    expect(big.pairBudget).toBe(Math.round(GUIDED_DEFAULTS.pairShare * 4000));
    expect(big.seeds).toBe(Math.round(GUIDED_DEFAULTS.seedShare * big.pairBudget));
    expect(big.pairBudget).toBeLessThanOrEqual(0.15 * 4000);
    expect(guidedParams(10).pairBudget).toBe(GUIDED_DEFAULTS.minPairs);
    expect(guidedParams(4000, { pairBudget: 30, kInit: 7, kMin: 3, iterations: 9, alpha: 0.4, c: 0.2, seed: 5 })).toEqual({
      iterations: 9,
      pairBudget: 30,
      seeds: 7,
      width: 3,
      c: 0.2,
      alpha: 0.4,
      budget: Infinity,
      seed: 5,
    });
  });

  it('fuses first-stage rankings into one order and a prior in [0, 1]', () => {
    const { order, prior } = fuseFirstStage([[3, 1, 2], [1, 3]], 5);
    expect(order).toEqual([1, 3, 2]);
    expect(prior[1]).toBe(1);
    expect(prior[0]).toBe(0);
    expect(prior[2]).toBeGreaterThan(0);
    expect(prior[2]).toBeLessThan(prior[3]);
  });
});
