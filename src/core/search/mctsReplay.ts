/**
 * @file The MCTS replay: the per-node state of a run at any position of its trace, as a
 * pure fold of the events. A position (cursor) is the number of events applied: 0 is before the
 * first select, events.length the end. buildReplay() indexes the trace once (tree order: the root,
 * then children in expansion order; parent, depth, similarity and the event that added each node)
 * and keeps a snapshot of the fold every SNAPSHOT_EVERY events, so stateAt() costs one snapshot
 * copy plus fewer than SNAPSHOT_EVERY events, never a replay from zero. Everything a view shows
 * (UCT and its two terms, the final score's parts, the top-K) is derived from a state here, so a
 * replay needs no graph.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError } from '../errors.ts';
import { initialWidth } from './mctsParams.ts';
import type { MctsEvent, MctsPhase, MctsTrace, RankedNode } from './mctsTrace.ts';
import { TRACE_VERSION } from './mctsTrace.ts';

export const SNAPSHOT_EVERY = 64;

interface FoldArrays {
  N: Float64Array;
  R: Float64Array;
  simN: Float64Array;
  simR: Float64Array;
  exhausted: Uint8Array;
}

interface Snapshot extends FoldArrays {
  cursor: number;
  born: number;
  k: number;
  rerankerCalls: number;
}

export interface Replay {
  trace: MctsTrace;
  /** Tree index -> graph id (root first, then children in the order they were added). */
  ids: number[];
  indexOf: ReadonlyMap<number, number>;
  parent: Int32Array;
  depth: Int32Array;
  /** Query similarity (the root's from the header). */
  sim: Float64Array;
  /** Event index of the expand event that added the node (-1: the root). */
  bornAt: Int32Array;
  /** Iteration that added the node (0: the root). */
  bornIteration: Int32Array;
  /** Final children lists by tree index. */
  children: number[][];
  /** Iterations in the trace (the last event's). */
  iterations: number;
  snapshots: Snapshot[];
  snapshotEvery: number;
}

export interface ReplayState extends FoldArrays {
  cursor: number;
  /** Tree nodes present: tree indices below `born`. */
  born: number;
  /** Width for the next expansion. */
  k: number;
  rerankerCalls: number;
  /** The last applied event (null at cursor 0). */
  event: MctsEvent | null;
  iteration: number;
  phase: MctsPhase | null;
}

/** Reads a trace's JSON text; says what is wrong instead of failing later. */
export function parseTrace(text: string): MctsTrace {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AppError('INPUT_INVALID', `The file is not JSON: ${(error as Error).message}`);
  }
  const trace = value as Partial<MctsTrace>;
  if (!trace || typeof trace !== 'object' || !Array.isArray(trace.events) || typeof trace.rootId !== 'number' || !trace.params) {
    throw new AppError('INPUT_INVALID', 'The file is not an MCTS trace (it needs rootId, params and events).');
  }
  if (trace.version !== TRACE_VERSION) {
    throw new AppError('INPUT_INVALID', `The trace has version ${String(trace.version ?? 1)}; this app replays version ${TRACE_VERSION} (search again to make one).`);
  }
  return trace as MctsTrace;
}

function emptyArrays(n: number): FoldArrays {
  return { N: new Float64Array(n), R: new Float64Array(n), simN: new Float64Array(n), simR: new Float64Array(n), exhausted: new Uint8Array(n) };
}

function copyArrays(from: FoldArrays): FoldArrays {
  return { N: from.N.slice(), R: from.R.slice(), simN: from.simN.slice(), simR: from.simR.slice(), exhausted: from.exhausted.slice() };
}

