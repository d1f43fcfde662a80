/**
 * @file The one app-state store: a tiny external store read through useAppState(selector).
 * Every component reads and writes app state through this module only.
 * Runs in: the main thread.
 */
import { useSyncExternalStore } from 'react';
import type { Phase } from '../../core/progress.ts';
import type { RepoEntry } from '../../core/pipeline/repoService.ts';
import type { ErrorCode } from '../../core/errors.ts';
import type { DescribeProgress, EmbedProgress, SemanticSource, SemanticStatus } from '../../core/semantic/semanticService.ts';
import type { SummaryView } from '../../core/reads/storedSummary.ts';
import type { EvalProgress, EvalReport, EvalSet, SearchMethod, SearchResponse } from '../../core/agent/searchService.ts';
import type { RunInfo } from '../../core/store/runStore.ts';
import type { PlayerState } from '../player/playerState.ts';
import type { DockTab } from '../layout/dockLayout.ts';
import type { MctsParams, MctsPreset } from '../../core/search/mctsParams.ts';

export type StorageState = 'opening' | 'ready' | 'locked' | 'unavailable';
export type ThemeChoice = 'light' | 'dark';
export type Dialog = null | 'shortcuts' | 'skipped' | 'syntax' | 'eval';

export interface PhaseProgress {
  done: number;
  total: number;
  detail?: string;
}

export interface IndexingState {
  name: string;
  current: Phase;
  phases: Partial<Record<Phase, PhaseProgress>>;
  startedAt: number;
  cancelling: boolean;
  /** A Ranger bundle being imported (checked, its tables loaded), not a repository being indexed; undefined until the input is read. */
  bundle?: boolean;
}

/**
 * The kind of action an error in the banner came from: the next action of that kind that
 * succeeds clears it (clearError). 'index': indexing (scripts wait for [data-testid=index-error]);
 * 'repo': opening storage, switching, deleting or exporting a repo; 'graph': drawing a view;
 * 'semantic': models, descriptions, embeddings, SIMILAR.
 */
export type ErrorSource = 'index' | 'repo' | 'graph' | 'semantic';

export interface ShownError {
  code: ErrorCode;
  message: string;
  /** Raw message from the failing layer, shown as detail. */
  detail?: string;
  source?: ErrorSource;
}

/** A semantic-layer job the worker is running (one at a time, like indexing). */
export interface SemanticTask {
  kind: 'load' | 'describe' | 'embed' | 'similar' | 'check';
  cancelling: boolean;
  /** The embedding started by itself after an index (a person's click while it runs waits for it). */
  auto?: boolean;
}

/** The last embedding after an index (ui/autoEmbed.ts): what happened, for the panel and scripts. */
export interface AutoEmbedRun {
  /** pending: the decision is being made; skipped: nothing to do or not allowed (reason). */
  state: 'pending' | 'skipped' | 'running' | 'done' | 'cancelled' | 'failed';
  reason?: string;
  /** The embedder it runs with, and the sources. */
  model?: string;
  label?: string;
  sources?: SemanticSource[];
  /** A person's Embed click made it theirs (it went on as their embedding). */
  adopted?: boolean;
  /** How long it took, once over. */
  ms?: number;
}

export interface GraphNotice {
  text: string;
}

/** The last question asked through the question bar (search UI). */
export interface QuestionRun {
  question: string;
  method: SearchMethod;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  /** MCTS trace events received so far and the iteration they reached (live progress). */
  events: number;
  iteration: number;
  response: SearchResponse | null;
  error: string | null;
}

/** The question bar's Advanced MCTS settings, as typed ('' = the preset's value); read by the player too. */
export interface SearchSettings {
  preset: MctsPreset;
  /** Iterations T. */
  iterations: string;
  seed: string;
}

/** The parameters the Advanced settings set (T at least 1, whole numbers); unset fields are left out. */
export function searchSettingsParams(settings: SearchSettings): Partial<Pick<MctsParams, 'iterations' | 'seed'>> {
  const params: Partial<Pick<MctsParams, 'iterations' | 'seed'>> = {};
  const iterations = Math.floor(Number(settings.iterations));
  const seed = Math.floor(Number(settings.seed));
  if (settings.iterations.trim() && Number.isFinite(iterations)) params.iterations = Math.max(1, iterations);
  if (settings.seed.trim() && Number.isFinite(seed)) params.seed = seed;
  return params;
}

/** The eval panel's set, run and report (kept while the dialog is closed). */
export interface EvalRunState {
  set: EvalSet | null;
  /** Where the set came from: built from the loaded repo, or a JSONL file's name. */
  source: string | null;
  busy: 'building' | 'running' | null;
  cancelling: boolean;
  progress: EvalProgress | null;
  report: EvalReport | null;
  error: string | null;
}

