/**
 * @file App flows over the repo worker: open storage, index (progress, cancel), switch and
 * delete repos, load the active summary. A finished index or import then embeds in the
 * background (ui/autoEmbed.ts). Every failure lands in the one error banner (dismissable;
 * cleared by the next action of its kind that succeeds); a failed or cancelled index leaves the
 * previous graph exactly as it was.
 * Runs in: the main thread.
 */
import type { Phase, Progress } from '../core/progress.ts';
import { isBundle } from '../core/bundle/bundleFormat.ts';
import type { RepoInput } from '../core/pipeline/repoService.ts';
import type { RepoClient } from './clients/repoClient.ts';
import { indexWithProgress } from './clients/repoClient.ts';
import { embedAfterIndex } from './autoEmbed.ts';
import { summaryFromIndex } from './data/summary.ts';
import { errorCode, toShownError } from './errors/errorMessages.ts';
import { dropWaitingTasks } from './semanticSession.ts';
import { clearError, getState, setState } from './store/appStore.ts';
import type { ErrorSource } from './store/appStore.ts';

/** Into the one banner; the next action of the same `source` that succeeds clears it (clearError). */
export function showError(error: unknown, source: ErrorSource): void {
  setState({ error: { ...toShownError(error), source } });
}

export async function openStorage(service: RepoClient): Promise<void> {
  try {
    const { repos, activeRepoId, persistent } = await service.open();
    setState({ storage: 'ready', repos, activeRepoId, persistent, showStart: activeRepoId === null });
    if (activeRepoId) await refreshActive(service);
  } catch (error) {
    if (errorCode(error) === 'STORAGE_LOCKED') {
      setState({ storage: 'locked', showStart: true });
      return;
    }
    showError(error, 'repo');
    // Storage may still work with the saved graph left closed: offer the list and a new index.
    try {
      const repos = await service.listRepos();
      setState({ storage: 'ready', repos, activeRepoId: null, showStart: true });
    } catch {
      setState({ storage: 'unavailable', showStart: true });
    }
  }
}

/** Reload the summary of the active repo and tell the graph to redraw. */
export async function refreshActive(service: RepoClient): Promise<void> {
  const { activeRepoId, repos } = getState();
  if (!activeRepoId) {
    setState({ summary: null, selectedNodeId: null, showStart: true });
    return;
  }
  const entry = repos.find((r) => r.id === activeRepoId);
  const summary = await service.readStoredSummary(entry?.name ?? '');
  setState((s) => ({ summary, selectedNodeId: null, graphVersion: s.graphVersion + 1, viewMode: 'overview', showStart: false }));
}

const PHASE_ORDER: readonly Phase[] = ['read', 'parse', 'stitch', 'store'];
/**
 * The progress card repaints at most this often: every repaint costs style, layout and paint
 * on the two cores the index runs on (per frame, it took 0.8 s of main-thread CPU on the stdlib).
 */
const PROGRESS_REPAINT_MS = 150;
let pendingProgress: Progress[] = [];
let repaint: ReturnType<typeof setTimeout> | null = null;

function onProgress(progress: Progress): void {
  // Coalesce: the worker may report per file. Phases overlap (the parse starts while the read
  // goes on): the last report of each phase counts, and the current phase is the furthest one.
  pendingProgress = [...pendingProgress.filter((p) => p.phase !== progress.phase), progress];
  if (repaint) return;
  repaint = setTimeout(() => {
    repaint = null;
    const reports = pendingProgress;
    pendingProgress = [];
    setState((s) => {
      if (!s.indexing) return {};
      const phases = { ...s.indexing.phases };
      let current = s.indexing.current;
      for (const p of reports) {
        phases[p.phase] = { done: p.done, total: p.total, detail: p.detail };
        if (PHASE_ORDER.indexOf(p.phase) > PHASE_ORDER.indexOf(current)) current = p.phase;
      }
      return { indexing: { ...s.indexing, current, phases } };
    });
  }, PROGRESS_REPAINT_MS);
}

/**
 * A semantic job works on the active graph: stop it before that graph changes (what is stored
 * stays); tasks waiting for it are dropped.
 */
async function stopSemanticTask(service: RepoClient): Promise<void> {
  dropWaitingTasks();
  if (getState().semanticTask) await service.cancelSemantic().catch(() => undefined);
}

/** User Timing names of one index, from the pick or drop to the summary (DevTools and e2e read them). */
export const INDEX_MARK = 'ranger:index-start';
export const INDEX_MEASURE = 'ranger:index';

