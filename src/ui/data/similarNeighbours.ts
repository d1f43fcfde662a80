/**
 * @file The SIMILAR neighbours of one node for the details pane, with their cosine, from its edge
 * groups (its descriptions are read with its details: core/reads/nodeDetails.ts).
 * Runs in: the main thread.
 */
import type { EdgeGroup, Neighbour } from '../../core/reads/nodeDetails.ts';

export interface SimilarNeighbour extends Neighbour {
  cosine: number | null;
}

/** SIMILAR neighbours of both directions, one per node, highest cosine (edges.detail) first. */
export function similarNeighbours(groups: readonly EdgeGroup[]): { items: SimilarNeighbour[]; total: number } {
  const byId = new Map<number, SimilarNeighbour>();
  let total = 0;
  for (const group of groups) {
    if (group.type !== 'SIMILAR') continue;
    total = Math.max(total, group.total);
    for (const item of group.items) {
      const cosine = item.detail !== null && item.detail.trim() !== '' && Number.isFinite(Number(item.detail)) ? Number(item.detail) : null;
      const seen = byId.get(item.id);
      if (!seen || (cosine ?? -2) > (seen.cosine ?? -2)) byId.set(item.id, { ...item, cosine });
    }
  }
  const items = [...byId.values()].sort((a, b) => (b.cosine ?? -2) - (a.cosine ?? -2) || a.displayName.localeCompare(b.displayName));
  return { items, total: Math.max(total, items.length) };
}
