/**
 * @file App flows over the semantic side of the repo worker: read the status, pick a preset or
 * a model, load models (status streams in), describe (pause / resume / restart), embed, SIMILAR,
 * device check, cache. One semantic task at a time and never during indexing; Esc cancels.
 * A task a person asks for while the embedding started after an index runs (ui/autoEmbed.ts)
 * waits for it and then starts (the panel says so); an Embed click of the same embedder makes
 * that embedding the person's instead of starting another.
 * Failures land in the one error banner (cleared by the next semantic task or setting that
 * succeeds), except a model's load error, which its row shows.
 * Runs in: the main thread (the work runs in the repo worker).
 */
import { fromWire } from '../core/errors.ts';
import type { ModelSpec, PresetId } from '../core/models/modelSpec.ts';
import type { DeviceCheck, DescribeProgress, EmbedProgress, SemanticSource, SemanticStatus, SimilarOptions } from '../core/semantic/semanticService.ts';
import type { RepoClient } from './clients/repoClient.ts';
import { describeWithProgress, embedWithProgress, loadModelsWithStatus, similarWithProgress } from './clients/repoClient.ts';
import { errorCode, errorText, toShownError } from './errors/errorMessages.ts';
import type { SemanticTask } from './store/appStore.ts';
import { clearError, getState, setState } from './store/appStore.ts';

/**
 * The one banner, for semantic failures. INPUT_INVALID and UNKNOWN sentences speak of indexing,
 * so for those the service's own message (it says what to do) is the headline.
 */
function showError(error: unknown): void {
  const code = errorCode(error);
  if (code === 'CANCELLED') return;
  const shown = code === 'INPUT_INVALID' || code === 'UNKNOWN' ? { code, message: errorText(error) } : toShownError(error);
  setState({ error: { ...shown, source: 'semantic' } });
}

/** Latest value per frame: the worker may report per node; the page repaints at most once a frame. */
function coalesce<T>(apply: (value: T) => void): (value: T) => void {
  let pending: { value: T } | null = null;
  let frame = 0;
  return (value: T) => {
    pending = { value };
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (pending) apply(pending.value);
      pending = null;
    });
  };
}

/** Status reads asked for, and the newest one applied: an older read that answers late is dropped. */
let statusAsked = 0;
let statusApplied = 0;

/**
 * Reads the semantic status and shows it, unless a read asked for later has been shown already (a
 * read started during an embedding can answer after the one that followed it: the models worker
 * answers its cache size only between batches). Throws what the read throws.
 */
export function readSemanticStatus(service: RepoClient): Promise<SemanticStatus> {
  return showStatus(() => service.semanticStatus());
}

/** Shows the status a call answers (a read, or a setting that returns it), newest asked wins. */
async function showStatus(call: () => Promise<SemanticStatus>): Promise<SemanticStatus> {
  const asked = ++statusAsked;
  const semantic = await call();
  if (asked > statusApplied) {
    statusApplied = asked;
    setState({ semantic, semanticError: null });
  }
  return semantic;
}

export async function refreshSemantic(service: RepoClient): Promise<void> {
  try {
    await readSemanticStatus(service);
  } catch (error) {
    setState({ semanticError: errorText(error) });
  }
}

/** SIMILAR edges change the edge counts of the summary line (the graph itself is not redrawn). */
async function refreshSummary(service: RepoClient): Promise<void> {
  const current = getState().summary;
  if (!current) return;
  try {
    setState({ summary: await service.readStoredSummary(current.repoName) });
  } catch {
    // The old counts stay; the next index or switch reads them again.
  }
}

/** Tasks asked for during the automatic embedding, in order; `start(false)`: dropped (the graph changed). */
let waiting: { kind: SemanticTask['kind']; start: (go: boolean) => void }[] = [];

function setWaiting(next: typeof waiting): void {
  waiting = next;
  setState({ semanticWaiting: next.map((w) => w.kind) });
}

/** Resolves true when the automatic embedding has ended and it is `kind`'s turn, false when dropped. */
function waitForTurn(kind: SemanticTask['kind']): Promise<boolean> {
  if (waiting.some((w) => w.kind === kind)) return Promise.resolve(false); // its button says it waits
  return new Promise((resolve) => setWaiting([...waiting, { kind, start: resolve }]));
}

function startNextWaiting(): void {
  const s = getState();
  const [next, ...rest] = waiting;
  if (!next || s.semanticTask || s.indexing) return;
  setWaiting(rest);
  next.start(true);
}

/** The graph changes (index, switch, delete): what waited for the old graph's embedding is dropped. */
export function dropWaitingTasks(): void {
  const dropped = waiting;
  setWaiting([]);
  for (const w of dropped) w.start(false);
}

/** How a task ended, for callers that report it (the automatic embedding). */
export type TaskOutcome = 'done' | 'cancelled' | 'failed';

/**
 * Runs one task; the status is read again afterwards whatever happened. A person's task asked for
 * while the automatic embedding runs waits for it (their buttons are disabled while their own run).
 */
