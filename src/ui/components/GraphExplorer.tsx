/**
 * @file The graph explorer: a Cytoscape canvas driven by GraphController, with its toolbar
 * (overview / ego view, depth 1-3, SIMILAR edges on/off, fit, zoom, re-layout), legend, notices
 * and a status line; the MCTS player dock under the canvas (player/). In the package overview the
 * canvas takes the keyboard focus (arrows, Enter, Esc / Backspace: GraphController.overviewKey)
 * and a breadcrumb above it shows where the focus is (each step goes back up to it). The bars
 * above and below the canvas never wrap (docs/architecture.md, "The dock": the dock's width
 * follows the canvas's height); the player's story and Inspect live in the dock.
 * Redraws the overview whenever the active graph changes, and without its tests and fixtures
 * group while the question bar's "Hide tests" is on; the controller outlives renders.
 * Runs in: the main thread.
 */
import { useEffect, useRef, useState } from 'react';
import { useCommands } from '../commands.ts';
import { GraphController } from '../graph/graphController.ts';
import type { Crumb } from '../graph/graphController.ts';
import { showError } from '../session.ts';
import { clearError, getState, setState, useAppState } from '../store/appStore.ts';
import { Legend } from './Legend.tsx';
import { SearchTreeLegend } from './SearchTreeLegend.tsx';
import { MctsPlayer } from '../player/MctsPlayer.tsx';
import { readLabelsAfterFrame, reportPlayerRender, usePlayerGraph } from '../player/usePlayerGraph.ts';

interface RenderInfo {
  nodes: number;
  edges: number;
  similarEdges: number;
  packages: number;
  layoutMs: number;
}

