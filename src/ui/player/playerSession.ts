/**
 * @file The MCTS player's flows (docs/architecture.md, "The player"): load a run (live while a search streams its events,
 * a stored run from the run list, an imported JSON file), move the cursor (steps by phase and by
 * iteration, start/end, scrub), play at a speed, switch views, export, what-if re-run and the
 * diff against the previous run. The canvas follows through usePlayerGraph.
 * Where the state lives: everything a view reads is the store's `player` slice (PlayerState);
 * what cannot go in a store (the replays, core folds with snapshots; the playback timer; the live
 * event buffer and its refresh timer) is held by one PlayerSession, `playerSession`, created once
 * here. The exported functions are that session's methods, for the components, actions and flows.
 * A stored or imported run opens at its start, paused; a live run that just finished opens at its
 * end (it was just watched). Live runs are rebuilt at most a few times a second (the tab stays responsive).
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
import type { AppState } from '../store/appStore.ts';
import type { PlayerViewKind } from './playerCanvas.ts';
import type { PlayerState } from './playerState.ts';
import { DEFAULT_SPEED, SPEEDS_MS } from './playerState.ts';

/** The store the session reads and writes (the app's: the player slice, the run list, the view mode). */
export interface PlayerStore {
  getState(): AppState;
  setState(patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)): void;
}

/** Events of the running search, not yet a replay; `frame` is the pending rebuild. */
interface LiveBuffer {
  query: string;
  events: MctsEvent[];
  frame: ReturnType<typeof setTimeout> | null;
}

/** Where a loaded run's cursor starts. */
type OpenAt = 'start' | 'end';

const LIVE_REFRESH_MS = 250;

function positionOf(replay: Replay, cursor: number): Pick<PlayerState, 'cursor' | 'iteration' | 'phase'> {
  const event = cursor > 0 ? replay.trace.events[cursor - 1] : undefined;
  return { cursor, iteration: event?.iteration ?? 0, phase: event?.phase ?? null };
}

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

/** The player's flows over one store, holding what the store cannot (replays, timers, the live buffer). */
export class PlayerSession {
  private readonly store: PlayerStore;
  /** The loaded run (null: none, or a live search with no events yet). */
  private main: Replay | null = null;
  /** The run a what-if compares with (the run before the re-run). */
  private compare: Replay | null = null;
  /** Source of PlayerState.version: bumped for each replay loaded, never reset (a closed player included). */
  private version = 0;
  /** The next playback step. */
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Set while a search streams its events. */
  private live: LiveBuffer | null = null;

  constructor(store: PlayerStore = { getState, setState }) {
    this.store = store;
  }

  playerReplay(): Replay | null {
    return this.main;
  }

  compareReplay(): Replay | null {
    return this.compare;
  }

  private patch(update: Partial<PlayerState>): void {
    this.store.setState((s) => (s.player ? { player: { ...s.player, ...update } } : {}));
  }

