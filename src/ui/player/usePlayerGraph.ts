/**
 * @file Keeps the canvas in step with the player: the final tree is put on the canvas once per
 * run and view (switching views keeps the cursor), and each cursor move applies the replay state
 * at that position (core stateAt: a snapshot plus a few events). The canvas reports the tree
 * nodes visible at the cursor (data-tree-nodes on the graph element).
 * Runs in: the main thread.
 */
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { stateAt } from '../../core/search/mctsReplay.ts';
import type { GraphController } from '../graph/graphController.ts';
import { getState, setState, useAppState } from '../store/appStore.ts';
import { playerReplay } from './playerSession.ts';

function renderAt(graph: GraphController, cursor: number): void {
  const replay = playerReplay();
  if (!replay) return;
  const info = graph.renderPlayer(stateAt(replay, cursor));
  const p = getState().player;
  if (info && p && (p.treeNodes !== info.visible || p.colorMax !== info.colorMax || p.maxN !== info.maxN)) {
    setState((s) => (s.player ? { player: { ...s.player, treeNodes: info.visible, colorMax: info.colorMax, maxN: info.maxN } } : {}));
  }
}

export function usePlayerGraph(controller: RefObject<GraphController | null>): void {
  const version = useAppState((s) => s.player?.version ?? null);
  const view = useAppState((s) => s.player?.view ?? 'tree');
  const live = useAppState((s) => s.player?.live ?? false);
  const cursor = useAppState((s) => s.player?.cursor ?? 0);
  const mounted = useRef<string | null>(null);

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
    void graph.showPlayer(replay, view, { withUct: !live, quick: live }).then((shown) => {
      if (!shown || playerReplay() !== replay) return;
      mounted.current = key;
      renderAt(graph, getState().player?.cursor ?? 0);
    });
  }, [controller, version, view, live]);

  useEffect(() => {
    const graph = controller.current;
    if (graph && mounted.current !== null) renderAt(graph, cursor);
  }, [controller, cursor]);
}
