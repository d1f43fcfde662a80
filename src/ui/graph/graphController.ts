/**
 * @file The explorer's imperative side: owns one Cytoscape instance (WebGL renderer when the
 * browser has WebGL2), loads slices through graphQueries and applies them: the package overview
 * (folders as nodes or open compound parents placed by nested packing in the layout worker,
 * summed dependencies as weighted edges, click a package or press Enter on it to open it; the
 * keyboard focus and the breadcrumb live in overviewFocus.ts), expand/collapse of modules and
 * classes, ego view with depth, selection and camera.
 * Stale loads are dropped (a newer request wins). Visible nodes stay <= MAX_VISIBLE_NODES.
 * SIMILAR edges (dashed, curved) are drawn among the visible nodes only while the toggle is on.
 * Heavy layouts run in the layout worker (the overview's packing, the force layout of answers
 * and big ego views); only the cheap ego rings run here.
 * The MCTS player's canvas (showPlayer / renderPlayer, player/): the run's final tree laid out
 * once, states applied per scrub position; a Path 1 answer's nodes (showAnswer).
 * Runs in: the main thread.
 */
import cytoscape from 'cytoscape';
import type { Core, ElementDefinition, NodeCollection, NodeSingular } from 'cytoscape';
import type { RepoClient } from '../clients/repoClient.ts';
import type { ThemeChoice } from '../store/appStore.ts';
import { graphStylesheet } from './graphStyle.ts';
import type { GraphEdge, GraphNode } from './graphQueries.ts';
import type { PackageOverviewData } from './graphQueries.ts';
import { MAX_VISIBLE_NODES, loadChildren, loadCrossEdges, loadEgo, loadPackageOverview, loadSimilarEdges } from './graphQueries.ts';
import { defaultExpansion, overviewLevel, packagesAbove } from '../../core/graph/packageOverview.ts';
import { PACKAGE_FONT, itemElement, linkElements, moduleLabel, textWidth } from './packageElements.ts';
import { DEFAULT_PACK } from '../../core/graph/packageLayout.ts';
import type { PackItem } from '../../core/graph/packageLayout.ts';
import { OverviewFocus } from './overviewFocus.ts';
import type { Crumb } from './overviewFocus.ts';
import { centreOf, egoLayout, ringPositions, stretchToAspect } from './layouts.ts';
import { runForceLayout, runPackLayout } from './layoutClient.ts';
import { loadTreeSlice } from './searchTreeQueries.ts';
import type { Replay, ReplayState } from '../../core/search/mctsReplay.ts';
import { mountPlayer, playerElements } from '../player/playerCanvas.ts';
import type { PlayerViewKind } from '../player/playerCanvas.ts';
import type { PlayerRenderInfo, PlayerView } from '../player/playerView.ts';

export type ViewMode = 'overview' | 'ego' | 'tree' | 'answer';

export interface GraphCallbacks {
  onSelect(nodeId: number | null): void;
  onNotice(text: string | null): void;
  onBusy(busy: boolean): void;
  onError(error: unknown): void;
  /** Last layout's timing, for the benchmark and the status line. */
  onRendered(info: { nodes: number; edges: number; similarEdges: number; packages: number; layoutMs: number; mode: ViewMode }): void;
  /** The package overview's breadcrumb: from the top down to the keyboard focus (empty elsewhere). */
  onPath?(path: Crumb[], summary: string): void;
}

export type { Crumb };

const nodeKey = (id: number) => `n${id}`;
const edgeKey = (e: GraphEdge) => `e${e.src}-${e.dst}-${e.type}`;

export { moduleLabel };

function nodeElement(node: GraphNode): ElementDefinition {
  return {
    group: 'nodes',
    data: {
      id: nodeKey(node.id),
      nodeId: node.id,
      kind: node.kind,
      label: node.kind === 'Module' ? moduleLabel(node.name) : node.name,
      children: node.children,
    },
  };
}

function edgeElement(edge: GraphEdge): ElementDefinition {
  return {
    group: 'edges',
    data: { id: edgeKey(edge), source: nodeKey(edge.src), target: nodeKey(edge.dst), type: edge.type, weight: edge.weight },
  };
}