  private load(replay: Replay, at: OpenAt, fields: Pick<PlayerState, 'runId' | 'source' | 'live'> & { warning?: string | null }): void {
    this.main = replay;
    const version = ++this.version;
    const previous = this.store.getState().player;
    const cursor = at === 'start' ? 0 : replay.trace.events.length;
    this.store.setState({
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
        compareVersion: this.compare ? version : null,
      },
      viewMode: 'tree',
    });
  }

  /** Drops the live buffer and its pending rebuild. */
  private dropLive(): void {
    if (this.live?.frame) clearTimeout(this.live.frame);
    this.live = null;
  }

  // ---- live --------------------------------------------------------------------------------

  /** A new search starts: the previous tree goes at once. */
  startLive(query: string, keepComparison = false): void {
    this.stopPlaying();
    if (!keepComparison) this.compare = null;
    this.dropLive();
    this.live = { query, events: [], frame: null };
    this.main = null;
    const version = ++this.version;
    this.store.setState((s) => ({
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

  liveEvent(event: MctsEvent): void {
    const live = this.live;
    if (!live) return;
    live.events.push(event);
    if (live.frame) return;
    live.frame = setTimeout(() => {
      live.frame = null;
      if (this.live !== live || live.events.length === 0 || !this.store.getState().player?.live) return;
      this.load(buildReplay(liveTrace(live.query, live.events)), 'end', { runId: null, source: 'live', live: true });
    }, LIVE_REFRESH_MS);
  }

  /** The search ended: the streamed events under the answer's trace head (read back only if some are missing). */
  async finishLive(service: RepoClient, response: SearchResponse | null): Promise<void> {
    const events = this.live?.events ?? null;
    this.dropLive();
    if (!response || !response.traceHead || response.runId === undefined || !events) {
      this.closePlayer();
      return;
    }
    // Streamed events cross on their own port and may trail the answer by a little.
    for (let wait = 0; events.length < (response.traceEvents ?? 0) && wait < 20; wait++) await new Promise((r) => setTimeout(r, 50));
    let trace: MctsTrace = { ...response.traceHead, events } as MctsTrace;
    if (events.length !== response.traceEvents) trace = await service.trace(response.runId);
    // The person just watched this run grow: it stays at its end.
    this.load(buildReplay(trace), 'end', { runId: response.runId, source: 'live', live: false });
    await this.refreshRuns(service);
  }

  cancelLive(): void {
    this.dropLive();
    this.patch({ live: false });
  }

  // ---- stored and imported runs -------------------------------------------------------------

  async refreshRuns(service: RepoClient): Promise<void> {
    try {
      this.store.setState({ runs: await service.listRuns() });
    } catch (error) {
      console.warn('run list', error);
    }
  }

  private async graphWarning(service: RepoClient, trace: MctsTrace): Promise<string | null> {
    if (!trace.graph) return 'This trace names no graph; nodes are matched by id.';
    const here = await service.graphFingerprint();
    return sameGraph(trace.graph, here)
      ? null
      : `This trace was made on another graph (${trace.graph.nodes.toLocaleString()} nodes, ${trace.graph.hash}; this one: ${here.nodes.toLocaleString()}, ${here.hash}). Nodes missing here are shown by id.`;
  }

  /** Opens a stored run at its start, paused. */
  async openRun(service: RepoClient, runId: number): Promise<void> {
    this.stopPlaying();
    try {
      const trace = parseTrace(JSON.stringify(await service.trace(runId)));
      this.compare = null;
      this.load(buildReplay(trace), 'start', { runId, source: 'stored', live: false, warning: await this.graphWarning(service, trace) });
    } catch (error) {
      this.showPlayerError(`Run ${runId} could not be opened: ${errorText(error)}`);
    }
  }

  /** Stores a run exported as JSON and opens it at its start, paused. */
  async importRun(service: RepoClient, file: File): Promise<void> {
    this.stopPlaying();
    try {
      const trace = parseTrace(await file.text());
      const replay = buildReplay(trace);
      const warning = await this.graphWarning(service, trace);
      const runId = await service.saveTrace(trace, file.name);
      this.compare = null;
      this.load(replay, 'start', { runId, source: 'import', live: false, warning });
      await this.refreshRuns(service);
    } catch (error) {
      this.showPlayerError(`${file.name}: ${errorText(error)}`);
    }
  }

  private showPlayerError(message: string): void {
    if (this.store.getState().player) this.patch({ error: message });
    else
      this.store.setState({
        player: {
          version: ++this.version, runId: null, source: 'import', query: '', live: false, cursor: 0, total: 0, iterations: 0, iteration: 0, phase: null,
          playing: false, speed: DEFAULT_SPEED, view: 'tree', treeNodes: 0, colorMax: 10, maxN: 1, warning: null, error: message, compareVersion: null,
        },
      });
  }

  exportRun(save: (blob: Blob, name: string) => void): void {
    const player = this.store.getState().player;
    if (!this.main || !player || player.live) return;
    save(jsonBlob(this.main.trace), traceFileName(this.main.trace.query, player.runId ?? 0));
  }

  closePlayer(): void {
    this.stopPlaying();
    this.main = null;
    this.compare = null;
    this.dropLive();
    this.store.setState({ player: null });
  }

  // ---- what-if ------------------------------------------------------------------------------

  /** Keeps the current run as the comparison before a what-if re-run replaces it. */
  keepForComparison(): void {
    this.compare = this.main;
  }

  dropComparison(): void {
    this.compare = null;
    this.patch({ compareVersion: null });
  }

  // ---- cursor and playback ------------------------------------------------------------------

  setCursor(cursor: number): void {
    const main = this.main;
    if (!main) return;
    const clamped = Math.max(0, Math.min(main.trace.events.length, Math.round(cursor)));
    this.patch(positionOf(main, clamped));
  }

  stepPhase(delta: 1 | -1): void {
    const p = this.store.getState().player;
    if (p) this.setCursor(p.cursor + delta);
  }

  /** The same phase of the previous / next iteration. */
  stepIteration(delta: 1 | -1): void {
    const p = this.store.getState().player;
    const main = this.main;
    if (!main || !p) return;
    const phase: MctsPhase = p.phase ?? 'select';
    const target = Math.max(0, Math.min(main.iterations, (p.iteration || (delta > 0 ? 0 : 1)) + delta));
    this.setCursor(target === 0 ? 0 : cursorAt(main, target, phase));
  }

  goTo(iteration: number, phase: MctsPhase = 'backprop'): void {
    if (this.main) this.setCursor(cursorAt(this.main, iteration, phase));
  }

  toStart(): void {
    this.setCursor(0);
  }

  toEnd(): void {
    if (this.main) this.setCursor(this.main.trace.events.length);
  }

  private readonly tick = (): void => {
    this.timer = null;
    const p = this.store.getState().player;
    const main = this.main;
    if (!main || !p?.playing) return;
    if (p.cursor >= main.trace.events.length) {
      this.patch({ playing: false });
      return;
    }
    this.setCursor(p.cursor + 1);
    this.timer = setTimeout(this.tick, SPEEDS_MS[p.speed] ?? 500);
  };

  togglePlay(): void {
    const p = this.store.getState().player;
    const main = this.main;
    if (!main || !p || p.live) return;
    if (p.playing) return this.stopPlaying();
    if (p.cursor >= main.trace.events.length) this.setCursor(0);
    this.patch({ playing: true });
    this.timer = setTimeout(this.tick, 0);
  }

  stopPlaying(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.store.getState().player?.playing) this.patch({ playing: false });
  }

  changeSpeed(delta: number): void {
    const p = this.store.getState().player;
    if (p) this.patch({ speed: Math.max(0, Math.min(SPEEDS_MS.length - 1, p.speed + delta)) });
  }

  setSpeed(speed: number): void {
    this.patch({ speed: Math.max(0, Math.min(SPEEDS_MS.length - 1, speed)) });
  }

  setView(view: PlayerViewKind): void {
    this.patch({ view });
  }

  /** The search tree folded into focus and context (default) or every node drawn. */
  setUnfolded(unfolded: boolean): void {
    this.patch({ unfolded });
  }

  /** Selects a node of the run (the tree and the code graph both show the store's selection). */
  selectNode(id: number | null): void {
    this.store.setState({ selectedNodeId: id });
  }

  /** Marks a node as the answer the search should have found (null: none); the player tells its story. */
  markAnswer(id: number | null): void {
    this.patch({ answerId: id });
  }
}

/** The app's one player session, over the app store. */
export const playerSession = new PlayerSession();

// The session's methods as plain functions (buttons, actions and the search flow call these).
export const playerReplay = (): Replay | null => playerSession.playerReplay();
export const compareReplay = (): Replay | null => playerSession.compareReplay();
export const startLive = (query: string, keepComparison = false): void => playerSession.startLive(query, keepComparison);
export const liveEvent = (event: MctsEvent): void => playerSession.liveEvent(event);
export const finishLive = (service: RepoClient, response: SearchResponse | null): Promise<void> => playerSession.finishLive(service, response);
export const cancelLive = (): void => playerSession.cancelLive();
export const refreshRuns = (service: RepoClient): Promise<void> => playerSession.refreshRuns(service);
export const openRun = (service: RepoClient, runId: number): Promise<void> => playerSession.openRun(service, runId);
export const importRun = (service: RepoClient, file: File): Promise<void> => playerSession.importRun(service, file);
export const exportRun = (save: (blob: Blob, name: string) => void): void => playerSession.exportRun(save);
export const closePlayer = (): void => playerSession.closePlayer();
export const keepForComparison = (): void => playerSession.keepForComparison();
export const dropComparison = (): void => playerSession.dropComparison();
export const setCursor = (cursor: number): void => playerSession.setCursor(cursor);
export const stepPhase = (delta: 1 | -1): void => playerSession.stepPhase(delta);
export const stepIteration = (delta: 1 | -1): void => playerSession.stepIteration(delta);
export const goTo = (iteration: number, phase: MctsPhase = 'backprop'): void => playerSession.goTo(iteration, phase);
export const toStart = (): void => playerSession.toStart();
export const toEnd = (): void => playerSession.toEnd();
export const togglePlay = (): void => playerSession.togglePlay();
export const stopPlaying = (): void => playerSession.stopPlaying();
export const changeSpeed = (delta: number): void => playerSession.changeSpeed(delta);
export const setSpeed = (speed: number): void => playerSession.setSpeed(speed);
export const setView = (view: PlayerViewKind): void => playerSession.setView(view);
export const setUnfolded = (unfolded: boolean): void => playerSession.setUnfolded(unfolded);
export const markAnswer = (id: number | null): void => playerSession.markAnswer(id);

/** A name in the story or the known-answer view: selects the node (the canvas draws it, folded or not, and frames it). */
export function selectInPlayer(id: number): void {
  playerSession.selectNode(id);
}
