/**
 * @file Layouts that run on the main thread because they are cheap: concentric rings for the
 * ego view (by hop distance) and ring placement of expanded members around their parent, so
 * nothing the user has seen jumps. Heavy layouts (the package overview's packing, force
 * layouts) run in a worker (forceLayout.worker.ts).
 * Runs in: the main thread.
 */
import type { LayoutOptions, NodeCollection, NodeSingular, Position } from 'cytoscape';

export function egoLayout(distance: ReadonlyMap<number, number>, depth: number): LayoutOptions {
  return {
    name: 'concentric',
    animate: false,
    fit: true,
    padding: 40,
    minNodeSpacing: 48,
    concentric: (node: NodeSingular) => depth + 1 - (distance.get(Number(node.data('nodeId'))) ?? depth),
    levelWidth: () => 1,
  };
}

/** Positions for `count` new nodes in rings around `center`, outward from `away` (the graph's centre). */
export function ringPositions(center: Position, count: number, away: Position): Position[] {
  const positions: Position[] = [];
  const perRing = 14;
  const startAngle = Math.atan2(center.y - away.y, center.x - away.x) - Math.PI / 2;
  for (let i = 0; i < count; i++) {
    const ring = Math.floor(i / perRing);
    const inRing = Math.min(perRing, count - ring * perRing);
    const radius = 55 + ring * 38;
    const angle = startAngle + (Math.PI * 2 * (i % perRing)) / inRing;
    positions.push({ x: center.x + radius * Math.cos(angle), y: center.y + radius * Math.sin(angle) });
  }
  return positions;
}

export function centreOf(nodes: NodeCollection): Position {
  const box = nodes.boundingBox({});
  return { x: (box.x1 + box.x2) / 2, y: (box.y1 + box.y2) / 2 };
}

/**
 * Stretches a layout (by at most 1.8x along one axis) towards the canvas's aspect ratio, so a
 * round force layout fills a wide window instead of leaving its sides empty.
 */
export function stretchToAspect(positions: Float64Array, aspect: number): Float64Array {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < positions.length; i += 2) {
    minX = Math.min(minX, positions[i]!);
    maxX = Math.max(maxX, positions[i]!);
    minY = Math.min(minY, positions[i + 1]!);
    maxY = Math.max(maxY, positions[i + 1]!);
  }
  const width = maxX - minX;
  const height = maxY - minY;
  if (!(width > 0 && height > 0 && aspect > 0)) return positions;
  const ratio = aspect / (width / height);
  const sx = ratio > 1 ? Math.min(1.8, ratio) : 1;
  const sy = ratio < 1 ? Math.min(1.8, 1 / ratio) : 1;
  const out = new Float64Array(positions.length);
  for (let i = 0; i < positions.length; i += 2) {
    out[i] = positions[i]! * sx;
    out[i + 1] = positions[i + 1]! * sy;
  }
  return out;
}
