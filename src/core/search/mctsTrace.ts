/**
 * @file MCTS trace, version 2 (docs/retrieval.md, "Traces and replay"): plain JSON, one event per phase per
 * iteration, enough to replay a run exactly without the graph: the select event names the nodes
 * marked exhausted and the lines 8-9 redirect with its reason (so UCT can be recomputed), the
 * expand event the candidate pool size and the similarities of the candidates not chosen (what-if
 * on k), the simulate event the reranker's time. The header holds the version, parameters, model
 * ids, a graph fingerprint, stats and the route; the final ranking is not stored: only the order
 * of the top ids, the scores are derived from the events (rankingFromTrace in mctsReplay.ts).
 * Node references are graph node ids (not snapshot indices).
 * Runs in: everywhere. Layer src/core.
 */

export const TRACE_VERSION = 2;

export interface SelectEvent {
  phase: 'select';
  iteration: number;
  /** Root-to-curr path of the UCT descent (line 5-7). */
  path: number[];
  /** Node that is expanded this iteration, or null when the iteration ends here (lines 9, 14). */
  expandAt: number | null;
  /** Why no expansion happens: the selected node has no unvisited neighbour with an embedding. */
  reason?: 'over-visited leaf' | 'no expandable neighbours';
  /** Lines 8-9: the path's last node was an over-visited leaf; expandAt is its nearest expandable ancestor. */
  redirect?: { from: number; reason: 'over-visited leaf' };
  /** Nodes marked exhausted during this iteration (UCT skips them from now on). */
  exhausted?: number[];
}

export interface ExpandEvent {
  phase: 'expand';
  iteration: number;
  at: number;
  /** Width used for this expansion. */
  k: number;
  /** Width after line 17. */
  nextK: number;
  /** Added children in order of bi-encoder similarity (cosine). */
  children: { id: number; sim: number }[];
  /** Unvisited embedded neighbours that were candidates (chosen + not chosen). */
  pool?: number;
  /** Similarities of the candidates not chosen, best first (rounded to 1e-4). */
  unchosen?: number[];
}

export interface SimulateEvent {
  phase: 'simulate';
  iteration: number;
  /** score: raw cross-encoder output; reward: clamp(score * 10, 0, 10). */
  rewards: { id: number; score: number; reward: number }[];
  /** Wall time of the reranker batch in ms. */
  ms?: number;
}

export interface BackpropEvent {
  phase: 'backprop';
  iteration: number;
  /** N and R of every node touched, after the batch (children first, then ancestors up to the root). */
  nodes: { id: number; N: number; R: number }[];
}

export type MctsEvent = SelectEvent | ExpandEvent | SimulateEvent | BackpropEvent;
export type MctsPhase = MctsEvent['phase'];
export const MCTS_PHASES: readonly MctsPhase[] = ['select', 'expand', 'simulate', 'backprop'];

/** A visited node's final score (line 29) and its parts; `id` is a graph node id. */
export interface RankedNode {
  id: number;
  score: number;
  /** alpha * R_sim / max(1, N_sim) */
  rewardPart: number;
  /** (1 - alpha) * sim * 10 */
  simPart: number;
  sim: number;
  N: number;
  R: number;
  simN: number;
  simR: number;
}

export interface MctsStats {
  iterationsRun: number;
  /** (query, document) pairs scored by the cross-encoder. */
  rerankerCalls: number;
  /** Reranker batches (one per expansion with children). */
  rerankerBatches: number;
  treeSize: number;
  visited: number;
  /** True when every reachable node was in the tree before T iterations. */
  exhausted: boolean;
  /** Total reranker time in ms (sum of the simulate events' ms). */
  rerankerMs?: number;
}

export interface TraceParams {
  iterations: number;
  kInit: number;
  kMin: number;
  c: number;
  alpha: number;
  budget: number | null;
  seed: number;
  /** Which engine ran: Algorithm 1 ('algorithm1', the paper and repoqa presets) or the guided default ('guided'). Absent in older traces. */
  variant?: 'algorithm1' | 'guided';
  /** The guided variant's reranker-pair budget: the search stops when it is spent. */
  pairBudget?: number;
}

/** Identifies the graph a trace was made on: counts plus an FNV-1a hash of nodes and edges. */
export interface GraphFingerprint {
  nodes: number;
  edges: number;
  hash: string;
}

export interface TraceModels {
  embedder: string;
  reranker: string;
}

export interface TraceRoute {
  path: 'cypher' | 'mcts' | 'cypher+mcts' | 'baseline';
  cypher: string | null;
  reason: string;
}

export interface MctsTrace {
  version: typeof TRACE_VERSION;
  query: string;
  params: TraceParams;
  rootId: number;
  /** Query similarity of the root (it is never an expanded child, so no event carries it). */
  rootSim: number;
  models?: TraceModels;
  graph?: GraphFingerprint;
  route?: TraceRoute;
  /** Search method that produced the trace ('mcts' or 'fusion'). */
  method?: string;
  stats: MctsStats;
  events: MctsEvent[];
  /** Ids of the final ranking in order (cut to the budget); scores come from the events. */
  top: number[];
}

/** Rounds a similarity for storage (what-if on k only needs the order and about 4 digits). */
export function roundSim(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

/** The trace without wall-clock fields (reranker ms): what a seeded run reproduces exactly. */
export function withoutTimings(trace: MctsTrace): MctsTrace {
  const { rerankerMs: _ms, ...stats } = trace.stats;
  return { ...trace, stats, events: trace.events.map((e) => (e.phase === 'simulate' ? { ...e, ms: undefined } : e)) };
}
