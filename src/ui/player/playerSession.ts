/**
 * @file The MCTS player's flows (issue 9): load a run (live while a search streams its events,
 * a stored run from the run list, an imported JSON file), move the cursor (steps by phase and by
 * iteration, start/end, scrub), play at a speed, switch views, export, what-if re-run and the
 * diff against the previous run. The replays (core folds with snapshots) live here, outside the
 * store; the store holds the player's slice. The canvas follows through usePlayerGraph.
 * Live runs are rebuilt at most a few times a second (the tab stays responsive).
 * Runs in: the main thread.
 */
import type { SearchResponse } from '../../core/agent/searchService.ts';
import { sameGraph } from '../../core/search/graphFingerprint.ts';
import { buildReplay, cursorAt, parseTrace } from '../../core/search/mctsReplay.ts';
import type { Replay } from '../../core/search/mctsReplay.ts';
import { TRACE_VERSION } from '../../core/search/mctsTrace.ts';
import type { MctsEvent, MctsPhase, MctsTrace } from '../../core/search/mctsTrace.ts';
import type { RepoClient } from '../clients/repoClient.ts';
import { jsonBlob, traceFileName } from '../data/searchFormat.ts';
import { errorText } from '../errors/errorMessages.ts';
import { getState, setState } from '../store/appStore.ts';
import type { PlayerViewKind } from './playerCanvas.ts';
import type { PlayerState } from './playerState.ts';
import { DEFAULT_SPEED, SPEEDS_MS } from './playerState.ts';

let main: Replay | null = null;
let compare: Replay | null = null;
let version = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

export function playerReplay(): Replay | null {
  return main;
}

export function compareReplay(): Replay | null {
  return compare;
}

function patch(update: Partial<PlayerState>): void {
  setState((s) => (s.player ? { player: { ...s.player, ...update } } : {}));
}

function positionOf(replay: Replay, cursor: number): Pick<PlayerState, 'cursor' | 'iteration' | 'phase'> {
  const event = cursor > 0 ? replay.trace.events[cursor - 1] : undefined;
  return { cursor, iteration: event?.iteration ?? 0, phase: event?.phase ?? null };
}

function load(replay: Replay, fields: Pick<PlayerState, 'runId' | 'source' | 'live'> & { cursor?: number; warning?: string | null }): void {
  main = replay;
  version++;
  const previous = getState().player;
  const cursor = fields.cursor ?? replay.trace.events.length;
  setState({
    player: {
      version,
      runId: fields.runId,
      source: fields.source,
      query: replay.trace.query,
      live: fields.live,
      total: replay.trace.events.length,
      iterations: replay.iterations,
      ...positionOf(replay, cursor),
      playing: false,
      speed: previous?.speed ?? DEFAULT_SPEED,
      view: previous?.view ?? 'tree',
      treeNodes: previous?.treeNodes ?? 0,
      colorMax: previous?.colorMax ?? 10,
      maxN: previous?.maxN ?? 1,
      warning: fields.warning ?? null,
      error: null,
      compareVersion: compare ? version : null,
    },
    viewMode: 'tree',
  });
}

// ---- live ----------------------------------------------------------------------------------

let liveEvents: MctsEvent[] | null = null;
let liveQuery = '';
let liveFrame: ReturnType<typeof setTimeout> | null = null;
const LIVE_REFRESH_MS = 250;

/** A provisional trace for live events: parameters are known only at the end (no UCT labels yet). */
function liveTrace(query: string, events: MctsEvent[]): MctsTrace {
  const first = events.find((e) => e.phase === 'select');
  return {
    version: TRACE_VERSION,
    query,
    params: { iterations: 0, kInit: 0, kMin: 1, c: 0, alpha: 0.5, budget: null, seed: 0 },
    rootId: first && first.phase === 'select' ? first.path[0]! : 0,
    rootSim: 0,
    stats: { iterationsRun: 0, rerankerCalls: 0, rerankerBatches: 0, treeSize: 0, visited: 0, exhausted: false },
    events: [...events],
    top: [],
  };
}

/** A new search starts: the previous tree goes at once (issue 8 item 10). */
export function startLive(query: string, keepComparison = false): void {
  stopPlaying();
  if (!keepComparison) compare = null;
  liveEvents = [];
  liveQuery = query;
  main = null;
  version++;
  setState((s) => ({
    player: {
      version,
      runId: null,
      source: 'live',
      query,
      live: true,
      cursor: 0,
      total: 0,
      iterations: 0,
      iteration: 0,
      phase: null,
      playing: false,
      speed: s.player?.speed ?? DEFAULT_SPEED,
      view: s.player?.view ?? 'tree',
      treeNodes: 0,
      colorMax: 10,
      maxN: 1,
      warning: null,
      error: null,
      compareVersion: null,
    },
  }));
}

export function liveEvent(event: MctsEvent): void {
  if (!liveEvents) return;
  liveEvents.push(event);
  if (liveFrame) return;
  liveFrame = setTimeout(() => {
    liveFrame = null;
    if (!liveEvents || liveEvents.length === 0 || !getState().player?.live) return;
    load(buildReplay(liveTrace(liveQuery, liveEvents)), { runId: null, source: 'live', live: true });
  }, LIVE_REFRESH_MS);
}

