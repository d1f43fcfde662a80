/**
 * @file App flows of question answering and evaluation over the repo worker's SearchService:
 * ask a question (trace events streamed once into the MCTS player, player/playerSession.ts; a
 * Path 1 answer's nodes shown on the graph), download the stored trace, build or load an eval
 * set, run the eval with progress, cancel. One question at a time; failures show in the panel that asked.
 * Runs in: the main thread (the work runs in the repo worker).
 */
import type { EvalOptions, EvalProgress, EvalSet, SearchRequest } from '../core/agent/searchService.ts';
import { parseEvalJsonl } from '../core/eval/evalSet.ts';
import type { RepoClient } from './clients/repoClient.ts';
import { runEvalWithProgress, searchWithEvents } from './clients/repoClient.ts';
import { jsonBlob, traceFileName } from './data/searchFormat.ts';
import { errorCode, errorText } from './errors/errorMessages.ts';
import type { GraphController } from './graph/graphController.ts';
import { cancelLive, closePlayer, finishLive, keepForComparison, liveEvent, refreshRuns, startLive } from './player/playerSession.ts';
import type { EvalRunState, QuestionRun } from './store/appStore.ts';
import { getState, setState } from './store/appStore.ts';
import { refreshSemantic } from './semanticSession.ts';
import { showInDock } from './layout/dock.ts';

/** Another graph (switch, re-index): the answer, the player and eval results belong to the old one. */
export function resetSearch(service: RepoClient): void {
  const s = getState();
  if (s.question?.state === 'running' || s.evalRun.busy === 'running') void service.cancelSearch();
  closePlayer();
  if (s.question || s.evalRun.set || s.evalRun.report || s.runs.length > 0) {
    setState({
      question: null,
      searchPanelOpen: false,
      runs: [],
      evalRun: { set: null, source: null, busy: null, cancelling: false, progress: null, report: null, error: null },
    });
  }
  void refreshRuns(service);
}

function patchQuestion(patch: Partial<QuestionRun>): void {
  setState((s) => (s.question ? { question: { ...s.question, ...patch } } : {}));
}

function patchEval(patch: Partial<EvalRunState>): void {
  setState((s) => ({ evalRun: { ...s.evalRun, ...patch } }));
}

/** Latest value per frame: trace events may arrive hundreds at a time. */
function perFrame(apply: () => void): () => void {
  let frame = 0;
  return () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      apply();
    });
  };
}

let asking = 0;

/**
 * Asks a question. The player goes live at once (the previous tree leaves the canvas)
 * and follows the streamed trace events; an MCTS answer then replays from them, a
 * Path 1 or baseline answer shows its own nodes on the graph instead.
 * `keepComparison`: a what-if re-run, the current run stays as the one to compare with.
 */
export async function askQuestion(service: RepoClient, graph: GraphController | null, request: SearchRequest, keepComparison = false): Promise<void> {
  if (getState().question?.state === 'running' || request.question.trim() === '') return;
  const ask = ++asking;
  let events = 0;
  let iteration = 0;
  setState({
    question: { question: request.question, method: request.method, state: 'running', events: 0, iteration: 0, response: null, error: null },
    searchPanelOpen: true,
  });
  // A new question's answer comes to the front of the dock; a what-if keeps Inspect there.
  if (keepComparison) keepForComparison();
  else showInDock('answer');
  startLive(request.question, keepComparison);
  const repaint = perFrame(() => {
    if (ask === asking) patchQuestion({ events, iteration });
  });
  try {
    const response = await searchWithEvents(service, request, (event) => {
      if (ask !== asking) return;
      events++;
      iteration = event.iteration;
      liveEvent(event);
      repaint();
    });
    if (ask !== asking) return;
    // A new answer: the details pane must not keep showing a node from before it.
    setState({ selectedNodeId: null });
    graph?.select(null);
    patchQuestion({ state: 'done', response, events: response.traceEvents ?? events, iteration: response.traceHead?.stats.iterationsRun ?? iteration });
    // A search on a graph without vectors stores the built-in ones first: the models panel's
    // "Stored in this graph" must show them.
    void refreshSemantic(service);
    if (response.traceHead) await finishLive(service, response);
    else {
      closePlayer();
      const ids = response.results.map((hit) => hit.id);
      if (graph && ids.length > 0) void graph.showAnswer(ids);
    }
  } catch (error) {
    if (ask !== asking) return;
    const cancelled = errorCode(error) === 'CANCELLED';
    cancelLive();
    patchQuestion({ state: cancelled ? 'cancelled' : 'failed', error: cancelled ? null : errorText(error), events });
  }
}

export async function cancelQuestion(service: RepoClient): Promise<void> {
  if (getState().question?.state !== 'running') return;
  await service.cancelSearch();
}

/** Saves the stored trace of the last run as JSON (mcts-<query-slug>-<runId>.json). */
export async function downloadTrace(service: RepoClient): Promise<void> {
  const run = getState().question;
  const runId = run?.response?.runId;
  if (!run || runId === undefined) return;
  try {
    const trace = await service.trace(runId);
    saveBlob(jsonBlob(trace), traceFileName(run.question, runId));
  } catch (error) {
    patchQuestion({ error: `The trace could not be read: ${errorText(error)}` });
  }
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function buildEvalSet(service: RepoClient, options: { limit?: number; pathPrefix?: string }): Promise<void> {
  if (getState().evalRun.busy) return;
  patchEval({ busy: 'building', error: null });
  try {
    const set = await service.buildEvalSet(options);
    patchEval({ set, source: 'built from this repo', report: null, progress: null });
  } catch (error) {
    patchEval({ error: errorText(error) });
  } finally {
    patchEval({ busy: null });
  }
}

export async function loadEvalFile(file: File): Promise<void> {
  try {
    const set: EvalSet = parseEvalJsonl(await file.text(), file.name);
    if (set.queries.length === 0) throw new Error('the file has no queries');
    patchEval({ set, source: file.name, report: null, progress: null, error: null });
  } catch (error) {
    patchEval({ error: `${file.name}: ${errorText(error)}` });
  }
}

export async function runEvaluation(service: RepoClient, options: Omit<EvalOptions, 'set'>): Promise<void> {
  const { busy, set } = getState().evalRun;
  if (busy || !set) return;
  patchEval({ busy: 'running', cancelling: false, error: null, progress: null, report: null });
  let latest: EvalProgress | null = null;
  const repaint = perFrame(() => patchEval({ progress: latest }));
  try {
    const report = await runEvalWithProgress(service, { ...options, set }, (p) => {
      latest = p;
      repaint();
    });
    patchEval({ report });
  } catch (error) {
    if (errorCode(error) !== 'CANCELLED') patchEval({ error: errorText(error) });
  } finally {
    patchEval({ busy: null, cancelling: false });
  }
}

export async function cancelEvaluation(service: RepoClient): Promise<void> {
  if (getState().evalRun.busy !== 'running') return;
  patchEval({ cancelling: true });
  await service.cancelSearch();
}