async function runTask<T>(
  service: RepoClient,
  kind: SemanticTask['kind'],
  work: () => Promise<T>,
  options: { auto?: boolean; outcome?: (outcome: TaskOutcome) => void } = {},
): Promise<T | undefined> {
  const s = getState();
  if (s.indexing) return undefined;
  if (s.semanticTask) {
    if (!s.semanticTask.auto || options.auto) return undefined;
    return (await waitForTurn(kind)) ? runTask(service, kind, work, options) : undefined;
  }
  setState({ semanticTask: { kind, cancelling: false, ...(options.auto ? { auto: true } : {}) } });
  try {
    const result = await work();
    clearError('semantic');
    options.outcome?.('done');
    return result;
  } catch (error) {
    options.outcome?.(errorCode(error) === 'CANCELLED' ? 'cancelled' : 'failed');
    showError(error);
    return undefined;
  } finally {
    // The status first: when the task shows as over, the panel already lists what it stored.
    await refreshSemantic(service);
    setState({ semanticTask: null, describeLive: null, embedLive: null });
    startNextWaiting();
  }
}

/** Quick settings calls (preset, model, hub host, cache): no task, but not during one either. */
async function applySetting(call: () => Promise<SemanticStatus>): Promise<void> {
  if (getState().semanticTask?.kind === 'load') return;
  try {
    await showStatus(call);
    clearError('semantic');
  } catch (error) {
    showError(error);
  }
}

export function choosePreset(service: RepoClient, id: PresetId): Promise<void> {
  return applySetting(() => service.selectPreset(id));
}

export function chooseModel(service: RepoClient, spec: ModelSpec): Promise<void> {
  return applySetting(() => service.setModel(spec));
}

export function applyHubHost(service: RepoClient, url: string | null): Promise<void> {
  return applySetting(() => service.setHubHost(url));
}

export function clearModelCache(service: RepoClient): Promise<void> {
  return applySetting(() => service.clearModelCache());
}

/** A picked or dropped model folder: registered in the worker, then selected for its role. */
export async function addFolderModel(
  service: RepoClient,
  role: 'embedder' | 'reranker',
  name: string,
  files: { path: string; data: Blob }[],
): Promise<void> {
  try {
    const spec = await service.addModelFolder(role, name, files);
    await showStatus(() => service.setModel(spec));
    clearError('semantic');
  } catch (error) {
    showError(error);
  }
}

export async function loadModels(service: RepoClient): Promise<void> {
  const onStatus = coalesce((semantic: SemanticStatus) => void showStatus(() => Promise.resolve(semantic)));
  await runTask(service, 'load', () => loadModelsWithStatus(service, onStatus));
}

export async function checkDevices(service: RepoClient): Promise<DeviceCheck[] | undefined> {
  return runTask(service, 'check', () => service.checkDevices());
}

export async function runDescribe(service: RepoClient, restart = false): Promise<void> {
  const onProgress = coalesce((p: DescribeProgress) => setState({ describeLive: p }));
  const done = await runTask(service, 'describe', () => describeWithProgress(service, restart, onProgress));
  if (done?.error) showError(fromWire(done.error));
  setState((s) => ({ semanticVersion: s.semanticVersion + 1 }));
}

/** Stops after the node in flight; what is described stays stored (resume = runDescribe). */
export async function pauseDescribe(service: RepoClient): Promise<void> {
  if (getState().semanticTask?.kind !== 'describe') return;
  setState((s) => (s.semanticTask ? { semanticTask: { ...s.semanticTask, cancelling: true } } : {}));
  await service.pauseDescribe();
}

/** The automatic embedding's promise while it runs (an Embed click that adopts it awaits it). */
let automatic: Promise<unknown> | null = null;

export async function runEmbed(service: RepoClient, sources: SemanticSource[] = ['description', 'code']): Promise<void> {
  const { semanticTask: task, autoEmbedRun: run, semantic } = getState();
  if (task?.auto && task.kind === 'embed' && automatic && run?.model === semantic?.embedder.spec.id && sources.every((source) => run?.sources?.includes(source))) {
    // The embedding started after indexing already embeds these with this embedder: it goes on as
    // the person's (their Cancel, their progress) instead of a second one after it.
    setState((s) => ({
      semanticTask: s.semanticTask && { ...s.semanticTask, auto: false },
      autoEmbedRun: s.autoEmbedRun && { ...s.autoEmbedRun, adopted: true },
    }));
    await automatic;
    return;
  }
  await embedTask(service, sources);
}

/** Embeds `sources` with the selected embedder (SIMILAR edges follow); `auto`: the one after an index. */
export async function embedTask(service: RepoClient, sources: SemanticSource[], auto = false): Promise<TaskOutcome> {
  const onProgress = coalesce((p: EmbedProgress) => setState({ embedLive: p }));
  let outcome: TaskOutcome = 'failed';
  const task = runTask(service, 'embed', () => embedWithProgress(service, sources, onProgress), { auto, outcome: (o) => (outcome = o) });
  if (auto) automatic = task;
  try {
    await task;
  } finally {
    if (automatic === task) automatic = null;
  }
  setState((s) => ({ semanticVersion: s.semanticVersion + 1 }));
  await refreshSummary(service);
  return outcome;
}

export async function runSimilar(service: RepoClient, options: SimilarOptions): Promise<void> {
  const onProgress = coalesce((p: EmbedProgress) => setState({ embedLive: p }));
  await runTask(service, 'similar', () => similarWithProgress(service, options, onProgress));
  setState((s) => ({ semanticVersion: s.semanticVersion + 1 }));
  await refreshSummary(service);
}

/** Esc / Cancel: stops the running semantic task; what is already stored stays. */
export async function cancelSemantic(service: RepoClient): Promise<void> {
  if (!getState().semanticTask) return;
  setState((s) => (s.semanticTask ? { semanticTask: { ...s.semanticTask, cancelling: true } } : {}));
  await service.cancelSemantic();
}
