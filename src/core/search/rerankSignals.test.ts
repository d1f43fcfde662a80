/**
 * @file One query's reranker signals from its scores over a small real snapshot: ranks among the
 * candidates only (unmatched and non-candidates unranked), BM25 over its best and the best raw, each
 * source's best cosine, the node's kind and degree.
 */
import { describe, expect, it } from 'vitest';
import { buildGraphSnapshot } from './graphSnapshot.ts';
import { createSignalTable } from './rerankSignals.ts';

describe('rerank signals', () => {
  const snapshot = buildGraphSnapshot({
    nodes: [
      { id: 1, kind: 'Module' },
      { id: 2, kind: 'Function' },
      { id: 3, kind: 'Function' },
      { id: 4, kind: 'Class' },
    ],
    edges: [
      { src: 1, dst: 2 },
      { src: 1, dst: 3 },
      { src: 1, dst: 4 },
      { src: 2, dst: 3 },
    ],
  });
  const signalsOf = createSignalTable(
    { bm25: [9, 2, 4, 0], dense: [0.9, 0.5, 0.7, 0.2], code: null, prior: [0, 0.5, 1, 0.25] },
    [1, 2, 3],
    snapshot,
  );

  it('ranks candidates only, best first, and scales BM25 by the best candidate', () => {
    expect(signalsOf(2)).toMatchObject({ bm25: 1, bm25Rank: 0, bm25Top: 4, dense: 0.7, denseTop: 0.7, denseRank: 0, prior: 1, kind: 'Function', degree: 2 });
    expect(signalsOf(1)).toMatchObject({ bm25: 0.5, bm25Rank: 1, denseRank: 1, degree: 2 });
    expect(signalsOf(3)).toMatchObject({ bm25: 0, bm25Rank: Number.POSITIVE_INFINITY, denseRank: 2, kind: 'Class' });
    expect(signalsOf(0)).toMatchObject({ bm25Rank: Number.POSITIVE_INFINITY, denseRank: Number.POSITIVE_INFINITY, kind: 'Module', degree: 3 });
  });

  it('leaves a missing source at 0 and unranked', () => {
    expect(signalsOf(2)).toMatchObject({ code: 0, codeTop: 0, codeRank: Number.POSITIVE_INFINITY });
  });
});
