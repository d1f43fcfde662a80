/**
 * @file The side dock's rules, pure (docs/architecture.md, "The dock"): which docked panels
 * exist and in what order their tabs read, which one is in front (the most recently brought
 * forward that is still open), cycling through them, and the dock's width: its preferred
 * width, or less, so that the graph canvas keeps at least half of the window's area.
 * Runs in: anywhere (no DOM); the dock (Dock.tsx) and its width hook use it.
 */

/** The panels that share the dock, in the order of their tabs. */
export type DockTab = 'answer' | 'story' | 'inspect' | 'sql' | 'cypher' | 'agent' | 'models';

export const DOCK_TABS: readonly DockTab[] = ['answer', 'story', 'inspect', 'sql', 'cypher', 'agent', 'models'];

export const DOCK_LABELS: Readonly<Record<DockTab, string>> = {
  answer: 'Answer',
  story: 'Story',
  inspect: 'Inspect',
  sql: 'SQL',
  cypher: 'Cypher',
  agent: 'Agent',
  models: 'Models',
};

/** The open tabs in tab order. */
export function openTabs(isOpen: (tab: DockTab) => boolean): DockTab[] {
  return DOCK_TABS.filter(isOpen);
}

/** The tab in front: the most recently brought forward that is open, else the first open one. */
export function frontTab(open: readonly DockTab[], recent: readonly DockTab[]): DockTab | null {
  return recent.find((tab) => open.includes(tab)) ?? open[0] ?? null;
}

/** `recent` with `tab` brought to its head (most recent first, each tab once). */
export function bringForward(recent: readonly DockTab[], tab: DockTab): DockTab[] {
  return [tab, ...recent.filter((t) => t !== tab)];
}

/** The open tab `step` places after `current` in tab order (wrapping); the first one without a current. */
export function cycleTab(open: readonly DockTab[], current: DockTab | null, step: 1 | -1): DockTab | null {
  if (open.length === 0) return null;
  const at = current === null ? -1 : open.indexOf(current);
  if (at < 0) return step > 0 ? open[0]! : open[open.length - 1]!;
  return open[(at + step + open.length) % open.length]!;
}

/** The share of the window's area the graph canvas keeps, whatever is docked. */
export const MIN_GRAPH_SHARE = 0.5;
/** Narrower than this, docked panels stop being usable: the dock stays this wide. */
export const MIN_DOCK_PX = 260;

const SPARE_PX = 8;

/** What the dock prefers: 30 % of the window, between 320 and 520 px. */
export function preferredDockWidth(windowWidth: number): number {
  return Math.round(Math.min(520, Math.max(320, windowWidth * 0.3)));
}

export interface DockRoom {
  windowWidth: number;
  windowHeight: number;
  /** The canvas's height: what the explorer's bars (toolbar, breadcrumb, player, legend) leave. */
  canvasHeight: number;
  /** Horizontal pixels beside the canvas that are neither canvas nor dock (borders). */
  besides?: number;
}

/**
 * The dock's width in px: the preferred width, or the widest that leaves the canvas
 * `MIN_GRAPH_SHARE` of the window's area at this canvas height, but never under `MIN_DOCK_PX`
 * (a window too small for both keeps a usable dock).
 */
export function dockWidth(room: DockRoom): number {
  const { windowWidth, windowHeight, canvasHeight } = room;
  const preferred = preferredDockWidth(windowWidth);
  if (canvasHeight <= 0 || windowWidth <= 0 || windowHeight <= 0) return preferred;
  // A few px to spare: rounded boxes and borders must not take the share under the line.
  const canvasWidth = Math.ceil((MIN_GRAPH_SHARE * windowWidth * windowHeight) / canvasHeight) + SPARE_PX;
  const spare = Math.floor(windowWidth - canvasWidth - (room.besides ?? 0));
  return Math.max(MIN_DOCK_PX, Math.min(preferred, spare));
}

/** The canvas's visible area as a share of the window's (3 decimals): the figure tests read. */
export function graphShare(canvas: { left: number; top: number; right: number; bottom: number }, windowWidth: number, windowHeight: number): number {
  if (windowWidth <= 0 || windowHeight <= 0) return 0;
  const width = Math.max(0, Math.min(canvas.right, windowWidth) - Math.max(canvas.left, 0));
  const height = Math.max(0, Math.min(canvas.bottom, windowHeight) - Math.max(canvas.top, 0));
  return Math.floor((width * height * 1000) / (windowWidth * windowHeight)) / 1000;
}
