/**
 * @file The ego view: every node within 1-3 hops of a centre (SIMILAR edges count as hops while
 * that toggle is on), small neighbourhoods on concentric rings by hop count (here), big ones by
 * a force layout in the layout worker that starts from those rings; the centre ringed and
 * selected, the cap announced. Holds the centre and the depth (the depth outlives the mode).
 * Runs in: the main thread.
 */
import type { GraphEdge, GraphNode } from '../../core/reads/graphSlices.ts';
import { MAX_VISIBLE_NODES } from '../../core/reads/graphSlices.ts';
import { edgeEnds, linkIndices, nodeKey, replaceDrawing } from './drawnGraph.ts';
import { egoLayout } from './layouts.ts';
import type { LayoutRunner, ViewHost } from './viewHost.ts';

/** Above this many nodes the ego view uses the force layout instead of concentric rings. */
export const EGO_RINGS_MAX_NODES = 150;

/** Start positions on rings by level (1 when unknown), spread along each ring by the golden angle. */
export function levelRings(nodes: readonly GraphNode[], levelOf: ReadonlyMap<number, number>, spacing: number): number[] {
  const perLevel = new Map<number, number>();
  return nodes.flatMap((n) => {
    const level = levelOf.get(n.id) ?? 1;
    const k = perLevel.get(level) ?? 0;
    perLevel.set(level, k + 1);
    const angle = k * Math.PI * (3 - Math.sqrt(5));
    return [level * spacing * Math.cos(angle), level * spacing * Math.sin(angle)];
  });
}

function layOutEgo(layouts: LayoutRunner, nodes: GraphNode[], edges: GraphEdge[], distance: ReadonlyMap<number, number>): Promise<Float64Array> {
  const links = linkIndices(nodes.map((n) => n.id), edgeEnds(edges));
  const initial = levelRings(nodes, distance, 160);
  return layouts.force({ count: nodes.length, links, initial, iterations: 220, linkDistance: 60, charge: -180, gravity: 0.12 });
}

export class EgoView {
  private centerId: number | null = null;
  private egoDepth = 1;

  constructor(private readonly host: ViewHost) {}

  /** The centre while the ego view is drawn (null otherwise). */
  get center(): number | null {
    return this.centerId;
  }

  get depth(): number {
    return this.egoDepth;
  }

  /** Another mode is drawn: no centre. */
  leave(): void {
    this.centerId = null;
  }

  async show(centerId: number, depth: number): Promise<void> {
    const { host } = this;
    const { cy } = host;
    const generation = host.begin();
    await host.run(async () => {
      const slice = await host.service.readEgo(centerId, depth, MAX_VISIBLE_NODES, host.showSimilar());
      if (!host.isCurrent(generation)) return;
      const started = performance.now();
      // Small neighbourhoods read best as rings by hop count; big ones as a force layout
      // (in the worker) that starts from those rings, so hops still read from the centre out.
      const positions = slice.nodes.length > EGO_RINGS_MAX_NODES ? await layOutEgo(host.layouts, slice.nodes, slice.edges, slice.distance) : undefined;
      if (!host.isCurrent(generation)) return;
      host.enter('ego');
      this.centerId = centerId;
      this.egoDepth = depth;
      replaceDrawing(cy, slice.nodes, slice.edges, positions);
      cy.getElementById(nodeKey(centerId)).addClass('center');
      if (positions) host.camera.fitCalmly();
      else {
        cy.layout(egoLayout(slice.distance, depth)).run();
        host.camera.capZoom();
      }
      await host.syncSimilar(generation);
      host.report(started);
      host.select(centerId, false);
      host.callbacks.onNotice(
        slice.hidden > 0
          ? `Neighbourhood capped at ${MAX_VISIBLE_NODES.toLocaleString()} nodes; ${slice.hidden.toLocaleString()} more within ${depth} hop${depth > 1 ? 's' : ''} are not shown.`
          : null,
      );
    });
  }

  /** Sets the depth; the ego view, when drawn, is loaded again at it. */
  async setDepth(depth: number): Promise<void> {
    this.egoDepth = depth;
    if (this.host.mode() === 'ego' && this.centerId !== null) await this.show(this.centerId, depth);
  }

  /** Loads the drawn ego view again (its neighbourhood changes with the SIMILAR toggle); null when none is drawn. */
  reload(): Promise<void> | null {
    return this.host.mode() === 'ego' && this.centerId !== null ? this.show(this.centerId, this.egoDepth) : null;
  }
}
