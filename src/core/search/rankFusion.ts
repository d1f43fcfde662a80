/**
 * @file Reciprocal rank fusion (Cormack et al. 2009) for the RANGER + BM25 `fusion` baseline:
 * score(d) = sum over rankings of 1 / (K + rank(d)), rank from 1, K = 60. Ties keep the order
 * of first appearance (first ranking first).
 * Runs in: everywhere. Layer src/core.
 */

export const RRF_K = 60;

export function reciprocalRankFusion(rankings: readonly (readonly number[])[], k = RRF_K): { id: number; score: number }[] {
  const scores = new Map<number, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1)));
  }
  const order = [...scores.keys()];
  const position = new Map(order.map((id, i) => [id, i] as const));
  return order
    .map((id) => ({ id, score: scores.get(id)! }))
    .sort((a, b) => b.score - a.score || position.get(a.id)! - position.get(b.id)!);
}
