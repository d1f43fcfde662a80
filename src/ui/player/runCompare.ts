/**
 * @file Two runs side by side, at one iteration (the player's compare view): the state of each
 * run at the end of that iteration (a run with fewer iterations shows its end), each run's
 * ranking then, the top-K of each with its rank move against the other run (A, the kept run,
 * is "before"; B, the current run, is "after": ▲ / ▼ by how many places, new, out), the nodes
 * only one run had visited by then, and which tree nodes to draw: at most a cap per run, the
 * most visited first, with their ancestors, laid out once (layeredTreeLayout) so scrubbing never
 * moves a node. Also whether two runs made the same search (every event alike, timings aside)
 * and which parameters differ, so the view can say why two runs are identical.
 * Runs in: the main thread (pure; unit-tested in Node). Layer src/ui.
 */
import { cursorAt, rankedAt, stateAt } from '../../core/search/mctsReplay.ts';
import type { Replay, ReplayState } from '../../core/search/mctsReplay.ts';
import type { TraceParams } from '../../core/search/mctsTrace.ts';
import { TOP_K } from '../../core/search/replaySeries.ts';
import { layeredTreeLayout } from './treeLayout.ts';
import type { TreeLayoutOptions } from './treeLayout.ts';

/** Drawn nodes per run (most visited first); more would slow a step down for no visible gain. */
export const COMPARE_DRAW_CAP = 1500;

/**
 * Where a node moved from run A's ranking to run B's: `up` / `down` by `by` places, `same`,
 * `new` (B ranks it, A had not visited it), `out` (in A's top-K, not in B's: `to` is its rank in
 * B, null when B had not visited it).
 */
export type RankMove = { kind: 'up' | 'down'; by: number } | { kind: 'same' } | { kind: 'new' } | { kind: 'out'; to: number | null };

/** 1-based ranks, null: not ranked (not visited). Before = run A, after = run B. */
export function rankMove(before: number | null, after: number | null, topK = TOP_K): RankMove {
  if (after === null || after > topK) return { kind: 'out', to: after };
  if (before === null) return { kind: 'new' };
  if (before === after) return { kind: 'same' };
  return before > after ? { kind: 'up', by: before - after } : { kind: 'down', by: after - before };
}

export interface CompareRow {
  id: number;
  /** 1-based rank in this run at the iteration. */
  rank: number;
  /** Rank in the other run at the same iteration (null: the other run had not visited it). */
  other: number | null;
  /** A's rows: where B put the node; B's rows: where it came from in A. */
  move: RankMove;
}

export interface CompareSide {
  /** The iteration shown (the asked one, or the run's last when it had fewer). */
  iteration: number;
  cursor: number;
  state: ReplayState;
  /** Graph ids visited (N > 0) by then. */
  visited: Set<number>;
  /** Graph ids ranked by line 29's score (visited nodes), best first. */
  ranking: number[];
  top: CompareRow[];
}

export interface RunCompareAt {
  iteration: number;
  a: CompareSide;
  b: CompareSide;
  /** Graph ids visited by then by one run and not the other (in tree order of that run). */
  onlyA: number[];
  onlyB: number[];
}

function sideAt(replay: Replay, iteration: number): Omit<CompareSide, 'top'> {
  const cursor = cursorAt(replay, Math.max(0, Math.floor(iteration)), 'backprop');
  const state = stateAt(replay, cursor);
  const visited = new Set<number>();
  for (let i = 0; i < state.born; i++) if (state.N[i]! > 0) visited.add(replay.ids[i]!);
  const ranking = rankedAt(replay, state).map((i) => replay.ids[i]!);
  return { iteration: Math.min(state.iteration, Math.max(0, Math.floor(iteration))), cursor, state, visited, ranking };
}

