/**
 * @file The explorer's imperative side, a facade over its views: owns one Cytoscape instance
 * (WebGL renderer when WebGL2 draws on a GPU, the canvas renderer otherwise), the camera
 * (graphCamera.ts), the current mode and the view that draws each one (overviewView.ts: the
 * package overview; egoView.ts: the ego view; playerCanvasView.ts: the MCTS player's tree;
 * answerView.ts: a Path 1 answer), the expand / collapse of modules and classes
 * (memberExpansion.ts), the generation counter that drops stale loads (a newer request wins),
 * the busy / error wrapper, the render report, selection, the SIMILAR toggle (dashed, curved
 * edges among the visible nodes only while it is on) and "Hide tests" (passed to the overview).
 * Visible nodes stay <= MAX_VISIBLE_NODES. Pointer events and canvas resizes land here and go
 * to the view of the mode.
 * Runs in: the main thread.
 */
import type { Core, NodeSingular } from 'cytoscape';
import type { RepoClient } from '../clients/repoClient.ts';
import type { ThemeChoice } from '../store/appStore.ts';
import type { Replay, ReplayState } from '../../core/search/mctsReplay.ts';
import type { PlayerViewKind } from '../player/playerCanvas.ts';
import type { PlayerRenderInfo } from '../player/playerView.ts';
import { AnswerView } from './answerView.ts';
import { edgeElement, hasNode, nodeKey, relayoutDrawn, visibleIds } from './drawnGraph.ts';
import { EgoView } from './egoView.ts';
import { GraphCamera } from './graphCamera.ts';
import type { FollowMove, FollowOptions } from './graphCamera.ts';
import { graphStylesheet } from './graphStyle.ts';
import { MemberExpansion } from './memberExpansion.ts';
import type { Crumb } from './overviewFocus.ts';
import { OverviewView } from './overviewView.ts';
import { moduleLabel } from '../../core/graph/displayName.ts';
import { PlayerCanvasView } from './playerCanvasView.ts';
import { pausingCytoscape } from './renderLoopPause.ts';
import { workerLayouts } from './viewHost.ts';
import type { GraphCallbacks, ViewHost, ViewMode } from './viewHost.ts';

export type { Crumb, FollowMove, FollowOptions, GraphCallbacks, ViewMode };

export { moduleLabel };

/** WebGL renderers that draw on the CPU. */
const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/**
 * Whether WebGL2 draws on a GPU here. Drawn in software (a browser with no GPU, or its GPU
 * blocked), Cytoscape's WebGL renderer spends more on its texture atlases than the canvas
 * renderer spends on the whole first drawing: the package overview of 50,000 files drew in
 * 0.86-1.23 s with it and 0.66 s without (docs/budgets.md).
 */
export function gpuWebglAvailable(): boolean {
  gpuWebgl ??= probeGpuWebgl();
  return gpuWebgl;
}

/** The answer for this page: the probe makes a WebGL context, which a new view need not make again. */
let gpuWebgl: boolean | undefined;

function probeGpuWebgl(): boolean {
  // An e2e build only (a production build has no such branch): `?e2e-webgl` draws with the WebGL
  // renderer on headless chromium's software GL, so that the WebGL path stays under test.
  if (import.meta.env.MODE === 'e2e' && new URLSearchParams(location.search).has('e2e-webgl')) return true;
  try {
    const gl = document.createElement('canvas').getContext('webgl2', { failIfMajorPerformanceCaveat: true });
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return !SOFTWARE_GL.test(renderer);
  } catch {
    return false;
  }
}

/** The player's camera: never so far out that labels cannot be read, never closer than this. */
const PLAYER_CAMERA = { minZoom: 0.7, maxZoom: 1.2 };

export class GraphController {
  readonly cy: Core;
  /** The camera: fit, zoom, centre, and follow() to keep a collection in view calmly. */
  readonly camera: GraphCamera;
  mode: ViewMode = 'overview';
  private generation = 0;
  private showSimilar = false;
  private readonly resizeObserver: ResizeObserver;
  /** What the views share with this controller. */
  private readonly host: ViewHost;
  private readonly expansion: MemberExpansion;
  private readonly overview: OverviewView;
  private readonly ego: EgoView;
  private readonly player: PlayerCanvasView;
  private readonly answer: AnswerView;

