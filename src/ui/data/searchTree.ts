/**
 * @file The search tree's visual scales, shared by the MCTS player's canvas and its legend: a
 * colour for a mean reward R/N on a 0..max scale (viridis excerpt; rewards are clamped to
 * [0, 10]) and a node diameter by visits N (area grows with N).
 * Runs in: the main thread.
 */

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
