/**
 * @file The package overview view: folders as nodes, or open compound parents around their
 * sub-packages and modules, placed by nested packing (layout worker), the summed dependencies
 * between drawn items as weighted edges. Holds the overview's data, its open packages, the
 * package the camera frames and what the drawn level leaves out; opens and closes packages
 * (click, double-click, Enter), reveals a module inside closed packages, and packs members
 * under their module. The tests and fixtures group is packed after the code's packages, and
 * left out while tests are hidden (setHideTests; the summary says how many modules that hides). The keyboard focus and the breadcrumb live in overviewFocus.ts.
 * Runs in: the main thread.
 */
import type { NodeSingular } from 'cytoscape';
import { defaultExpansion, overviewLevel, packagesAbove } from './packageOverview.ts';
import type { PackageTree } from './packageOverview.ts';
import { DEFAULT_PACK } from './packageLayout.ts';
import type { PackItem } from './packageLayout.ts';
import { MAX_VISIBLE_NODES } from '../../core/reads/graphSlices.ts';
import { loadPackageOverview } from './overviewData.ts';
import type { PackageOverviewData } from './overviewData.ts';
import { nodeKey } from './drawnGraph.ts';
import { ringPositions } from './layouts.ts';
import type { MemberExpansion } from './memberExpansion.ts';
import { OverviewFocus } from './overviewFocus.ts';
import type { Crumb } from './overviewFocus.ts';
import { PACKAGE_FONT, itemElement, linkElements, textWidth } from './packageElements.ts';
import type { ViewHost } from './viewHost.ts';

/** A double-click within this long of the click that opened a package does not close it again. */
const DOUBLE_CLICK_MS = 800;

/** User Timing names of the overview's first draw: the read (worker SQL, transfer, package tree) and the whole (DevTools and e2e read them). */
export const OVERVIEW_MARK = 'ranger:overview-start';
export const OVERVIEW_READ_MEASURE = 'ranger:overview-read';
export const OVERVIEW_MEASURE = 'ranger:overview';

export class OverviewView {
  /** The package overview's data and its open packages (null until the overview is drawn). */
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
  /** "Hide tests": the tests and fixtures group is not drawn. */
  private hideTests = false;

  constructor(
    private readonly host: ViewHost,
    private readonly expansion: MemberExpansion,
  ) {
    this.focus = new OverviewFocus({
      cy: host.cy,
      active: () => this.active(),
      packParent: (node) => this.packParent(node),
      isOpen: (key) => this.openPackages.has(key),
      togglePackage: (key) => this.togglePackage(key),
      expandMember: async (id) => {
        host.callbacks.onSelect(id);
        await expansion.toggle(id);
      },
      foldMember: async (id) => {
        expansion.collapse(id);
        await this.packLevel(host.generation(), this.boxOf(id));
      },
      summary: () => this.levelSummary,
      onPath: (path, summary) => host.callbacks.onPath?.(path, summary),
      onError: (error) => host.callbacks.onError(error),
    });
  }

  /** The overview is the current mode and its data is loaded. */
  active(): boolean {
    return this.host.mode() === 'overview' && this.packages !== null;
  }

  /** Whether package `key` is open (false when the overview is not loaded). */
  isOpen(key: string): boolean {
    return this.openPackages.has(key);
  }

  /** The overview: the biggest packages opened while the view stays readable. */
  async show(): Promise<void> {
    const { host } = this;
    const generation = host.begin();
    await host.run(async () => {
      performance.mark(OVERVIEW_MARK);
      const data = await loadPackageOverview(host.service);
      performance.measure(OVERVIEW_READ_MEASURE, { start: OVERVIEW_MARK });
      if (!host.isCurrent(generation)) return;
      const started = performance.now();
      host.enter('overview');
      this.packages = data;
      this.openPackages = defaultExpansion(data.tree, 40);
      this.focus.clear();
      host.cy.elements().remove();
      await this.applyLevel(generation, null);
      if (!host.isCurrent(generation)) return;
      this.focus.emit();
      await host.syncSimilar(generation);
      host.report(started);
      performance.measure(OVERVIEW_MEASURE, { start: OVERVIEW_MARK });
      if (data.modules.size === 0) host.callbacks.onNotice('This graph has no modules.');
    });
  }

  /**
   * Shows or hides the tests and fixtures group; hiding closes what was open inside it. Kept for
   * the next overview when the overview is not shown.
   */
  async setHideTests(hide: boolean): Promise<void> {
    if (hide === this.hideTests) return;
    this.hideTests = hide;
    if (!this.active()) return;
    const { host } = this;
    const tests = this.packages!.tree.tests;
    if (tests === null) return;
    const generation = host.generation();
    await host.run(async () => {
      const started = performance.now();
      // A focus inside the group goes with it (the breadcrumb forgets items no longer drawn).
      if (hide) for (const open of [...this.openPackages]) if (open === tests || this.isInside(open, tests)) this.openPackages.delete(open);
      await this.applyLevel(generation, null);
      if (!host.isCurrent(generation)) return;
      this.focus.emit();
      host.report(started);
    });
  }

