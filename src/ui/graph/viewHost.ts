/**
 * @file What the explorer's views (the package overview, the ego view, the player's canvas, a
 * Path 1 answer) share with the controller that hosts them: the Cytoscape instance, the camera,
 * the repo client, the layouts, the callbacks to the page, the current mode, the generation
 * counter that drops stale loads, the busy / error wrapper and the render report. The
 * controller (graphController.ts) is the one host in the app.
 * Runs in: the main thread.
 */
import type { PlayerRenderInfo } from '../player/playerView.ts';
import type { Core } from 'cytoscape';
import type { RepoClient } from '../clients/repoClient.ts';
import type { PackItem, PackOptions } from './packageLayout.ts';
import type { ForceLayoutInput } from './forceLayout.ts';
import type { GraphCamera } from './graphCamera.ts';
import { runForceLayout, runPackLayout } from './layoutClient.ts';
import type { Crumb } from './overviewFocus.ts';

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
  /** The player's tree drawn again by the canvas itself (a "+N" bundle opened, folding switched). */
  onPlayerRendered?(info: PlayerRenderInfo): void;
}

/** The heavy layouts: node positions (x0, y0, x1, y1, ...), as the layout worker computes them. */
export interface LayoutRunner {
  force(input: ForceLayoutInput): Promise<Float64Array>;
  /** Node centres in item order (NaN for open packages). */
  pack(items: PackItem[], options: PackOptions): Promise<Float64Array>;
}

/** The app's layouts: computed in the layout worker (layoutClient.ts). */
export const workerLayouts: LayoutRunner = { force: runForceLayout, pack: runPackLayout };

export interface ViewHost {
  readonly cy: Core;
  readonly camera: GraphCamera;
  readonly service: RepoClient;
  readonly layouts: LayoutRunner;
  readonly callbacks: GraphCallbacks;
  mode(): ViewMode;
  /**
   * Makes `mode` the current one as a view draws it: the member expansion is dropped, and so is
   * what the other modes hold on the canvas (the ego centre, the player).
   */
  enter(mode: ViewMode): void;
  /** Starts a load that supersedes every earlier one; returns its generation. */
  begin(): number;
  /** The generation of the latest load (follow-up work joins it). */
  generation(): number;
  /** False once a newer load started: the caller drops its result. */
  isCurrent(generation: number): boolean;
  /** Runs `work` with the busy flag on; its error goes to onError unless the canvas is gone. */
  run(work: () => Promise<void>): Promise<void>;
  /** Reports what is drawn (and the breadcrumb) with the time since `started`. */
  report(started: number): void;
  /** Selects a drawn node (centred unless `center` is false); false when it is not drawn. */
  select(id: number | null, center?: boolean): boolean;
  /** The SIMILAR toggle is on. */
  showSimilar(): boolean;
  /** Redraws the SIMILAR edges among the drawn nodes (none while the toggle is off). */
  syncSimilar(generation: number): Promise<void>;
}
