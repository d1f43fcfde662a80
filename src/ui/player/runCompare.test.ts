/**
 * @file Two runs compared at an iteration, on real traces: the guided engine and Algorithm 1 run
 * on a generated graph (test/search/searchGraphs.ts's compareGraph) with a scripted (fake)
 * reranker. Rank moves, nodes visited by one run only (checked against the events and, at the
 * end, against diffRuns), a run shorter than the other, the drawn-node cap (most visited,
 * ancestors kept, no overlaps), and why two runs can be identical: the guided default spends its
 * pair budget before c or the seed matter.
 * Runs in: node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { runMcts } from '../../core/search/mcts.ts';
import type { MctsParams } from '../../core/search/mctsParams.ts';
import { guidedParams, runGuidedMcts } from '../../core/search/mctsGuided.ts';
import { buildReplay, rankingFromTrace, stateAt } from '../../core/search/mctsReplay.ts';
import type { Replay } from '../../core/search/mctsReplay.ts';
import { diffRuns } from '../../core/search/replaySeries.ts';
import { compareAt, drawnTree, paramChanges, rankMove, sameSearch } from './runCompare.ts';
import { compareGraph } from '../../../test/search/searchGraphs.ts';

/** compareGraph's two engines: the guided default (guidedParams over its candidates) and Algorithm 1. */
function generated() {
  const g = compareGraph();
  const guided = async (overrides: Partial<MctsParams>): Promise<Replay> =>
    buildReplay((await runGuidedMcts(g.inputs(g.reranker()), guidedParams(g.candidates.length, overrides))).trace);
  const algorithm1 = async (params: Partial<MctsParams>): Promise<Replay> => {
    const full: MctsParams = { iterations: 40, kInit: 3, kMin: 2, c: 0.2, alpha: 0.5, budget: Infinity, seed: 1, ...params };
    return buildReplay((await runMcts(g.snapshot, g.query(), g.reranker(), g.docText, full)).trace);
  };
  return { guided, algorithm1, candidates: g.candidates };
}

/** Ids with N > 0 after the backprop events up to `iteration`, read straight from the events. */
function visitedFromEvents(replay: Replay, iteration: number): Set<number> {
  const visited = new Set<number>();
  for (const event of replay.trace.events) {
    if (event.iteration > iteration) break;
    if (event.phase === 'backprop') for (const node of event.nodes) if (node.N > 0) visited.add(node.id);
  }
  return visited;
}

describe('rankMove', () => {
  it('says up, down, same, new and out from A (before) to B (after)', () => {
    expect(rankMove(3, 1)).toEqual({ kind: 'up', by: 2 });
    expect(rankMove(1, 2)).toEqual({ kind: 'down', by: 1 });
    expect(rankMove(4, 4)).toEqual({ kind: 'same' });
    expect(rankMove(null, 7)).toEqual({ kind: 'new' });
    expect(rankMove(25, 7)).toEqual({ kind: 'up', by: 18 });
    expect(rankMove(2, 11)).toEqual({ kind: 'out', to: 11 });
    expect(rankMove(2, null)).toEqual({ kind: 'out', to: null });
    expect(rankMove(2, 4, 3)).toEqual({ kind: 'out', to: 4 });
  });
});

describe('compareAt on real runs (scriptedReranker is a fake)', () => {
  it('shows each run at the iteration: visited nodes from the events, only-one-run sets, top-10 with moves', async () => {
    const g = generated();
    const a = await g.algorithm1({ c: 0.2, seed: 1 });
    const b = await g.algorithm1({ c: 3, seed: 2 });
    expect(sameSearch(a, b)).toBe(false);
    for (const iteration of [0, 1, 5, 10, 25, 40]) {
      const at = compareAt(a, b, iteration);
      expect(at.a.visited).toEqual(visitedFromEvents(a, iteration));
      expect(at.b.visited).toEqual(visitedFromEvents(b, iteration));
      expect(new Set(at.onlyA)).toEqual(new Set([...at.a.visited].filter((id) => !at.b.visited.has(id))));
      expect(new Set(at.onlyB)).toEqual(new Set([...at.b.visited].filter((id) => !at.a.visited.has(id))));
      expect(at.a.top.length).toBe(Math.min(10, at.a.ranking.length));
      for (const row of at.b.top) {
        const before = at.a.ranking.indexOf(row.id);
        expect(row.other).toBe(before < 0 ? null : before + 1);
        expect(row.move).toEqual(rankMove(row.other, row.rank));
        if (before < 0) expect(row.move.kind).toBe('new');
      }
      for (const row of at.a.top) {
        const after = at.b.ranking.indexOf(row.id);
        expect(row.move.kind === 'out').toBe(after < 0 || after >= 10);
      }
    }
    expect(compareAt(a, b, 0).a.ranking).toEqual([]);
    const mid = compareAt(a, b, 10);
    expect(mid.onlyA.length + mid.onlyB.length).toBeGreaterThan(0);
    expect(mid.b.top.some((row) => row.move.kind !== 'same')).toBe(true);
    // At the end the sets are the whole runs' diff, and the rankings the final ones.
    const end = compareAt(a, b, 40);
    const diff = diffRuns(a, b);
    expect(new Set(end.onlyA)).toEqual(new Set(diff.onlyA));
    expect(new Set(end.onlyB)).toEqual(new Set(diff.onlyB));
    expect(end.a.ranking).toEqual(rankingFromTrace(a).map((r) => r.id));
    expect(end.b.ranking).toEqual(rankingFromTrace(b).map((r) => r.id));
  });

  it('shows a shorter run at its end while the other goes on', async () => {
    const g = generated();
    const a = await g.guided({ seed: 1 });
    const b = await g.algorithm1({ iterations: 30 });
    expect(a.iterations).toBeLessThan(30);
    const at = compareAt(a, b, 30);
    expect(at.a.iteration).toBe(a.iterations);
    expect(at.a.cursor).toBe(a.trace.events.length);
    expect(at.b.iteration).toBe(30);
    expect(at.a.ranking).toEqual(rankingFromTrace(a).map((r) => r.id));
  });
});