  /** Opens a closed package (its sub-packages and modules drawn inside it) or closes an open one. */
  async togglePackage(key: string): Promise<void> {
    if (!this.active()) return;
    const { host } = this;
    const generation = host.generation();
    await host.run(async () => {
      const started = performance.now();
      if (this.openPackages.has(key)) {
        for (const open of [...this.openPackages]) if (open === key || this.isInside(open, key)) this.openPackages.delete(open);
      } else this.openPackages.add(key);
      await this.applyLevel(generation, key);
      host.report(started);
    });
  }

  /**
   * Opens the packages above a module that is not drawn, then selects it and puts the focus on
   * it. False when the overview is not shown or the node is not one of its modules.
   */
  async reveal(id: number): Promise<boolean> {
    if (!this.active()) return false;
    const above = packagesAbove(this.packages!.tree, id);
    if (above.length === 0 || (this.hideTests && isHiddenTest(this.packages!.tree, above))) return false;
    const { host } = this;
    const generation = host.generation();
    await host.run(async () => {
      for (const key of above) this.openPackages.add(key);
      await this.applyLevel(generation, above[above.length - 1]!);
      host.report(performance.now());
    });
    const shown = host.select(id);
    if (shown) this.focusItem(nodeKey(id), false);
    return shown;
  }

  /** A click on a package: opens it (or, open already, focuses it). False: not a package. */
  tapPackage(node: NodeSingular): boolean {
    if (!node.hasClass('package')) return false;
    const key = node.id();
    if (!node.hasClass('open')) {
      this.openedByTap = { key, at: performance.now() };
      void this.togglePackage(key).then(() => this.focusItem(key, false));
    } else this.focusItem(key, false);
    return true;
  }

  /**
   * A double-click on a package: closes an open one, unless its first click just opened it.
   * False: not a package (a module's double-click expands it).
   */
  doubleTap(node: NodeSingular): boolean {
    const opened = this.openedByTap;
    if (opened && opened.key === node.id() && performance.now() - opened.at < DOUBLE_CLICK_MS) return true;
    if (node.hasClass('open')) {
      void this.togglePackage(node.id());
      return true;
    }
    return node.hasClass('package');
  }

  /** After members of `id` came or went: its box is packed again (and framed). */
  async repackAround(generation: number, id: number): Promise<void> {
    if (this.active()) await this.packLevel(generation, this.boxOf(id));
  }

  /** Re-layout: everything drawn packed again. False when the overview is not loaded. */
  async repack(generation: number): Promise<boolean> {
    if (!this.active()) return false;
    await this.packLevel(generation);
    return true;
  }

  /** What the camera keeps in view when the canvas is resized (null: everything). */
  framedBox(): NodeSingular | null {
    if (this.host.mode() !== 'overview' || !this.framed) return null;
    const box = this.host.cy.getElementById(this.framed);
    return box.nonempty() ? (box as NodeSingular) : null;
  }

  /** Moves the keyboard focus to an item (null: none); see OverviewFocus. */
  focusItem(key: string | null, pan = true): void {
    this.focus.set(key, pan);
  }

  /** The breadcrumb: from the top level down to the keyboard focus. */
  pathToFocus(): Crumb[] {
    return this.focus.path();
  }

  /** A key while the canvas has focus (arrows, Enter, Esc / Backspace); false: not handled. */
  key(key: string): boolean {
    return this.focus.key(key);
  }

  /** A breadcrumb click: closes the boxes below `key` on the path to the focus ('' = the top). */
  goUpTo(key: string): Promise<void> {
    return this.focus.goUpTo(key);
  }

