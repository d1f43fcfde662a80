/**
 * @file embedAndLink and linkSimilar (src/core/usecases/embedAndLink.ts) over a real database
 * with the built-in lexical embedder: one rule for the SIMILAR settings (asked, else as the graph
 * was last linked, else the defaults; the source asked, else the last one or code among the sets
 * the edges can follow), the edges stored, and a re-embed keeping a person's thresholds.
 */
import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import { DEFAULT_SIMILAR_EPS, DEFAULT_SIMILAR_K, readSimilarInfo } from '../../src/core/semantic/similarEdges.ts';
import type { SimilarInfo } from '../../src/core/semantic/semanticService.ts';
import { embedAndLink, linkSimilar, similarSettings } from '../../src/core/usecases/embedAndLink.ts';
import { openArchiveGraph } from '../search/archiveGraph.ts';
import { memoryConnections } from '../memoryConnections.ts';

const openMemory = memoryConnections();

const last: SimilarInfo = { model: 'builtin:lexical', source: 'description', eps: 0.5, k: 2, edges: 3, method: 'exact' };

describe('similarSettings', () => {
  it('takes what is asked, else what the graph was last linked with, else the defaults', () => {
    expect(similarSettings({}, null, ['description', 'code'])).toEqual({ source: 'code', eps: DEFAULT_SIMILAR_EPS, k: DEFAULT_SIMILAR_K });
    expect(similarSettings({}, null, ['description'])).toEqual({ source: 'description', eps: DEFAULT_SIMILAR_EPS, k: DEFAULT_SIMILAR_K });
    expect(similarSettings({}, last, ['description', 'code'])).toEqual({ source: 'description', eps: 0.5, k: 2 });
    expect(similarSettings({ eps: 0.9 }, last, ['code'])).toEqual({ source: 'code', eps: 0.9, k: 2 });
    expect(similarSettings({ source: 'description', k: 7 }, last, ['code'])).toEqual({ source: 'description', eps: 0.5, k: 7 });
  });
});

describe('embedAndLink', () => {
  it('embeds, links from the sets just written and keeps the thresholds a person chose', async () => {
    const conn = await openArchiveGraph(openMemory);
    try {
      const progress: string[] = [];
      const first = await embedAndLink(conn, new LexicalEmbedder(), { onProgress: (p) => progress.push(p.phase) });
      expect(first.sets.map((set) => set.source)).toEqual(['description', 'code']);
      expect(first.similar).toMatchObject({ model: 'builtin:lexical', source: 'code', eps: DEFAULT_SIMILAR_EPS, k: DEFAULT_SIMILAR_K });
      expect(progress).toContain('embed');
      expect(progress.at(-1)).toBe('similar');

      // The Link button: a person's thresholds and source.
      const linked = await linkSimilar(conn, 'builtin:lexical', { similar: { source: 'description', eps: 0.2, k: 3 } });
      expect(linked).toMatchObject({ source: 'description', eps: 0.2, k: 3 });
      const [edges] = await conn.query("SELECT count(*) AS n, min(CAST(detail AS DOUBLE)) AS lo FROM edges WHERE type = 'SIMILAR'");
      expect(Number(edges.n)).toBe(linked.edges);
      expect(linked.edges).toBeGreaterThan(0);
      expect(Number(edges.lo)).toBeGreaterThanOrEqual(0.2);

      // A re-embed of the code alone links from it, with the person's thresholds.
      const again = await embedAndLink(conn, new LexicalEmbedder(), { sources: ['code'] });
      expect(again.similar).toMatchObject({ source: 'code', eps: 0.2, k: 3 });
      expect(await readSimilarInfo(conn)).toEqual(again.similar);
    } finally {
      await conn.close?.();
    }
  });
});
