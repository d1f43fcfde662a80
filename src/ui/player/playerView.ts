/**
 * @file Applies a replay state (src/core/search/mctsReplay.ts) to the drawn search tree, in one of
 * two ways (docs/architecture.md, "The player"):
 * - folded (the search tree's default): focus and context (core treeFocus.ts). The current step,
 *   the top-10, the most visited nodes and their ancestors are drawn, large and labelled, laid out
 *   anew at each step; every other node born by then is folded into a "+N" bundle under its
 *   nearest drawn ancestor, which opens on click (openBundle).
 * - unfolded (the code-graph view, or "Unfold all"): every node born by then at the positions
 *   made once at mount; labels only on the current step, the top-10 and the root.
 * Labels are placed so that none is drawn over another (labelPlacement.ts, with boxes from text
 * metrics calibrated on the canvas's rendered labels, labelMetrics.ts); the pairs whose rendered
 * boxes still intersect are read from the canvas after a frame (measureLabels, 0 expected).
 * Only what changed since the last render is touched (data, classes, positions).
 * Runs in: the main thread.
 */
import type { Core, EdgeSingular, NodeSingular } from 'cytoscape';
import { rankedAt, stateAt, uctParts } from '../../core/search/mctsReplay.ts';
import type { Replay, ReplayState } from '../../core/search/mctsReplay.ts';
import { layOutFocus, treeFocus } from './treeFocus.ts';
import { rewardColor, visitSize } from '../data/searchTree.ts';
import { countOverlaps, labelTexts, placeLabels } from '../graph/labelPlacement.ts';
import type { Box, Obstacle } from '../graph/labelPlacement.ts';
import { LabelMetrics, renderedLabelBox } from '../graph/labelMetrics.ts';
import { BUNDLE_HEIGHT, BUNDLE_WIDTH } from './playerStyle.ts';

export const PLAYER_TOP_K = 10;

/** Class bits per node (one string per bit, in this order). */
const CLASSES = ['future', 'on-path', 'expanding', 'simulated', 'backprop', 'topk', 'promising', 'exhausted', 'step'] as const;
const EDGE_CLASSES = ['future', 'on-path', 'expanding', 'backprop'] as const;
const ON_PATH = 1 << 1;
/** Colour steps of the mean-reward scale (looked up, not interpolated per node and step). */
const COLOR_LEVELS = 64;
/** Nodes of the current step are drawn at least this large (folded view). */
const STEP_NODE_SIZE = 26;
/** Spacing of the folded tree: room for a label of about 16 characters under each node. */
const FOLDED_LAYOUT = { dx: 150, dy: 120, leafDy: 62, innerDx: 150, aspect: 2.2 };

function bitsToClasses(bits: number, names: readonly string[]): string {
  return names.filter((_, b) => bits & (1 << b)).join(' ');
}

export interface PlayerRenderInfo {
  /** Tree nodes present at the scrubbed moment (born), drawn or folded. */
  visible: number;
  /** Tree nodes drawn (not folded). */
  drawn: number;
  /** Top of the colour scale (mean reward) and the most visits (the root's), for the legend. */
  colorMax: number;
  maxN: number;
  /** Labels placed (their overlaps are read from the canvas after a frame: measureLabels). */
  labels: number;
  /** Graph ids of the current step (the camera follows them). */
  focus: number[];
}

export interface PlayerViewOptions {
  /** Folded (focus and context) or every born node at its mount position. */
  folded: boolean;
  /** Whether folding applies at all (the layered search tree); default: `folded`. */
  foldable?: boolean;
  withUct: boolean;
}

export class PlayerView {
  private readonly nodes: (NodeSingular | null)[];
  private readonly edges: (EdgeSingular | null)[];
  private readonly bundles: (NodeSingular | null)[];
  private readonly bundleEdges: (EdgeSingular | null)[];
  private readonly nodeBits: Int32Array;
  private readonly edgeBits: Int32Array;
  private readonly bundleCount: Int32Array;
  private readonly size: Float64Array;
  private readonly color: string[];
  private readonly label: string[];
  private readonly leaf: boolean[];
  /** Positions made at mount (unfolded) and the ones set last (folded). */
  private readonly home: Float64Array;
  private readonly at: Float64Array;
  private readonly bundleAt: Float64Array;
  /** Scales fixed for the run (its final state), so a step restyles only the nodes it changed. */
  private readonly maxN: number;
  private readonly colorMax: number;
  private readonly maxMean: number;
  private readonly colors: string[];
  /** Label boxes of node texts (text metrics calibrated on the canvas). */
  private readonly metrics = new LabelMetrics();
  /** Tree indices whose bundle was opened (folded view). */
  private readonly opened = new Set<number>();
  private folded: boolean;
  private last: ReplayState | null = null;
  private pinned: number[] = [];

