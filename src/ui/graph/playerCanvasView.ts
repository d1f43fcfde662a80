/**
 * @file The MCTS player's mode of the canvas: the run's final tree put on it once per run and
 * view (player/playerCanvas.ts: 'tree' layered and folded into focus and context, 'graph' on the
 * code graph) and fitted; each scrub position's state then applied by the PlayerView that mount
 * returns. Holds that PlayerView while the player is drawn, with the view state it is given
 * (folded or not, the nodes always drawn) and the "+N" bundles a tap opens (the last state is
 * drawn again, and reported through `onPlayerRendered`).
 * Runs in: the main thread.
 */
import type { Replay, ReplayState } from '../../core/search/mctsReplay.ts';
import { mountPlayer, playerElements } from '../player/playerCanvas.ts';
import type { PlayerViewKind } from '../player/playerCanvas.ts';
import type { PlayerRenderInfo, PlayerView } from '../player/playerView.ts';
import type { NodeSingular } from 'cytoscape';
import type { ViewHost } from './viewHost.ts';

export class PlayerCanvasView {
  private player: PlayerView | null = null;
  private folded = true;
  private pinned: readonly number[] = [];

  constructor(private readonly host: ViewHost) {}

  /** Folded or not (the search tree view only), and the graph ids always drawn. */
  configure(options: { folded: boolean; pinned: readonly number[] }): void {
    this.folded = options.folded;
    this.pinned = options.pinned;
    if (!this.player) return;
    this.player.setPinned(options.pinned);
    this.player.setFolded(options.folded && this.player.foldable);
  }

  /**
   * The box of drawn player nodes in model coordinates, from their positions and sizes plus room
   * for a label under each (null: none drawn); `ids` null: every drawn node. Reads no style.
   */
  boxOf(ids: readonly number[] | null): { x1: number; y1: number; x2: number; y2: number } | null {
    if (this.host.mode() !== 'tree' || !this.player) return null;
    const { cy } = this.host;
    const nodes = ids === null ? cy.nodes('.player-node').not('.future') : ids.map((id) => cy.getElementById(`n${id}`)).filter((n) => n.nonempty() && !n.hasClass('future'));
    let box: { x1: number; y1: number; x2: number; y2: number } | null = null;
    for (const node of nodes) {
      const { x, y } = node.position();
      const r = Number(node.data('treeSize')) / 2 || 10;
      // A label of about 16 characters under the node.
      const next = { x1: x - Math.max(r, 60), x2: x + Math.max(r, 60), y1: y - r, y2: y + r + 40 };
      box = box ? { x1: Math.min(box.x1, next.x1), y1: Math.min(box.y1, next.y1), x2: Math.max(box.x2, next.x2), y2: Math.max(box.y2, next.y2) } : next;
    }
    return box;
  }

  /** Labels drawn and overlapping pairs, from the canvas (null: the player is not drawn). */
  measureLabels(): { overlaps: number; labels: number } | null {
    return this.host.mode() === 'tree' && this.player ? this.player.measureLabels() : null;
  }

  /** A tap on a "+N" bundle opens it; false when the node is not a bundle of the drawn tree. */
  tapBundle(node: NodeSingular): boolean {
    if (!this.player || !node.hasClass('player-bundle')) return false;
    const owner = this.player.bundleOwner(node.id());
    if (owner === null) return false;
    const info = this.player.openBundle(owner);
    if (info) this.host.callbacks.onPlayerRendered?.(info);
    return true;
  }

  /** Another mode is drawn: the player's view is gone with its elements. */
  leave(): void {
    this.player = null;
  }

  /**
   * Lays the run's final tree out once and fits it; true when it was drawn (not superseded, no
   * error). `quick`: live runs skip the database (names come later) so the busy worker is not asked.
   */
  async show(replay: Replay, view: PlayerViewKind, options: { withUct: boolean; quick?: boolean }): Promise<boolean> {
    const { host } = this;
    const { cy } = host;
    const generation = host.begin();
    let shown = false;
    await host.run(async () => {
      const started = performance.now();
      const mount = await playerElements(options.quick ? null : host.service, replay, view, cy.width() / Math.max(1, cy.height()));
      if (!host.isCurrent(generation)) return;
      host.enter('tree');
      this.player = mountPlayer(cy, replay, mount, options.withUct);
      this.player.setPinned(this.pinned);
      if (!this.folded) this.player.setFolded(false);
      host.camera.fit();
      host.report(started);
      host.callbacks.onNotice(mount.hidden > 0 ? `Search tree: ${mount.hidden.toLocaleString()} of its ${replay.ids.length.toLocaleString()} nodes are not drawn (cap).` : null);
      shown = true;
    });
    return shown;
  }

  /** Applies a replay state (null when the player is not drawn). */
  render(state: ReplayState): PlayerRenderInfo | null {
    if (this.host.mode() !== 'tree' || !this.player) return null;
    return this.player.render(state);
  }
}
