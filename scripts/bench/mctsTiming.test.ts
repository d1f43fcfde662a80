/**
 * @file MCTS timing helpers: the wrapped models account for every call once, and a timed search
 * puts the query embedding before the run and each reranker call inside it (clocks moved by the
 * test, so each part's figure is known) on a real small graph with the real built-in models.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import type { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import type { EmbedRole } from '../../src/core/models/types.ts';
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

  const [query] = searchQueries(graph, 1, 3);

  it('counts the query embedding once, before the run', async () => {
    // A hand-moved clock: time passes only while the embedder embeds, 100 ms a call.
    let t = 0;
    const inner = prepared.embedder;
    const embedder = Object.assign(Object.create(inner) as LexicalEmbedder, {
      embed: async (texts: readonly string[], role: EmbedRole) => {
        t += 100;
        return inner.embed(texts, role);
      },
    });
    const timing = await timeSearch({ ...prepared, embedder }, query!, () => t, { iterations: 40 });
    expect(timing.embedMs).toBe(100);
    expect(timing.totalMs).toBe(100);
    expect(timing.runMs).toBe(0);
    expect(timing.rerankMs).toBe(0);
  });

  it('counts each reranker call once, inside the run', async () => {
    // A clock that moves 1 ms at every read: a call timed once lasts exactly 1 ms.
    let t = 0;
    const timing = await timeSearch(prepared, query!, () => ++t, { iterations: 40 });
    expect(timing.iterations).toBeGreaterThan(0);
    expect(timing.iterations).toBeLessThanOrEqual(40);
    expect(timing.rerankCalls).toBeGreaterThan(0);
    expect(timing.rerankPairs).toBeGreaterThanOrEqual(timing.rerankCalls);
    expect(timing.visited).toBe(timing.rerankPairs + 1);
    expect(timing.embedMs).toBe(1);
    expect(timing.rerankMs).toBe(timing.rerankCalls);
    expect(timing.outsideModelsMs).toBe(timing.runMs - timing.rerankCalls);
    // Each call's two reads lie between the run's start and end.
    expect(timing.runMs).toBeGreaterThanOrEqual(2 * timing.rerankCalls);
    expect(timing.totalMs).toBeGreaterThan(timing.runMs + timing.embedMs);
  });

  it('times the exhaustive baseline over every embedded node', async () => {
    const e = await timeExhaustiveRerank(prepared, 'load the user', () => performance.now());
    expect(e.pairs).toBe(prepared.embeddedNodes);
    expect(e.cpuMs).toBeNaN();
  });
});