/** The search ended: the streamed events under the answer's trace head (read back only if some are missing). */
export async function finishLive(service: RepoClient, response: SearchResponse | null): Promise<void> {
  const events = liveEvents;
  liveEvents = null;
  if (liveFrame) clearTimeout(liveFrame);
  liveFrame = null;
  if (!response || !response.traceHead || response.runId === undefined || !events) {
    closePlayer();
    return;
  }
  // Streamed events cross on their own port and may trail the answer by a little.
  for (let wait = 0; events.length < (response.traceEvents ?? 0) && wait < 20; wait++) await new Promise((r) => setTimeout(r, 50));
  let trace: MctsTrace = { ...response.traceHead, events } as MctsTrace;
  if (events.length !== response.traceEvents) trace = await service.trace(response.runId);
  load(buildReplay(trace), { runId: response.runId, source: 'live', live: false });
  await refreshRuns(service);
}

export function cancelLive(): void {
  liveEvents = null;
  patch({ live: false });
}

// ---- stored and imported runs ---------------------------------------------------------------

export async function refreshRuns(service: RepoClient): Promise<void> {
  try {
    setState({ runs: await service.listRuns() });
  } catch (error) {
    console.warn('run list', error);
  }
}

async function graphWarning(service: RepoClient, trace: MctsTrace): Promise<string | null> {
  if (!trace.graph) return 'This trace names no graph; nodes are matched by id.';
  const here = await service.graphFingerprint();
  return sameGraph(trace.graph, here)
    ? null
    : `This trace was made on another graph (${trace.graph.nodes.toLocaleString()} nodes, ${trace.graph.hash}; this one: ${here.nodes.toLocaleString()}, ${here.hash}). Nodes missing here are shown by id.`;
}

export async function openRun(service: RepoClient, runId: number): Promise<void> {
  stopPlaying();
  try {
    const trace = parseTrace(JSON.stringify(await service.trace(runId)));
    compare = null;
    load(buildReplay(trace), { runId, source: 'stored', live: false, warning: await graphWarning(service, trace) });
  } catch (error) {
    showPlayerError(`Run ${runId} could not be opened: ${errorText(error)}`);
  }
}

export async function importRun(service: RepoClient, file: File): Promise<void> {
  stopPlaying();
  try {
    const trace = parseTrace(await file.text());
    const replay = buildReplay(trace);
    const warning = await graphWarning(service, trace);
    const runId = await service.saveTrace(trace, file.name);
    compare = null;
    load(replay, { runId, source: 'import', live: false, warning });
    await refreshRuns(service);
  } catch (error) {
    showPlayerError(`${file.name}: ${errorText(error)}`);
  }
}

function showPlayerError(message: string): void {
  if (getState().player) patch({ error: message });
  else
    setState({
      player: {
        version: ++version, runId: null, source: 'import', query: '', live: false, cursor: 0, total: 0, iterations: 0, iteration: 0, phase: null,
        playing: false, speed: DEFAULT_SPEED, view: 'tree', treeNodes: 0, colorMax: 10, maxN: 1, warning: null, error: message, compareVersion: null,
      },
    });
}

export function exportRun(save: (blob: Blob, name: string) => void): void {
  const player = getState().player;
  if (!main || !player || player.live) return;
  save(jsonBlob(main.trace), traceFileName(main.trace.query, player.runId ?? 0));
}

export function closePlayer(): void {
  stopPlaying();
  main = null;
  compare = null;
  liveEvents = null;
  setState({ player: null });
}

// ---- what-if --------------------------------------------------------------------------------

/** Keeps the current run as the comparison before a what-if re-run replaces it. */
export function keepForComparison(): void {
  compare = main;
}

export function dropComparison(): void {
  compare = null;
  patch({ compareVersion: null });
}

// ---- cursor and playback --------------------------------------------------------------------

export function setCursor(cursor: number): void {
  if (!main) return;
  const clamped = Math.max(0, Math.min(main.trace.events.length, Math.round(cursor)));
  patch(positionOf(main, clamped));
}

export function stepPhase(delta: 1 | -1): void {
  const p = getState().player;
  if (p) setCursor(p.cursor + delta);
}

/** The same phase of the previous / next iteration. */
export function stepIteration(delta: 1 | -1): void {
  const p = getState().player;
  if (!main || !p) return;
  const phase: MctsPhase = p.phase ?? 'select';
  const target = Math.max(0, Math.min(main.iterations, (p.iteration || (delta > 0 ? 0 : 1)) + delta));
  setCursor(target === 0 ? 0 : cursorAt(main, target, phase));
}

export function goTo(iteration: number, phase: MctsPhase = 'backprop'): void {
  if (main) setCursor(cursorAt(main, iteration, phase));
}

export function toStart(): void {
  setCursor(0);
}

export function toEnd(): void {
  if (main) setCursor(main.trace.events.length);
}

function tick(): void {
  timer = null;
  const p = getState().player;
  if (!main || !p?.playing) return;
  if (p.cursor >= main.trace.events.length) {
    patch({ playing: false });
    return;
  }
  setCursor(p.cursor + 1);
  timer = setTimeout(tick, SPEEDS_MS[p.speed] ?? 500);
}

export function togglePlay(): void {
  const p = getState().player;
  if (!main || !p || p.live) return;
  if (p.playing) return stopPlaying();
  if (p.cursor >= main.trace.events.length) setCursor(0);
  patch({ playing: true });
  timer = setTimeout(tick, 0);
}

export function stopPlaying(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (getState().player?.playing) patch({ playing: false });
}

export function changeSpeed(delta: number): void {
  const p = getState().player;
  if (p) patch({ speed: Math.max(0, Math.min(SPEEDS_MS.length - 1, p.speed + delta)) });
}

export function setSpeed(speed: number): void {
  patch({ speed: Math.max(0, Math.min(SPEEDS_MS.length - 1, speed)) });
}

export function setView(view: PlayerViewKind): void {
  patch({ view });
}
