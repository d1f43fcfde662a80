/**
 * @file The MCTS player's slice of the app store (docs/architecture.md, "The player"): which run is loaded (live, stored or
 * imported), the scrub position (cursor = events applied), playback, the view (layered tree or
 * code graph; switching keeps the cursor), the comparison run of a what-if, and what the canvas
 * reports (tree nodes visible at the cursor). Speeds run on an exponential scale.
 * Runs in: the main thread.
 */
import type { MctsPhase } from '../../core/search/mctsTrace.ts';
import type { PlayerViewKind } from './playerCanvas.ts';

export interface PlayerState {
  /** Bumped whenever the loaded replay changes (the replay object is held by the PlayerSession, playerSession.ts). */
  version: number;
  runId: number | null;
  source: 'live' | 'stored' | 'import';
  query: string;
  /** Events are still arriving (a search is running). */
  live: boolean;
  cursor: number;
  total: number;
  iterations: number;
  /** Iteration and phase of the event before the cursor (0 / null at the start). */
  iteration: number;
  phase: MctsPhase | null;
  playing: boolean;
  /** Index into SPEEDS_MS. */
  speed: number;
  view: PlayerViewKind;
  /** Tree nodes drawn at the cursor, the colour scale's top and the most visits (what the canvas reports). */
  treeNodes: number;
  colorMax: number;
  maxN: number;
  /** Tree nodes drawn (the rest folded into "+N" bundles), labels drawn and the pairs of them that overlap (0 expected). */
  drawn?: number;
  labels?: number;
  labelOverlaps?: number;
  /** The cursor at which the labels were last read from the canvas. */
  labelsCursor?: number;
  /** The search tree folded (focus and context) or every node drawn. */
  unfolded?: boolean;
  /** The node a person marked as the answer (graph id), for the known-answer story. */
  answerId?: number | null;
  /** A trace from another graph, an old version... (shown above the controls). */
  warning: string | null;
  error: string | null;
  /** The run compared with this one (a what-if's previous run). */
  compareVersion: number | null;
}

/** Step durations from about 4 s down to 50 ms, on an exponential scale. */
export const SPEEDS_MS: readonly number[] = Array.from({ length: 12 }, (_, i) => Math.round(4000 * (50 / 4000) ** (i / 11)));
export const DEFAULT_SPEED = 6;
