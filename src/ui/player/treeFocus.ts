/**
 * @file Focus and context for the MCTS player's tree (docs/architecture.md, "The player"): which
 * tree nodes are drawn at a replay state and which are folded into a "+N" bundle under their
 * nearest drawn ancestor. Drawn: the root, the current step's nodes (the selection path, the
 * expanded node and its best new children, the simulated and backpropagated nodes), the top-K,
 * the nodes a person picked (selected, the known answer, the parents whose bundle they opened),
 * the most visited nodes (up to a budget), and every ancestor of those. Everything else born by
 * then is folded: each drawn node with folded descendants gets one bundle counting them.
 * The drawn tree is laid out with the layered tree layout (treeLayout.ts), bundles last among
 * their parent's children, so a 5,000-node run reads as a few dozen labelled nodes.
 * Runs in: the main thread (pure; unit-tested in Node). Layer src/ui.
 */
import type { Replay, ReplayState } from '../../core/search/mctsReplay.ts';
import { rankedAt } from '../../core/search/mctsReplay.ts';
import { layeredTreeLayout } from './treeLayout.ts';
import type { TreeLayoutOptions } from './treeLayout.ts';

export interface FocusOptions {
  /** Drawn by visits: this many of the most visited nodes (their ancestors come along). */
  heavy?: number;
  /** At most this many children of the current expansion / simulation are drawn (best first). */
  stepChildren?: number;
  topK?: number;
  /** Tree indices whose whole born subtree is drawn (their bundle was opened). */
  opened?: ReadonlySet<number>;
  /** Tree indices always drawn (the selection, the known answer). */
  pinned?: readonly number[];
}

export interface TreeFocus {
  /** 1 where the tree node is drawn (tree index order). */
  drawn: Uint8Array;
  /** Folded born descendants by drawn node (0: no bundle). */
  bundle: Int32Array;
  /** Tree indices of the top-K at this state, best first. */
  top: number[];
  /** Drawn nodes in tree index order. */
  order: number[];
}

const DEFAULTS = { heavy: 24, stepChildren: 8, topK: 10 };

/** The current step's tree indices: path and expansion first, then its children best first (capped). */
function stepNodes(replay: Replay, state: ReplayState, cap: number): number[] {
  const event = state.event;
  const at = (id: number) => replay.indexOf.get(id);
  const out: number[] = [];
  const push = (id: number | null | undefined) => {
    const i = id === null || id === undefined ? undefined : at(id);
    if (i !== undefined && i < state.born) out.push(i);
  };
  if (!event) return [0];
  if (event.phase === 'select') {
    event.path.forEach(push);
    push(event.expandAt);
    if (event.redirect) push(event.redirect.from);
  } else if (event.phase === 'expand') {
    push(event.at);
    // Children come in order of similarity, best first.
    event.children.slice(0, cap).forEach((c) => push(c.id));
  } else if (event.phase === 'simulate') {
    [...event.rewards].sort((a, b) => b.reward - a.reward).slice(0, cap).forEach((r) => push(r.id));
  } else {
    // Backprop lists the new children first (their parent is the expanded node), then the path up to the root.
    const first = at(event.nodes[0]?.id ?? -1);
    const expanded = first === undefined ? -1 : replay.parent[first]!;
    const children = event.nodes.filter((m) => replay.parent[at(m.id) ?? 0] === expanded && at(m.id) !== expanded);
    event.nodes.filter((m) => !children.includes(m)).forEach((m) => push(m.id));
    [...children].sort((a, b) => b.R / Math.max(1, b.N) - a.R / Math.max(1, a.N)).slice(0, cap).forEach((m) => push(m.id));
  }
  return out;
}

/** The k-th largest visit count among born nodes (0 when fewer than k are visited). */
function visitThreshold(state: ReplayState, k: number): number {
  if (k <= 0) return Infinity;
  const counts: number[] = [];
  for (let i = 1; i < state.born; i++) if (state.N[i]! > 0) counts.push(state.N[i]!);
  if (counts.length <= k) return counts.length > 0 ? 1 : Infinity;
  counts.sort((a, b) => b - a);
  return Math.max(1, counts[k - 1]!);
}