  constructor(
    private readonly cy: Core,
    private readonly replay: Replay,
    private readonly names: ReadonlyMap<number, string>,
    private readonly options: PlayerViewOptions,
  ) {
    const n = replay.ids.length;
    this.folded = options.folded;
    this.nodes = replay.ids.map((id) => {
      const node = cy.getElementById(`n${id}`);
      return node.nonempty() ? (node as NodeSingular) : null;
    });
    this.leaf = replay.children.map((c) => c.length === 0);
    this.edges = replay.ids.map((id, i) => {
      const p = replay.parent[i]!;
      if (p < 0) return null;
      const edge = cy.getElementById(`t${replay.ids[p]}-${id}`);
      return edge.nonempty() ? (edge as EdgeSingular) : null;
    });
    this.bundles = replay.ids.map((_, i) => {
      const node = cy.getElementById(`b${i}`);
      return node.nonempty() ? (node as NodeSingular) : null;
    });
    this.bundleEdges = replay.ids.map((_, i) => {
      const edge = cy.getElementById(`tb${i}`);
      return edge.nonempty() ? (edge as EdgeSingular) : null;
    });
    this.nodeBits = new Int32Array(n).fill(-1);
    this.edgeBits = new Int32Array(n).fill(-1);
    this.bundleCount = new Int32Array(n).fill(-1);
    this.size = new Float64Array(n).fill(-1);
    this.color = new Array<string>(n).fill('');
    this.label = new Array<string>(n).fill('\u0000');
    this.home = new Float64Array(n * 2);
    this.nodes.forEach((node, i) => {
      const p = node?.position();
      this.home[i * 2] = p?.x ?? 0;
      this.home[i * 2 + 1] = p?.y ?? 0;
    });
    this.at = this.home.slice();
    this.bundleAt = new Float64Array(n * 2).fill(Number.NaN);
    const end = stateAt(replay, replay.trace.events.length);
    this.maxN = Math.max(1, end.N[0]!);
    let maxMean = 0;
    for (let i = 1; i < end.born; i++) if (end.N[i]! > 0) maxMean = Math.max(maxMean, end.R[i]! / end.N[i]!);
    this.maxMean = maxMean;
    this.colorMax = Math.min(10, Math.max(1, Math.ceil(maxMean)));
    this.colors = Array.from({ length: COLOR_LEVELS + 1 }, (_, level) => rewardColor((level / COLOR_LEVELS) * this.colorMax, this.colorMax));
    cy.batch(() => {
      for (const node of this.nodes) node?.addClass('tree-node player-node');
      for (const edge of this.edges) edge?.addClass('player-edge');
      for (const bundle of this.bundles) bundle?.addClass('future');
      for (const edge of this.bundleEdges) edge?.addClass('future');
    });
    // Label metrics for both label weights, before anything is drawn (see labelMetrics.ts).
    const root = this.nodes[0];
    if (root) {
      this.metrics.calibrate(root);
      root.addClass('on-path');
      this.metrics.calibrate(root);
      root.removeClass('on-path');
    }
  }

  /**
   * Label pairs whose rendered boxes intersect, and the labels drawn, read from the canvas. Call
   * after a frame has drawn the last render (reading boxes earlier races the WebGL renderer).
   */
  measureLabels(): { overlaps: number; labels: number } {
    const boxes: Box[] = [];
    for (let i = 0; i < this.nodes.length; i++) {
      const node = this.nodes[i];
      if (node && this.label[i] && !(this.nodeBits[i]! & 1)) {
        const box = renderedLabelBox(node);
        if (box) boxes.push(box);
      }
      const bundle = this.bundles[i];
      if (bundle && this.bundleCount[i]! > 0 && bundle.data('treeLabel')) {
        const box = renderedLabelBox(bundle);
        if (box) boxes.push(box);
      }
    }
    return { overlaps: countOverlaps(boxes), labels: boxes.length };
  }

