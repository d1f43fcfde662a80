/**
 * @file Answering one question, the same in the app's repo worker and the CLI: the router picks
 * Path 1 (Cypher), Path 2 (MCTS) or both (agent/answerQuestion.ts); Path 2 runs over the whole
 * graph's engine, or on a big graph over each question's neighbourhood (search/scopedSearch.ts,
 * docs/retrieval.md "Big graphs"); the ranking is then presented (tests, relevance, notes) and an
 * MCTS run is stored in `runs` with its checkpoint, as one unit of the write gate. The models are
 * chosen only when Path 2 or a baseline runs, so a question Cypher answers reads no vectors.
 * The caller hands in its models, its engine cache and its router LLM.
 * Runs in: everywhere. Layer src/core.
 */
import { answerQuestion } from '../agent/answerQuestion.ts';
import type { SearchRunner } from '../agent/answerQuestion.ts';
import { PRESENT_DEPTH, presentAnswer } from '../agent/presentAnswer.ts';
import type { Audience } from '../agent/presentAnswer.ts';
import type { SearchRequest, SearchResponse } from '../agent/searchService.ts';
import type { Llm } from '../models/types.ts';
import { BIG_GRAPH_NODES, graphNodeCount } from '../search/bigGraph.ts';
import type { MctsEvent, MctsTrace } from '../search/mctsTrace.ts';
import { scopedSearchRunner } from '../search/scopedSearch.ts';
import { createSearchEngine, DEFAULT_K } from '../search/searchEngine.ts';
import type { SearchEngine, SearchModels } from '../search/searchEngine.ts';
import { storeTrace } from '../store/runStore.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { writeAndCheckpoint } from '../store/writeGate.ts';

/** Search models, with what an embedding running meanwhile means for the answer (the app's). */
export type QuestionModels = SearchModels & {
  /** The model whose vectors an embedding is still building, with the sentence the answer shows. */
  pending?: { model: string; note: string };
};

export interface QuestionDeps<M extends QuestionModels = QuestionModels> {
  /** The models to search with; asked on the first Path 2 or baseline run only. */
  models(): Promise<M>;
  /** The whole graph's engine for `models` (default: a new one; the app keeps one per graph and models). */
  engine?(models: M): Promise<SearchEngine>;
  /** The LLM that writes Cypher for method 'auto', or null for the rule-based generator. */
  routerLlm(): Promise<Llm | null>;
}

export interface QuestionOptions {
  /** Who reads the answer (the early-stop sentence names the app's controls or the CLI's flags). */
  audience: Audience;
  signal?: AbortSignal;
  onEvent?: (event: MctsEvent) => void;
  /** The stored run's source label (runStore.ts). */
  runSource?: string;
}

export interface QuestionAnswer {
  /** The presented answer; `stats.vectorsPending` while an embedding builds other vectors. */
  response: SearchResponse;
  /** The MCTS trace when MCTS ran, and the id of its stored run. */
  trace?: MctsTrace;
  runId?: number;
}

/** What an answer says besides its ranking: notes, and the model whose vectors are still building. */
interface Said {
  notes: string[];
  pending?: string;
}

/**
 * A runner built on first use: the whole graph's engine, or on a big graph one that searches each
 * question's neighbourhood. `said` gathers the notes the answer carries.
 */
export function questionRunner<M extends QuestionModels>(conn: SqlConnection, deps: Pick<QuestionDeps<M>, 'models' | 'engine'>, said: Said): SearchRunner {
  let opened: Promise<SearchRunner> | null = null;
  const open = async (): Promise<SearchRunner> => {
    const total = await graphNodeCount(conn);
    const models = await deps.models();
    if (models.pending) {
      said.notes.push(models.pending.note);
      said.pending = models.pending.model;
    }
    if (models.note) said.notes.push(models.note);
    if (total > BIG_GRAPH_NODES) return scopedSearchRunner(conn, models, total, (note) => said.notes.push(note));
    return deps.engine ? deps.engine(models) : createSearchEngine(conn, models);
  };
  return { run: async (request, options) => (await (opened ??= open())).run(request, options) };
}

/**
 * Answers `request` (its `k` results, PRESENT_DEPTH times as many ranked so that tests moved down
 * or hidden leave k) and stores an MCTS run.
 */
export async function searchQuestion<M extends QuestionModels>(conn: SqlConnection, request: SearchRequest, deps: QuestionDeps<M>, options: QuestionOptions): Promise<QuestionAnswer> {
  const said: Said = { notes: [] };
  const runner = questionRunner(conn, deps, said);
  const llm = request.method === 'auto' ? await deps.routerLlm() : null;
  const k = request.k ?? DEFAULT_K;
  const ranked = await answerQuestion(conn, runner, request.question, { llm }, { ...request, k: k * PRESENT_DEPTH }, { signal: options.signal, onEvent: options.onEvent });
  const { trace, ...rest } = ranked;
  const presented = await presentAnswer(conn, request.question, rest, { audience: options.audience, method: request.method, k, tests: request.tests, notes: said.notes });
  const response = said.pending ? { ...presented, stats: { ...presented.stats, vectorsPending: said.pending } } : presented;
  if (!trace) return { response };
  const runId = await writeAndCheckpoint(conn, () => storeTrace(conn, trace, options.runSource));
  return { response, trace, runId };
}
