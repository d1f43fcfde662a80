/**
 * @file The MCTS search tree as a graph overlay, computed from the trace events alone: tree
 * nodes (the root and every expanded child) with their final visits N and total reward R (the
 * last backprop that touched them), depth in the tree, a size by N and a colour by the mean
 * reward R/N on a 0..colorMax scale (colorMax: the largest mean rounded up to a whole number,
 * at most 10, since rewards are clamped to [0, 10]), and the tree edges
 * (expanded node -> child). Pure: the graph controller only applies it.
 * Runs in: the main thread.
 */
import type { MctsEvent } from '../../core/search/mctsTrace.ts';

export interface TreeNodeStyle {
  id: number;
  N: number;
  R: number;
  /** R / max(1, N), in [0, 10]. */
  mean: number;
  depth: number;
  /** Node diameter in graph pixels. */
  size: number;
  /** Fill colour for the mean reward. */
  color: string;
}

export interface TreeEdge {
  parent: number;
  child: number;
}

export interface SearchTreeOverlay {
  rootId: number;
  nodes: TreeNodeStyle[];
  edges: TreeEdge[];
  maxN: number;
  /** Top of the colour scale (mean reward that gets the last colour stop), 1..10. */
  colorMax: number;
  /** Iterations seen in the events (trace iterations count from 1). */
  iterations: number;
  /** Tree nodes left out by the node cap (the least visited). */
  hidden: number;
}

/** Mean reward scale (a viridis excerpt): readable on both themes with the node border. */
export const REWARD_STOPS: readonly { at: number; color: string }[] = [
  { at: 0, color: '#3b528b' },
  { at: 10 / 3, color: '#21918c' },
  { at: 20 / 3, color: '#5ec962' },
  { at: 10, color: '#fde725' },
];

export const MIN_TREE_NODE_SIZE = 14;
export const MAX_TREE_NODE_SIZE = 52;

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function rgbToHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Colour of a mean reward on a 0..max scale (clamped), interpolated between REWARD_STOPS. */
export function rewardColor(mean: number, max = 10): string {
  const value = Number.isFinite(mean) && max > 0 ? Math.min(10, Math.max(0, (mean / max) * 10)) : 0;
  for (let i = 1; i < REWARD_STOPS.length; i++) {
    const lo = REWARD_STOPS[i - 1]!;
    const hi = REWARD_STOPS[i]!;
    if (value <= hi.at) {
      const t = (value - lo.at) / (hi.at - lo.at);
      const a = hexToRgb(lo.color);
      const b = hexToRgb(hi.color);
      return rgbToHex(a.map((c, j) => c + (b[j]! - c) * t));
    }
  }
  return REWARD_STOPS[REWARD_STOPS.length - 1]!.color;
}

/** Diameter by visits: area grows with N (sqrt scale), the most visited node is the largest. */
export function visitSize(N: number, maxN: number): number {
  if (maxN <= 0 || N <= 0) return MIN_TREE_NODE_SIZE;
  return MIN_TREE_NODE_SIZE + (MAX_TREE_NODE_SIZE - MIN_TREE_NODE_SIZE) * Math.sqrt(Math.min(1, N / maxN));
}

/**
 * The overlay of one run. `maxNodes` caps the drawn tree: the root and the most visited nodes
 * stay (a parent is visited at least as often as its children, so the kept set stays a tree).
 */
export function searchTreeOverlay(rootId: number, events: readonly MctsEvent[], maxNodes = Infinity): SearchTreeOverlay {
  const depth = new Map<number, number>([[rootId, 0]]);
  const parentOf = new Map<number, number>();
  const visits = new Map<number, { N: number; R: number }>();
  let iterations = 0;
  for (const event of events) {
    iterations = Math.max(iterations, event.iteration);
    if (event.phase === 'expand') {
      const at = depth.get(event.at) ?? 0;
      for (const child of event.children) {
        if (child.id === rootId || parentOf.has(child.id)) continue;
        parentOf.set(child.id, event.at);
        depth.set(child.id, at + 1);
      }
    } else if (event.phase === 'backprop') {
      for (const node of event.nodes) visits.set(node.id, { N: node.N, R: node.R });
    }
  }
  const all = [...depth.keys()].map((id) => ({ id, ...(visits.get(id) ?? { N: 0, R: 0 }), depth: depth.get(id)! }));
  all.sort((a, b) => (a.id === rootId ? -1 : b.id === rootId ? 1 : b.N - a.N || a.depth - b.depth || a.id - b.id));
  const kept = all.slice(0, Math.max(1, Math.min(all.length, maxNodes)));
  const keptIds = new Set(kept.map((n) => n.id));
  const maxN = kept.reduce((m, n) => Math.max(m, n.N), 0);
  const means = kept.map((n) => n.R / Math.max(1, n.N));
  const colorMax = Math.min(10, Math.max(1, Math.ceil(Math.max(0, ...means))));
  const nodes = kept.map((n, i) => ({ ...n, mean: means[i]!, size: visitSize(n.N, maxN), color: rewardColor(means[i]!, colorMax) }));
  const edges: TreeEdge[] = [];
  for (const [child, parent] of parentOf) if (keptIds.has(child) && keptIds.has(parent)) edges.push({ parent, child });
  return { rootId, nodes, edges, maxN, colorMax, iterations, hidden: all.length - kept.length };
}
