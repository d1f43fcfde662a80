/**
 * @file Retrieval metrics: NDCG@k (graded relevance, linear gain, log2 discount as in trec_eval),
 * Recall@k and MRR@k. Rankings are lists of ids, best first; relevance maps id -> grade (> 0 relevant).
 * Runs in: everywhere. Layer src/core.
 */

export type Relevance = ReadonlyMap<number | string, number>;

function topK<T>(ranking: readonly T[], k: number): T[] {
  return [...new Set(ranking)].slice(0, Math.max(0, k));
}

/** Sum of grade / log2(rank + 1) over ranks 1..k. */
export function dcgAtK(grades: readonly number[], k: number): number {
  let dcg = 0;
  grades.slice(0, k).forEach((grade, i) => (dcg += grade / Math.log2(i + 2)));
  return dcg;
}

export function ndcgAtK(ranking: readonly (number | string)[], relevance: Relevance, k: number): number {
  const ideal = [...relevance.values()].filter((g) => g > 0).sort((a, b) => b - a);
  const idcg = dcgAtK(ideal, k);
  if (idcg === 0) return 0;
  return dcgAtK(topK(ranking, k).map((id) => Math.max(0, relevance.get(id) ?? 0)), k) / idcg;
}

export function recallAtK(ranking: readonly (number | string)[], relevance: Relevance, k: number): number {
  const relevant = [...relevance.values()].filter((g) => g > 0).length;
  if (relevant === 0) return 0;
  return topK(ranking, k).filter((id) => (relevance.get(id) ?? 0) > 0).length / relevant;
}

/** 1 / rank of the first relevant id within the top k, else 0. */
export function mrrAtK(ranking: readonly (number | string)[], relevance: Relevance, k: number): number {
  const rank = topK(ranking, k).findIndex((id) => (relevance.get(id) ?? 0) > 0);
  return rank < 0 ? 0 : 1 / (rank + 1);
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
}
