/**
 * @file The known answer of a run's question, when the loaded eval set (the eval dialog's) has
 * the same query: its relevant definitions located in the graph (core createNodeLocator, as the
 * eval runner does) and which tree nodes can be results, so the player can chart NDCG@10
 * against iteration. null when the question is not in the set.
 * Runs in: the main thread (its reads run in the repo worker).
 */
import { useEffect, useState } from 'react';
import { createNodeLocator, resolveRelevance } from '../../core/eval/evalSet.ts';
import type { Replay } from '../../core/search/mctsReplay.ts';
import type { KnownAnswer } from '../../core/search/replaySeries.ts';
import type { NodeKind } from '../../core/graph/types.ts';
import type { RepoClient } from '../clients/repoClient.ts';
import { useAppState } from '../store/appStore.ts';

/** Kinds a search returns as results. */
const RESULT_KINDS: ReadonlySet<NodeKind> = new Set(['Function', 'Method', 'Class']);

export function useKnownAnswer(service: RepoClient, replay: Replay | null): KnownAnswer | null {
  const set = useAppState((s) => s.evalRun.set);
  const query = replay ? set?.queries.find((q) => q.query.trim() === replay.trace.query.trim()) : undefined;
  const [known, setKnown] = useState<KnownAnswer | null>(null);
  useEffect(() => {
    setKnown(null);
    if (!replay || !query) return;
    let stale = false;
    const files = [...new Set(query.relevant.map((r) => r.file))];
    void (async () => {
      const located = await service.readNodesOfFiles(files);
      const { relevance } = resolveRelevance(query, createNodeLocator(located));
      const refs = await service.readNodeRefs(replay.ids);
      const ids = new Set(refs.filter((r) => RESULT_KINDS.has(r.kind)).map((r) => r.id));
      if (!stale && relevance.size > 0) setKnown({ relevance, isCandidate: (id) => ids.has(id) });
    })().catch((error: unknown) => console.warn('known answer', error));
    return () => {
      stale = true;
    };
  }, [service, replay, query]);
  return known;
}
