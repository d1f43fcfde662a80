/**
 * @file Applies a replay state (src/core/search/mctsReplay.ts) to the drawn search tree: one pass
 * over the tree nodes present at the scrubbed moment, and only what changed since the last render
 * is touched (data and classes), inside one cy.batch. Positions never change here: the layout was
 * made once for the final tree. Encoding per phase: see playerStyle.ts; labels only on the
 * selection path (with the UCT that won and its two terms), the current expansion (with the
 * bi-encoder similarity), the simulated children (with their reward) and the top-K.
 * Runs in: the main thread.
 */
import type { Core, EdgeSingular, NodeSingular } from 'cytoscape';
import { rankedAt, stateAt, uctParts } from '../../core/search/mctsReplay.ts';
import type { Replay, ReplayState } from '../../core/search/mctsReplay.ts';
import { rewardColor, visitSize } from '../data/searchTree.ts';

export const PLAYER_TOP_K = 10;

/** Class bits per node (one string per bit, in this order). */
const CLASSES = ['future', 'on-path', 'expanding', 'simulated', 'backprop', 'topk', 'promising', 'exhausted'] as const;
const EDGE_CLASSES = ['future', 'on-path', 'expanding', 'backprop'] as const;
/** Colour steps of the mean-reward scale (looked up, not interpolated per node and step). */
const COLOR_LEVELS = 64;

function bitsToClasses(bits: number, names: readonly string[]): string {
  return names.filter((_, b) => bits & (1 << b)).join(' ');
}

export interface PlayerRenderInfo {
  /** Tree nodes present at the scrubbed moment. */
  visible: number;
  /** Top of the colour scale (mean reward) and the most visits (the root's), for the legend. */
  colorMax: number;
  maxN: number;
}

export class PlayerView {
  private readonly nodes: (NodeSingular | null)[];
  private readonly edges: (EdgeSingular | null)[];
  private readonly nodeBits: Int32Array;
  private readonly edgeBits: Int32Array;
  private readonly size: Float64Array;
  private readonly color: string[];
  private readonly label: string[];
  private readonly leaf: boolean[];
  /** Scales fixed for the run (its final state), so a step restyles only the nodes it changed. */
  private readonly maxN: number;
  private readonly colorMax: number;
  private readonly maxMean: number;
  private readonly colors: string[];

  constructor(
    private readonly cy: Core,
    private readonly replay: Replay,
    private readonly names: ReadonlyMap<number, string>,
    private readonly withUct: boolean,
  ) {
    const n = replay.ids.length;
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
    this.nodeBits = new Int32Array(n).fill(-1);
    this.edgeBits = new Int32Array(n).fill(-1);
    this.size = new Float64Array(n).fill(-1);
    this.color = new Array<string>(n).fill('');
    this.label = new Array<string>(n).fill('\u0000');
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
    });
  }

  render(state: ReplayState): PlayerRenderInfo {
    const { replay } = this;
    const n = replay.ids.length;
    const born = state.born;
    const { maxN, colorMax, maxMean } = this;
    const top = new Set(rankedAt(replay, state, PLAYER_TOP_K));
    const labels = new Map<number, string>();
    const phaseBits = new Int32Array(n);
    const edgePhase = new Int32Array(n);
    const event = state.event;
    const at = (id: number) => replay.indexOf.get(id);
    const name = (i: number) => this.names.get(replay.ids[i]!) ?? `#${replay.ids[i]}`;
    if (event?.phase === 'select') {
      // The descent saw the state before this select's exhausted marks; N and R are the same.
      event.path.forEach((id, step) => {
        const i = at(id);
        if (i === undefined) return;
        phaseBits[i]! |= 1 << 1;
        if (step > 0) edgePhase[i]! |= 1 << 1;
        const uct = step > 0 && this.withUct ? uctParts(replay, state, i) : null;
        labels.set(i, uct ? `${name(i)}\nUCT ${uct.value.toFixed(2)} = ${uct.exploit.toFixed(2)} + ${uct.explore.toFixed(2)}` : name(i));
      });
      if (event.expandAt !== null && at(event.expandAt) !== undefined) labels.set(at(event.expandAt)!, `${name(at(event.expandAt)!)}\n→ expand`);
    } else if (event?.phase === 'expand') {
      const parent = at(event.at);
      if (parent !== undefined) {
        phaseBits[parent]! |= 1 << 2;
        labels.set(parent, `${name(parent)}\nk = ${event.k}`);
      }
      event.children.forEach((c, rank) => {
        const i = at(c.id);
        if (i === undefined) return;
        phaseBits[i]! |= 1 << 2;
        edgePhase[i]! |= 1 << 2;
        labels.set(i, `${rank + 1}. ${name(i)}\nsim ${c.sim.toFixed(3)}`);
      });
    } else if (event?.phase === 'simulate') {
      for (const r of event.rewards) {
        const i = at(r.id);
        if (i === undefined) continue;
        phaseBits[i]! |= 1 << 3;
        labels.set(i, `${name(i)}\nreward ${r.reward.toFixed(2)}`);
      }
    } else if (event?.phase === 'backprop') {
      for (const b of event.nodes) {
        const i = at(b.id);
        if (i === undefined) continue;
        phaseBits[i]! |= 1 << 4;
        edgePhase[i]! |= 1 << 3;
        labels.set(i, `${name(i)}\nN ${b.N} · R/N ${(b.R / Math.max(1, b.N)).toFixed(2)}`);
      }
    }
    for (const i of top) if (!labels.has(i)) labels.set(i, name(i));
    if (!labels.has(0)) labels.set(0, name(0));

    this.cy.batch(() => {
      for (let i = 0; i < n; i++) {
        const node = this.nodes[i];
        const present = i < born;
        let bits: number;
        if (!present) bits = 1;
        else {
          const N = state.N[i]!;
          const mean = N > 0 ? state.R[i]! / N : 0;
          bits = phaseBits[i]!;
          if (top.has(i)) bits |= 1 << 5;
          else if (i > 0 && N > 0 && N <= 2 && maxMean > 0 && mean >= 0.8 * maxMean) bits |= 1 << 6;
          if (state.exhausted[i]) bits |= 1 << 7;
          if (node) {
            const size = visitSize(N, maxN);
            const color = this.colors[Math.round(Math.min(1, mean / colorMax) * COLOR_LEVELS)]!;
            const label = labels.get(i) ?? '';
            if (size !== this.size[i] || color !== this.color[i] || label !== this.label[i]) {
              node.data({ treeSize: size, treeColor: color, treeLabel: label });
              this.size[i] = size;
              this.color[i] = color;
              this.label[i] = label;
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
      }
    });
    return { visible: born, colorMax, maxN };
  }
}