export function GraphExplorer({ onController }: { onController: (controller: GraphController | null) => void }) {
  const { service } = useCommands();
  const containerRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<GraphController | null>(null);
  const theme = useAppState((s) => s.theme);
  const graphVersion = useAppState((s) => s.graphVersion);
  const activeRepoId = useAppState((s) => s.activeRepoId);
  const mode = useAppState((s) => s.viewMode);
  const depth = useAppState((s) => s.egoDepth);
  const selected = useAppState((s) => s.selectedNodeId);
  const notice = useAppState((s) => s.graphNotice);
  const showSimilar = useAppState((s) => s.showSimilar);
  const hideTests = useAppState((s) => s.hideTests);
  const semanticVersion = useAppState((s) => s.semanticVersion);
  const similarStored = useAppState((s) => s.semantic?.similar?.edges ?? null);
  const treeNodes = useAppState((s) => (s.viewMode === 'tree' ? (s.player?.treeNodes ?? 0) : 0));
  const treeDrawn = useAppState((s) => (s.viewMode === 'tree' ? (s.player?.drawn ?? 0) : 0));
  const labelOverlaps = useAppState((s) => (s.viewMode === 'tree' ? (s.player?.labelOverlaps ?? 0) : 0));
  const labelCount = useAppState((s) => (s.viewMode === 'tree' ? (s.player?.labels ?? 0) : 0));
  const labelsCursor = useAppState((s) => (s.viewMode === 'tree' ? (s.player?.labelsCursor ?? -1) : -1));
  const [busy, setBusy] = useState(false);
  const [info, setInfo] = useState<RenderInfo | null>(null);
  const [path, setPath] = useState<Crumb[]>([]);
  const [levelSummary, setLevelSummary] = useState('');

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const controller = new GraphController(container, service, getState().theme, {
      onSelect: (id) => setState({ selectedNodeId: id }),
      onNotice: (text) => setState({ graphNotice: text ? { text } : null }),
      onBusy: setBusy,
      onError: (error) => showError(error, 'graph'),
      onRendered: (rendered) => {
        // A view drawn: a graph error from an earlier view change no longer applies.
        clearError('graph');
        setInfo(rendered);
        setState({ viewMode: rendered.mode });
      },
      onPlayerRendered: (info) => {
        reportPlayerRender(info);
        readLabelsAfterFrame(controller);
      },
      onPath: (crumbs, summary) => {
        setPath(crumbs);
        setLevelSummary(summary);
      },
    });
    controllerRef.current = controller;
    onController(controller);
    return () => {
      onController(null);
      controllerRef.current = null;
      controller.destroy();
    };
  }, [service, onController]);

  useEffect(() => {
    controllerRef.current?.setTheme(theme);
  }, [theme]);

  usePlayerGraph(controllerRef);

  useEffect(() => {
    // Before the overview's first draw: the tests and fixtures group is left out from the start.
    void controllerRef.current?.setHideTests(hideTests);
  }, [hideTests]);

  useEffect(() => {
    if (activeRepoId && graphVersion > 0) void controllerRef.current?.showOverview();
  }, [graphVersion, activeRepoId]);

  useEffect(() => {
    // Also after a recompute (semanticVersion): the stored SIMILAR edges may have changed.
    void controllerRef.current?.setShowSimilar(showSimilar);
  }, [showSimilar, semanticVersion]);

  const controller = () => controllerRef.current;
  const showEgo = () => {
    const id = getState().selectedNodeId;
    if (id !== null) void controller()?.showEgo(id, depth);
  };
  const setDepth = (next: number) => {
    setState({ egoDepth: next });
    void controller()?.setEgoDepth(next);
  };

  return (
    <section className="graph-explorer" aria-label="Graph explorer">
      <div className="graph-toolbar" role="toolbar" aria-label="Graph view">
        <div className="segmented" role="group" aria-label="View">
          <button
            type="button"
            aria-pressed={mode === 'overview'}
            data-testid="overview-button"
            onClick={() => void controller()?.showOverview()}
            title="Module overview (o)"
          >
            Overview
          </button>
          <button type="button" aria-pressed={mode === 'ego'} data-testid="ego-button" disabled={selected === null} onClick={showEgo} title="Ego view of the selected node (e)">
            Ego view
          </button>
        </div>
        <label className="depth" title="Ego depth (+ / -)">
          Depth
          <button type="button" className="small" aria-label="Less depth" disabled={depth <= 1} onClick={() => setDepth(depth - 1)}>
            −
          </button>
          <input type="range" min={1} max={3} step={1} value={depth} aria-label="Ego depth" data-testid="depth-slider" onChange={(e) => setDepth(Number(e.target.value))} />
          <button type="button" className="small" aria-label="More depth" disabled={depth >= 3} onClick={() => setDepth(depth + 1)}>
            +
          </button>
          <span className="mono">{depth}</span>
        </label>
        <button
          type="button"
          className="similar-toggle"
          aria-pressed={showSimilar}
          data-testid="similar-toggle"
          onClick={() => setState({ showSimilar: !showSimilar })}
          title={similarStored === null ? 'No SIMILAR edges computed yet (Models panel: Embed)' : `${similarStored.toLocaleString()} SIMILAR edges stored (g)`}
        >
          <span className="edge-line dashed" style={{ borderTopColor: 'var(--edge-SIMILAR)' }} aria-hidden="true" /> SIMILAR edges
        </button>
        <span className="toolbar-spacer" />
        <button type="button" onClick={() => controller()?.zoomBy(0.8)} aria-label="Zoom out" title="Zoom out ([)">
          −
        </button>
        <button type="button" onClick={() => controller()?.zoomBy(1.25)} aria-label="Zoom in" title="Zoom in (])">
          +
        </button>
        <button type="button" onClick={() => controller()?.fit()} title="Fit to window (f)" data-testid="fit-button">
          Fit
        </button>
        <button type="button" onClick={() => void controller()?.relayout()} title="Lay out again">
          Re-layout
        </button>
      </div>
      {mode === 'overview' && path.length > 0 && (
        <nav className="graph-breadcrumb" aria-label="Where you are in the overview" data-testid="overview-breadcrumb" data-path={path.map((c) => c.label).join('/')}>
          <ol aria-live="polite">
            {path.map((crumb, i) => (
              <li key={crumb.key || 'top'}>
                {i < path.length - 1 ? (
                  <button type="button" className="link-button" onClick={() => void controller()?.goUpTo(crumb.key)} title="Back up to here">
                    {crumb.label}
                  </button>
                ) : (
                  <span aria-current="location">{crumb.label}</span>
                )}
              </li>
            ))}
          </ol>
          <span className="muted small" data-testid="overview-summary">
            {levelSummary ? `${levelSummary} · ` : ''}Enter or click opens · Esc goes up · arrows move · / searches
          </span>
        </nav>
      )}
      <div className="graph-row">
      <div className="graph-stage">
        <div
          ref={containerRef}
          className="graph-canvas"
          data-testid="graph"
          data-mode={mode}
          data-nodes={info?.nodes ?? 0}
          data-edges={info?.edges ?? 0}
          data-similar-edges={info?.similarEdges ?? 0}
          data-packages={info?.packages ?? 0}
          data-layout-ms={info?.layoutMs ?? 0}
          data-busy={busy}
          data-tree-nodes={treeNodes}
          data-tree-drawn={treeDrawn}
          data-labels={labelCount}
          data-label-overlaps={labelOverlaps}
          data-labels-cursor={labelsCursor}
          aria-label={mode === 'overview' ? 'Code graph: arrows move between packages, Enter opens one, Esc goes back up' : 'Code graph'}
          role="application"
          tabIndex={0}
          onKeyDown={(event) => {
            if (event.ctrlKey || event.metaKey || event.altKey) return;
            if (controller()?.overviewKey(event.key)) event.preventDefault();
          }}
          onFocus={(event) => {
            // Tabbing in (not a click) puts the overview's focus on its first item.
            const graph = controller();
            if (graph && event.currentTarget.matches(':focus-visible') && graph.mode === 'overview' && graph.pathToFocus().length <= 1) graph.overviewKey('ArrowRight');
          }}
        />
        {notice && (
          <p className="graph-notice" data-testid="graph-notice">
            {notice.text}
          </p>
        )}
        {busy && <p className="graph-busy">Loading…</p>}
        <SearchTreeLegend />
      </div>
      </div>
      <MctsPlayer />
      <footer className="graph-footer">
        <Legend />
        {info && (
          <span className="graph-status muted small">
            {info.nodes.toLocaleString()} nodes · {info.edges.toLocaleString()} edges shown{info.similarEdges > 0 ? ` (${info.similarEdges.toLocaleString()} similar)` : ''} · layout {info.layoutMs} ms
          </span>
        )}
      </footer>
    </section>
  );
}
