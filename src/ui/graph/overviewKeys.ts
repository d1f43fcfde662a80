/**
 * @file Keyboard moves in the package overview, pure: which arrow key means which direction,
 * and the nearest item in that direction (along-axis distance plus twice the sideways offset,
 * only items ahead count), and the first item of a box (top-left, reading order).
 * Runs in: anywhere (pure); the explorer's key handler.
 */

export type Direction = 'left' | 'right' | 'up' | 'down';

export interface Spot {
  key: string;
  x: number;
  y: number;
}

export function arrowDirection(key: string): Direction | null {
  const map: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
  return map[key] ?? null;
}

/** The candidate nearest `from` in `direction`; null when none lies ahead. */
export function nearestInDirection(from: Spot, candidates: readonly Spot[], direction: Direction): string | null {
  const axis = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[direction];
  let best: string | null = null;
  let bestScore = Infinity;
  for (const spot of candidates) {
    if (spot.key === from.key) continue;
    const dx = spot.x - from.x;
    const dy = spot.y - from.y;
    const along = dx * axis[0]! + dy * axis[1]!;
    if (along <= 1) continue;
    const side = Math.abs(dx * axis[1]! - dy * axis[0]!);
    const score = along + 2 * side;
    if (score < bestScore || (score === bestScore && best !== null && spot.key < best)) {
      best = spot.key;
      bestScore = score;
    }
  }
  return best;
}

/** The first spot in reading order (rows of `rowHeight`, then left to right). */
export function firstSpot(spots: readonly Spot[], rowHeight = 24): string | null {
  const sorted = [...spots].sort((a, b) => Math.round(a.y / rowHeight) - Math.round(b.y / rowHeight) || a.x - b.x || (a.key < b.key ? -1 : 1));
  return sorted[0]?.key ?? null;
}
