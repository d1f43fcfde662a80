/**
 * @file The MCTS player dock under the graph (docs/architecture.md, "The player"): one line of
 * controls (all through the player actions: buttons and keys run the same code), speed, view
 * (search tree / code graph), and the scrubber with markers; in the side dock's Inspect tab
 * (rendered there through a portal, layout/dockSlot.ts) the run list (stored runs of this graph,
 * across reloads), export and import of a run as JSON, charts, the inspector, what-if and the diff.
 * Test hooks: data-testid="mcts-player" with data-iteration, data-phase, data-iterations.
 * Runs in: the main thread.
 */
import { useEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { replaySeries, TOP_K } from '../../core/search/replaySeries.ts';
import type { RunInfo } from '../../core/store/runStore.ts';
import { useCommands } from '../commands.ts';
import { HiddenFileInput } from '../components/HiddenFileInput.tsx';
import { saveBlob } from '../searchSession.ts';
import { useAppState } from '../store/appStore.ts';
import { toggleInDock } from '../layout/dock.ts';
import { useInspectSlot } from '../layout/dockSlot.ts';
import { Inspector } from './Inspector.tsx';
import { PlayerCharts } from './PlayerCharts.tsx';
import { actionTitle, performPlayerAction } from './playerActions.ts';
import type { PlayerActionName } from './playerActions.ts';
import { closePlayer, compareReplay, exportRun, importRun, openRun, playerReplay, refreshRuns, setSpeed, setView } from './playerSession.ts';
import { SPEEDS_MS } from './playerState.ts';
import { RunCompare } from './RunCompare.tsx';
import { Timeline } from './Timeline.tsx';
import { useKnownAnswer } from './useKnownAnswer.ts';
import { useNodeNames } from './useNodeNames.ts';
import { WhatIf } from './WhatIf.tsx';
import '../styles/player.css';

function runLabel(run: RunInfo): string {
  const s = run.summary;
  const when = run.createdAt ? new Date(run.createdAt).toLocaleString() : '';
  return `#${run.id} · ${s.query ?? '?'} · T ${s.iterations ?? '?'} · ${s.treeSize ?? '?'} nodes${s.source && s.source !== 'cli' ? ` · ${s.source}` : s.source === 'cli' ? ' · CLI' : ''} · ${when}`;
}

function ActionButton({ name, children, testId }: { name: PlayerActionName; children: string; testId: string }) {
  return (
    <button type="button" className="small" data-testid={testId} title={actionTitle(name)} aria-label={actionTitle(name)} onClick={() => performPlayerAction(name)}>
      {children}
    </button>
  );
}

function RunPicker({ runs, current }: { runs: RunInfo[]; current: number | null }) {
  const { service } = useCommands();
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <span className="player-runs">
      <select
        aria-label="Stored MCTS runs"
        data-testid="run-list"
        data-runs={runs.length}
        value={current ?? ''}
        onChange={(e) => {
          if (e.target.value !== '') void openRun(service, Number(e.target.value));
        }}
      >
        <option value="">{runs.length === 0 ? 'No stored runs' : `Stored runs (${runs.length})`}</option>
        {runs.map((run) => (
          <option key={run.id} value={run.id}>
            {runLabel(run)}
          </option>
        ))}
      </select>
      <HiddenFileInput
        inputRef={fileRef}
        accept=".json,application/json"
        testId="run-import-input"
        label="Import a run (JSON)"
        onFile={(file) => void importRun(service, file)}
      />
      <button type="button" className="small" data-testid="run-import" onClick={() => fileRef.current?.click()} title="Open a run exported as JSON (or written by the CLI's search --trace)">
        Import…
      </button>
    </span>
  );
}