/** `snapshotEvery`: events between snapshots (benchmarks pass Infinity for a fold from zero). */
export function buildReplay(trace: MctsTrace, snapshotEvery = SNAPSHOT_EVERY): Replay {
  const ids = [trace.rootId];
  const indexOf = new Map<number, number>([[trace.rootId, 0]]);
  const parents = [-1];
  const depths = [0];
  const sims = [trace.rootSim ?? 0];
  const born = [-1];
  const bornIt = [0];
  trace.events.forEach((event, e) => {
    if (event.phase !== 'expand') return;
    const at = indexOf.get(event.at);
    if (at === undefined) throw new AppError('INPUT_INVALID', `Trace event ${e}: expansion at node ${event.at}, which is not in the tree.`);
    for (const child of event.children) {
      if (indexOf.has(child.id)) continue;
      indexOf.set(child.id, ids.length);
      ids.push(child.id);
      parents.push(at);
      depths.push(depths[at]! + 1);
      sims.push(child.sim);
      born.push(e);
      bornIt.push(event.iteration);
    }
  });
  const n = ids.length;
  const children: number[][] = Array.from({ length: n }, () => []);
  for (let i = 1; i < n; i++) children[parents[i]!]!.push(i);
  const replay: Replay = {
    trace,
    ids,
    indexOf,
    parent: Int32Array.from(parents),
    depth: Int32Array.from(depths),
    sim: Float64Array.from(sims),
    bornAt: Int32Array.from(born),
    bornIteration: Int32Array.from(bornIt),
    children,
    iterations: trace.events.at(-1)?.iteration ?? 0,
    snapshots: [],
    snapshotEvery,
  };
  // One pass of the fold, keeping a copy every SNAPSHOT_EVERY events.
  const state = initialState(replay);
  replay.snapshots.push(snapshotOf(state));
  for (let e = 0; e < trace.events.length; e++) {
    applyEvent(replay, state, e);
    if (state.cursor % snapshotEvery === 0) replay.snapshots.push(snapshotOf(state));
  }
  return replay;
}

function initialState(replay: Replay): ReplayState {
  return {
    ...emptyArrays(replay.ids.length),
    cursor: 0,
    born: 1,
    k: initialWidth({ ...replay.trace.params, budget: 0 }),
    rerankerCalls: 0,
    event: null,
    iteration: 0,
    phase: null,
  };
}

function snapshotOf(state: ReplayState): Snapshot {
  return { ...copyArrays(state), cursor: state.cursor, born: state.born, k: state.k, rerankerCalls: state.rerankerCalls };
}

/** Applies event `e` (which must be events[state.cursor]) to the state in place. */
function applyEvent(replay: Replay, state: ReplayState, e: number): void {
  const event = replay.trace.events[e]!;
  const at = (id: number): number => {
    const i = replay.indexOf.get(id);
    if (i === undefined) throw new AppError('INPUT_INVALID', `Trace event ${e} names node ${id}, which is not in the tree.`);
    return i;
  };
  switch (event.phase) {
    case 'select':
      for (const id of event.exhausted ?? []) state.exhausted[at(id)] = 1;
      break;
    case 'expand':
      for (const child of event.children) if (at(child.id) >= state.born) state.born = at(child.id) + 1;
      state.k = event.nextK;
      break;
    case 'simulate':
      for (const r of event.rewards) {
        const i = at(r.id);
        state.simN[i] += 1;
        state.simR[i] += r.reward;
      }
      state.rerankerCalls += event.rewards.length;
      break;
    case 'backprop':
      for (const node of event.nodes) {
        const i = at(node.id);
        state.N[i] = node.N;
        state.R[i] = node.R;
      }
      break;
  }
  state.cursor = e + 1;
  state.event = event;
  state.iteration = event.iteration;
  state.phase = event.phase;
}

/** The state after `cursor` events (clamped to the trace): nearest snapshot, then the rest. */
export function stateAt(replay: Replay, cursor: number): ReplayState {
  const events = replay.trace.events;
  const to = Math.max(0, Math.min(events.length, Math.floor(cursor)));
  const snapshot = replay.snapshots[Math.min(replay.snapshots.length - 1, Math.floor(to / replay.snapshotEvery))]!;
  const state: ReplayState = {
    ...copyArrays(snapshot),
    cursor: snapshot.cursor,
    born: snapshot.born,
    k: snapshot.k,
    rerankerCalls: snapshot.rerankerCalls,
    event: snapshot.cursor > 0 ? events[snapshot.cursor - 1]! : null,
    iteration: snapshot.cursor > 0 ? events[snapshot.cursor - 1]!.iteration : 0,
    phase: snapshot.cursor > 0 ? events[snapshot.cursor - 1]!.phase : null,
  };
  for (let e = snapshot.cursor; e < to; e++) applyEvent(replay, state, e);
  return state;
}

