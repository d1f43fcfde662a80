/**
 * @file Puts a run's final search tree on the Cytoscape canvas for the player, once per run and
 * view: 'tree' = the layered search-tree layout from core (root on top, readable at 1,000+ nodes),
 * 'graph' = the tree overlaid on the code graph (stored edges among its nodes drawn faint, force
 * layout in the worker). Names and kinds come from the database; a trace opened on another graph
 * keeps only the nodes that exist here (labelled by id). Returns the PlayerView that renders states.
 * Runs in: the main thread.
 */
import type { Core, ElementDefinition } from 'cytoscape';
import type { Replay } from '../../core/search/mctsReplay.ts';
import { layeredTreeLayout } from './treeLayout.ts';
import type { RepoClient } from '../clients/repoClient.ts';
import { runForceLayout } from '../graph/layoutClient.ts';
import { stretchToAspect } from '../graph/layouts.ts';
import type { GraphNode } from '../../core/reads/graphSlices.ts';
import { PlayerView } from './playerView.ts';

export type PlayerViewKind = 'tree' | 'graph';

/** Most tree nodes drawn (the least visited beyond it are left out and announced). */
export const PLAYER_MAX_NODES = 6000;

export interface PlayerMount {
  elements: ElementDefinition[];
  names: Map<number, string>;
  /** Tree nodes left out by the cap or missing from this graph. */
  hidden: number;
  view: PlayerViewKind;
}

function label(node: GraphNode | undefined, id: number): string {
  return node ? node.shortName : `#${id}`;
}

/** Elements of the player's canvas for a replay (positions included). */
export async function playerElements(service: RepoClient | null, replay: Replay, view: PlayerViewKind, aspect: number): Promise<PlayerMount> {
  const count = Math.min(replay.ids.length, PLAYER_MAX_NODES);
  const ids = replay.ids.slice(0, count);
  const slice = service ? await service.readNodesAndEdges(ids) : { nodes: [], edges: [] };
  const known = new Map(slice.nodes.map((n) => [n.id, n]));
  const names = new Map(ids.map((id) => [id, label(known.get(id), id)]));
  let positions: Float64Array;
  if (view === 'tree') {
    positions = layeredTreeLayout(replay.parent.subarray(0, count)).positions;
  } else {
    const links: number[] = [];
    for (let i = 1; i < count; i++) links.push(replay.parent[i]!, i);
    const index = new Map(ids.map((id, i) => [id, i]));
    for (const e of slice.edges) {
      const a = index.get(e.src);
      const b = index.get(e.dst);
      if (a !== undefined && b !== undefined) links.push(a, b);
    }
    const initial = Array.from({ length: count }, (_, i) => {
      const angle = i * Math.PI * (3 - Math.sqrt(5));
      const r = 140 * replay.depth[i]!;
      return [r * Math.cos(angle), r * Math.sin(angle)];
    }).flat();
    positions = stretchToAspect(await runForceLayout({ count, links, initial, iterations: 260, linkDistance: 55, charge: -200, gravity: 0.1 }), aspect);
  }
  const elements: ElementDefinition[] = ids.map((id, i) => ({
    group: 'nodes',
    data: { id: `n${id}`, nodeId: id, kind: known.get(id)?.kind ?? 'Function', label: names.get(id), treeSize: 14, treeColor: '#888888', treeLabel: '' },
    position: { x: positions[i * 2]!, y: positions[i * 2 + 1]! },
  }));
  if (view === 'graph') {
    const inTree = new Set(ids);
    for (const e of slice.edges) {
      if (!inTree.has(e.src) || !inTree.has(e.dst)) continue;
      elements.push({ group: 'edges', classes: 'tree-faint', data: { id: `e${e.src}-${e.dst}-${e.type}`, source: `n${e.src}`, target: `n${e.dst}`, type: e.type, weight: e.weight } });
    }
  }
  const inner = new Set<number>();
  for (let i = 1; i < count; i++) inner.add(replay.parent[i]!);
  for (let i = 1; i < count; i++) {
    const parent = replay.ids[replay.parent[i]!]!;
    // Edges to leaves (never expanded) stay faint: in the tree view their grid already sits under the parent.
    const classes = inner.has(i) ? 'tree-edge' : 'tree-edge leaf-edge';
    elements.push({ group: 'edges', classes, data: { id: `t${parent}-${ids[i]}`, source: `n${parent}`, target: `n${ids[i]}`, type: 'TREE' } });
  }
  if (view === 'tree') {
    // The "+N" bundles of the folded tree: one under each node that has children, hidden until used.
    for (const i of inner) {
      if (i >= count) continue;
      const at = positions[i * 2 + 1]!;
      elements.push({ group: 'nodes', classes: 'player-bundle future', data: { id: `b${i}`, bundleOf: ids[i], treeLabel: '', count: 0 }, position: { x: positions[i * 2]!, y: at } });
      elements.push({ group: 'edges', classes: 'tree-edge bundle-edge future', data: { id: `tb${i}`, source: `n${ids[i]}`, target: `b${i}`, type: 'TREE' } });
    }
  }
  return { elements, names, hidden: replay.ids.length - count, view };
}

/** Replaces the canvas with the player's elements and returns the view that renders states (the search tree folded, see playerView.ts). */
export function mountPlayer(cy: Core, replay: Replay, mount: PlayerMount, withUct: boolean): PlayerView {
  cy.batch(() => {
    cy.elements().remove();
    cy.add(mount.elements);
  });
  return new PlayerView(cy, replay, mount.names, { withUct, folded: mount.view === 'tree', foldable: mount.view === 'tree' });
}