export function treeFocus(replay: Replay, state: ReplayState, options: FocusOptions = {}): TreeFocus {
  const heavy = options.heavy ?? DEFAULTS.heavy;
  const cap = options.stepChildren ?? DEFAULTS.stepChildren;
  const topK = options.topK ?? DEFAULTS.topK;
  const n = replay.ids.length;
  const born = state.born;
  const drawn = new Uint8Array(n);
  const mark = (i: number) => {
    for (let v = i; v >= 0 && !drawn[v]; v = replay.parent[v]!) drawn[v] = 1;
  };
  mark(0);
  stepNodes(replay, state, cap).forEach(mark);
  const top = rankedAt(replay, state, topK);
  top.forEach(mark);
  for (const i of options.pinned ?? []) if (i >= 0 && i < born) mark(i);
  const threshold = visitThreshold(state, heavy);
  let heavyLeft = heavy;
  for (let i = 1; i < born && heavyLeft > 0; i++) {
    if (state.N[i]! >= threshold) {
      mark(i);
      heavyLeft--;
    }
  }
  if (options.opened && options.opened.size > 0) {
    // An opened bundle shows its parent's whole born subtree.
    const inOpened = new Uint8Array(n);
    for (let i = 0; i < born; i++) {
      const p = replay.parent[i]!;
      if (options.opened.has(i) || (p >= 0 && inOpened[p])) {
        inOpened[i] = 1;
        if (p >= 0) mark(i);
      }
    }
  }
  // Folded nodes count toward their nearest drawn ancestor (parents have lower tree indices).
  const bundle = new Int32Array(n);
  const owner = new Int32Array(n).fill(-1);
  for (let i = 1; i < born; i++) {
    if (drawn[i]) continue;
    const p = replay.parent[i]!;
    owner[i] = drawn[p] ? p : owner[p]!;
    if (owner[i]! >= 0) bundle[owner[i]!]! += 1;
  }
  const order: number[] = [];
  for (let i = 0; i < born; i++) if (drawn[i]) order.push(i);
  return { drawn, bundle, top, order };
}

export interface FocusLayout {
  /** x, y by tree index (NaN where not drawn). */
  positions: Float64Array;
  /** x, y of the bundle under a drawn node (NaN where it has none). */
  bundles: Float64Array;
}

/** Lays out the drawn tree and its bundles (a bundle is its owner's last child). */
export function layOutFocus(replay: Replay, focus: TreeFocus, options: TreeLayoutOptions = {}): FocusLayout {
  const n = replay.ids.length;
  const compact = new Map<number, number>();
  const parents: number[] = [];
  for (const i of focus.order) {
    compact.set(i, parents.length);
    const p = replay.parent[i]!;
    parents.push(p < 0 ? -1 : compact.get(p)!);
  }
  const bundleOf: [number, number][] = [];
  for (const i of focus.order) {
    if (focus.bundle[i]! > 0) {
      bundleOf.push([i, parents.length]);
      parents.push(compact.get(i)!);
    }
  }
  // Bundles after all drawn nodes keep the layout's rule (children after their parents) and come
  // last among their siblings.
  const layout = layeredTreeLayout(parents, options);
  const positions = new Float64Array(n * 2).fill(Number.NaN);
  for (const [i, c] of compact) {
    positions[i * 2] = layout.positions[c * 2]!;
    positions[i * 2 + 1] = layout.positions[c * 2 + 1]!;
  }
  const bundles = new Float64Array(n * 2).fill(Number.NaN);
  for (const [i, c] of bundleOf) {
    bundles[i * 2] = layout.positions[c * 2]!;
    bundles[i * 2 + 1] = layout.positions[c * 2 + 1]!;
  }
  return { positions, bundles };
}