  get isFolded(): boolean {
    return this.folded;
  }

  /** Only the search tree folds (the code-graph view keeps its force layout). */
  get foldable(): boolean {
    return this.options.foldable ?? this.options.folded;
  }

  /** Folded (focus and context) or every node at its mount position; re-renders the last state. */
  setFolded(folded: boolean): PlayerRenderInfo | null {
    if (folded === this.folded) return null;
    this.folded = folded;
    this.opened.clear();
    return this.last ? this.render(this.last) : null;
  }

  /** Opens the bundle under a drawn node (a tree index): its whole born subtree is drawn. */
  openBundle(treeIndex: number): PlayerRenderInfo | null {
    this.opened.add(treeIndex);
    return this.last ? this.render(this.last) : null;
  }

  /** Graph ids always drawn (the selection, the known answer). */
  setPinned(ids: readonly number[]): void {
    this.pinned = ids.map((id) => this.replay.indexOf.get(id)).filter((i): i is number => i !== undefined);
  }

  /** The tree index a bundle node stands under (null: not a bundle of this view). */
  bundleOwner(elementId: string): number | null {
    const m = /^b(\d+)$/.exec(elementId);
    return m ? Number(m[1]) : null;
  }

  render(state: ReplayState): PlayerRenderInfo {
    this.last = state;
    const { replay } = this;
    const n = replay.ids.length;
    const born = state.born;
    const { maxN, colorMax, maxMean } = this;
    const focus = this.folded ? treeFocus(replay, state, { topK: PLAYER_TOP_K, opened: this.opened, pinned: this.pinned }) : null;
    const layout = focus ? layOutFocus(replay, focus, FOLDED_LAYOUT) : null;
    const top = focus?.top ?? rankedAt(replay, state, PLAYER_TOP_K);
    const topSet = new Set(top);
    const { phaseBits, edgePhase, labels, stepOrder } = this.phaseMarks(state);
    const drawn = (i: number) => (focus ? focus.drawn[i] === 1 : i < born);

    this.cy.batch(() => {
      for (let i = 0; i < n; i++) {
        const node = this.nodes[i];
        const present = drawn(i);
        let bits: number;
        if (!present) bits = 1;
        else {
          const N = state.N[i]!;
          const mean = N > 0 ? state.R[i]! / N : 0;
          bits = phaseBits[i]!;
          if (topSet.has(i)) bits |= 1 << 5;
          else if (i > 0 && N > 0 && N <= 2 && maxMean > 0 && mean >= 0.8 * maxMean) bits |= 1 << 6;
          if (state.exhausted[i]) bits |= 1 << 7;
          if (node) {
            let size = visitSize(N, maxN);
            if (focus && bits & 0b11110) size = Math.max(size, STEP_NODE_SIZE);
            const color = this.colors[Math.round(Math.min(1, mean / colorMax) * COLOR_LEVELS)]!;
            if (size !== this.size[i] || color !== this.color[i]) {
              node.data({ treeSize: size, treeColor: color });
              this.size[i] = size;
              this.color[i] = color;
            }
            const x = layout ? layout.positions[i * 2]! : this.home[i * 2]!;
            const y = layout ? layout.positions[i * 2 + 1]! : this.home[i * 2 + 1]!;
            if (x !== this.at[i * 2] || y !== this.at[i * 2 + 1]) {
              node.position({ x, y });
              this.at[i * 2] = x;
              this.at[i * 2 + 1] = y;
            }
          }
        }
        if (node && bits !== this.nodeBits[i]) {
          node.classes(`tree-node player-node${i === 0 ? ' tree-root' : ''} ${bitsToClasses(bits, CLASSES)}`);
          this.nodeBits[i] = bits;
        }
        const edge = this.edges[i];
        const eBits = present ? edgePhase[i]! : 1;
        if (edge && eBits !== this.edgeBits[i]) {
          edge.classes(`tree-edge player-edge${this.leaf[i] ? ' leaf-edge' : ''} ${bitsToClasses(eBits, EDGE_CLASSES)}`);
          this.edgeBits[i] = eBits;
        }
        this.renderBundle(i, focus && present ? focus.bundle[i]! : 0, layout);
      }
    });

    // Labels in order of importance: the step, the top-10, the root, the bundles, then the rest drawn.
    const order: number[] = [...stepOrder];
    for (const i of top) order.push(i);
    order.push(0);
    if (focus) for (const i of focus.order) order.push(i);
    const seen = new Set<number>();
    const candidates: { key: number; texts: string[] }[] = [];
    const bundleKey = (i: number) => -1 - i;
    for (const i of order) {
      if (seen.has(i) || !drawn(i) || !this.nodes[i]) continue;
      seen.add(i);
      candidates.push({ key: i, texts: labelTexts(labels.get(i) ?? this.name(i), 12) });
      if (focus && focus.bundle[i]! > 0 && this.bundles[i]) candidates.push({ key: bundleKey(i), texts: [`+${focus.bundle[i]}`] });
    }
    const chosen = placeLabels(candidates, (key, text) => this.measure(key, text), { obstacles: focus ? this.bodies(focus.order) : [] });
    this.cy.batch(() => {
      for (let i = 0; i < n; i++) {
        const text = drawn(i) ? (chosen.get(i) ?? '') : '';
        if (this.nodes[i] && text !== this.label[i]) {
          this.nodes[i]!.data('treeLabel', text);
          this.label[i] = text;
        }
        const bundle = this.bundles[i];
        if (bundle && this.bundleCount[i]! > 0) {
          const want = chosen.get(bundleKey(i)) ?? '';
          if (bundle.data('treeLabel') !== want) bundle.data('treeLabel', want);
        }
      }
    });
    const focusIds = (stepOrder.length > 0 ? stepOrder : [0]).map((i) => replay.ids[i]!);
    let placed = 0;
    for (const text of chosen.values()) if (text !== '') placed++;
    return { visible: born, drawn: focus ? focus.order.length : born, colorMax, maxN, labels: placed, focus: focusIds };
  }

