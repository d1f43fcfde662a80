/**
 * @file The layered tree layout: root on top, children one row below their parent (leaf grids
 * in short rows), no two nodes at the same spot, and a wide tree packed into a screen-like aspect.
 */
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../core/search/prng.ts';
import { layeredTreeLayout, leafColumns } from './treeLayout.ts';

function randomTree(n: number, seed: number): Int32Array {
  const random = createPrng(seed);
  const parent = new Int32Array(n).fill(-1);
  // MCTS-like: a wide root, then children attached to a few expanded nodes.
  for (let i = 1; i < n; i++) parent[i] = i < 60 ? 0 : Math.floor(random() * Math.min(i, 200));
  return parent;
}

describe('layeredTreeLayout', () => {
  it('puts the root on top and every child below its parent, with no overlaps', () => {
    const parent = randomTree(1200, 3);
    const { positions, width, height } = layeredTreeLayout(parent);
    const seen = new Set<string>();
    for (let i = 0; i < parent.length; i++) {
      const key = `${positions[i * 2]!.toFixed(3)},${positions[i * 2 + 1]!.toFixed(3)}`;
      expect(seen.has(key), `node ${i} overlaps`).toBe(false);
      seen.add(key);
      if (i > 0) expect(positions[i * 2 + 1]!).toBeGreaterThan(positions[parent[i]! * 2 + 1]!);
    }
    expect(positions[1]).toBe(0);
    // 1,200 nodes: the leaf grids keep the drawing within a few screens' aspect.
    expect(width / Math.max(1, height)).toBeLessThan(4);
    expect(width / Math.max(1, height)).toBeGreaterThan(0.5);
  });

  it('packs leaf children in short rows', () => {
    expect([1, 5, 12, 100, 1000].map(leafColumns)).toEqual([1, 4, 6, 18, 24]);
    const parent = Int32Array.from([-1, ...Array.from({ length: 12 }, () => 0)]);
    const { positions } = layeredTreeLayout(parent, { dx: 10, dy: 100, leafDy: 20 });
    const rows = new Set(Array.from({ length: 12 }, (_, i) => positions[(i + 1) * 2 + 1]));
    expect([...rows].sort((a, b) => a! - b!)).toEqual([100, 120]);
  });
});
