/**
 * @file What the player charts and marks per iteration, derived from a replay in one
 * pass: the best final score so far, the top-K churn (ids entering the top-K at that iteration),
 * reranker pairs and tree size; markers where the top-K changed, where k was halved and where the
 * final best result first appeared. Also the diff of two runs (what-if): rank changes, nodes only
 * one run visited, calls used, the first iteration at which each run found an answer.
 * A node's line 29 score is fixed once it is simulated (every node is simulated once, when it is
 * added), so the running top-K only ever takes new nodes in.
 * Runs in: everywhere. Layer src/core.
 */
import { ndcgAtK } from '../eval/metrics.ts';
import type { Relevance } from '../eval/metrics.ts';
import type { Replay } from './mctsReplay.ts';
import { rankingFromTrace } from './mctsReplay.ts';

export interface IterationPoint {
  iteration: number;
  bestScore: number;
  /** Ids that entered the top-K in this iteration. */
  churn: number;
  rerankerCalls: number;
  treeSize: number;
  /** NDCG@K of the candidates' top-K at this iteration (only with a known answer). */
  ndcg?: number;
}

export interface ReplayMarkers {
  topChanged: number[];
  kHalved: number[];
  /** Iteration at which the final top-1 was first scored (null: no ranking). */
  bestFound: number | null;
}

export interface ReplaySeries {
  points: IterationPoint[];
  markers: ReplayMarkers;
}

export const TOP_K = 10;

export interface KnownAnswer {
  relevance: Relevance;
  /** Nodes that can be results (Function, Method, Class); the others are only paths. */
  isCandidate: (id: number) => boolean;
}

/** `known`: the query's relevant nodes (eval sets): each point also gets NDCG@topK of the candidates. */
export function replaySeries(replay: Replay, topK = TOP_K, known?: KnownAnswer): ReplaySeries {
  const { alpha } = replay.trace.params;
  const points: IterationPoint[] = [];
  const markers: ReplayMarkers = { topChanged: [], kHalved: [], bestFound: null };
  const top: { id: number; score: number }[] = [];
  const finalBest = replay.trace.top[0];
  let calls = 0;
  let treeSize = 1;
  let churn = 0;
  let current = 0;
  const candidates: { id: number; score: number }[] = [];
  const close = () => {
    if (current === 0) return;
    const point: IterationPoint = { iteration: current, bestScore: top[0]?.score ?? 0, churn, rerankerCalls: calls, treeSize };
    if (known) point.ndcg = ndcgAtK(candidates.map((c) => c.id), known.relevance, topK);
    points.push(point);
    if (churn > 0) markers.topChanged.push(current);
    churn = 0;
  };
  for (const event of replay.trace.events) {
    if (event.iteration !== current) {
      close();
      current = event.iteration;
    }
    if (event.phase === 'expand') {
      treeSize += event.children.length;
      if (event.nextK < event.k) markers.kHalved.push(event.iteration);
    } else if (event.phase === 'simulate') {
      calls += event.rewards.length;
      for (const r of event.rewards) {
        const i = replay.indexOf.get(r.id)!;
        const score = alpha * r.reward + (1 - alpha) * replay.sim[i]! * 10;
        if (r.id === finalBest && markers.bestFound === null) markers.bestFound = event.iteration;
        if (known?.isCandidate(r.id)) insertTop(candidates, { id: r.id, score }, topK);
        if (top.length >= topK && !(score > top[top.length - 1]!.score || (score === top[top.length - 1]!.score && r.id < top[top.length - 1]!.id))) continue;
        let at = top.findIndex((t) => score > t.score || (score === t.score && r.id < t.id));
        if (at < 0) at = top.length;
        top.splice(at, 0, { id: r.id, score });
        if (top.length > topK) top.pop();
        churn++;
      }
    }
  }
  close();
  return { points, markers };
}

function insertTop(list: { id: number; score: number }[], item: { id: number; score: number }, k: number): void {
  let at = list.length;
  while (at > 0 && (item.score > list[at - 1]!.score || (item.score === list[at - 1]!.score && item.id < list[at - 1]!.id))) at--;
  if (at >= k) return;
  list.splice(at, 0, item);
  if (list.length > k) list.pop();
}

export interface RunDiff {
  /** Ids in either top-K with their 1-based rank in each run (null: not in that run's ranking). */
  ranks: { id: number; rankA: number | null; rankB: number | null }[];
  onlyA: number[];
  onlyB: number[];
  callsA: number;
  callsB: number;
  iterationsA: number;
  iterationsB: number;
  /** The answer (run A's top-1 unless given) and the first iteration each run scored it. */
  answer: number | null;
  firstA: number | null;
  firstB: number | null;
}

function firstScored(replay: Replay, id: number): number | null {
  for (const event of replay.trace.events) if (event.phase === 'simulate' && event.rewards.some((r) => r.id === id)) return event.iteration;
  return null;
}

export function diffRuns(a: Replay, b: Replay, topK = TOP_K, answer?: number): RunDiff {
  const rankA = rankingFromTrace(a).map((r) => r.id);
  const rankB = rankingFromTrace(b).map((r) => r.id);
  const posA = new Map(rankA.map((id, i) => [id, i + 1]));
  const posB = new Map(rankB.map((id, i) => [id, i + 1]));
  const ids = [...new Set([...rankA.slice(0, topK), ...rankB.slice(0, topK)])];
  const visitedA = new Set(a.ids);
  const visitedB = new Set(b.ids);
  const target = answer ?? rankA[0] ?? null;
  return {
    ranks: ids.map((id) => ({ id, rankA: posA.get(id) ?? null, rankB: posB.get(id) ?? null })),
    onlyA: a.ids.filter((id) => !visitedB.has(id)),
    onlyB: b.ids.filter((id) => !visitedA.has(id)),
    callsA: a.trace.stats.rerankerCalls,
    callsB: b.trace.stats.rerankerCalls,
    iterationsA: a.iterations,
    iterationsB: b.iterations,
    answer: target,
    firstA: target === null ? null : firstScored(a, target),
    firstB: target === null ? null : firstScored(b, target),
  };
}
