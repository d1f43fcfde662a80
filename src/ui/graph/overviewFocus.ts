/**
 * @file The package overview's keyboard focus: one drawn item carries it (class kbd-focus, its
 * links' counts shown), arrows move it (within a box, then beside the box), Enter opens a package
 * or shows a module's members, Esc / Backspace close the box around it, keys wait for the package
 * the previous key opened, and the breadcrumb (the path from the top down to the focus) is
 * reported on every change. The controller is its host (cytoscape, packing, opening packages).
 * Runs in: the main thread.
 */
import type { Core, NodeSingular } from 'cytoscape';
import { arrowDirection, firstSpot, nearestInDirection } from './overviewKeys.ts';
import type { Spot } from './overviewKeys.ts';

/** One step of the overview's breadcrumb; key '' is the top level. */
export interface Crumb {
  key: string;
  label: string;
}

export interface OverviewHost {
  readonly cy: Core;
  /** The package overview is drawn. */
  active(): boolean;
  /** The item a node is laid out and navigated under (its revealing node, or its open package). */
  packParent(node: NodeSingular): string | null;
  isOpen(key: string): boolean;
  togglePackage(key: string): Promise<void>;
  /** Selects a module or class and shows (or hides) its members. */
  expandMember(id: number): Promise<void>;
  /** Folds a module's or class's members back up. */
  foldMember(id: number): Promise<void>;
  /** What the drawn level leaves out, for the breadcrumb bar. */
  summary(): string;
  onPath(path: Crumb[], summary: string): void;
  onError(error: unknown): void;
}

/** The keys the package overview handles while the canvas has focus. */
const OVERVIEW_KEYS: ReadonlySet<string> = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Enter', 'Escape', 'Backspace']);

type KeyAction = () => void | Promise<void>;

export class OverviewFocus {
  private focusKey: string | null = null;
  /** Keys run one after another: a key waits for the package the previous one opened. */
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly host: OverviewHost) {}

  clear(): void {
    this.focusKey = null;
  }

  /** Moves the focus to an item (null: none), shows its links' counts, reports the path. */
  set(key: string | null, pan = true): void {
    if (!this.host.active()) return;
    const { cy } = this.host;
    cy.elements('.kbd-focus, .focus-link').removeClass('kbd-focus focus-link');
    const node = key ? cy.getElementById(key) : null;
    this.focusKey = node && node.nonempty() ? key : null;
    if (node && this.focusKey) {
      node.addClass('kbd-focus');
      node.connectedEdges('.package-link').addClass('focus-link');
      if (pan && !this.inView(node as NodeSingular)) cy.animate({ center: { eles: node } }, { duration: 150 });
    }
    this.emit();
  }

  private inView(node: NodeSingular): boolean {
    const box = node.renderedBoundingBox({});
    return box.x1 >= 0 && box.y1 >= 0 && box.x2 <= this.host.cy.width() && box.y2 <= this.host.cy.height();
  }

  /** The breadcrumb from the top level down to the focus (empty outside the overview). */
  path(): Crumb[] {
    if (!this.host.active()) return [];
    const { cy } = this.host;
    if (this.focusKey && cy.getElementById(this.focusKey).empty()) this.focusKey = null;
    const path: Crumb[] = [];
    for (let key = this.focusKey; key; ) {
      const node = cy.getElementById(key) as NodeSingular;
      if (node.empty()) break;
      path.unshift({ key, label: String(node.data('name') ?? node.data('label')) });
      key = this.host.packParent(node);
    }
    return [{ key: '', label: 'All packages' }, ...path];
  }

  emit(): void {
    this.host.onPath(this.path(), this.host.active() ? this.host.summary() : '');
  }

  /** The items of one box: their centres (arrows), or their top-left corners (reading order). */
  private spotsUnder(parent: string | null, corners = false): Spot[] {
    return (this.host.cy.nodes().toArray() as NodeSingular[])
      .filter((n) => this.host.packParent(n) === parent)
      .map((n) => {
        if (!corners) return { key: n.id(), x: n.position('x'), y: n.position('y') };
        const box = n.boundingBox({ includeLabels: true, includeOverlays: false });
        return { key: n.id(), x: box.x1, y: box.y1 };
      });
  }

  /**
   * A key while the canvas has focus: arrows move between the items of one box, Enter opens a
   * package (focus on its first item) or expands a module / class, Esc and Backspace close the
   * box around the focus (or the focused open package). False: not handled (it falls through).
   */
  key(key: string): boolean {
    if (!this.host.active() || !OVERVIEW_KEYS.has(key)) return false;
    // Keys pressed while a package opens or closes wait their turn (and are decided then).
    if (this.pending > 0) {
      this.enqueue(() => this.action(key));
      return true;
    }
    const action = this.action(key);
    if (!action) return false;
    this.enqueue(() => action);
    return true;
  }

  private enqueue(decide: () => KeyAction | null): void {
    this.pending++;
    this.queue = this.queue
      .then(async () => {
        await decide()?.();
      })
      .catch((error: unknown) => this.host.onError(error))
      .finally(() => void this.pending--);
  }

  /** What a key does in the current state; null when it does nothing here. */
  private action(key: string): KeyAction | null {
    if (!this.host.active()) return null;
    const { cy } = this.host;
    const focused = this.focusKey ? (cy.getElementById(this.focusKey) as NodeSingular) : null;
    const direction = arrowDirection(key);
    if (direction) {
      if (!focused || focused.empty()) return () => this.set(firstSpot(this.spotsUnder(null, true)));
      // Nothing further in this box: the nearest item beside the box, one level up (and so on).
      for (let from: NodeSingular = focused; ; ) {
        const parent = this.host.packParent(from);
        const next = nearestInDirection({ key: from.id(), ...from.position() }, this.spotsUnder(parent), direction);
        if (next) return () => this.set(next);
        if (!parent) return () => undefined;
        from = cy.getElementById(parent) as NodeSingular;
      }
    }
    if (!focused || focused.empty()) return null;
    if (key === 'Enter') return () => this.enter(focused);
    return this.upFrom(focused);
  }

  private async enter(node: NodeSingular): Promise<void> {
    const key = node.id();
    if (node.hasClass('package')) {
      if (!node.hasClass('open')) await this.host.togglePackage(key);
      this.set(firstSpot(this.spotsUnder(key, true)) ?? key);
      return;
    }
    await this.host.expandMember(Number(node.data('nodeId')));
    this.set(key);
  }

  /** What Esc / Backspace does from a node: close its open package or the box around it. */
  private upFrom(node: NodeSingular): KeyAction | null {
    if (node.hasClass('open')) return () => this.closeAndFocus(node.id());
    const parent = this.host.packParent(node);
    if (!parent) return null;
    return () => this.closeAndFocus(parent);
  }

  /** Closes an open package, or folds a module's / class's members, and focuses it. */
  private async closeAndFocus(key: string): Promise<void> {
    const id = this.host.cy.getElementById(key).data('nodeId') as number | undefined;
    if (id !== undefined) await this.host.foldMember(Number(id));
    else if (this.host.isOpen(key)) await this.host.togglePackage(key);
    this.set(key);
  }

  /** A breadcrumb click: closes the boxes below `key` on the path to the focus ('' = the top). */
  async goUpTo(key: string): Promise<void> {
    const path = this.path().map((c) => c.key);
    const at = path.indexOf(key);
    const below = path[at + 1];
    if (at >= 0 && below !== undefined) await this.closeAndFocus(below);
  }
}
