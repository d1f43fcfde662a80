/** @file Tests of the search-tree overlay: tree shape, final N/R, sizes, colours, the cap. */
import { describe, expect, it } from 'vitest';
import type { MctsEvent } from '../../core/search/mctsTrace.ts';
import { MAX_TREE_NODE_SIZE, MIN_TREE_NODE_SIZE, REWARD_STOPS, rewardColor, searchTreeOverlay, visitSize } from './searchTree.ts';

// Root 1 expands to 2 and 3; then 2 expands to 4. Final N/R from the last backprop per node.
const EVENTS: MctsEvent[] = [
  { phase: 'select', iteration: 1, path: [1], expandAt: 1 },
  { phase: 'expand', iteration: 1, at: 1, k: 2, nextK: 1, children: [{ id: 2, sim: 0.9 }, { id: 3, sim: 0.5 }] },
  { phase: 'simulate', iteration: 1, rewards: [{ id: 2, score: 0.8, reward: 8 }, { id: 3, score: 0.2, reward: 2 }] },
  { phase: 'backprop', iteration: 1, nodes: [{ id: 2, N: 1, R: 8 }, { id: 3, N: 1, R: 2 }, { id: 1, N: 3, R: 10 }] },
  { phase: 'select', iteration: 2, path: [1, 2], expandAt: 2 },
  { phase: 'expand', iteration: 2, at: 2, k: 1, nextK: 1, children: [{ id: 4, sim: 0.7 }, { id: 1, sim: 0.1 }] },
  { phase: 'simulate', iteration: 2, rewards: [{ id: 4, score: 1.2, reward: 10 }] },
  { phase: 'backprop', iteration: 2, nodes: [{ id: 4, N: 1, R: 10 }, { id: 2, N: 2, R: 18 }, { id: 1, N: 4, R: 20 }] },
];

describe('searchTreeOverlay', () => {
  it('builds the tree with the final visits and rewards', () => {
    const overlay = searchTreeOverlay(1, EVENTS);
    const byId = new Map(overlay.nodes.map((n) => [n.id, n]));
    expect([...byId.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(overlay.edges).toEqual([
      { parent: 1, child: 2 },
      { parent: 1, child: 3 },
      { parent: 2, child: 4 },
    ]);
    expect(byId.get(2)).toMatchObject({ N: 2, R: 18, mean: 9, depth: 1 });
    expect(byId.get(4)).toMatchObject({ N: 1, R: 10, mean: 10, depth: 2 });
    expect(byId.get(1)).toMatchObject({ N: 4, depth: 0 });
    expect(overlay.maxN).toBe(4);
    expect(overlay.colorMax).toBe(10);
    expect(overlay.iterations).toBe(2);
    expect(overlay.hidden).toBe(0);
  });

  it('sizes by visits and colours by mean reward', () => {
    const overlay = searchTreeOverlay(1, EVENTS);
    const byId = new Map(overlay.nodes.map((n) => [n.id, n]));
    expect(byId.get(1)!.size).toBe(MAX_TREE_NODE_SIZE);
    expect(byId.get(3)!.size).toBeLessThan(byId.get(2)!.size);
    expect(byId.get(4)!.color).toBe(REWARD_STOPS[REWARD_STOPS.length - 1]!.color);
    expect(byId.get(3)!.color).toBe(rewardColor(2));
  });

  it('stretches the colour scale to the largest mean reward', () => {
    const low: MctsEvent[] = [
      { phase: 'expand', iteration: 1, at: 1, k: 2, nextK: 1, children: [{ id: 2, sim: 0.9 }, { id: 3, sim: 0.5 }] },
      { phase: 'backprop', iteration: 1, nodes: [{ id: 2, N: 1, R: 2.4 }, { id: 3, N: 2, R: 1 }, { id: 1, N: 3, R: 3.4 }] },
    ];
    const overlay = searchTreeOverlay(1, low);
    expect(overlay.colorMax).toBe(3);
    const byId = new Map(overlay.nodes.map((n) => [n.id, n]));
    expect(byId.get(3)!.color).toBe(rewardColor(0.5, 3));
    expect(byId.get(2)!.color).toBe(rewardColor(8, 10));
  });

  it('keeps the root and the most visited nodes under a cap', () => {
    const overlay = searchTreeOverlay(1, EVENTS, 2);
    expect(overlay.nodes.map((n) => n.id)).toEqual([1, 2]);
    expect(overlay.edges).toEqual([{ parent: 1, child: 2 }]);
    expect(overlay.hidden).toBe(2);
  });

  it('is just the root without events', () => {
    const overlay = searchTreeOverlay(7, []);
    expect(overlay.nodes).toHaveLength(1);
    expect(overlay.nodes[0]).toMatchObject({ id: 7, N: 0, size: MIN_TREE_NODE_SIZE });
  });
});

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