/** UCT of a tree node at a state (as the selection computed it) with its two terms. */
export function uctParts(replay: Replay, state: ReplayState, i: number): { value: number; exploit: number; explore: number } | null {
  const p = replay.parent[i]!;
  if (p < 0) return null;
  const n = Math.max(1, state.N[i]!);
  const exploit = state.R[i]! / n;
  const explore = replay.trace.params.c * Math.sqrt((2 * Math.log(Math.max(1, state.N[p]!))) / n);
  return { value: exploit + explore, exploit, explore };
}

/** Line 29's score of a tree node at a state, with its parts. */
export function scoreParts(replay: Replay, state: ReplayState, i: number): { score: number; rewardPart: number; simPart: number } {
  const { alpha } = replay.trace.params;
  const rewardPart = (alpha * state.simR[i]!) / Math.max(1, state.simN[i]!);
  const simPart = (1 - alpha) * replay.sim[i]! * 10;
  return { score: rewardPart + simPart, rewardPart, simPart };
}

/** Visited nodes (N > 0) ranked by line 29's score, best first (ties: lower id), as tree indices. */
export function rankedAt(replay: Replay, state: ReplayState, limit = Infinity): number[] {
  const better = (a: { i: number; score: number }, b: { i: number; score: number }) => a.score > b.score || (a.score === b.score && replay.ids[a.i]! < replay.ids[b.i]!);
  if (limit <= 64) {
    // A small top-K (the player asks for 10 per step): insertion into a short sorted list.
    const top: { i: number; score: number }[] = [];
    for (let i = 0; i < state.born; i++) {
      if (!(state.N[i]! > 0)) continue;
      const item = { i, score: scoreParts(replay, state, i).score };
      if (top.length >= limit && !better(item, top[top.length - 1]!)) continue;
      let at = top.length;
      while (at > 0 && better(item, top[at - 1]!)) at--;
      top.splice(at, 0, item);
      if (top.length > limit) top.pop();
    }
    return top.map((t) => t.i);
  }
  const visited: { i: number; score: number }[] = [];
  for (let i = 0; i < state.born; i++) if (state.N[i]! > 0) visited.push({ i, score: scoreParts(replay, state, i).score });
  visited.sort((a, b) => b.score - a.score || replay.ids[a.i]! - replay.ids[b.i]!);
  return visited.slice(0, Math.min(visited.length, limit)).map((v) => v.i);
}

/** The final ranking, derived from the events (the trace stores only the top ids). */
export function rankingFromTrace(replay: Replay): RankedNode[] {
  const end = stateAt(replay, replay.trace.events.length);
  const budget = replay.trace.params.budget ?? Infinity;
  return rankedAt(replay, end, budget).map((i) => ({
    id: replay.ids[i]!,
    ...scoreParts(replay, end, i),
    sim: replay.sim[i]!,
    N: end.N[i]!,
    R: end.R[i]!,
    simN: end.simN[i]!,
    simR: end.simR[i]!,
  }));
}

/** Cursor just after the event of `phase` in `iteration` (or the last event of that iteration before it). */
export function cursorAt(replay: Replay, iteration: number, phase: MctsPhase): number {
  const events = replay.trace.events;
  if (iteration <= 0) return 0;
  const order: Record<MctsPhase, number> = { select: 0, expand: 1, simulate: 2, backprop: 3 };
  let best = -1;
  for (let e = 0; e < events.length; e++) {
    const event = events[e]!;
    if (event.iteration < iteration) {
      best = e;
      continue;
    }
    if (event.iteration > iteration) break;
    if (order[event.phase] <= order[phase]) best = e;
  }
  return best + 1;
}

/** Why a tree node was or was not expanded further, at a state (for the inspector). */
export function expansionNote(replay: Replay, state: ReplayState, i: number): string {
  const id = replay.ids[i]!;
  let expansions = 0;
  let left: number | undefined;
  for (let e = 0; e < state.cursor; e++) {
    const event = replay.trace.events[e]!;
    if (event.phase === 'expand' && event.at === id) {
      expansions++;
      left = event.pool === undefined ? undefined : event.pool - event.children.length;
    }
  }
  if (state.exhausted[i]) return expansions > 0 ? `expanded ${expansions}× and exhausted: nothing left to expand below it` : 'exhausted: no unvisited neighbour with an embedding';
  if (expansions === 0) return state.N[i]! > 0 ? 'not expanded yet: UCT has not descended to it' : 'not in the tree yet';
  return `expanded ${expansions}×${left !== undefined ? `; ${left} candidate${left === 1 ? '' : 's'} not chosen at the last expansion` : ''}`;
}
