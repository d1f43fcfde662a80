/**
 * @file Metrics checked against hand-computed values.
 * Runs in: node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { dcgAtK, mean, mrrAtK, ndcgAtK, recallAtK } from './metrics.ts';

const relevance = new Map<number, number>([
  [1, 3],
  [2, 2],
  [3, 1],
  [9, 0],
]);

describe('retrieval metrics', () => {
  it('computes NDCG@k with graded relevance and a log2 discount', () => {
    // ranking 3, 9, 1: DCG@3 = 1/1 + 0/log2(3) + 3/2 = 2.5; IDCG@3 = 3 + 2/log2(3) + 1/2
    const idcg = 3 + 2 / Math.log2(3) + 0.5;
    expect(ndcgAtK([3, 9, 1], relevance, 3)).toBeCloseTo(2.5 / idcg, 12);
    expect(ndcgAtK([1, 2, 3], relevance, 3)).toBeCloseTo(1, 12);
    // k = 1: DCG = 1 (grade of 3), IDCG = 3
    expect(ndcgAtK([3, 1, 2], relevance, 1)).toBeCloseTo(1 / 3, 12);
    expect(ndcgAtK([5, 6], relevance, 10)).toBe(0);
    expect(ndcgAtK([1], new Map(), 10)).toBe(0);
    expect(dcgAtK([3, 2], 5)).toBeCloseTo(3 + 2 / Math.log2(3), 12);
  });

  it('computes Recall@k and MRR@k, counting a repeated id once', () => {
    expect(recallAtK([3, 9, 1, 2], relevance, 3)).toBeCloseTo(2 / 3, 12);
    expect(recallAtK([3, 3, 3], relevance, 3)).toBeCloseTo(1 / 3, 12);
    expect(recallAtK([1], new Map([[1, 0]]), 3)).toBe(0);
    expect(mrrAtK([9, 7, 2], relevance, 3)).toBeCloseTo(1 / 3, 12);
    expect(mrrAtK([9, 7, 2], relevance, 2)).toBe(0);
    expect(mrrAtK(['a', 'b'], new Map([['b', 1]]), 5)).toBe(0.5);
    expect(mean([1, 0, 0.5])).toBeCloseTo(0.5, 12);
    expect(mean([])).toBe(0);
  });
});
