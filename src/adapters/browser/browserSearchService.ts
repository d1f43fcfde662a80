/**
 * @file SearchService for the browser: the router (Path 1 Cypher / Path 2 MCTS), the
 * baselines and evaluation over one in-memory search engine per (graph, models), built from
 * DuckDB once and reused until the graph or the models change. MCTS runs here, in the repo
 * worker, over the engine's typed-array snapshot; neural model calls go to the models worker.
 * Every search's trace is stored in `runs` (the player's run list, downloads); its events are
 * streamed to the UI once and the answer carries the rest of it (traceHead). A search may run
 * while a semantic job writes: its stored run and checkpoint are one unit of the connection's
 * write gate, and an answer given while an embedding builds vectors says which ones answered.
 * Answering a question (the route, the big-graph choice, presenting, the stored run) is
 * core/usecases/searchQuestion.ts, as in the CLI; this service keeps the engine cache and the job slot.
 * Runs in: the repo worker (exposed with comlink by workers/repo.worker.ts).
 */
import { answerQuestion } from '../../core/agent/answerQuestion.ts';
import type {
  ConsoleBounds,
  CypherResult,
  EvalOptions,
  EvalProgress,
  EvalReport,
  EvalSet,
  SearchRequest,
  SearchResponse,
  SearchService,
} from '../../core/agent/searchService.ts';
import { AppError } from '../../core/errors.ts';
import { buildDocstringEvalSet } from '../../core/eval/evalSet.ts';
import { runEval } from '../../core/eval/runEval.ts';
import type { Llm } from '../../core/models/types.ts';
import { refuseWholeGraphEval } from '../../core/search/bigGraph.ts';
import { readGraphFingerprint } from '../../core/search/graphFingerprint.ts';
import { focusedEngines } from '../../core/search/scopedSearch.ts';
import type { SearchFocus } from '../../core/search/scopedSearch.ts';
import type { GraphFingerprint, MctsEvent, MctsTrace } from '../../core/search/mctsTrace.ts';
import { listRuns, readRun, storeRun, storeTrace } from '../../core/store/runStore.ts';
import type { RunInfo } from '../../core/store/runStore.ts';
import { createSearchEngine } from '../../core/search/searchEngine.ts';
import type { SearchEngine } from '../../core/search/searchEngine.ts';
import type { SqlConnection } from '../../core/store/sqlConnection.ts';
import { writeAndCheckpoint } from '../../core/store/writeGate.ts';
import { JobSlot } from '../../core/usecases/jobSlot.ts';
import { searchQuestion } from '../../core/usecases/searchQuestion.ts';
import type { SearchModelsFor } from './browserSemanticService.ts';
import { ConsoleQueries } from './consoleQueries.ts';

export interface SearchDeps {
  connection(): SqlConnection | null;
  /**
   * Models for search: the selected ones, or the built-ins when the selection has no stored
   * vectors; `key`: models + stored vectors; `pending`: an embedding still builds other vectors.
   */
  searchModels(conn: SqlConnection): Promise<SearchModelsFor>;
  /** The LLM for Cypher generation, or null for the rule-based generator. */
  routerLlm(): Promise<Llm | null>;
}

export class BrowserSearchService implements SearchService {
  private engine: { conn: SqlConnection; key: string; engine: Promise<SearchEngine> } | null = null;
  private focused: { conn: SqlConnection; engines: (focus: SearchFocus) => Promise<SearchEngine> } | null = null;
  private readonly jobs = new JobSlot('A search is already running; cancel it first.');
  private readonly consoleQueries = new ConsoleQueries(() => this.conn());

  constructor(private readonly deps: SearchDeps) {}

  private conn(): SqlConnection {
    const conn = this.deps.connection();
    if (!conn) throw new AppError('INPUT_INVALID', 'No graph is open: index a repository or pick one from the repos menu.');
    return conn;
  }

  /** One engine per graph and models key (models + stored vectors); rebuilt when either changes. */
  private engineOf(conn: SqlConnection, models: SearchModelsFor): Promise<SearchEngine> {
    const cached = this.engine;
    if (cached && cached.conn === conn && cached.key === models.key) return cached.engine;
    const engine = createSearchEngine(conn, models);
    this.engine = { conn, key: models.key, engine };
    engine.catch(() => {
      if (this.engine?.engine === engine) this.engine = null;
    });
    return engine;
  }