export function webglAvailable(): boolean {
  try {
    return document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

/** Index pairs (a0, b0, a1, b1, ...) of the links whose two ends are both among `ids`. */
function linkIndices(ids: readonly number[], links: Iterable<readonly [number, number]>): number[] {
  const index = new Map(ids.map((id, i) => [id, i]));
  const pairs: number[] = [];
  for (const [src, dst] of links) {
    const a = index.get(src);
    const b = index.get(dst);
    if (a !== undefined && b !== undefined) pairs.push(a, b);
  }
  return pairs;
}

const edgeEnds = (edges: GraphEdge[]) => edges.map((e): [number, number] => [e.src, e.dst]);

/** Start positions on rings by level (1 when unknown), spread along each ring by the golden angle. */
function levelRings(nodes: GraphNode[], levelOf: ReadonlyMap<number, number>, spacing: number): number[] {
  const perLevel = new Map<number, number>();
  return nodes.flatMap((n) => {
    const level = levelOf.get(n.id) ?? 1;
    const k = perLevel.get(level) ?? 0;
    perLevel.set(level, k + 1);
    const angle = k * Math.PI * (3 - Math.sqrt(5));
    return [level * spacing * Math.cos(angle), level * spacing * Math.sin(angle)];
  });
}

/** Force-layout positions for a slice, computed in the layout worker. */
function layOut(nodes: GraphNode[], edges: GraphEdge[]): Promise<Float64Array> {
  const links = linkIndices(nodes.map((n) => n.id), edgeEnds(edges));
  return runForceLayout({ count: nodes.length, links, linkDistance: 95, charge: -600, gravity: 0.09 });
}

/** Above this many nodes the ego view uses the force layout instead of concentric rings. */
const EGO_RINGS_MAX_NODES = 150;

function layOutEgo(nodes: GraphNode[], edges: GraphEdge[], distance: ReadonlyMap<number, number>): Promise<Float64Array> {
  const links = linkIndices(nodes.map((n) => n.id), edgeEnds(edges));
  const initial = levelRings(nodes, distance, 160);
  return runForceLayout({ count: nodes.length, links, initial, iterations: 220, linkDistance: 60, charge: -180, gravity: 0.12 });
}

export class GraphController {
  readonly cy: Core;
  mode: ViewMode = 'overview';
  private egoCenter: number | null = null;
  private egoDepth = 1;
  private readonly expanded = new Set<number>();
  /** Child node id -> the node whose expansion revealed it. */
  private readonly revealedBy = new Map<number, number>();
  private generation = 0;
  private showSimilar = false;
  private readonly resizeObserver: ResizeObserver;
  private player: PlayerView | null = null;
  /** The package overview's data and its open packages (overview mode only). */
  private packages: PackageOverviewData | null = null;
  private openPackages = new Set<string>();
  /** The package the last click opened, and when (a double-click must not close it at once). */
  private openedByTap: { key: string; at: number } | null = null;
  /** The open package the overview's camera frames (null: everything). */
  private framed: string | null = null;
  /** What the drawn level leaves out (closed packages, links past the cap), for the breadcrumb bar. */
  private levelSummary = '';
  /** The overview's keyboard focus, arrows / Enter / Esc, and its breadcrumb. */
  private readonly focus: OverviewFocus;

  constructor(
    container: HTMLElement,
    private readonly service: RepoClient,
    theme: ThemeChoice,
    private readonly callbacks: GraphCallbacks,
  ) {
    this.cy = cytoscape({
      container,
      style: graphStylesheet(theme),
      webgl: webglAvailable(),
      minZoom: 0.05,
      maxZoom: 4,
      wheelSensitivity: 0.3,
      boxSelectionEnabled: false,
      selectionType: 'single',
    });
    this.focus = new OverviewFocus({
      cy: this.cy,
      active: () => this.mode === 'overview' && this.packages !== null,
      packParent: (node) => this.packParent(node),
      isOpen: (key) => this.openPackages.has(key),
      togglePackage: (key) => this.togglePackage(key),
      expandMember: async (id) => {
        this.callbacks.onSelect(id);
        await this.toggleExpand(id);
      },
      foldMember: async (id) => {
        this.collapse(id);
        await this.packLevel(this.generation, this.boxOf(id));
      },
      summary: () => this.levelSummary,
      onPath: (path, summary) => this.callbacks.onPath?.(path, summary),
      onError: (error) => this.callbacks.onError(error),
    });
    this.cy.on('tap', 'node', (event) => {
      const node = event.target as NodeSingular;
      if (node.hasClass('package')) {
        const key = node.id();
        if (!node.hasClass('open')) {
          this.openedByTap = { key, at: performance.now() };
          void this.togglePackage(key).then(() => this.focusItem(key, false));
        } else this.focusItem(key, false);
        return;
      }
      if (this.mode === 'overview') this.focusItem(node.id(), false);
      this.callbacks.onSelect(Number(node.data('nodeId')));
    });
    // A click or tap puts the keyboard focus on the canvas (cytoscape keeps the mousedown to itself).
    this.cy.on('tapstart', () => container.focus({ preventScroll: true }));
    this.cy.on('mouseover', 'edge.package-link', (event) => void (event.target as NodeSingular).addClass('hover'));
    this.cy.on('mouseout', 'edge.package-link', (event) => void (event.target as NodeSingular).removeClass('hover'));
    this.cy.on('tap', (event) => {
      if (event.target === this.cy) this.callbacks.onSelect(null);
    });
    // Cytoscape measures its container once; panels opening and closing change it, and then the
    // drawing is fitted again (a panel closing must not leave the graph in a corner).
    let fitTimer: ReturnType<typeof setTimeout> | undefined;
    let size = { w: container.clientWidth, h: container.clientHeight };
    this.resizeObserver = new ResizeObserver(() => {
      this.cy.resize();
      const now = { w: container.clientWidth, h: container.clientHeight };
      if (now.w === 0 || now.h === 0 || (Math.abs(now.w - size.w) < 40 && Math.abs(now.h - size.h) < 40)) return;
      size = now;
      clearTimeout(fitTimer);
      fitTimer = setTimeout(() => {
        if (this.cy.destroyed() || this.cy.elements().length === 0) return;
        // The overview keeps the package it framed in view; elsewhere everything is fitted.
        const framed = this.mode === 'overview' && this.framed ? this.cy.getElementById(this.framed) : null;
        if (framed && framed.nonempty()) this.fitCalmly(framed);
        else this.cy.fit(this.cy.elements(), 30);
      }, 120);
    });
    this.resizeObserver.observe(container);
    this.cy.on('dbltap', 'node', (event) => {
      // The first click of a double-click opened this package: the second must not close it again.
      const opened = this.openedByTap;
      if (opened && opened.key === (event.target as NodeSingular).id() && performance.now() - opened.at < 800) return;
      if ((event.target as NodeSingular).hasClass('open')) {
        void this.togglePackage((event.target as NodeSingular).id());
        return;
      }
      if ((event.target as NodeSingular).hasClass('package')) return;
      const id = Number(event.target.data('nodeId'));
      void this.activate(id);
    });
  }

  destroy(): void {
    this.generation++;
    this.resizeObserver.disconnect();
    this.cy.destroy();
  }

  setTheme(theme: ThemeChoice): void {
    this.cy.style(graphStylesheet(theme));
  }

  hasNode(id: number): boolean {
    return this.cy.getElementById(nodeKey(id)).nonempty();
  }

  visibleIds(): Set<number> {
    return new Set(this.cy.nodes('[nodeId]').map((n) => Number(n.data('nodeId'))));
  }

  /** Double-click / Enter: expand or collapse in the overview, recentre in the ego view. */
  async activate(id: number): Promise<void> {
    if (this.mode === 'ego') await this.showEgo(id, this.egoDepth);
    else await this.toggleExpand(id);
  }

  /** The package overview: the biggest packages opened while the view stays readable. */
  async showOverview(): Promise<void> {
    const generation = ++this.generation;
    await this.run(async () => {
      const data = await loadPackageOverview(this.service);
      if (generation !== this.generation) return;
      const started = performance.now();
      this.mode = 'overview';
      this.egoCenter = null;
      this.expanded.clear();
      this.revealedBy.clear();
      this.packages = data;
      this.openPackages = defaultExpansion(data.tree, 40);
      this.focus.clear();
      this.player = null;
      this.cy.elements().remove();
      await this.applyLevel(generation, null);
      if (generation !== this.generation) return;
      this.emitPath();
      await this.syncSimilar(generation);
      this.report(started);
      if (data.modules.size === 0) this.callbacks.onNotice('This graph has no modules.');
    });
  }

  /** Opens a closed package (its sub-packages and modules drawn inside it) or closes an open one. */
  async togglePackage(key: string): Promise<void> {
    if (this.mode !== 'overview' || !this.packages) return;
    const generation = this.generation;
    await this.run(async () => {
      const started = performance.now();
      if (this.openPackages.has(key)) {
        for (const open of [...this.openPackages]) if (open === key || this.isInside(open, key)) this.openPackages.delete(open);
      } else this.openPackages.add(key);
      await this.applyLevel(generation, key);
      this.report(started);
    });
  }

  /**
   * Search's jump in the overview: opens the packages above a module and selects it.
   * False when the node is not a module of the overview (the caller shows its ego view).
   */
  async reveal(id: number): Promise<boolean> {
    if (this.select(id)) {
      if (this.mode === 'overview') this.focusItem(nodeKey(id), false);
      return true;
    }
    if (this.mode !== 'overview' || !this.packages) return false;
    const above = packagesAbove(this.packages.tree, id);
    if (above.length === 0) return false;
    const generation = this.generation;
    await this.run(async () => {
      for (const key of above) this.openPackages.add(key);
      await this.applyLevel(generation, above[above.length - 1]!);
      this.report(performance.now());
    });
    const shown = this.select(id);
    if (shown) this.focusItem(nodeKey(id), false);
    return shown;
  }

  private isInside(key: string, ancestor: string): boolean {
    const packages = this.packages!.tree.packages;
    for (let at = packages.get(key)?.parent; at; at = packages.get(at)?.parent) if (at === ancestor) return true;
    return false;
  }

  /**
   * Draws the open packages' level: items that left are removed (with members they revealed),
   * new ones start around `around` (the package just opened), the summed links are redrawn, and
   * the leaves are laid out again in the worker from where they are.
   */
  private async applyLevel(generation: number, around: string | null): Promise<void> {
    const data = this.packages!;
    const level = overviewLevel(data.tree, this.openPackages, data.links);
    if (level.items.length > MAX_VISIBLE_NODES) {
      if (around) this.openPackages.delete(around);
      this.callbacks.onNotice(`At most ${MAX_VISIBLE_NODES.toLocaleString()} nodes are shown at once. Close a package first.`);
      return;
    }
    const keys = new Set(level.items.map((i) => i.key));
    const anchor = around ? this.cy.getElementById(around) : null;
    const origin = anchor && anchor.nonempty() ? { ...(anchor as NodeSingular).position() } : { x: 0, y: 0 };
    this.cy.batch(() => {
      for (const node of this.cy.nodes('.level')) {
        if (keys.has(node.id())) continue;
        if (node.data('nodeId') !== undefined) this.collapse(Number(node.data('nodeId')));
      }
      this.cy.nodes('.level').filter((n) => !keys.has(n.id())).remove();
      this.cy.edges('.package-link').remove();
      const fresh = level.items.filter((i) => this.cy.getElementById(i.key).empty());
      const ring = ringPositions(origin, fresh.length, { x: origin.x, y: origin.y + 1 });
      // Parents before children: cytoscape needs the compound parent to exist.
      fresh.forEach((item, i) => this.cy.add({ ...itemElement(item, data.modules), position: ring[i]! }));
      for (const item of level.items) {
        const node = this.cy.getElementById(item.key);
        const next = itemElement(item, data.modules);
        node.classes(next.classes as string);
        node.data('label', next.data.label);
      }
      this.cy.add(linkElements(level.links));
    });
    // The camera frames the package just opened, or the box around one just closed.
    const frame = around === null ? null : this.openPackages.has(around) ? around : (data.tree.packages.get(around)?.parent ?? null);
    await this.packLevel(generation, frame && this.openPackages.has(frame) && frame !== data.tree.root ? frame : null);
    if (generation !== this.generation) return;
    // What this level leaves out goes in the breadcrumb bar, not over the drawing.
    const closed = level.items.filter((i) => i.kind === 'package' && !i.open).length;
    const total = level.links.length + level.hiddenLinks;
    this.levelSummary = [
      closed > 0 ? `${closed.toLocaleString()} closed package${closed > 1 ? 's' : ''}` : '',
      level.hiddenLinks > 0 ? `${level.links.length} heaviest of ${total.toLocaleString()} dependencies drawn` : '',
    ]
      .filter(Boolean)
      .join(' · ');
    this.callbacks.onNotice(null);
  }

  async showEgo(centerId: number, depth: number): Promise<void> {
    const generation = ++this.generation;
    await this.run(async () => {
      const slice = await loadEgo(this.service, centerId, depth, MAX_VISIBLE_NODES, this.showSimilar);
      if (generation !== this.generation) return;
      const started = performance.now();
      // Small neighbourhoods read best as rings by hop count; big ones as a force layout
      // (in the worker) that starts from those rings, so hops still read from the centre out.
      const positions = slice.nodes.length > EGO_RINGS_MAX_NODES ? await layOutEgo(slice.nodes, slice.edges, slice.distance) : undefined;
      if (generation !== this.generation) return;
      this.mode = 'ego';
      this.egoCenter = centerId;
      this.egoDepth = depth;
      this.expanded.clear();
      this.revealedBy.clear();
      this.replace(slice.nodes, slice.edges, positions);
      this.cy.getElementById(nodeKey(centerId)).addClass('center');
      if (positions) this.fitCalmly();
      else {
        this.cy.layout(egoLayout(slice.distance, depth)).run();
        this.capZoom();
      }
      await this.syncSimilar(generation);
      this.report(started);
      this.select(centerId, false);
      this.callbacks.onNotice(
        slice.hidden > 0
          ? `Neighbourhood capped at ${MAX_VISIBLE_NODES.toLocaleString()} nodes; ${slice.hidden.toLocaleString()} more within ${depth} hop${depth > 1 ? 's' : ''} are not shown.`
          : null,
      );
    });
  }

  /**
   * The MCTS player's canvas (issue 9): the run's final tree laid out once ('tree': layered,
   * 'graph': on the code graph); renderPlayer() then applies states without moving a node.
   * `quick`: live runs skip the database (names come later) so the busy worker is not asked.
   */
  async showPlayer(replay: Replay, view: PlayerViewKind, options: { withUct: boolean; quick?: boolean }): Promise<boolean> {
    const generation = ++this.generation;
    let shown = false;
    await this.run(async () => {
      const started = performance.now();
      const mount = await playerElements(options.quick ? null : this.service, replay, view, this.cy.width() / Math.max(1, this.cy.height()));
      if (generation !== this.generation) return;
      this.mode = 'tree';
      this.egoCenter = null;
      this.expanded.clear();
      this.revealedBy.clear();
      this.player = mountPlayer(this.cy, replay, mount, options.withUct);
      this.cy.fit(undefined, 30);
      this.report(started);
      this.callbacks.onNotice(mount.hidden > 0 ? `Search tree: ${mount.hidden.toLocaleString()} of its ${replay.ids.length.toLocaleString()} nodes are not drawn (cap).` : null);
      shown = true;
    });
    return shown;
  }

  /** Applies a replay state to the player's canvas (null when the player is not shown). */
  renderPlayer(state: ReplayState): PlayerRenderInfo | null {
    if (this.mode !== 'tree' || !this.player) return null;
    return this.player.render(state);
  }

  /** Path 1: the answer's nodes and the stored edges among them, the rows' nodes ringed. */
  async showAnswer(ids: readonly number[]): Promise<void> {
    const generation = ++this.generation;
    await this.run(async () => {
      const slice = await loadTreeSlice(this.service, ids.slice(0, MAX_VISIBLE_NODES));
      if (generation !== this.generation) return;
      const started = performance.now();
      const positions = slice.nodes.length > 0 ? stretchToAspect(await layOut(slice.nodes, slice.edges), this.cy.width() / Math.max(1, this.cy.height())) : undefined;
      if (generation !== this.generation) return;
      this.mode = 'answer';
      this.egoCenter = null;
      this.expanded.clear();
      this.revealedBy.clear();
      this.replace(slice.nodes, slice.edges, positions);
      this.cy.nodes().addClass('tree-hit');
      this.fitCalmly();
      this.report(started);
      this.callbacks.onNotice(slice.nodes.length === 0 ? 'The answer names no graph nodes.' : null);
    });
  }

  async setEgoDepth(depth: number): Promise<void> {
    this.egoDepth = depth;
    if (this.mode === 'ego' && this.egoCenter !== null) await this.showEgo(this.egoCenter, depth);
  }

  async toggleExpand(id: number): Promise<void> {
    if (this.expanded.has(id)) {
      this.collapse(id);
      if (this.mode === 'overview' && this.packages) await this.packLevel(this.generation, this.boxOf(id));
      return;
    }
    const node = this.cy.getElementById(nodeKey(id));
    if (node.empty() || Number(node.data('children')) === 0) return;
    const generation = this.generation;
    await this.run(async () => {
      const room = MAX_VISIBLE_NODES - this.cy.nodes().length;
      if (room <= 0) {
        this.callbacks.onNotice(`At most ${MAX_VISIBLE_NODES.toLocaleString()} nodes are shown at once. Collapse something first.`);
        return;
      }
      const slice = await loadChildren(this.service, id, room);
      if (generation !== this.generation) return;
      const fresh = slice.nodes.filter((n) => !this.hasNode(n.id));
      const parent = this.cy.getElementById(nodeKey(id)) as NodeSingular;
      if (parent.empty()) return;
      const started = performance.now();
      const positions = ringPositions(parent.position(), fresh.length, centreOf(this.cy.nodes()));
      // Inside an open package, members stay in that package's box.
      const compound = parent.data('parent') as string | undefined;
      this.cy.batch(() => {
        fresh.forEach((n, i) => {
          const element = nodeElement(n);
          this.cy.add({ ...element, data: { ...element.data, parent: compound }, position: positions[i]! });
          this.revealedBy.set(n.id, id);
        });
        for (const e of slice.edges) if (this.hasNode(e.dst) && this.cy.getElementById(edgeKey(e)).empty()) this.cy.add(edgeElement(e));
      });
      this.expanded.add(id);
      parent.addClass('expanded');
      this.report(started);
      const cross = await loadCrossEdges(this.service, fresh.map((n) => n.id), this.visibleIds());
      if (generation !== this.generation) return;
      this.cy.batch(() => {
        for (const e of cross) if (this.cy.getElementById(edgeKey(e)).empty()) this.cy.add(edgeElement(e));
      });
      // The overview packs members under their module, so nothing overlaps.
      if (this.mode === 'overview' && this.packages) await this.packLevel(generation, this.boxOf(id));
      await this.syncSimilar(generation);
      this.report(started);
      this.callbacks.onNotice(
        slice.hidden > 0 ? `${slice.hidden.toLocaleString()} members not shown: at most ${MAX_VISIBLE_NODES.toLocaleString()} nodes at once.` : null,
      );
      this.cy.animate({ center: { eles: parent.closedNeighborhood() } }, { duration: 200 });
    });
  }

  collapse(id: number): void {
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
    this.cy.batch(() => {
      for (const child of remove) {
        this.cy.getElementById(nodeKey(child)).remove();
        this.revealedBy.delete(child);
        this.expanded.delete(child);
      }
    });
    this.expanded.delete(id);
    this.cy.getElementById(nodeKey(id)).removeClass('expanded');
    this.report(performance.now());
  }

  /** Shows or hides SIMILAR edges among the drawn nodes (also: redraws them after a recompute). */
  async setShowSimilar(on: boolean): Promise<void> {
    const changed = on !== this.showSimilar;
    this.showSimilar = on;
    if (!on && this.cy.edges('[type = "SIMILAR"]').empty()) return;
    // In the ego view SIMILAR edges are hops too: the neighbourhood itself changes.
    if (changed && this.mode === 'ego' && this.egoCenter !== null) return this.showEgo(this.egoCenter, this.egoDepth);
    const generation = this.generation;
    await this.run(async () => {
      await this.syncSimilar(generation);
      this.report(performance.now());
    });
  }

  /** Drops every drawn SIMILAR edge, then (toggle on) loads those among the visible nodes. */
  private async syncSimilar(generation: number): Promise<void> {
    const edges = this.showSimilar && this.cy.nodes().nonempty() ? await loadSimilarEdges(this.service, this.visibleIds()) : [];
    if (generation !== this.generation) return;
    this.cy.batch(() => {
      this.cy.edges('[type = "SIMILAR"]').remove();
      for (const e of edges) if (this.hasNode(e.src) && this.hasNode(e.dst)) this.cy.add(edgeElement(e));
    });
  }

  /** Selects a node if it is drawn; returns false when it is not (the caller may show its ego view). */
  select(id: number | null, center = true): boolean {
    this.cy.nodes(':selected').unselect();
    if (id === null) return true;
    const node = this.cy.getElementById(nodeKey(id));
    if (node.empty()) return false;
    node.select();
    if (center) this.cy.animate({ center: { eles: node }, zoom: Math.max(this.cy.zoom(), 0.9) }, { duration: 200 });
    return true;
  }

  fit(): void {
    this.cy.animate({ fit: { eles: this.cy.elements(), padding: 30 } }, { duration: 200 });
  }

  zoomBy(factor: number): void {
    const level = Math.min(this.cy.maxZoom(), Math.max(this.cy.minZoom(), this.cy.zoom() * factor));
    this.cy.zoom({ level, renderedPosition: { x: this.cy.width() / 2, y: this.cy.height() / 2 } });
  }

  /** Force layout of everything drawn, starting from where nodes are now (the overview: packed again). */
  async relayout(): Promise<void> {
    const generation = this.generation;
    await this.run(async () => {
      const started = performance.now();
      if (this.mode === 'overview' && this.packages) {
        await this.packLevel(generation);
        this.report(started);
        return;
      }
      const nodes = this.cy.nodes().filter((n) => !n.isParent()) as NodeCollection;
      const index = new Map(nodes.map((n, i) => [n.id(), i]));
      const links: number[] = [];
      for (const edge of this.cy.edges()) {
        const a = index.get(edge.source().id());
        const b = index.get(edge.target().id());
        if (a !== undefined && b !== undefined) links.push(a, b);
      }
      const initial = nodes.map((n) => [n.position('x'), n.position('y')]).flat();
      const laidOut = await runForceLayout({ count: nodes.length, links, initial, iterations: 200, linkDistance: 80, charge: -420, gravity: 0.08 });
      const positions = stretchToAspect(laidOut, this.cy.width() / Math.max(1, this.cy.height()));
      if (generation !== this.generation) return;
      this.cy.batch(() => nodes.forEach((n, i) => void n.position({ x: positions[i * 2]!, y: positions[i * 2 + 1]! })));
      this.fitCalmly();
      this.report(started);
    });
  }

  /** The item a drawn overview node is laid out and navigated under: its revealing node, or its open package. */
  private packParent(node: NodeSingular): string | null {
    const id = node.data('nodeId') as number | undefined;
    const by = id === undefined ? undefined : this.revealedBy.get(Number(id));
    if (by !== undefined) return nodeKey(by);
    return (node.data('parent') as string | undefined) ?? null;
  }

  /**
   * Places everything drawn in the overview by nested packing (layout worker): footprints are
   * the nodes' bounding boxes with labels, an open package's title is measured here.
   */
  private async packLevel(generation: number, frame: string | null = null): Promise<void> {
    const nodes = this.cy.nodes().toArray() as NodeSingular[];
    const items: PackItem[] = nodes.map((node) => {
      const parent = this.packParent(node);
      if (node.hasClass('open')) return { key: node.id(), parent, open: true, w: 0, h: 0, titleW: textWidth(String(node.data('label')), PACKAGE_FONT) + 8 };
      const box = node.boundingBox({ includeLabels: true, includeOverlays: false, includeEdges: false });
      return { key: node.id(), parent, open: false, w: box.w, h: box.h, dy: node.position('y') - (box.y1 + box.y2) / 2 };
    });
    const aspect = this.cy.width() / Math.max(1, this.cy.height());
    const positions = await runPackLayout(items, { ...DEFAULT_PACK, aspect: Number.isFinite(aspect) && aspect > 0 ? aspect : DEFAULT_PACK.aspect });
    if (generation !== this.generation) return;
    this.cy.batch(() =>
      nodes.forEach((node, i) => {
        const x = positions[i * 2]!;
        if (!Number.isNaN(x) && !node.removed()) node.position({ x, y: positions[i * 2 + 1]! });
      }),
    );
    const box = frame ? this.cy.getElementById(frame) : null;
    this.framed = box && box.nonempty() ? frame : null;
    this.fitCalmly(this.framed ? box! : undefined);
  }

  /** The open package a drawn node sits in (null: the top level). */
  private boxOf(id: number): string | null {
    return (this.cy.getElementById(nodeKey(id)).data('parent') as string | undefined) ?? null;
  }

  /** Moves the overview's keyboard focus to an item (null: none); see OverviewFocus. */
  focusItem(key: string | null, pan = true): void {
    this.focus.set(key, pan);
  }

  /** The overview's breadcrumb: from the top level down to the keyboard focus. */
  pathToFocus(): Crumb[] {
    return this.focus.path();
  }

  /** A key while the canvas has focus (arrows, Enter, Esc / Backspace); false: not handled. */
  overviewKey(key: string): boolean {
    return this.focus.key(key);
  }

  /** A breadcrumb click: closes the boxes below `key` on the path to the focus ('' = the top). */
  goUpTo(key: string): Promise<void> {
    return this.focus.goUpTo(key);
  }

  private emitPath(): void {
    this.focus.emit();
  }

  /** Fit everything, but never zoom in so far that a handful of nodes fill the screen. */
  /** Fits `around` (default: everything) with a margin, the zoom capped. */
  private fitCalmly(around?: NodeCollection): void {
    this.cy.fit(around, 40);
    this.capZoom(around);
  }

  /** Caps the zoom at 1.3, centred on `around` (default: everything). */
  private capZoom(around?: NodeCollection): void {
    const max = 1.3;
    if (this.cy.zoom() > max) this.cy.zoom({ level: max, renderedPosition: { x: this.cy.width() / 2, y: this.cy.height() / 2 } });
    if (this.cy.zoom() >= max) this.cy.center(around);
  }

  private replace(nodes: GraphNode[], edges: GraphEdge[], positions?: Float64Array): void {
    this.player = null;
    const ids = new Set(nodes.map((n) => n.id));
    this.cy.batch(() => {
      this.cy.elements().remove();
      this.cy.add(
        nodes.map((n, i) => (positions ? { ...nodeElement(n), position: { x: positions[i * 2]!, y: positions[i * 2 + 1]! } } : nodeElement(n))),
      );
      this.cy.add(edges.filter((e) => ids.has(e.src) && ids.has(e.dst)).map(edgeElement));
    });
  }

  private report(started: number): void {
    this.emitPath();
    this.callbacks.onRendered({
      nodes: this.cy.nodes().length,
      edges: this.cy.edges().length,
      similarEdges: this.cy.edges('[type = "SIMILAR"]').length,
      packages: this.cy.nodes('.package').length,
      layoutMs: Math.round(performance.now() - started),
      mode: this.mode,
    });
  }

  private async run(work: () => Promise<void>): Promise<void> {
    this.callbacks.onBusy(true);
    try {
      await work();
    } catch (error) {
      if (!this.cy.destroyed()) this.callbacks.onError(error);
    } finally {
      this.callbacks.onBusy(false);
    }
  }
}