/**
 * The person is about to index (files dragged over the window, a file picker opened): the worker
 * starts the index's database and parse workers while they choose. Best effort.
 */
export function prepareIndex(service: RepoClient): void {
  if (!getState().indexing) void service.prepareIndex().catch(() => undefined);
}

export async function runIndex(service: RepoClient, input: Promise<RepoInput | null>, name: string): Promise<void> {
  if (getState().indexing) return;
  performance.mark(INDEX_MARK);
  let measured = false;
  // Ends when the summary (or the error) arrives: the new graph's first draw, which the state
  // update starts, is not part of it.
  const ended = () => {
    if (measured) return;
    measured = true;
    performance.measure(INDEX_MEASURE, { start: INDEX_MARK, detail: name });
  };
  try {
    await indexAndShow(service, input, name, ended);
  } finally {
    ended();
  }
}

async function indexAndShow(service: RepoClient, input: Promise<RepoInput | null>, name: string, ended: () => void): Promise<void> {
  await stopSemanticTask(service);
  setState({ indexing: { name, current: 'read', phases: {}, startedAt: performance.now(), cancelling: false }, error: null });
  try {
    const ready = await input;
    if (!ready) {
      setState({ indexing: null });
      showError(Object.assign(new Error('Nothing to index was found in what you dropped.'), { code: 'INPUT_INVALID' }), 'index');
      return;
    }
    const bundle = ready.kind === 'zip' && isBundle(ready.data);
    setState((s) => (s.indexing ? { indexing: { ...s.indexing, name: ready.name, bundle } } : {}));
    // A bundle is always a new repo; an index replaces the open repo of its name, another stored
    // one of that name only when the person says so (else both are kept, the new one "name (2)"):
    // the repo worker names the input as its index will (a zip's single folder) and asks here.
    const summary = await indexWithProgress(service, { ...ready, skipTests: getState().skipTests }, onProgress, confirmReplace);
    ended();
    const repos = await service.listRepos();
    setState((s) => ({
      indexing: null,
      repos,
      activeRepoId: summary.repoId,
      summary: summaryFromIndex(summary),
      selectedNodeId: null,
      viewMode: 'overview',
      graphVersion: s.graphVersion + 1,
      showStart: false,
    }));
    const changes = summary.changes?.nodes;
    void embedAfterIndex(service, bundle ? 'bundle' : 'index', changes ? changes.added + changes.changed : undefined);
  } catch (error) {
    ended();
    setState({ indexing: null });
    showError(error, 'index');
  }
}

let replaceAnswer: ((replace: boolean) => void) | null = null;

/** Asks (ReplaceDialog) before an index replaces a stored repo that is not the open one. */
function confirmReplace(name: string, newName: string): Promise<boolean> {
  replaceAnswer?.(false);
  setState({ replaceAsk: { name, newName } });
  return new Promise((resolve) => {
    replaceAnswer = resolve;
  });
}

/** The person's answer: true replaces the stored repo, false keeps both. */
export function answerReplace(replace: boolean): void {
  const answer = replaceAnswer;
  replaceAnswer = null;
  setState({ replaceAsk: null });
  answer?.(replace);
}

export async function cancelIndex(service: RepoClient): Promise<void> {
  setState((s) => (s.indexing ? { indexing: { ...s.indexing, cancelling: true } } : {}));
  await service.cancel();
}

export async function switchRepo(service: RepoClient, repoId: string): Promise<void> {
  if (getState().indexing || repoId === getState().activeRepoId) return;
  await stopSemanticTask(service);
  try {
    await service.switchRepo(repoId);
    setState({ activeRepoId: repoId, error: null });
    await refreshActive(service);
  } catch (error) {
    showError(error, 'repo');
  }
}

export async function deleteRepo(service: RepoClient, repoId: string): Promise<void> {
  try {
    const wasActive = getState().activeRepoId === repoId;
    if (wasActive) await stopSemanticTask(service);
    await service.deleteRepo(repoId);
    const repos = await service.listRepos();
    setState({ repos });
    clearError('repo');
    if (!wasActive) return;
    const next = repos[0];
    if (next) {
      await service.switchRepo(next.id);
      setState({ activeRepoId: next.id });
    } else {
      setState({ activeRepoId: null });
    }
    await refreshActive(service);
  } catch (error) {
    showError(error, 'repo');
  }
}

/** Downloads the active repo as a bundle file (graph, files, descriptions, vectors, runs). */
export async function exportActiveBundle(service: RepoClient): Promise<void> {
  try {
    const { fileName, blob } = await service.exportBundle();
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    clearError('repo');
  } catch (error) {
    showError(error, 'repo');
  }
}
