/**
 * @file Keeps the canvas in step with the player: the final tree is put on the canvas once per
 * run and view (switching views keeps the cursor), and each cursor move applies the replay state
 * at that position (core stateAt: a snapshot plus a few events) and the camera follows the step
 * calmly. Folding, the selection and the known answer (always drawn) are the store's view state,
 * handed to the canvas. The canvas reports the tree nodes at the cursor, those drawn, and the
 * label pairs that overlap (data-tree-nodes, data-tree-drawn, data-label-overlaps).
 * Runs in: the main thread.
 */
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { stateAt } from '../../core/search/mctsReplay.ts';
import type { GraphController } from '../graph/graphController.ts';
import type { PlayerRenderInfo } from './playerView.ts';
import { getState, setState, useAppState } from '../store/appStore.ts';
import { playerReplay } from './playerSession.ts';

/** What the canvas reports after drawing the tree (the legend, data-tree-nodes, data-label-overlaps). */
export function reportPlayerRender(info: PlayerRenderInfo): void {
  const p = getState().player;
  if (!p) return;
  if (p.treeNodes !== info.visible || p.colorMax !== info.colorMax || p.maxN !== info.maxN || p.drawn !== info.drawn) {
    const canvas = { treeNodes: info.visible, colorMax: info.colorMax, maxN: info.maxN, drawn: info.drawn };
    setState((s) => (s.player ? { player: { ...s.player, ...canvas } } : {}));
  }
}

/** The pending frame of each canvas's label read (a newer render replaces it). */
const pendingReads = new WeakMap<GraphController, number>();

/** Reads the drawn labels and their overlaps from the canvas once the next frames have drawn the tree. */
export function readLabelsAfterFrame(graph: GraphController): void {
  const pending = pendingReads.get(graph);
  if (pending !== undefined) cancelAnimationFrame(pending);
  pendingReads.set(
    graph,
    requestAnimationFrame(() => {
      pendingReads.set(
        graph,
        requestAnimationFrame(() => {
          pendingReads.delete(graph);
          const read = graph.playerLabels();
      const p = getState().player;
          if (read && p && (p.labels !== read.labels || p.labelOverlaps !== read.overlaps || p.labelsCursor !== p.cursor)) {
            setState((s) => (s.player ? { player: { ...s.player, labels: read.labels, labelOverlaps: read.overlaps, labelsCursor: s.player.cursor } } : {}));
          }
        }),
      );
    }),
  );
}

/** User Timing name of one replay step drawn (the state at the cursor applied to the canvas; DevTools and e2e read it). */
export const PLAYER_STEP_MEASURE = 'ranger:player-step';

/** Draws the state at `cursor`; the camera follows the step calmly (while playing or stepping). */
function renderAt(graph: GraphController, cursor: number, follow = true): PlayerRenderInfo | null {
  const replay = playerReplay();
  if (!replay) return null;
  const started = performance.now();
  const info = graph.renderPlayer(stateAt(replay, cursor));
  performance.measure(PLAYER_STEP_MEASURE, { start: started, detail: cursor });
  if (!info) return null;
  reportPlayerRender(info);
  readLabelsAfterFrame(graph);
  if (follow) graph.followPlayer(info.focus);
  return info;
}

/** The graph ids the player always draws: the selection and the known answer. */
function pinnedIds(selected: number | null, answer: number | null | undefined): number[] {
  return [selected, answer ?? null].filter((id): id is number => id !== null);
}

export function usePlayerGraph(controller: RefObject<GraphController | null>): void {
  const version = useAppState((s) => s.player?.version ?? null);
  const view = useAppState((s) => s.player?.view ?? 'tree');
  const live = useAppState((s) => s.player?.live ?? false);
  const cursor = useAppState((s) => s.player?.cursor ?? 0);
  const unfolded = useAppState((s) => s.player?.unfolded ?? false);
  const selected = useAppState((s) => s.selectedNodeId);
  const answer = useAppState((s) => s.player?.answerId ?? null);
  const mounted = useRef<string | null>(null);
  const wasUnfolded = useRef(unfolded);

  useEffect(() => {
    const graph = controller.current;
    const replay = playerReplay();
    if (!graph || version === null) {
      mounted.current = null;
      return;
    }
    if (!replay) {
      // A new search started and has no events yet: the previous tree must not linger.
      mounted.current = null;
      if (graph.mode === 'tree') void graph.showOverview();
      return;
    }
    const key = `${version}:${view}`;
    mounted.current = null;
    const player = getState().player;
    graph.setPlayerView({ folded: !(player?.unfolded ?? false), pinned: pinnedIds(getState().selectedNodeId, player?.answerId) });
    void graph.showPlayer(replay, view, { withUct: !live, quick: live }).then((shown) => {
      if (!shown || playerReplay() !== replay) return;
      mounted.current = key;
      const info = renderAt(graph, getState().player?.cursor ?? 0, false);
      if (info) graph.framePlayer(info.focus);
    });
  }, [controller, version, view, live]);

  useEffect(() => {
    const graph = controller.current;
    if (graph && mounted.current !== null) renderAt(graph, cursor);
  }, [controller, cursor]);

  // Folding, the selection and the known answer change what is drawn, not the cursor.
  useEffect(() => {
    const graph = controller.current;
    if (!graph || mounted.current === null) return;
    graph.setPlayerView({ folded: !unfolded, pinned: pinnedIds(selected, answer) });
    const info = renderAt(graph, getState().player?.cursor ?? 0, false);
    if (info && wasUnfolded.current !== unfolded) graph.framePlayer(info.focus);
    else if (selected !== null && graph.hasNode(selected)) {
      graph.select(selected, false);
      graph.followPlayer([selected]);
    }
    wasUnfolded.current = unfolded;
  }, [controller, unfolded, selected, answer]);
}
