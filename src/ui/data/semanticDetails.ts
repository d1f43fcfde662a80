/**
 * @file The semantic side of one node for the details pane: its description, member
 * descriptions and requirement (Purpose / Input / Output), which generator wrote them (the
 * `described` table; older databases lack it), and its SIMILAR neighbours with their cosine.
 * Runs in: the main thread (queries run in the repo worker).
 */
import type { RepoClient } from '../clients/repoClient.ts';
import type { EdgeGroup, Neighbour } from './nodeDetails.ts';
import { sqlIds, strOrNull } from './sql.ts';

export interface SemanticDetails {
  description: string | null;
  memberDescriptions: string | null;
  requirement: string | null;
  /** 'builtin:structural', an LLM id, or null when unknown. */
  generator: string | null;
}

export interface SimilarNeighbour extends Neighbour {
  cosine: number | null;
}

export async function loadSemanticDetails(service: RepoClient, id: number): Promise<SemanticDetails> {
  const key = sqlIds([id]);
  const [textRows, generatorRows] = await Promise.all([
    service.query(`SELECT description, member_descriptions, requirement FROM nodes WHERE id = ${key}`).catch(() => []),
    service.query(`SELECT generator FROM described WHERE node_id = ${key} LIMIT 1`).catch(() => []),
  ]);
  const row = textRows[0];
  return {
    description: row ? blankToNull(strOrNull(row, 'description')) : null,
    memberDescriptions: row ? blankToNull(strOrNull(row, 'member_descriptions')) : null,
    requirement: row ? blankToNull(strOrNull(row, 'requirement')) : null,
    generator: generatorRows[0] ? strOrNull(generatorRows[0], 'generator') : null,
  };
}

function blankToNull(value: string | null): string | null {
  return value !== null && value.trim() !== '' ? value : null;
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