/** Both runs at the end of `iteration` (0: before the first), with their top-K and rank moves. */
export function compareAt(a: Replay, b: Replay, iteration: number, topK = TOP_K): RunCompareAt {
  const sa = sideAt(a, iteration);
  const sb = sideAt(b, iteration);
  const posA = new Map(sa.ranking.map((id, i) => [id, i + 1]));
  const posB = new Map(sb.ranking.map((id, i) => [id, i + 1]));
  const topA: CompareRow[] = sa.ranking.slice(0, topK).map((id, i) => {
    const other = posB.get(id) ?? null;
    return { id, rank: i + 1, other, move: rankMove(i + 1, other, topK) };
  });
  const topB: CompareRow[] = sb.ranking.slice(0, topK).map((id, i) => {
    const other = posA.get(id) ?? null;
    return { id, rank: i + 1, other, move: rankMove(other, i + 1, topK) };
  });
  const onlyA: number[] = [];
  const onlyB: number[] = [];
  for (let i = 0; i < sa.state.born; i++) if (sa.visited.has(a.ids[i]!) && !sb.visited.has(a.ids[i]!)) onlyA.push(a.ids[i]!);
  for (let i = 0; i < sb.state.born; i++) if (sb.visited.has(b.ids[i]!) && !sa.visited.has(b.ids[i]!)) onlyB.push(b.ids[i]!);
  return { iteration: Math.max(0, Math.floor(iteration)), a: { ...sa, top: topA }, b: { ...sb, top: topB }, onlyA, onlyB };
}

export interface DrawnTree {
  /** Tree indices drawn, ascending (a parent before its children). */
  nodes: Int32Array;
  /** Slot of each drawn node's parent in `nodes` (-1: the root). */
  parentSlot: Int32Array;
  /** x, y by slot. */
  positions: Float64Array;
  width: number;
  height: number;
  /** Final visits by slot (sizes the dots relative to the most visited). */
  finalN: Float64Array;
  /** Tree nodes left out by the cap. */
  leftOut: number;
}

/**
 * The tree nodes to draw for a run: all of them up to `cap`, else the `cap` most visited at the
 * end (ties: earlier added first) with every ancestor of a chosen node, laid out once.
 */
export function drawnTree(replay: Replay, cap = COMPARE_DRAW_CAP, layout: TreeLayoutOptions = {}): DrawnTree {
  const n = replay.ids.length;
  const end = stateAt(replay, replay.trace.events.length);
  const keep = new Uint8Array(n);
  if (n <= cap) keep.fill(1);
  else {
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((x, y) => end.N[y]! - end.N[x]! || x - y);
    let kept = 0;
    for (const i of order) {
      if (kept >= cap) break;
      for (let v = i; v >= 0 && !keep[v]; v = replay.parent[v]!) {
        keep[v] = 1;
        kept++;
      }
    }
  }
  const slotOf = new Int32Array(n).fill(-1);
  const nodes: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) {
    slotOf[i] = nodes.length;
    nodes.push(i);
  }
  const parentSlot = Int32Array.from(nodes, (i) => (replay.parent[i]! >= 0 ? slotOf[replay.parent[i]!]! : -1));
  const { positions, width, height } = layeredTreeLayout(parentSlot, layout);
  return {
    nodes: Int32Array.from(nodes),
    parentSlot,
    positions,
    width,
    height,
    finalN: Float64Array.from(nodes, (i) => end.N[i]!),
    leftOut: n - nodes.length,
  };
}

const PARAM_KEYS = ['variant', 'iterations', 'c', 'alpha', 'kInit', 'kMin', 'seed', 'pairBudget', 'budget'] as const satisfies readonly (keyof TraceParams)[];
export type ComparedParam = (typeof PARAM_KEYS)[number];

/** Parameters that differ between the two runs' traces (a missing variant counts as unknown, not as a difference). */
export function paramChanges(a: Replay, b: Replay): { key: ComparedParam; a: TraceParams[ComparedParam]; b: TraceParams[ComparedParam] }[] {
  const pa = a.trace.params;
  const pb = b.trace.params;
  return PARAM_KEYS.filter((key) => !(key === 'variant' && (pa.variant === undefined || pb.variant === undefined)) && pa[key] !== pb[key]).map((key) => ({ key, a: pa[key], b: pb[key] }));
}

/** True when both runs made the same search: the same root and every event alike (reranker timings aside). */
export function sameSearch(a: Replay, b: Replay): boolean {
  if (a === b) return true;
  const ea = a.trace.events;
  const eb = b.trace.events;
  if (a.trace.rootId !== b.trace.rootId || ea.length !== eb.length) return false;
  for (let e = 0; e < ea.length; e++) {
    const x = ea[e]!;
    const y = eb[e]!;
    if (x.phase !== y.phase) return false;
    const strip = (event: typeof x) => (event.phase === 'simulate' ? JSON.stringify({ ...event, ms: undefined }) : JSON.stringify(event));
    if (strip(x) !== strip(y)) return false;
  }
  return true;
}