export interface AppState {
  theme: ThemeChoice;
  storage: StorageState;
  persistent: boolean;
  repos: RepoEntry[];
  activeRepoId: string | null;
  /** Bumped whenever the active graph's content changes (switch, new index). */
  graphVersion: number;
  summary: SummaryView | null;
  indexing: IndexingState | null;
  /** An index would replace a stored repo that is not the open one: the person is asked first. */
  replaceAsk: { name: string; newName: string } | null;
  error: ShownError | null;
  selectedNodeId: number | null;
  /** 'tree': the MCTS player's canvas; 'answer': a Path 1 / baseline answer's nodes. */
  viewMode: 'overview' | 'ego' | 'tree' | 'answer';
  egoDepth: number;
  graphNotice: GraphNotice | null;
  dialog: Dialog;
  showStart: boolean;
  sqlOpen: boolean;
  /** Models, descriptions, embeddings and SIMILAR as the worker reports them (null = not read yet). */
  semantic: SemanticStatus | null;
  /** Why the semantic status could not be read (the rest of the app keeps working). */
  semanticError: string | null;
  semanticTask: SemanticTask | null;
  /** Tasks a person asked for while the automatic embedding runs: they start after it, in this order. */
  semanticWaiting: SemanticTask['kind'][];
  /** Embed with the selected embedder after every index (Models panel, start screen; kept in localStorage). */
  autoEmbed: boolean;
  autoEmbedRun: AutoEmbedRun | null;
  /** Live describe / embed progress while a task runs. */
  describeLive: DescribeProgress | null;
  embedLive: EmbedProgress | null;
  /** Bumped when descriptions, embeddings or SIMILAR edges change (details pane and graph reload). */
  semanticVersion: number;
  showSimilar: boolean;
  /** Start screen: leave tests and fixtures out of the next index. */
  skipTests: boolean;
  /** "Hide tests" (question bar): answers and the package overview leave tests and fixtures out. */
  hideTests: boolean;
  modelsOpen: boolean;
  question: QuestionRun | null;
  searchPanelOpen: boolean;
  searchSettings: SearchSettings;
  /** The dock's tabs brought forward, most recent first: the first one still open is in front (layout/dock.ts). */
  dockRecent: DockTab[];
  /** The player's Inspect tab (charts, inspector, what-if, diff, stored runs) is open; remembered across visits. */
  playerInspectOpen: boolean;
  evalRun: EvalRunState;
  /** The MCTS player: its own slice; the replay itself lives in player/playerSession.ts. */
  player: PlayerState | null;
  /** Stored MCTS runs of the open graph (the player's run list), newest first. */
  runs: RunInfo[];
}

type Listener = () => void;

/** localStorage key of the "embed after indexing" setting: 'off' turns it off (on by default). */
export const AUTO_EMBED_KEY = 'ranger.autoEmbed';

function initialAutoEmbed(): boolean {
  return typeof localStorage === 'undefined' || localStorage.getItem(AUTO_EMBED_KEY) !== 'off';
}

function initialTheme(): ThemeChoice {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem('ranger.theme') : null;
  if (stored === 'light' || stored === 'dark') return stored;
  return typeof matchMedia !== 'undefined' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

let state: AppState = {
  theme: initialTheme(),
  storage: 'opening',
  persistent: false,
  repos: [],
  activeRepoId: null,
  graphVersion: 0,
  summary: null,
  indexing: null,
  replaceAsk: null,
  error: null,
  selectedNodeId: null,
  viewMode: 'overview',
  egoDepth: 1,
  graphNotice: null,
  dialog: null,
  showStart: false,
  sqlOpen: false,
  semantic: null,
  semanticError: null,
  semanticTask: null,
  semanticWaiting: [],
  autoEmbed: initialAutoEmbed(),
  autoEmbedRun: null,
  describeLive: null,
  embedLive: null,
  semanticVersion: 0,
  showSimilar: false,
  skipTests: false,
  hideTests: false,
  modelsOpen: false,
  question: null,
  searchPanelOpen: false,
  searchSettings: { preset: 'default', iterations: '', seed: '' },
  dockRecent: [],
  playerInspectOpen: typeof localStorage !== 'undefined' && localStorage.getItem('ranger.player.details') === 'open',
  evalRun: { set: null, source: null, busy: null, cancelling: false, progress: null, report: null, error: null },
  player: null,
  runs: [],
};
const listeners = new Set<Listener>();

export function getState(): AppState {
  return state;
}

export function setState(patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)): void {
  const next = typeof patch === 'function' ? patch(state) : patch;
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** An action of kind `source` succeeded: the banner's error from that kind of action goes (others stay). */
export function clearError(source: ErrorSource): void {
  if (state.error?.source === source) setState({ error: null });
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppState<T>(selector: (s: AppState) => T): T {
  return useSyncExternalStore(subscribe, () => selector(state));
}
