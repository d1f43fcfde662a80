/**
 * @file The explorer's drawn code graph, shared by its views: element ids and definitions for
 * graph nodes and stored edges, what is drawn (a node, the visible ids), replacing the drawing
 * with a slice, the link index pairs a force layout takes, and the force re-layout of everything
 * drawn (starting from where the nodes are).
 * Runs in: the main thread.
 */
import type { Core, ElementDefinition, NodeCollection } from 'cytoscape';
import { stretchToAspect } from './layouts.ts';
import type { GraphEdge, GraphNode } from '../../core/reads/graphSlices.ts';
import type { ViewHost } from './viewHost.ts';

export const nodeKey = (id: number) => `n${id}`;
export const edgeKey = (e: GraphEdge) => `e${e.src}-${e.dst}-${e.type}`;

export function nodeElement(node: GraphNode): ElementDefinition {
  return {
    group: 'nodes',
    data: {
      id: nodeKey(node.id),
      nodeId: node.id,
      kind: node.kind,
      label: node.shortName,
      children: node.children,
    },
  };
}

export function edgeElement(edge: GraphEdge): ElementDefinition {
  return {
    group: 'edges',
    data: { id: edgeKey(edge), source: nodeKey(edge.src), target: nodeKey(edge.dst), type: edge.type, weight: edge.weight },
  };
}

export function hasNode(cy: Core, id: number): boolean {
  return cy.getElementById(nodeKey(id)).nonempty();
}

/** The graph ids of the drawn nodes (packages have none). */
export function visibleIds(cy: Core): Set<number> {
  return new Set(cy.nodes('[nodeId]').map((n) => Number(n.data('nodeId'))));
}

/** Replaces the drawing with a slice (edges whose two ends are in it), at `positions` when given. */
export function replaceDrawing(cy: Core, nodes: GraphNode[], edges: GraphEdge[], positions?: Float64Array): void {
  const ids = new Set(nodes.map((n) => n.id));
  cy.batch(() => {
    cy.elements().remove();
    cy.add(nodes.map((n, i) => (positions ? { ...nodeElement(n), position: { x: positions[i * 2]!, y: positions[i * 2 + 1]! } } : nodeElement(n))));
    cy.add(edges.filter((e) => ids.has(e.src) && ids.has(e.dst)).map(edgeElement));
  });
}

/** Index pairs (a0, b0, a1, b1, ...) of the links whose two ends are both among `ids`. */
export function linkIndices(ids: readonly number[], links: Iterable<readonly [number, number]>): number[] {
  const index = new Map(ids.map((id, i) => [id, i]));
  const pairs: number[] = [];
  for (const [src, dst] of links) {
    const a = index.get(src);
    const b = index.get(dst);
    if (a !== undefined && b !== undefined) pairs.push(a, b);
  }
  return pairs;
}

export const edgeEnds = (edges: GraphEdge[]) => edges.map((e): [number, number] => [e.src, e.dst]);

/**
 * Force layout (layout worker) of every drawn leaf node, starting from where it is, stretched to
 * the canvas and fitted calmly. False when a newer load made it stale (nothing moved).
 */
export async function relayoutDrawn(host: ViewHost, generation: number): Promise<boolean> {
  const { cy } = host;
  const nodes = cy.nodes().filter((n) => !n.isParent()) as NodeCollection;
  const index = new Map(nodes.map((n, i) => [n.id(), i]));
  const links: number[] = [];
  for (const edge of cy.edges()) {
    const a = index.get(edge.source().id());
    const b = index.get(edge.target().id());
    if (a !== undefined && b !== undefined) links.push(a, b);
  }
  const initial = nodes.map((n) => [n.position('x'), n.position('y')]).flat();
  const laidOut = await host.layouts.force({ count: nodes.length, links, initial, iterations: 200, linkDistance: 80, charge: -420, gravity: 0.08 });
  const positions = stretchToAspect(laidOut, cy.width() / Math.max(1, cy.height()));
  if (!host.isCurrent(generation)) return false;
  cy.batch(() => nodes.forEach((n, i) => void n.position({ x: positions[i * 2]!, y: positions[i * 2 + 1]! })));
  host.camera.fitCalmly();
  return true;
}
