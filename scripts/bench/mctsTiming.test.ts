/**
 * @file MCTS timing helpers: the wrapped models account for every call, and a timed search's
 * parts add up (outside = run - reranker, setup + loop + rank = run) on a real small graph with
 * the real built-in models.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { LexicalReranker } from '../../src/core/models/lexicalReranker.ts';
import { prepareMcts, rerankDocument, searchQueries, timedReranker, timeExhaustiveRerank, timeSearch } from './mctsTiming.ts';
import type { ModelClock } from './mctsTiming.ts';
import { syntheticGraph } from './syntheticGraph.ts';

function steppingClock(step: number): () => number {
  let t = 0;
  return () => (t += step);
}

describe('timedReranker', () => {
  it('adds each call time, call and pair to the clock and returns the scores unchanged', async () => {
    const clock: ModelClock = { ms: 0, cpuMs: 0, calls: 0, items: 0 };
    const inner = new LexicalReranker();
    const wrapped = timedReranker(inner, clock, steppingClock(5), steppingClock(2));
    const docs = ['def load_user(user_id)', 'class Cart'];
    expect(await wrapped.score('load user', docs)).toEqual(await inner.score('load user', docs));
    await wrapped.score('cart', ['x']);
    expect(clock).toEqual({ ms: 10, cpuMs: 4, calls: 2, items: 3 });
  });
});

describe('timeSearch on a small synthetic graph', () => {
  const graph = syntheticGraph({ nodes: 1500, seed: 2 });
  const prepared = prepareMcts(graph, () => performance.now());

  it('prepares embeddings for the embeddable nodes and A.4 parameters from the module count', () => {
    expect(prepared.embeddedNodes).toBe(graph.nodes.length - 1);
    expect(prepared.params.kInit).toBe(Math.floor(prepared.moduleCount / 2));
    expect(prepared.docs[1]).toBe(rerankDocument(graph.nodes[1]!));
    expect(prepared.docs[1]).toMatch(/^Module /);
  });

  it('splits a search into parts that add up', async () => {
    const [query] = searchQueries(graph, 1, 3);
    const t = await timeSearch(prepared, query!, () => performance.now(), { iterations: 40 }, () => performance.now());
    expect(t.iterations).toBeGreaterThan(0);
    expect(t.iterations).toBeLessThanOrEqual(40);
    expect(t.rerankCalls).toBeGreaterThan(0);
    expect(t.rerankPairs).toBeGreaterThanOrEqual(t.rerankCalls);
    expect(t.outsideModelsMs).toBeCloseTo(t.runMs - t.rerankMs, 6);
    expect(t.setupMs + t.loopMs + t.rankMs).toBeCloseTo(t.runMs, 6);
    expect(t.loopOutsideModelsMs).toBeLessThanOrEqual(t.outsideModelsMs);
    expect(t.totalMs).toBeGreaterThanOrEqual(t.runMs);
    expect(t.visited).toBe(t.rerankPairs + 1);
  });

  it('times the exhaustive baseline over every embedded node', async () => {
    const e = await timeExhaustiveRerank(prepared, 'load the user', () => performance.now());
    expect(e.pairs).toBe(prepared.embeddedNodes);
    expect(e.cpuMs).toBeNaN();
  });
});
