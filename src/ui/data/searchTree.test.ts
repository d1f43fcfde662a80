/** @file Tests of the search tree's scales: reward colours and visit sizes. */
import { describe, expect, it } from 'vitest';
import { MAX_TREE_NODE_SIZE, MIN_TREE_NODE_SIZE, rewardColor, visitSize } from './searchTree.ts';

describe('rewardColor and visitSize', () => {
  it('hits the stops and clamps', () => {
    expect(rewardColor(0)).toBe('#3b528b');
    expect(rewardColor(-3)).toBe('#3b528b');
    expect(rewardColor(10)).toBe('#fde725');
    expect(rewardColor(42)).toBe('#fde725');
    expect(rewardColor(Number.NaN)).toBe('#3b528b');
    expect(rewardColor(10 / 3)).toBe('#21918c');
    expect(rewardColor(3, 3)).toBe('#fde725');
    expect(rewardColor(1, 3)).toBe('#21918c');
    expect(rewardColor(1, 0)).toBe('#3b528b');
  });

  it('interpolates between stops', () => {
    const mid = rewardColor(5 / 3);
    expect(mid).not.toBe('#3b528b');
    expect(mid).not.toBe('#21918c');
    expect(mid).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('grows with visits', () => {
    expect(visitSize(0, 10)).toBe(MIN_TREE_NODE_SIZE);
    expect(visitSize(10, 10)).toBe(MAX_TREE_NODE_SIZE);
    expect(visitSize(2, 10)).toBeLessThan(visitSize(5, 10));
    expect(visitSize(3, 0)).toBe(MIN_TREE_NODE_SIZE);
  });
});