  private name(i: number): string {
    return this.names.get(this.replay.ids[i]!) ?? `#${this.replay.ids[i]}`;
  }

  /** Phase classes, phase labels (name + the step's number) and the step's nodes, most important first. */
  private phaseMarks(state: ReplayState): { phaseBits: Int32Array; edgePhase: Int32Array; labels: Map<number, string>; stepOrder: number[] } {
    const { replay } = this;
    const n = replay.ids.length;
    const labels = new Map<number, string>();
    const phaseBits = new Int32Array(n);
    const edgePhase = new Int32Array(n);
    const stepOrder: number[] = [];
    const event = state.event;
    const at = (id: number) => {
      const i = replay.indexOf.get(id);
      return i !== undefined && i < state.born ? i : undefined;
    };
    const name = (i: number) => this.name(i);
    if (event?.phase === 'select') {
      // The descent saw the state before this select's exhausted marks; N and R are the same.
      event.path.forEach((id, step) => {
        const i = at(id);
        if (i === undefined) return;
        phaseBits[i]! |= ON_PATH;
        if (step > 0) edgePhase[i]! |= ON_PATH;
        const uct = step > 0 && this.options.withUct ? uctParts(replay, state, i) : null;
        labels.set(i, uct ? `${name(i)}\nUCT ${uct.value.toFixed(2)} = ${uct.exploit.toFixed(2)} + ${uct.explore.toFixed(2)}` : name(i));
      });
      // The deepest step first: it is what the iteration is about.
      for (let s = event.path.length - 1; s >= 0; s--) {
        const i = at(event.path[s]!);
        if (i !== undefined) stepOrder.push(i);
      }
      const expandAt = event.expandAt === null ? undefined : at(event.expandAt);
      if (expandAt !== undefined) {
        labels.set(expandAt, `${name(expandAt)}\n→ expand`);
        stepOrder.unshift(expandAt);
      }
    } else if (event?.phase === 'expand') {
      const parent = at(event.at);
      if (parent !== undefined) {
        phaseBits[parent]! |= 1 << 2;
        labels.set(parent, `${name(parent)}\nk = ${event.k}`);
        stepOrder.push(parent);
      }
      event.children.forEach((c, rank) => {
        const i = at(c.id);
        if (i === undefined) return;
        phaseBits[i]! |= 1 << 2;
        edgePhase[i]! |= 1 << 2;
        labels.set(i, `${rank + 1}. ${name(i)}\nsim ${c.sim.toFixed(3)}`);
        stepOrder.push(i);
      });
    } else if (event?.phase === 'simulate') {
      const rewards = [...event.rewards].sort((a, b) => b.reward - a.reward);
      for (const r of rewards) {
        const i = at(r.id);
        if (i === undefined) continue;
        phaseBits[i]! |= 1 << 3;
        labels.set(i, `${name(i)}\nreward ${r.reward.toFixed(2)}`);
        stepOrder.push(i);
      }
    } else if (event?.phase === 'backprop') {
      for (const b of event.nodes) {
        const i = at(b.id);
        if (i === undefined) continue;
        phaseBits[i]! |= 1 << 4;
        edgePhase[i]! |= 1 << 3;
        labels.set(i, `${name(i)}\nN ${b.N} · R/N ${(b.R / Math.max(1, b.N)).toFixed(2)}`);
      }
      // The path (expanded node up to the root) before the children.
      const nodes = event.nodes.map((b) => at(b.id)).filter((i): i is number => i !== undefined);
      const expanded = nodes.length > 0 ? replay.parent[nodes[0]!]! : -1;
      stepOrder.push(...nodes.filter((i) => replay.parent[i] !== expanded || i === expanded), ...nodes.filter((i) => replay.parent[i] === expanded && i !== expanded));
    }
    for (const i of stepOrder) phaseBits[i]! |= 1 << 8;
    return { phaseBits, edgePhase, labels, stepOrder };
  }

