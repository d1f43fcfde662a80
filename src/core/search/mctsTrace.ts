/**
 * @file MCTS trace (DESIGN.md section 4): plain JSON, one event per phase per iteration plus the
 * final ranking with each score's parts. The UI replays it, the CLI writes it, tests check it.
 * Node references are graph node ids (not snapshot indices).
 * Runs in: everywhere. Layer src/core.
 */

export interface SelectEvent {
  phase: 'select';
  iteration: number;
  /** Root-to-curr path of the UCT descent (line 5-7). */
  path: number[];
  /** Node that is expanded this iteration, or null when the iteration ends here (lines 9, 14). */
  expandAt: number | null;
  /** Why no expansion happens: the selected node has no unvisited neighbour with an embedding. */
  reason?: 'over-visited leaf' | 'no expandable neighbours';
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
}

export interface SimulateEvent {
  phase: 'simulate';
  iteration: number;
  /** score: raw cross-encoder output; reward: clamp(score * 10, 0, 10). */
  rewards: { id: number; score: number; reward: number }[];
}

export interface BackpropEvent {
  phase: 'backprop';
  iteration: number;
  /** N and R of every node touched, after the batch (children first, then ancestors up to the root). */
  nodes: { id: number; N: number; R: number }[];
}

export type MctsEvent = SelectEvent | ExpandEvent | SimulateEvent | BackpropEvent;

export interface RankedNode {
  id: number;
  index: number;
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

export interface MctsTrace {
  query: string;
  params: { iterations: number; kInit: number; kMin: number; c: number; alpha: number; budget: number | null; seed: number };
  rootId: number;
  events: MctsEvent[];
  ranking: RankedNode[];
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
}
