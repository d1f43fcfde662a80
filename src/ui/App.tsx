/**
 * @file The app shell: header (repos, open, search, models, theme, help), banners, progress,
 * summary, question bar, the graph explorer and the side dock beside it (answer, story, Inspect,
 * SQL, Cypher, agent, models and the details: layout/Dock.tsx, sized so the graph keeps half the
 * window, reported as data-graph-share), dialogs; window-wide drop and keyboard handling.
 * Runs in: the main thread. Heavy work goes to the repo worker through the client.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { handleKey } from './actions/actions.ts';
import type { ActionContext } from './actions/actions.ts';
import { connectRepoService } from './clients/repoClient.ts';
import { CommandsContext } from './commands.ts';
import type { Commands } from './commands.ts';
import { ErrorBanner, StorageBanner } from './components/Banners.tsx';
import { EvalDialog } from './components/EvalDialog.tsx';
import { GraphExplorer } from './components/GraphExplorer.tsx';
import { Header } from './components/Header.tsx';
import { IssuesDialog } from './components/IssuesDialog.tsx';
import { ProgressPanel } from './components/ProgressPanel.tsx';
import { QuestionBar } from './components/QuestionBar.tsx';
import { ShortcutsDialog } from './components/ShortcutsDialog.tsx';
import { StartScreen } from './components/StartScreen.tsx';
import { SummaryBar } from './components/SummaryBar.tsx';
import type { GraphController } from './graph/graphController.ts';
import { demoBundleInput, demoInput } from './input/demoRepo.ts';
import { UpdateNotice } from './components/UpdateNotice.tsx';
import { Dock } from './layout/Dock.tsx';
import { useDockRoom } from './layout/useDockRoom.ts';
import { dropInput, folderPickInput, zipInput } from './input/readInput.ts';
import { cancelSemantic, refreshSemantic } from './semanticSession.ts';
import { ReplaceDialog } from './components/ReplaceDialog.tsx';
import { cancelIndex, openStorage, prepareIndex, runIndex } from './session.ts';
import { getState, setState, useAppState } from './store/appStore.ts';

export function App() {
  const service = useMemo(() => connectRepoService(), []);
  const theme = useAppState((s) => s.theme);
  const activeRepoId = useAppState((s) => s.activeRepoId);
  const showStart = useAppState((s) => s.showStart);
  const storage = useAppState((s) => s.storage);
  const graphVersion = useAppState((s) => s.graphVersion);
  const modelsOpen = useAppState((s) => s.modelsOpen);
  const graphRef = useRef<GraphController | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const zipRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  const workspaceRef = useRef<HTMLElement>(null);
  const [dragging, setDragging] = useState(false);
  const room = useDockRoom(workspaceRef, activeRepoId !== null);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);

  useEffect(() => {
    // Follow the system theme until the user picks one with the toggle.
    const media = matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => {
      if (!localStorage.getItem('ranger.theme')) setState({ theme: media.matches ? 'dark' : 'light' });
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    void openStorage(service);
  }, [service]);

  useEffect(() => {
    // Models are per browser, descriptions and embeddings per graph: read both for each graph,
    // and again when the models panel opens (a search may have stored vectors meanwhile).
    if (storage === 'ready') void refreshSemantic(service);
  }, [service, storage, activeRepoId, graphVersion, modelsOpen]);

  const selectNode = useCallback((id: number | null) => {
    setState({ selectedNodeId: id });
    const graph = graphRef.current;
    if (!graph || id === null) {
      graph?.select(null);
      return;
    }
    // The MCTS player keeps its tree: the node is selected there (drawn if folded) and its code
    // shows in the details pane, even when the search never reached it (a known answer).
    if (graph.mode === 'tree') {
      graph.select(id, false);
      return;
    }
    // In the package overview a module inside a closed package is revealed; else the ego view.
    void graph.reveal(id).then((shown) => {
      if (!shown) void graph.showEgo(id, getState().egoDepth);
    });
  }, []);

  const commands: Commands = useMemo(
    () => ({ service, selectNode, focusSearch: () => searchRef.current?.focus(), graph: () => graphRef.current }),
    [service, selectNode],
  );

  useEffect(() => {
    const ctx: ActionContext = {
      graph: () => graphRef.current,
      focusSearch: () => searchRef.current?.focus(),
      cancelIndexing: () => void cancelIndex(service),
      cancelSemantic: () => void cancelSemantic(service),
      cancelQuestion: () => void service.cancelSearch(),
      selectNode,
    };
    const onKey = (event: KeyboardEvent) => handleKey(event, ctx);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [service, selectNode]);

  const onController = useCallback((controller: GraphController | null) => {
    graphRef.current = controller;
  }, []);

  const canIndex = storage === 'ready';
  const pickZip = () => {
    prepareIndex(service);
    zipRef.current?.click();
  };
  const pickFolder = () => {
    prepareIndex(service);
    folderRef.current?.click();
  };
  const openNew = () => {
    prepareIndex(service);
    setState({ showStart: true });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!canIndex) return;
    void runIndex(service, dropInput(event.dataTransfer), 'dropped files');
  };

  return (
    <CommandsContext.Provider value={commands}>
      <div
        className="app"
        data-graph-share={room.share}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          if (!dragging && canIndex) prepareIndex(service);
          setDragging(true);
        }}
        onDragLeave={(e) => {
          if (e.currentTarget === e.target || !e.currentTarget.contains(e.relatedTarget as Node)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <input
          ref={zipRef}
          type="file"
          accept=".zip"
          data-testid="zip-input"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Choose a zip file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void runIndex(service, zipInput(file), file.name);
          }}
        />
        <input
          ref={folderRef}
          type="file"
          data-testid="folder-input"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Choose a folder"
          {...{ webkitdirectory: '' }}
          onChange={(e) => {
            const list = e.target.files;
            if (list && list.length > 0) {
              const input = folderPickInput(list);
              e.target.value = '';
              void runIndex(service, input, 'folder');
            }
          }}
        />
        <Header
          searchRef={searchRef}
          onPickZip={pickZip}
          onNew={openNew}
        />
        <div className="banners">
          <StorageBanner />
          <ErrorBanner />
          <ProgressPanel onCancel={() => void cancelIndex(service)} />
          <ReplaceDialog />
        </div>
        {activeRepoId ? (
          <>
            <SummaryBar />
            <QuestionBar />
            <main className="workspace" ref={workspaceRef}>
              <GraphExplorer onController={onController} />
              <Dock width={room.width} />
            </main>
          </>
        ) : (
          <main className="workspace start">
            <StartScreen
              onPickZip={pickZip}
              onPickFolder={pickFolder}
              onDemo={() => void runIndex(service, demoInput(), 'demo')}
              onDemoBundle={() => void runIndex(service, demoBundleInput(), 'demo')}
            />
          </main>
        )}
        {activeRepoId && showStart && (
          <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && setState({ showStart: false })}>
            <div className="dialog start-dialog" role="dialog" aria-modal="true" aria-label="Index a repository">
              <StartScreen
                onPickZip={() => {
                  setState({ showStart: false });
                  zipRef.current?.click();
                }}
                onPickFolder={() => {
                  setState({ showStart: false });
                  folderRef.current?.click();
                }}
                onDemo={() => {
                  setState({ showStart: false });
                  void runIndex(service, demoInput(), 'demo');
                }}
                onDemoBundle={() => {
                  setState({ showStart: false });
                  void runIndex(service, demoBundleInput(), 'demo');
                }}
              />
            </div>
          </div>
        )}
        {dragging && (
          <div className="drop-overlay" aria-hidden="true">
            <p>Drop the .zip or folder to index it</p>
          </div>
        )}
        <IssuesDialog />
        <UpdateNotice />
        <ShortcutsDialog />
        <EvalDialog />
      </div>
    </CommandsContext.Provider>
  );
}