  private renderBundle(i: number, count: number, layout: { bundles: Float64Array } | null): void {
    const bundle = this.bundles[i];
    if (!bundle) return;
    if (count !== this.bundleCount[i]) {
      const shown = count > 0;
      if (shown !== this.bundleCount[i]! > 0) {
        bundle.classes(shown ? 'player-bundle' : 'player-bundle future');
        this.bundleEdges[i]?.classes(shown ? 'tree-edge bundle-edge' : 'tree-edge bundle-edge future');
      }
      if (shown) bundle.data({ treeLabel: `+${count}`, count });
      this.bundleCount[i] = count;
    }
    if (count > 0 && layout) {
      const x = layout.bundles[i * 2]!;
      const y = layout.bundles[i * 2 + 1]!;
      if (x !== this.bundleAt[i * 2] || y !== this.bundleAt[i * 2 + 1]) {
        bundle.position({ x, y });
        this.bundleAt[i * 2] = x;
        this.bundleAt[i * 2 + 1] = y;
      }
    }
  }

  /** Node bodies of the drawn nodes and their bundles: labels must not cover them (a node's own label may touch it). */
  private bodies(order: readonly number[]): Obstacle<number>[] {
    const boxes: Obstacle<number>[] = [];
    for (const i of order) {
      const r = Math.max(1, this.size[i]!) / 2;
      const x = this.at[i * 2]!;
      const y = this.at[i * 2 + 1]!;
      boxes.push({ x1: x - r, y1: y - r, x2: x + r, y2: y + r, owner: i });
      const bx = this.bundleAt[i * 2]!;
      if (this.bundleCount[i]! > 0 && Number.isFinite(bx)) {
        const by = this.bundleAt[i * 2 + 1]!;
        boxes.push({ x1: bx - BUNDLE_WIDTH / 2, y1: by - BUNDLE_HEIGHT / 2, x2: bx + BUNDLE_WIDTH / 2, y2: by + BUNDLE_HEIGHT / 2, owner: -1 - i });
      }
    }
    return boxes;
  }

  /** The label box a text would have (key < 0: the bundle of tree index -1 - key), from text metrics; nothing is restyled. */
  private measure(key: number, text: string): Box | null {
    if (text === '') return null;
    const bundle = key < 0;
    const i = bundle ? -1 - key : key;
    const element = bundle ? this.bundles[i] : this.nodes[i];
    if (!element) return null;
    // A bundle's label sits inside its box.
    const rel: Box | null = bundle ? { x1: -BUNDLE_WIDTH / 2, y1: -BUNDLE_HEIGHT / 2, x2: BUNDLE_WIDTH / 2, y2: BUNDLE_HEIGHT / 2 } : this.metrics.relativeBox(element, text);
    if (!rel) return null;
    const x = bundle ? this.bundleAt[i * 2]! : this.at[i * 2]!;
    const y = bundle ? this.bundleAt[i * 2 + 1]! : this.at[i * 2 + 1]!;
    return { x1: x + rel.x1, y1: y + rel.y1, x2: x + rel.x2, y2: y + rel.y2 };
  }
}
