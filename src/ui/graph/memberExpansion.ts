/**
 * @file Expand / collapse of modules and classes in whatever view is drawn: a double-click (or
 * Enter) loads a node's members and places them on rings around it (inside its open package in
 * the overview), adds the stored edges among what is drawn, and a second one removes what it
 * revealed, recursively. Remembers which node revealed which (the overview packs members under
 * their module). Dropped whenever a view draws a new mode.
 * Runs in: the main thread.
 */
import type { NodeSingular } from 'cytoscape';
import { MAX_VISIBLE_NODES } from '../../core/reads/graphSlices.ts';
import { edgeElement, edgeKey, hasNode, nodeElement, nodeKey, visibleIds } from './drawnGraph.ts';
import { centreOf, ringPositions } from './layouts.ts';
import type { ViewHost } from './viewHost.ts';

/** After members came or went: the overview packs its level again around node `id`. */
export type AfterExpansion = (generation: number, id: number) => Promise<void>;

export class MemberExpansion {
  private readonly expanded = new Set<number>();
  /** Child node id -> the node whose expansion revealed it. */
  private readonly revealedBy = new Map<number, number>();

  constructor(
    private readonly host: ViewHost,
    private readonly after: AfterExpansion,
  ) {}

  clear(): void {
    this.expanded.clear();
    this.revealedBy.clear();
  }

  isExpanded(id: number): boolean {
    return this.expanded.has(id);
  }

  /** The node whose expansion revealed `id` (undefined: drawn by the view itself). */
  revealer(id: number): number | undefined {
    return this.revealedBy.get(id);
  }

  async toggle(id: number): Promise<void> {
    const { host } = this;
    const { cy } = host;
    if (this.expanded.has(id)) {
      this.collapse(id);
      await this.after(host.generation(), id);
      return;
    }
    const node = cy.getElementById(nodeKey(id));
    if (node.empty() || Number(node.data('children')) === 0) return;
    const generation = host.generation();
    await host.run(async () => {
      const room = MAX_VISIBLE_NODES - cy.nodes().length;
      if (room <= 0) {
        host.callbacks.onNotice(`At most ${MAX_VISIBLE_NODES.toLocaleString()} nodes are shown at once. Collapse something first.`);
        return;
      }
      const slice = await host.service.readChildren(id, room);
      if (!host.isCurrent(generation)) return;
      const fresh = slice.nodes.filter((n) => !hasNode(cy, n.id));
      const parent = cy.getElementById(nodeKey(id)) as NodeSingular;
      if (parent.empty()) return;
      const started = performance.now();
      const positions = ringPositions(parent.position(), fresh.length, centreOf(cy.nodes()));
      // Inside an open package, members stay in that package's box.
      const compound = parent.data('parent') as string | undefined;
      cy.batch(() => {
        fresh.forEach((n, i) => {
          const element = nodeElement(n);
          cy.add({ ...element, data: { ...element.data, parent: compound }, position: positions[i]! });
          this.revealedBy.set(n.id, id);
        });
        for (const e of slice.edges) if (hasNode(cy, e.dst) && cy.getElementById(edgeKey(e)).empty()) cy.add(edgeElement(e));
      });
      this.expanded.add(id);
      parent.addClass('expanded');
      host.report(started);
      const visible = visibleIds(cy);
      const touching = await host.service.readCrossEdges(fresh.map((n) => n.id));
      if (!host.isCurrent(generation)) return;
      const cross = touching.filter((e) => visible.has(e.src) && visible.has(e.dst));
      cy.batch(() => {
        for (const e of cross) if (cy.getElementById(edgeKey(e)).empty()) cy.add(edgeElement(e));
      });
      await this.after(generation, id);
      await host.syncSimilar(generation);
      host.report(started);
      host.callbacks.onNotice(
        slice.hidden > 0 ? `${slice.hidden.toLocaleString()} members not shown: at most ${MAX_VISIBLE_NODES.toLocaleString()} nodes at once.` : null,
      );
      host.camera.centre(parent.closedNeighborhood());
    });
  }

  /** Removes what `id`'s expansion revealed (and what that revealed), and reports. */
  collapse(id: number): void {
    const { cy } = this.host;
    const remove = new Set<number>();
    const visit = (parent: number) => {
      for (const [child, by] of this.revealedBy) {
        if (by === parent && !remove.has(child)) {
          remove.add(child);
          visit(child);
        }
      }
    };
    visit(id);
    cy.batch(() => {
      for (const child of remove) {
        cy.getElementById(nodeKey(child)).remove();
        this.revealedBy.delete(child);
        this.expanded.delete(child);
      }
    });
    this.expanded.delete(id);
    cy.getElementById(nodeKey(id)).removeClass('expanded');
    this.host.report(performance.now());
  }
}