  private async engineFor(conn: SqlConnection): Promise<SearchEngine> {
    return this.engineOf(conn, await this.deps.searchModels(conn));
  }

  /**
   * The engine for the agent's mcts tool: the cached one of the active graph (built on first use),
   * or on a big graph one over the call's focus (focusedEngines).
   */
  focusedEngine(conn: SqlConnection, focus: SearchFocus): Promise<SearchEngine> {
    if (this.focused?.conn !== conn) this.focused = { conn, engines: focusedEngines(conn, () => this.engineFor(conn), () => this.deps.searchModels(conn)) };
    return this.focused.engines(focus);
  }

  /** Drops the cached engine (the graph or the vectors changed). */
  invalidate(): void {
    this.engine = null;
    this.focused = null;
  }

  async search(request: SearchRequest, onEvent?: (event: MctsEvent) => void): Promise<SearchResponse> {
    const conn = this.conn();
    return this.jobs.run(async (signal) => {
      const deps = {
        models: () => this.deps.searchModels(conn),
        engine: (models: SearchModelsFor) => this.engineOf(conn, models),
        routerLlm: () => this.deps.routerLlm(),
      };
      const { response, trace, runId } = await searchQuestion(conn, request, deps, { audience: 'app', signal, onEvent });
      if (!trace) return response;
      const { events, ...traceHead } = trace;
      return { ...response, runId, traceHead, traceEvents: events.length };
    });
  }

  async cancelSearch(): Promise<void> {
    this.jobs.cancel();
  }

  async cypher(query: string, params: Record<string, unknown> = {}, bounds?: ConsoleBounds): Promise<CypherResult> {
    return this.consoleQueries.cypher(query, params, bounds);
  }

  async consoleSql(sql: string, bounds?: ConsoleBounds) {
    return this.consoleQueries.sql(sql, bounds);
  }

  async cancelQuery(): Promise<void> {
    this.consoleQueries.cancel();
  }

  async trace(runId: number): Promise<MctsTrace> {
    return readRun<MctsTrace>(this.conn(), runId, 'mcts');
  }

  async listRuns(): Promise<RunInfo[]> {
    return listRuns(this.conn(), 'mcts');
  }

  async saveTrace(trace: MctsTrace, source: string): Promise<number> {
    const conn = this.conn();
    return writeAndCheckpoint(conn, () => storeTrace(conn, trace, source));
  }

  async graphFingerprint(): Promise<GraphFingerprint> {
    return readGraphFingerprint(this.conn());
  }

  async buildEvalSet(options: { limit?: number; seed?: number; pathPrefix?: string }): Promise<EvalSet> {
    return buildDocstringEvalSet(this.conn(), options);
  }

  async runEval(options: EvalOptions, onProgress?: (p: EvalProgress) => void): Promise<EvalReport> {
    const conn = this.conn();
    return this.jobs.run(async (signal) => {
      await refuseWholeGraphEval(conn);
      const hidden = options.set.hiddenDocstrings ?? [];
      // Hidden docstrings change every text the methods see: a dedicated engine for this run.
      const engine = hidden.length > 0 ? await createSearchEngine(conn, await this.deps.searchModels(conn), { hiddenDocstrings: new Set(hidden) }) : await this.engineFor(conn);
      const llm = options.methods.includes('auto') ? await this.deps.routerLlm() : null;
      const route = (request: SearchRequest, opts: { signal?: AbortSignal }) => answerQuestion(conn, engine, request.question, { llm }, request, { ...opts, signal });
      const report = await runEval(engine, options, route, (p) => {
        if (signal.aborted) throw new AppError('CANCELLED', 'Evaluation cancelled.');
        onProgress?.(p);
      });
      await writeAndCheckpoint(conn, () => storeRun(conn, 'eval', { options: { ...options, set: { name: options.set.name, queries: options.set.queries.length } }, report }));
      return report;
    });
  }
}
