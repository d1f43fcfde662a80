/**
 * @file A Path 1 answer on the canvas: the answer's nodes and the stored edges among them, laid
 * out by force (layout worker) stretched to the canvas, every row's node ringed (tree-hit), the
 * camera fitted calmly; an answer that names no drawn node is announced.
 * Runs in: the main thread.
 */
import type { GraphEdge, GraphNode } from '../../core/reads/graphSlices.ts';
import { MAX_VISIBLE_NODES } from '../../core/reads/graphSlices.ts';
import { edgeEnds, linkIndices, replaceDrawing } from './drawnGraph.ts';
import { stretchToAspect } from './layouts.ts';
import type { LayoutRunner, ViewHost } from './viewHost.ts';

/** Force-layout positions for a slice, computed by `layouts` (the layout worker in the app). */
function layOut(layouts: LayoutRunner, nodes: GraphNode[], edges: GraphEdge[]): Promise<Float64Array> {
  const links = linkIndices(nodes.map((n) => n.id), edgeEnds(edges));
  return layouts.force({ count: nodes.length, links, linkDistance: 95, charge: -600, gravity: 0.09 });
}

export class AnswerView {
  constructor(private readonly host: ViewHost) {}

  /** Path 1: the answer's nodes (the first MAX_VISIBLE_NODES) and the stored edges among them, ringed. */
  async show(ids: readonly number[]): Promise<void> {
    const { host } = this;
    const { cy } = host;
    const generation = host.begin();
    await host.run(async () => {
      const slice = await host.service.readNodesAndEdges(ids.slice(0, MAX_VISIBLE_NODES));
      if (!host.isCurrent(generation)) return;
      const started = performance.now();
      const positions = slice.nodes.length > 0 ? stretchToAspect(await layOut(host.layouts, slice.nodes, slice.edges), cy.width() / Math.max(1, cy.height())) : undefined;
      if (!host.isCurrent(generation)) return;
      host.enter('answer');
      replaceDrawing(cy, slice.nodes, slice.edges, positions);
      cy.nodes().addClass('tree-hit');
      host.camera.fitCalmly();
      host.report(started);
      host.callbacks.onNotice(slice.nodes.length === 0 ? 'The answer names no graph nodes.' : null);
    });
  }
}
