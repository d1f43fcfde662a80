/**
 * @file The side dock right of the graph (docs/architecture.md, "The dock"): the answer, the
 * player's story and Inspect, the SQL and Cypher consoles, the agent and the models share one
 * column with a tab each, one in front; the selected node's details sit under it (the whole
 * column when no tab is open, a slim rail when nothing is selected either). A panel that opens
 * comes to the front (a question's run leaves its answer in front); ←/→, Home, End move along
 * the tabs, `d` / `D` anywhere. Every panel stays mounted while closed or behind, so its state
 * (a query, its rows) is kept. The width comes from useDockRoom: the canvas keeps half the window.
 * Test hooks: data-testid="dock" (data-tabs, data-front), "dock-tab-<tab>", "dock-panel-<tab>".
 * Runs in: the main thread.
 */
import { useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { AgentPanel, useAgentPanelOpen } from '../agent/AgentPanel.tsx';
import { CypherConsole, useCypherConsoleOpen } from '../components/CypherConsole.tsx';
import { DetailsPane } from '../components/DetailsPane.tsx';
import { ModelsPanel } from '../components/ModelsPanel.tsx';
import { SearchPanel } from '../components/SearchPanel.tsx';
import { SqlConsole } from '../components/SqlConsole.tsx';
import { PlayerStory } from '../player/StoryPanel.tsx';
import { getState, setState, useAppState } from '../store/appStore.ts';
import { isDocked } from './dock.ts';
import { bringForward, cycleTab, DOCK_LABELS, DOCK_TABS, frontTab, openTabs } from './dockLayout.ts';
import type { DockTab } from './dockLayout.ts';
import { setInspectSlot } from './dockSlot.ts';
import '../styles/dock.css';

function TabContent({ tab }: { tab: DockTab }) {
  switch (tab) {
    case 'answer':
      return <SearchPanel />;
    case 'story':
      return <PlayerStory />;
    case 'inspect':
      // The player renders into this element (dockSlot.ts).
      return <div className="dock-slot" ref={setInspectSlot} />;
    case 'sql':
      return <SqlConsole />;
    case 'cypher':
      return <CypherConsole />;
    case 'agent':
      return <AgentPanel />;
    case 'models':
      return <ModelsPanel />;
  }
}

function focusTab(tab: DockTab): void {
  document.getElementById(`dock-tab-${tab}`)?.focus();
}

export function Dock({ width }: { width: number }) {
  const cypher = useCypherConsoleOpen();
  const agent = useAgentPanelOpen();
  // A string, so the selector's value is stable between store updates.
  const openKey = useAppState((s) => openTabs((tab) => isDocked(tab, s, cypher, agent)).join(' '));
  const open = openKey ? (openKey.split(' ') as DockTab[]) : [];
  const recent = useAppState((s) => s.dockRecent);
  const selected = useAppState((s) => s.selectedNodeId);
  const front = frontTab(open, recent);

  // A panel that opens comes to the front, before the frame is painted. The story of a run a
  // question just made stays behind its answer; a stored or imported run's story comes forward.
  const before = useRef<string[]>([]);
  useLayoutEffect(() => {
    const opened = open.filter((tab) => !before.current.includes(tab));
    before.current = open;
    const forward = opened.filter((tab) => tab !== 'story' || getState().player?.source !== 'live');
    const last = forward[forward.length - 1];
    if (last) setState((s) => ({ dockRecent: bringForward(s.dockRecent, last) }));
  }, [openKey]); // openKey stands for `open`

  const bring = (tab: DockTab | null) => {
    if (!tab) return;
    setState((s) => ({ dockRecent: bringForward(s.dockRecent, tab) }));
    focusTab(tab);
  };
  const onTabKey = (event: KeyboardEvent) => {
    const moves: Record<string, () => DockTab | null> = {
      ArrowRight: () => cycleTab(open, front, 1),
      ArrowLeft: () => cycleTab(open, front, -1),
      Home: () => open[0] ?? null,
      End: () => open[open.length - 1] ?? null,
    };
    const move = moves[event.key];
    if (!move || event.ctrlKey || event.metaKey || event.altKey) return;
    // Handled here: the player's arrows, Home and End must not step the run as well.
    event.preventDefault();
    bring(move());
  };

  const expanded = open.length > 0 || selected !== null;
  const detailsShown = selected !== null || open.length === 0;
  return (
    <div
      className={`dock${expanded ? '' : ' collapsed'}`}
      data-testid="dock"
      data-tabs={openKey}
      data-front={front ?? ''}
      role="region"
      aria-label="Side panels"
      style={expanded ? { width: `${width}px` } : undefined}
    >
      {open.length > 0 && (
        <div className="dock-tabs" role="tablist" aria-label="Side panels (d switches)" onKeyDown={onTabKey}>
          {open.map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              id={`dock-tab-${tab}`}
              data-testid={`dock-tab-${tab}`}
              aria-selected={tab === front}
              aria-controls={`dock-panel-${tab}`}
              tabIndex={tab === front ? 0 : -1}
              onClick={() => bring(tab)}
            >
              {DOCK_LABELS[tab]}
            </button>
          ))}
        </div>
      )}
      {DOCK_TABS.map((tab) => {
        const isOpen = open.includes(tab);
        return (
          <div
            key={tab}
            id={`dock-panel-${tab}`}
            className="dock-panel"
            data-testid={`dock-panel-${tab}`}
            role={isOpen ? 'tabpanel' : undefined}
            aria-labelledby={isOpen ? `dock-tab-${tab}` : undefined}
            hidden={tab !== front}
          >
            <TabContent tab={tab} />
          </div>
        );
      })}
      <div className="dock-details" hidden={!detailsShown}>
        <DetailsPane />
      </div>
    </div>
  );
}
