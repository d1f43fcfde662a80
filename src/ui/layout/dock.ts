/**
 * @file What opens, closes and brings forward a docked panel (docs/architecture.md, "The dock"):
 * each panel keeps its own open flag (the store's, or the Cypher console's and the agent panel's
 * own); the store's `dockRecent` says which open one is in front. Header buttons, keys and the
 * player's Inspect button go through `toggleInDock`: a closed panel opens in front, an open one
 * behind another comes forward, the one in front closes.
 * Runs in: the main thread.
 */
import { isAgentPanelOpen, setAgentPanelOpen } from '../agent/AgentPanel.tsx';
import { isCypherConsoleOpen, setCypherConsoleOpen } from '../components/CypherConsole.tsx';
import type { AppState } from '../store/appStore.ts';
import { getState, setState } from '../store/appStore.ts';
import { bringForward, cycleTab, frontTab, openTabs } from './dockLayout.ts';
import type { DockTab } from './dockLayout.ts';

/** The player's story has its tab while a finished run is on the canvas. */
export function storyShown(s: AppState): boolean {
  return s.player !== null && !s.player.live && s.player.total > 0 && s.viewMode === 'tree';
}

/** Whether `tab` is open, from the store and the two panels that keep their own flag. */
export function isDocked(tab: DockTab, s: AppState = getState(), cypher = isCypherConsoleOpen(), agent = isAgentPanelOpen()): boolean {
  switch (tab) {
    case 'answer':
      return s.searchPanelOpen && s.question !== null;
    case 'story':
      return storyShown(s);
    case 'inspect':
      return s.player !== null && s.playerInspectOpen;
    case 'sql':
      return s.sqlOpen;
    case 'cypher':
      return cypher;
    case 'agent':
      return agent;
    case 'models':
      return s.modelsOpen;
  }
}

function setOpen(tab: DockTab, open: boolean): void {
  switch (tab) {
    case 'answer':
      setState({ searchPanelOpen: open });
      break;
    case 'inspect':
      localStorage.setItem('ranger.player.details', open ? 'open' : 'closed');
      setState({ playerInspectOpen: open });
      break;
    case 'sql':
      setState({ sqlOpen: open });
      break;
    case 'cypher':
      setCypherConsoleOpen(open);
      break;
    case 'agent':
      setAgentPanelOpen(open);
      break;
    case 'models':
      setState({ modelsOpen: open });
      break;
    case 'story':
      // Shown while a finished run is on the canvas: nothing to open or close by hand.
      break;
  }
}

/** The open tabs and the one in front, now. */
export function dockNow(): { open: DockTab[]; front: DockTab | null } {
  const s = getState();
  const open = openTabs((tab) => isDocked(tab, s));
  return { open, front: frontTab(open, s.dockRecent) };
}

/** Puts `tab` in front (opening it when it is closed). */
export function showInDock(tab: DockTab): void {
  if (!isDocked(tab)) setOpen(tab, true);
  setState((s) => ({ dockRecent: bringForward(s.dockRecent, tab) }));
}

/** A closed panel opens in front; an open one behind another comes forward; the one in front closes. */
export function toggleInDock(tab: DockTab): void {
  const { front } = dockNow();
  if (isDocked(tab) && front === tab) setOpen(tab, false);
  else showInDock(tab);
}

/** Brings the next (or previous) open tab forward, in tab order. */
export function cycleDock(step: 1 | -1): void {
  const { open, front } = dockNow();
  const next = cycleTab(open, front, step);
  if (next) setState((s) => ({ dockRecent: bringForward(s.dockRecent, next) }));
}