export function MctsPlayer() {
  const { service } = useCommands();
  const player = useAppState((s) => s.player);
  const runs = useAppState((s) => s.runs);
  const graphVersion = useAppState((s) => s.graphVersion);
  const selected = useAppState((s) => s.selectedNodeId);
  const running = useAppState((s) => s.question?.state === 'running');
  // Charts, inspector and what-if: a dock tab, closed until asked for (remembered).
  const open = useAppState((s) => s.playerInspectOpen);
  const inspectSlot = useInspectSlot();
  const replay = player ? playerReplay() : null;
  const compare = player?.compareVersion ? compareReplay() : null;
  const version = player?.version ?? 0;
  const known = useKnownAnswer(service, player?.live ? null : replay);
  const series = useMemo(() => (replay && !player?.live ? replaySeries(replay, TOP_K, known ?? undefined) : null), [replay, version, player?.live, known]);
  const firstCursor = useMemo(() => {
    const starts: number[] = [0];
    replay?.trace.events.forEach((e, i) => {
      if (starts[e.iteration] === undefined) starts[e.iteration] = i;
    });
    return starts;
  }, [replay, version]);
  const inspectedIds = useMemo(() => (replay ? [selected !== null && replay.indexOf.has(selected) ? selected : replay.trace.rootId] : []), [replay, selected]);
  const names = useNodeNames(service, inspectedIds);

  useEffect(() => {
    if (graphVersion > 0) void refreshRuns(service);
  }, [service, graphVersion]);

  if (!player) {
    if (runs.length === 0) return null;
    return (
      <section className="mcts-player collapsed" aria-label="MCTS runs">
        <span className="muted small">MCTS player</span>
        <RunPicker runs={runs} current={null} />
      </section>
    );
  }
  const phase = player.phase ?? 'select';
  return (
    <section
      className="mcts-player"
      data-testid="mcts-player"
      data-iteration={player.iteration}
      data-phase={player.cursor === 0 ? 'select' : phase}
      data-iterations={player.iterations}
      data-cursor={player.cursor}
      data-total={player.total}
      data-live={player.live}
      data-run={player.runId ?? ''}
      data-view={player.view}
      aria-label="MCTS player"
    >
      <div className="player-bar">
        <span className="player-position mono" data-testid="player-position">
          {player.live ? `searching · iteration ${player.iterations}` : `iteration ${player.iteration} / ${player.iterations} · ${player.cursor === 0 ? 'start' : phase}`}
        </span>
        <span className="player-controls" role="group" aria-label="Playback">
          <ActionButton name="player.start" testId="player-start">|◀</ActionButton>
          <ActionButton name="player.iterationBack" testId="player-iteration-back">◀◀</ActionButton>
          <ActionButton name="player.phaseBack" testId="player-phase-back">◁</ActionButton>
          <ActionButton name="player.playPause" testId="player-play">{player.playing ? '❚❚' : '▶'}</ActionButton>
          <ActionButton name="player.phaseForward" testId="player-phase-forward">▷</ActionButton>
          <ActionButton name="player.iterationForward" testId="player-iteration-forward">▶▶</ActionButton>
          <ActionButton name="player.end" testId="player-end">▶|</ActionButton>
        </span>
        <label className="player-speed small" title="Step duration (, slower · . faster)">
          speed
          <input type="range" min={0} max={SPEEDS_MS.length - 1} value={player.speed} onChange={(e) => setSpeed(Number(e.target.value))} aria-label="Playback speed" data-testid="player-speed" />
          <span className="mono">{SPEEDS_MS[player.speed]! >= 1000 ? `${(SPEEDS_MS[player.speed]! / 1000).toFixed(1)} s` : `${SPEEDS_MS[player.speed]} ms`}</span>
        </label>
        <span className="segmented" role="group" aria-label="Player view">
          <button type="button" className="small" aria-pressed={player.view === 'tree'} data-testid="player-view-tree" onClick={() => setView('tree')} title="Layered search tree (v)">
            Search tree
          </button>
          <button type="button" className="small" aria-pressed={player.view === 'graph'} data-testid="player-view-graph" onClick={() => setView('graph')} title="The tree on the code graph (v)">
            Code graph
          </button>
        </span>
        <span className="toolbar-spacer" />
        <button type="button" className="small" aria-expanded={open} aria-controls="dock-panel-inspect" data-testid="player-details" onClick={() => toggleInDock('inspect')} title="Charts, inspector, what-if, diff and the stored runs, in the side dock">
          Inspect {open ? '▾' : '▸'}
        </button>
        <button type="button" className="small quiet" aria-label="Close the player" onClick={closePlayer}>
          ✕
        </button>
      </div>
      {player.warning && (
        <p className="player-warning small" data-testid="player-warning">
          {player.warning}
        </p>
      )}
      {player.error && (
        <p className="error-text small" data-testid="player-error">
          {player.error}
        </p>
      )}
      {replay && series && (
        <Timeline total={player.total} cursor={player.cursor} iterations={player.iterations} markers={series.markers} eventIteration={firstCursor} />
      )}
      {open &&
        inspectSlot &&
        createPortal(
          <div className="player-inspect" data-testid="player-inspect">
            <div className="player-run-tools">
              <RunPicker runs={runs} current={player.runId} />
              <button type="button" className="small" data-testid="run-export" disabled={player.live || !replay} onClick={() => exportRun(saveBlob)} title="Save the run as JSON (trace, parameters, model ids, graph fingerprint)">
                Export
              </button>
            </div>
            {replay && compare && !player.live && <RunCompare a={compare} b={replay} />}
            {replay && series && (
              <div className="player-body">
                <PlayerCharts points={series.points} iteration={player.iteration} />
                <Inspector replay={replay} cursor={player.cursor} nodeId={selected} name={names.get(inspectedIds[0]!) ?? null} />
                <WhatIf key={version} replay={replay} busy={running} />
              </div>
            )}
          </div>,
          inspectSlot,
        )}
    </section>
  );
}