  /** Reports the breadcrumb (empty outside the overview). */
  emitPath(): void {
    this.focus.emit();
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
    const { host } = this;
    const { cy } = host;
    const data = this.packages!;
    const level = overviewLevel(data.tree, this.openPackages, data.links, undefined, { hideTests: this.hideTests });
    if (level.items.length > MAX_VISIBLE_NODES) {
      if (around) this.openPackages.delete(around);
      host.callbacks.onNotice(`At most ${MAX_VISIBLE_NODES.toLocaleString()} nodes are shown at once. Close a package first.`);
      return;
    }
    const keys = new Set(level.items.map((i) => i.key));
    const anchor = around ? cy.getElementById(around) : null;
    const origin = anchor && anchor.nonempty() ? { ...(anchor as NodeSingular).position() } : { x: 0, y: 0 };
    cy.batch(() => {
      for (const node of cy.nodes('.level')) {
        if (keys.has(node.id())) continue;
        if (node.data('nodeId') !== undefined) this.expansion.collapse(Number(node.data('nodeId')));
      }
      cy.nodes('.level').filter((n) => !keys.has(n.id())).remove();
      cy.edges('.package-link').remove();
      const fresh = level.items.filter((i) => cy.getElementById(i.key).empty());
      const ring = ringPositions(origin, fresh.length, { x: origin.x, y: origin.y + 1 });
      // Parents before children: cytoscape needs the compound parent to exist.
      fresh.forEach((item, i) => cy.add({ ...itemElement(item, data.modules), position: ring[i]! }));
      for (const item of level.items) {
        const node = cy.getElementById(item.key);
        const next = itemElement(item, data.modules);
        node.classes(next.classes as string);
        node.data('label', next.data.label);
      }
      cy.add(linkElements(level.links));
    });
    // The camera frames the package just opened, or the box around one just closed.
    const frame = around === null ? null : this.openPackages.has(around) ? around : (data.tree.packages.get(around)?.parent ?? null);
    await this.packLevel(generation, frame && this.openPackages.has(frame) && frame !== data.tree.root ? frame : null);
    if (!host.isCurrent(generation)) return;
    // What this level leaves out goes in the breadcrumb bar, not over the drawing.
    const closed = level.items.filter((i) => i.kind === 'package' && !i.open).length;
    const total = level.links.length + level.hiddenLinks;
    this.levelSummary = [
      closed > 0 ? `${closed.toLocaleString()} closed package${closed > 1 ? 's' : ''}` : '',
      level.hiddenTests > 0 ? `${level.hiddenTests.toLocaleString()} test module${level.hiddenTests > 1 ? 's' : ''} hidden` : '',
      level.hiddenLinks > 0 ? `${level.links.length} heaviest of ${total.toLocaleString()} dependencies drawn` : '',
    ]
      .filter(Boolean)
      .join(' · ');
    host.callbacks.onNotice(null);
  }

  /** The item a drawn overview node is laid out and navigated under: its revealing node, or its open package. */
  private packParent(node: NodeSingular): string | null {
    const id = node.data('nodeId') as number | undefined;
    const by = id === undefined ? undefined : this.expansion.revealer(Number(id));
    if (by !== undefined) return nodeKey(by);
    return (node.data('parent') as string | undefined) ?? null;
  }

  /**
   * Places everything drawn in the overview by nested packing (layout worker): footprints are
   * the nodes' bounding boxes with labels, an open package's title is measured here.
   */
  private async packLevel(generation: number, frame: string | null = null): Promise<void> {
    const { host } = this;
    const { cy } = host;
    const nodes = cy.nodes().toArray() as NodeSingular[];
    const items: PackItem[] = nodes.map((node) => {
      const parent = this.packParent(node);
      const last = node.hasClass('tests') ? { last: true } : {};
      if (node.hasClass('open')) return { key: node.id(), parent, open: true, w: 0, h: 0, titleW: textWidth(String(node.data('label')), PACKAGE_FONT) + 8, ...last };
      const box = node.boundingBox({ includeLabels: true, includeOverlays: false, includeEdges: false });
      return { key: node.id(), parent, open: false, w: box.w, h: box.h, dy: node.position('y') - (box.y1 + box.y2) / 2, ...last };
    });
    const aspect = cy.width() / Math.max(1, cy.height());
    const positions = await host.layouts.pack(items, { ...DEFAULT_PACK, aspect: Number.isFinite(aspect) && aspect > 0 ? aspect : DEFAULT_PACK.aspect });
    if (!host.isCurrent(generation)) return;
    cy.batch(() =>
      nodes.forEach((node, i) => {
        const x = positions[i * 2]!;
        if (!Number.isNaN(x) && !node.removed()) node.position({ x, y: positions[i * 2 + 1]! });
      }),
    );
    const box = frame ? cy.getElementById(frame) : null;
    this.framed = box && box.nonempty() ? frame : null;
    host.camera.fitCalmly(this.framed ? box! : undefined);
  }

  /** The open package a drawn node sits in (null: the top level). */
  private boxOf(id: number): string | null {
    return (this.host.cy.getElementById(nodeKey(id)).data('parent') as string | undefined) ?? null;
  }
}

/** The packages above a module (packagesAbove) pass through the tests and fixtures group. */
function isHiddenTest(tree: PackageTree, above: readonly string[]): boolean {
  return tree.tests !== null && above.includes(tree.tests);
}
