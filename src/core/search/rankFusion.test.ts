/** @file Reciprocal rank fusion against hand-computed scores and tie order. */
import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion } from './rankFusion.ts';

describe('reciprocalRankFusion', () => {
  it('sums 1 / (K + rank) over rankings', () => {
    const fused = reciprocalRankFusion([[1, 2, 3], [3, 1]], 60);
    expect(fused.map((f) => f.id)).toEqual([1, 3, 2]);
    expect(fused[0].score).toBeCloseTo(1 / 61 + 1 / 62, 12);
    expect(fused[1].score).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(fused[2].score).toBeCloseTo(1 / 62, 12);
  });
  it('keeps first appearance on ties', () => {
    expect(reciprocalRankFusion([[5], [7]]).map((f) => f.id)).toEqual([5, 7]);
    expect(reciprocalRankFusion([])).toEqual([]);
  });
});
