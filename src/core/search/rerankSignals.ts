/**
 * @file The signals a learned reranker reads beside the text (RerankSignals, docs/retrieval.md):
 * from one query's BM25 and dense scores laid out by snapshot index, the candidates' ranks under
 * each, each source's best score (BM25's raw, so how well the repository matches the query at all), the first stage's fused prior, and the node's kind and degree.
 * Built once per query by the search engine, read per scored node.
 * Runs in: everywhere. Layer src/core.
 */
import { NODE_KINDS } from '../graph/types.ts';
import type { RerankSignals } from '../models/types.ts';
import type { GraphSnapshot } from './graphSnapshot.ts';

export interface QueryScores {
  /** BM25 by snapshot index (0 for non-candidates). */
  bm25: ArrayLike<number>;
  /** Cosines by snapshot index; null when the graph has no such vectors. */
  dense: ArrayLike<number> | null;
  code: ArrayLike<number> | null;
  /** The first stage's fused prior by snapshot index. */
  prior: ArrayLike<number>;
}

interface Ranked {
  rank: Float64Array;
  top: number;
}

/** Ranks of the candidates by `scores`, best first (ties: lower index); `keep` filters what is ranked. */
function rankBy(scores: ArrayLike<number>, candidates: ArrayLike<number>, n: number, keep: (s: number) => boolean): Ranked {
  const order = Array.from(candidates).filter((i) => keep(scores[i]));
  order.sort((a, b) => scores[b] - scores[a] || a - b);
  const rank = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  order.forEach((i, r) => (rank[i] = r));
  return { rank, top: order.length > 0 ? scores[order[0]] : 0 };
}

/** One query's signals, read per node index. */
export function createSignalTable(scores: QueryScores, candidates: ArrayLike<number>, snapshot: GraphSnapshot): (nodeIndex: number) => RerankSignals {
  const n = snapshot.nodeCount;
  const bm25 = rankBy(scores.bm25, candidates, n, (s) => s > 0);
  const dense = scores.dense ? rankBy(scores.dense, candidates, n, (s) => s !== 0) : null;
  const code = scores.code ? rankBy(scores.code, candidates, n, (s) => s !== 0) : null;
  const bm25Scale = bm25.top > 0 ? 1 / bm25.top : 0;
  return (i: number): RerankSignals => ({
    bm25: scores.bm25[i] * bm25Scale,
    bm25Rank: bm25.rank[i],
    bm25Top: bm25.top,
    dense: scores.dense ? scores.dense[i] : 0,
    denseTop: dense ? dense.top : 0,
    denseRank: dense ? dense.rank[i] : Number.POSITIVE_INFINITY,
    code: scores.code ? scores.code[i] : 0,
    codeTop: code ? code.top : 0,
    codeRank: code ? code.rank[i] : Number.POSITIVE_INFINITY,
    prior: scores.prior[i],
    kind: NODE_KINDS[snapshot.kinds[i]],
    degree: snapshot.offsets[i + 1] - snapshot.offsets[i],
  });
}
