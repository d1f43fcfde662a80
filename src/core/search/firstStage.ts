/**
 * @file The first stage the guided MCTS starts from: reciprocal rank fusion (K = 60) of the
 * candidate rankings the engine has without the reranker (BM25 and the dense sources), as one
 * order of candidates and a prior in [0, 1] per node (the fused score over the best one).
 * Runs in: everywhere. Layer src/core.
 */

export const FIRST_STAGE_RRF_K = 60;

export interface FirstStage {
  /** Candidate indices, best first (ties: lower index). */
  order: number[];
  /** Fused score / best fused score by node index; 0 for nodes in no ranking. */
  prior: Float64Array;
}

export function fuseFirstStage(rankings: readonly (readonly number[])[], nodeCount: number): FirstStage {
  const fused = new Float64Array(nodeCount);
  for (const ranking of rankings) ranking.forEach((i, rank) => (fused[i] += 1 / (FIRST_STAGE_RRF_K + rank + 1)));
  const order = [...new Set(rankings.flat())];
  order.sort((a, b) => fused[b] - fused[a] || a - b);
  const top = order.length > 0 ? fused[order[0]] : 0;
  const prior = new Float64Array(nodeCount);
  if (top > 0) for (const i of order) prior[i] = fused[i] / top;
  return { order, prior };
}
