/**
 * @file The known answer of a run's question, when the loaded eval set (the eval dialog's) has
 * the same query: its relevant definitions located in the graph (core createNodeLocator, as the
 * eval runner does) and which tree nodes can be results, so the player can chart NDCG@10
 * against iteration. null when the question is not in the set.
 * Runs in: the main thread (queries run in the repo worker).
 */
import { useEffect, useState } from 'react';
import { createNodeLocator, resolveRelevance } from '../../core/eval/evalSet.ts';
import type { LocatedNode } from '../../core/eval/evalSet.ts';
import type { NodeKind } from '../../core/graph/types.ts';
import type { Replay } from '../../core/search/mctsReplay.ts';
import type { KnownAnswer } from '../../core/search/replaySeries.ts';
import type { RepoClient } from '../clients/repoClient.ts';
import { num, sqlIds, sqlText, str } from '../data/sql.ts';
import { useAppState } from '../store/appStore.ts';

export function useKnownAnswer(service: RepoClient, replay: Replay | null): KnownAnswer | null {
  const set = useAppState((s) => s.evalRun.set);
  const query = replay ? set?.queries.find((q) => q.query.trim() === replay.trace.query.trim()) : undefined;
  const [known, setKnown] = useState<KnownAnswer | null>(null);
  useEffect(() => {
    setKnown(null);
    if (!replay || !query) return;
    let stale = false;
    const files = [...new Set(query.relevant.map((r) => r.file))].map(sqlText).join(', ');
    void (async () => {
      const rows = await service.query(`SELECT id, kind, file_path, start_line, end_line FROM nodes WHERE file_path IN (${files})`);
      const located: LocatedNode[] = rows.map((r) => ({
        id: num(r, 'id'),
        kind: str(r, 'kind') as NodeKind,
        file_path: str(r, 'file_path'),
        start_line: num(r, 'start_line'),
        end_line: num(r, 'end_line'),
      }));
      const { relevance } = resolveRelevance(query, createNodeLocator(located));
      const candidates = await service.query(`SELECT id FROM nodes WHERE id IN (${sqlIds(replay.ids)}) AND kind IN ('Function', 'Method', 'Class')`);
      const ids = new Set(candidates.map((r) => num(r, 'id')));
      if (!stale && relevance.size > 0) setKnown({ relevance, isCandidate: (id) => ids.has(id) });
    })().catch((error: unknown) => console.warn('known answer', error));
    return () => {
      stale = true;
    };
  }, [service, replay, query]);
  return known;
}