describe('identical runs (scriptedReranker is a fake)', () => {
  it('the guided default spends its pair budget before another c or seed matters; lifted, they differ', async () => {
    const g = generated();
    const a = await g.guided({ seed: 1 });
    const b = await g.guided({ seed: 9, c: 3 });
    expect(a.trace.params.variant).toBe('guided');
    expect(a.trace.stats.rerankerCalls).toBe(a.trace.params.pairBudget);
    expect(a.iterations).toBeLessThan(a.trace.params.iterations);
    expect(sameSearch(a, b)).toBe(true);
    expect(paramChanges(a, b)).toEqual([
      { key: 'c', a: 1, b: 3 },
      { key: 'seed', a: 1, b: 9 },
    ]);
    const lifted = { pairBudget: 1_000_000, iterations: 12 };
    const c = await g.guided({ seed: 1, ...lifted });
    const d = await g.guided({ seed: 9, c: 3, ...lifted });
    expect(c.iterations).toBe(12);
    expect(c.trace.stats.rerankerCalls).toBeGreaterThan(a.trace.stats.rerankerCalls);
    expect(sameSearch(c, d)).toBe(false);
  });

  it('a run is the same search as a re-run with the same parameters (reranker timings aside)', async () => {
    const g = generated();
    const a = await g.algorithm1({});
    const b = await g.algorithm1({});
    const timed = buildReplay({ ...b.trace, events: b.trace.events.map((e) => (e.phase === 'simulate' ? { ...e, ms: 12.5 } : e)) });
    expect(sameSearch(a, timed)).toBe(true);
    expect(paramChanges(a, timed)).toEqual([]);
  });
});

describe('drawnTree (scriptedReranker is a fake)', () => {
  it('draws every node under the cap, else the most visited with their ancestors, without overlaps', async () => {
    const g = generated();
    const run = await g.algorithm1({ iterations: 60, kInit: 6, kMin: 3 });
    const all = drawnTree(run);
    expect(all.nodes.length).toBe(run.ids.length);
    expect(all.leftOut).toBe(0);
    const cap = 12;
    const some = drawnTree(run, cap);
    const kept = new Set(some.nodes);
    expect(some.nodes.length).toBeGreaterThanOrEqual(cap);
    expect(some.nodes.length).toBeLessThan(run.ids.length);
    expect(some.leftOut).toBe(run.ids.length - some.nodes.length);
    expect(some.nodes[0]).toBe(0);
    some.nodes.forEach((i, slot) => {
      const p = run.parent[i]!;
      expect(some.parentSlot[slot]).toBe(p < 0 ? -1 : some.nodes.indexOf(p));
      if (p >= 0) expect(kept.has(p)).toBe(true);
      if (slot > 0) expect(some.positions[slot * 2 + 1]!).toBeGreaterThan(some.positions[some.parentSlot[slot]! * 2 + 1]!);
    });
    // Nothing left out was visited more than the least visited node drawn by the cap's choice.
    const drawnN = [...some.finalN].sort((x, y) => y - x);
    const threshold = drawnN[cap - 1]!;
    const end = stateAt(run, run.trace.events.length);
    for (let i = 0; i < run.ids.length; i++) if (!kept.has(i)) expect(end.N[i]!).toBeLessThanOrEqual(threshold);
    const spots = new Set<string>();
    for (let s = 0; s < some.nodes.length; s++) spots.add(`${some.positions[s * 2]},${some.positions[s * 2 + 1]}`);
    expect(spots.size).toBe(some.nodes.length);
  });
});
