/**
 * @file App flows of question answering and evaluation over the repo worker's SearchService:
 * ask a question (trace events streamed and kept whole for the later MCTS player), draw the
 * search tree on the graph, download the stored trace, build or load an eval set, run the eval
 * with progress, cancel. One question at a time; failures show in the panel that asked.
 * Runs in: the main thread (the work runs in the repo worker).
 */
import type { EvalOptions, EvalProgress, EvalSet, SearchRequest } from '../core/agent/searchService.ts';
import { parseEvalJsonl } from '../core/eval/evalSet.ts';
import type { MctsEvent, MctsTrace } from '../core/search/mctsTrace.ts';
import type { RepoClient } from './clients/repoClient.ts';
import { runEvalWithProgress, searchWithEvents } from './clients/repoClient.ts';
import { jsonBlob, traceFileName } from './data/searchFormat.ts';
import { searchTreeOverlay } from './data/searchTree.ts';
import { errorCode, errorText } from './errors/errorMessages.ts';
import type { GraphController } from './graph/graphController.ts';
import { MAX_VISIBLE_NODES } from './graph/graphQueries.ts';
import type { EvalRunState, QuestionRun } from './store/appStore.ts';
import { getState, setState } from './store/appStore.ts';

/** Every trace event of the last run, in arrival order (the MCTS player will replay these). */
let lastEvents: MctsEvent[] = [];

export function lastTraceEvents(): readonly MctsEvent[] {
  return lastEvents;
}

/** Another graph (switch, re-index): the answer, tree and eval results belong to the old one. */
export function resetSearch(service: RepoClient): void {
  const s = getState();
  if (s.question?.state === 'running' || s.evalRun.busy === 'running') void service.cancelSearch();
  lastEvents = [];
  if (s.question || s.searchTree || s.evalRun.set || s.evalRun.report) {
    setState({
      question: null,
      searchPanelOpen: false,
      searchTree: null,
      evalRun: { set: null, source: null, busy: null, cancelling: false, progress: null, report: null, error: null },
    });
  }
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

export async function askQuestion(service: RepoClient, graph: GraphController | null, request: SearchRequest): Promise<void> {
  if (getState().question?.state === 'running' || request.question.trim() === '') return;
  const events: MctsEvent[] = [];
  lastEvents = events;
  setState({
    question: { question: request.question, method: request.method, state: 'running', events: 0, iteration: 0, response: null, error: null },
    searchPanelOpen: true,
  });
  const repaint = perFrame(() => {
    if (lastEvents !== events) return;
    patchQuestion({ events: events.length, iteration: events.length > 0 ? events[events.length - 1]!.iteration : 0 });
  });
  try {
    const response = await searchWithEvents(service, request, (event) => {
      events.push(event);
      repaint();
    });
    if (lastEvents !== events) return;
    // Streamed events cross on their own comlink port and may lag the answer: the stored trace
    // is the complete record, so the tree (and the kept events) come from it.
    const trace = response.runId === undefined ? null : await service.trace(response.runId).catch(() => null);
    if (lastEvents !== events) return;
    if (trace) {
      events.splice(0, events.length, ...trace.events);
    }
    // A new answer: the details pane must not keep showing a node from before it.
    setState({ selectedNodeId: null });
    graph?.select(null);
    patchQuestion({ state: 'done', response, events: events.length, iteration: events.at(-1)?.iteration ?? 0 });
    drawSearchTree(graph, trace);
  } catch (error) {
    if (lastEvents !== events) return;
    const cancelled = errorCode(error) === 'CANCELLED';
    patchQuestion({ state: cancelled ? 'cancelled' : 'failed', error: cancelled ? null : errorText(error), events: events.length });
  }
}

/** The search tree of a stored trace on the graph; none for runs without one (Path 1, baselines). */
function drawSearchTree(graph: GraphController | null, trace: MctsTrace | null): void {
  if (!trace || trace.events.length === 0) {
    setState({ searchTree: null });
    return;
  }
  const overlay = searchTreeOverlay(trace.rootId, trace.events, MAX_VISIBLE_NODES);
  setState({ searchTree: { ...overlay, styled: 0 } });
  void showSearchTree(graph);
}

/** (Re)draws the last search tree on the graph. */
export async function showSearchTree(graph: GraphController | null): Promise<void> {
  const tree = getState().searchTree;
  if (!graph || !tree) return;
  const results = getState().question?.response?.results.map((hit) => hit.id) ?? [];
  const styled = await graph.showSearchTree(tree, results);
  setState((s) => (s.searchTree === tree ? { searchTree: { ...tree, styled } } : {}));
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