  constructor(
    container: HTMLElement,
    private readonly service: RepoClient,
    theme: ThemeChoice,
    private readonly callbacks: GraphCallbacks,
  ) {
    this.cy = pausingCytoscape({
      container,
      style: graphStylesheet(theme),
      webgl: gpuWebglAvailable(),
      minZoom: 0.05,
      maxZoom: 4,
      wheelSensitivity: 0.3,
      boxSelectionEnabled: false,
      selectionType: 'single',
    });
    this.camera = new GraphCamera(this.cy);
    this.host = {
      cy: this.cy,
      camera: this.camera,
      service,
      layouts: workerLayouts,
      callbacks,
      mode: () => this.mode,
      enter: (mode) => this.enter(mode),
      begin: () => ++this.generation,
      generation: () => this.generation,
      isCurrent: (generation) => generation === this.generation,
      run: (work) => this.run(work),
      report: (started) => this.report(started),
      select: (id, center) => this.select(id, center),
      showSimilar: () => this.showSimilar,
      syncSimilar: (generation) => this.syncSimilar(generation),
    };
    this.expansion = new MemberExpansion(this.host, (generation, id) => this.overview.repackAround(generation, id));
    this.overview = new OverviewView(this.host, this.expansion);
    this.ego = new EgoView(this.host);
    this.player = new PlayerCanvasView(this.host);
    this.answer = new AnswerView(this.host);

    this.cy.on('tap', 'node', (event) => {
      const node = event.target as NodeSingular;
      if (this.overview.tapPackage(node)) return;
      // A "+N" bundle of the folded search tree opens (its nodes are drawn) and selects nothing.
      if (this.player.tapBundle(node)) return;
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
        const framed = this.overview.framedBox();
        const tree = this.mode === 'tree' ? this.player.boxOf(null) : null;
        if (tree) this.camera.frameBox(tree, tree, PLAYER_CAMERA);
        else if (framed) this.camera.fitCalmly(framed);
        else this.camera.fit(this.cy.elements(), 30);
      }, 120);
    });
    this.resizeObserver.observe(container);
    this.cy.on('dbltap', 'node', (event) => {
      // A package's double-click is the overview's (open / close); a node's expands or recentres.
      if (this.overview.doubleTap(event.target as NodeSingular)) return;
      // The search tree is the run's: its nodes are not expanded into the code graph.
      if (this.mode === 'tree') return;
      void this.activate(Number(event.target.data('nodeId')));
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
    return hasNode(this.cy, id);
  }

  visibleIds(): Set<number> {
    return visibleIds(this.cy);
  }

  /** Double-click / Enter: expand or collapse in the overview, recentre in the ego view. */
  async activate(id: number): Promise<void> {
    if (this.mode === 'ego') await this.ego.show(id, this.ego.depth);
    else await this.toggleExpand(id);
  }

  /** The package overview: the biggest packages opened while the view stays readable. */
  showOverview(): Promise<void> {
    return this.overview.show();
  }

  /** Opens a closed package (its sub-packages and modules drawn inside it) or closes an open one. */
  togglePackage(key: string): Promise<void> {
    return this.overview.togglePackage(key);
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
    return this.overview.reveal(id);
  }

  showEgo(centerId: number, depth: number): Promise<void> {
    return this.ego.show(centerId, depth);
  }

  /**
   * The MCTS player's canvas: the run's final tree laid out once ('tree': layered, 'graph': on
   * the code graph); renderPlayer() then applies states without moving a node.
   * `quick`: live runs skip the database (names come later) so the busy worker is not asked.
   */
  showPlayer(replay: Replay, view: PlayerViewKind, options: { withUct: boolean; quick?: boolean }): Promise<boolean> {
    return this.player.show(replay, view, options);
  }

  /** Applies a replay state to the player's canvas (null when the player is not shown). */
  renderPlayer(state: ReplayState): PlayerRenderInfo | null {
    return this.player.render(state);
  }

  /** Follows the player's current step calmly (graph ids; their box from positions, see followBox). */
  followPlayer(ids: readonly number[]): FollowMove {
    const box = this.player.boxOf(ids);
    return box ? this.camera.followBox(box, PLAYER_CAMERA) : { kind: 'stay' };
  }

  /** Frames the player's drawn tree at a readable zoom (its current step in view when it cannot all be read). */
  framePlayer(focusIds: readonly number[]): void {
    const all = this.player.boxOf(null);
    const focus = this.player.boxOf(focusIds) ?? all;
    if (all && focus) this.camera.frameBox(all, focus, PLAYER_CAMERA);
  }

  /** The player's drawn labels and the pairs of them that overlap, read from the canvas (after a frame). */
  playerLabels(): { overlaps: number; labels: number } | null {
    return this.player.measureLabels();
  }

  /** The player's view state: the search tree folded or not, and the nodes always drawn (selection, known answer). */
  setPlayerView(options: { folded: boolean; pinned: readonly number[] }): void {
    this.player.configure(options);
  }

  /** Path 1: the answer's nodes and the stored edges among them, the rows' nodes ringed. */
  showAnswer(ids: readonly number[]): Promise<void> {
    return this.answer.show(ids);
  }

  setEgoDepth(depth: number): Promise<void> {
    return this.ego.setDepth(depth);
  }

  toggleExpand(id: number): Promise<void> {
    return this.expansion.toggle(id);
  }

  collapse(id: number): void {
    this.expansion.collapse(id);
  }

  /** Shows or hides SIMILAR edges among the drawn nodes (also: redraws them after a recompute). */
  async setShowSimilar(on: boolean): Promise<void> {
    const changed = on !== this.showSimilar;
    this.showSimilar = on;
    if (!on && this.cy.edges('[type = "SIMILAR"]').empty()) return;
    // In the ego view SIMILAR edges are hops too: the neighbourhood itself changes.
    const reloaded = changed ? this.ego.reload() : null;
    if (reloaded) return reloaded;
    const generation = this.generation;
    await this.run(async () => {
      await this.syncSimilar(generation);
      this.report(performance.now());
    });
  }

  /** "Hide tests": the overview leaves its tests and fixtures group out (now, or when next shown). */
  setHideTests(hide: boolean): Promise<void> {
    return this.overview.setHideTests(hide);
  }

  /** Selects a node if it is drawn; returns false when it is not (the caller may show its ego view). */
  select(id: number | null, center = true): boolean {
    this.cy.nodes(':selected').unselect();
    if (id === null) return true;
    const node = this.cy.getElementById(nodeKey(id));
    if (node.empty()) return false;
    node.select();
    if (center) this.camera.centre(node, { minZoom: 0.9 });
    return true;
  }

  fit(): void {
    this.camera.fitAnimated();
  }

  zoomBy(factor: number): void {
    this.camera.zoomBy(factor);
  }

  /**
   * Moves the camera calmly to keep these drawn nodes in view (GraphCamera.follow: nothing while
   * they are inside the viewport, else the smallest pan or fit, zoom capped at options.maxZoom,
   * default 1.3). Ids not drawn are skipped. Returns the move made.
   */
  follow(nodeIds: readonly number[], options?: FollowOptions): FollowMove {
    const nodes = this.cy.collection();
    for (const id of nodeIds) nodes.merge(this.cy.getElementById(nodeKey(id)));
    return this.camera.follow(nodes, options);
  }

  /** Force layout of everything drawn, starting from where nodes are now (the overview: packed again). */
  async relayout(): Promise<void> {
    const generation = this.generation;
    await this.run(async () => {
      const started = performance.now();
      if ((await this.overview.repack(generation)) || (await relayoutDrawn(this.host, generation))) this.report(started);
    });
  }

  /** Moves the overview's keyboard focus to an item (null: none); see OverviewFocus. */
  focusItem(key: string | null, pan = true): void {
    this.overview.focusItem(key, pan);
  }

  /** The overview's breadcrumb: from the top level down to the keyboard focus. */
  pathToFocus(): Crumb[] {
    return this.overview.pathToFocus();
  }

  /** A key while the canvas has focus (arrows, Enter, Esc / Backspace); false: not handled. */
  overviewKey(key: string): boolean {
    return this.overview.key(key);
  }

  /** A breadcrumb click: closes the boxes below `key` on the path to the focus ('' = the top). */
  goUpTo(key: string): Promise<void> {
    return this.overview.goUpTo(key);
  }

  /** A view draws `mode`: the expansion and what the other modes hold on the canvas are dropped. */
  private enter(mode: ViewMode): void {
    this.mode = mode;
    this.expansion.clear();
    if (mode !== 'ego') this.ego.leave();
    if (mode !== 'tree') this.player.leave();
  }

  /** Drops every drawn SIMILAR edge, then (toggle on) loads those among the visible nodes. */
  private async syncSimilar(generation: number): Promise<void> {
    const edges = this.showSimilar && this.cy.nodes().nonempty() ? await this.service.readSimilarEdges([...this.visibleIds()]) : [];
    if (generation !== this.generation) return;
    this.cy.batch(() => {
      this.cy.edges('[type = "SIMILAR"]').remove();
      for (const e of edges) if (this.hasNode(e.src) && this.hasNode(e.dst)) this.cy.add(edgeElement(e));
    });
  }

  private report(started: number): void {
    this.overview.emitPath();
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
