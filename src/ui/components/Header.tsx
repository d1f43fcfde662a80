/**
 * @file The header: product name, repos menu, open-a-zip, search, the docked panels' toggles
 * (models with the running semantic task, and how far an embedding got: the one after an index
 * runs while the panel is closed; SQL, Cypher, agent: layout/dock.ts), theme toggle and the
 * shortcuts button.
 * Runs in: the main thread.
 */
import type { RefObject } from 'react';
import { setTheme } from '../actions/actions.ts';
import { setState, useAppState } from '../store/appStore.ts';
import { useCypherConsoleOpen } from './CypherConsole.tsx';
import { useAgentPanelOpen } from '../agent/AgentPanel.tsx';
import { toggleInDock } from '../layout/dock.ts';
import { RepoMenu } from './RepoMenu.tsx';
import { SearchBox } from './SearchBox.tsx';

export function Header({ searchRef, onPickZip, onNew }: { searchRef: RefObject<HTMLInputElement | null>; onPickZip: () => void; onNew: () => void }) {
  const theme = useAppState((s) => s.theme);
  const sqlOpen = useAppState((s) => s.sqlOpen);
  const cypherOpen = useCypherConsoleOpen();
  const agentOpen = useAgentPanelOpen();
  const canIndex = useAppState((s) => s.storage === 'ready' && s.indexing === null);
  const hasRepo = useAppState((s) => s.activeRepoId !== null);
  const modelsOpen = useAppState((s) => s.modelsOpen);
  const presetId = useAppState((s) => s.semantic?.presetId ?? null);
  const task = useAppState((s) => s.semanticTask?.kind ?? null);
  const auto = useAppState((s) => s.semanticTask?.auto === true);
  const autoRun = useAppState((s) => s.autoEmbedRun);
  const embedPct = useAppState((s) => (s.semanticTask?.kind === 'embed' && s.embedLive?.phase === 'embed' && s.embedLive.total > 0 ? Math.floor((s.embedLive.done / s.embedLive.total) * 100) : null));
  const embedSource = useAppState((s) => (s.semanticTask?.kind === 'embed' ? (s.embedLive?.source ?? null) : null));
  const taskText = task === 'embed' ? `${auto ? 'embedding for search (after indexing)' : 'embedding'}${embedSource ? ` ${embedSource}` : ''}${embedPct !== null ? ` ${embedPct} %` : ''} · Esc cancels` : `${task} running`;
  return (
    <header className="app-header">
      <span className="brand">
        <span className="brand-mark" aria-hidden="true">◈</span> Ranger Studio
      </span>
      <RepoMenu onNew={onNew} />
      <button type="button" onClick={onPickZip} disabled={!canIndex} data-testid="open-zip-button" title="Index a .zip (or drop a zip or folder anywhere)">
        Open zip…
      </button>
      <SearchBox ref={searchRef} />
      <span className="toolbar-spacer" />
      <button
        type="button"
        className="models-toggle"
        aria-pressed={modelsOpen}
        disabled={!hasRepo}
        onClick={() => toggleInDock('models')}
        data-testid="models-toggle"
        data-preset={presetId ?? ''}
        data-task={task ?? ''}
        data-auto-embed={autoRun?.state ?? ''}
        data-auto-embed-ms={autoRun?.ms ?? ''}
        title={task ? `Models (m): ${taskText}` : 'Models, descriptions, embeddings and SIMILAR edges (m)'}
      >
        Models{presetId ? <span className="muted small"> · {presetId}</span> : null}
        {task && <span className="task-dot" aria-label={taskText} title={taskText} />}
        {task === 'embed' && (
          <span className="muted small task-progress-text" data-testid="models-task-progress">
            {embedPct !== null ? ` ${embedPct} %` : ' …'}
          </span>
        )}
      </button>
      <button type="button" aria-pressed={sqlOpen} disabled={!hasRepo} onClick={() => toggleInDock('sql')} data-testid="sql-toggle" title="SQL console (s)">
        SQL
      </button>
      <button type="button" aria-pressed={cypherOpen} disabled={!hasRepo} onClick={() => toggleInDock('cypher')} data-testid="cypher-toggle" title="Cypher console">
        Cypher
      </button>
      <button type="button" aria-pressed={agentOpen} disabled={!hasRepo} onClick={() => toggleInDock('agent')} data-testid="agent-toggle" title="Agent: questions and requirements answered with graph tools">
        Agent
      </button>
      <button
        type="button"
        className="icon-button"
        data-testid="theme-toggle"
        aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
        title="Theme (t)"
        onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
      >
        {theme === 'dark' ? '☀' : '☾'}
      </button>
      <button type="button" className="icon-button" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={() => setState({ dialog: 'shortcuts' })}>
        ?
      </button>
    </header>
  );
}
