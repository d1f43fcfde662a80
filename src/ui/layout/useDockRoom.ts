/**
 * @file The dock's width and the graph's share of the window, measured (docs/architecture.md,
 * "The dock"): the canvas's height is what the bars above and below it leave (they never wrap,
 * so it does not depend on the dock's width), and the dock takes its preferred width or less, so
 * that the canvas keeps half of the window's area (dockLayout.ts). The share is what the app
 * root reports as data-graph-share for tests.
 * Runs in: the main thread.
 */
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { dockWidth, graphShare, preferredDockWidth } from './dockLayout.ts';

export interface DockRoomNow {
  width: number;
  /** The canvas's visible area over the window's, 0 while no graph is open. */
  share: number;
}

/** Measures inside `workspace`: its `.graph-stage` (the canvas's box) and the `[data-testid=graph]` canvas. */
export function useDockRoom(workspace: RefObject<HTMLElement | null>, active: boolean): DockRoomNow {
  const [room, setRoom] = useState<DockRoomNow>(() => ({ width: preferredDockWidth(innerWidth), share: 0 }));
  useEffect(() => {
    const host = workspace.current;
    const stage = host?.querySelector<HTMLElement>('.graph-stage');
    const canvas = host?.querySelector<HTMLElement>('[data-testid="graph"]');
    if (!host || !stage || !canvas) return;
    const measure = () => {
      const W = innerWidth;
      const H = innerHeight;
      const width = dockWidth({ windowWidth: W, windowHeight: H, canvasHeight: stage.getBoundingClientRect().height, besides: 1 });
      const share = graphShare(canvas.getBoundingClientRect(), W, H);
      setRoom((now) => (now.width === width && now.share === share ? now : { width, share }));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    observer.observe(host);
    addEventListener('resize', measure);
    measure();
    return () => {
      observer.disconnect();
      removeEventListener('resize', measure);
    };
  }, [workspace, active]);
  return room;
}
