/**
 * @file SearchService for the browser: the router (Path 1 Cypher / Path 2 MCTS), the
 * baselines and evaluation over one in-memory search engine per (graph, models), built from
 * DuckDB once and reused until the graph or the models change. MCTS runs here, in the repo
 * worker, over the engine's typed-array snapshot; neural model calls go to the models worker.
 * Every search's trace is stored in `runs` (the player's run list, downloads); its events are
 * streamed to the UI once and the answer carries the rest of it (traceHead). A search may run
 * while a semantic job writes: its stored run and checkpoint are one unit of the connection's
 * write gate, and an answer given while an embedding builds vectors says which ones answered.
 * A big graph gets no whole-graph engine: each question is searched over its neighbourhood
 * (core/search/scopedSearch.ts).
 * Runs in: the repo worker (exposed with comlink by workers/repo.worker.ts).
 */
import { answerQuestion } from '../../core/agent/answerQuestion.ts';
import type { SearchRunner } from '../../core/agent/answerQuestion.ts';
import { PRESENT_DEPTH, presentAnswer } from '../../core/agent/presentAnswer.ts';
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
import { readGraphFingerprint } from '../../core/search/graphFingerprint.ts';
import type { GraphFingerprint, MctsEvent, MctsTrace } from '../../core/search/mctsTrace.ts';
import { listRuns, readRun, storeRun, storeTrace } from '../../core/store/runStore.ts';
import type { RunInfo } from '../../core/store/runStore.ts';
import { createSearchEngine, DEFAULT_K } from '../../core/search/searchEngine.ts';
import type { SearchEngine, SearchModels } from '../../core/search/searchEngine.ts';
import { BIG_GRAPH_NODES, graphNodeCount } from '../../core/search/bigGraph.ts';
import { scopedSearchRunner } from '../../core/search/scopedSearch.ts';
import type { ScopedRunner } from '../../core/search/scopedSearch.ts';
import type { SqlConnection } from '../../core/store/sqlConnection.ts';
import { ConsoleQueries } from './consoleQueries.ts';
import { writeGateOf } from '../../core/store/writeGate.ts';

export interface SearchDeps {
  connection(): SqlConnection | null;
  /**
   * Models for search: the selected ones, or the built-ins when the selection has no stored
   * vectors; `key`: models + stored vectors; `pending`: an embedding still builds other vectors.
   */
  searchModels(conn: SqlConnection): Promise<SearchModels & { key: string; pending?: { model: string; note: string } }>;
  /** The LLM for Cypher generation, or null for the rule-based generator. */
  routerLlm(): Promise<Llm | null>;
}

export class BrowserSearchService implements SearchService {
  private engine: { conn: SqlConnection; key: string; engine: Promise<SearchEngine> } | null = null;
  private job: AbortController | null = null;
  private readonly consoleQueries = new ConsoleQueries(() => this.conn());

  constructor(private readonly deps: SearchDeps) {}

  private conn(): SqlConnection {
    const conn = this.deps.connection();
    if (!conn) throw new AppError('INPUT_INVALID', 'No graph is open: index a repository or pick one from the repos menu.');
    return conn;
  }

  /**
   * One engine per graph and models key (models + stored vectors); rebuilt when either changes.
   * `said` collects the notes for this answer and the model an embedding still builds vectors of.
   */
  private async engineFor(conn: SqlConnection, said?: { notes: string[]; pending?: string }): Promise<SearchEngine> {
    const models = await this.deps.searchModels(conn);
    if (models.pending && said) {
      said.notes.push(models.pending.note);
      said.pending = models.pending.model;
    }
    const cached = this.engine;
    if (cached && cached.conn === conn && cached.key === models.key) return cached.engine;
    if (models.note) said?.notes.push(models.note);
    const engine = createSearchEngine(conn, models);
    this.engine = { conn, key: models.key, engine };
    engine.catch(() => {
      if (this.engine?.engine === engine) this.engine = null;
    });
    return engine;
  }

  /** The whole graph's engine, or on a big graph a runner that searches each question's neighbourhood. */
  private async runnerFor(conn: SqlConnection, said: { notes: string[]; pending?: string }): Promise<ScopedRunner | SearchEngine> {
    const total = await graphNodeCount(conn);
    if (total <= BIG_GRAPH_NODES) return this.engineFor(conn, said);
    const models = await this.deps.searchModels(conn);
    if (models.pending) {
      said.notes.push(models.pending.note);
      said.pending = models.pending.model;
    }
    return scopedSearchRunner(conn, models, total, (note) => said.notes.push(note));
  }

  /** The cached engine of the active graph (built on first use), for the agent's mcts tool. */
  activeEngine(conn: SqlConnection): Promise<SearchEngine> {
    return this.engineFor(conn);
  }

  /** Drops the cached engine (the graph or the vectors changed). */
  invalidate(): void {
    this.engine = null;
  }

  private startJob(): AbortController {
    if (this.job) throw new AppError('INPUT_INVALID', 'A search is already running; cancel it first.');
    this.job = new AbortController();
    return this.job;
  }

  async search(request: SearchRequest, onEvent?: (event: MctsEvent) => void): Promise<SearchResponse> {
    const conn = this.conn();
    const job = this.startJob();
    try {
      // The engine (and the vectors it reads) only when the answer needs a ranking: Path 1 reads none.
      const said: { notes: string[]; pending?: string } = { notes: [] };
      const engine: SearchRunner = { run: async (req, opts) => (await this.runnerFor(conn, said)).run(req, opts) };
      const llm = request.method === 'auto' ? await this.deps.routerLlm() : null;
      const k = request.k ?? DEFAULT_K;
      const ranked = await answerQuestion(conn, engine, request.question, { llm }, { ...request, k: k * PRESENT_DEPTH }, { signal: job.signal, onEvent });
      const { trace, ...rest } = ranked;
      const presented = await presentAnswer(conn, request.question, rest, { audience: 'app', method: request.method, k, tests: request.tests, notes: said.notes });
      const response = said.pending ? { ...presented, stats: { ...presented.stats, vectorsPending: said.pending } } : presented;
      if (!trace) return response;
      const { events, ...traceHead } = trace;
      return { ...response, runId: await persisted(conn, () => storeTrace(conn, trace)), traceHead, traceEvents: events.length };
    } finally {
      this.job = null;
    }
  }

  async cancelSearch(): Promise<void> {
    this.job?.abort();
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
    return persisted(conn, () => storeTrace(conn, trace, source));
  }

  async graphFingerprint(): Promise<GraphFingerprint> {
    return readGraphFingerprint(this.conn());
  }

  async buildEvalSet(options: { limit?: number; seed?: number; pathPrefix?: string }): Promise<EvalSet> {
    return buildDocstringEvalSet(this.conn(), options);
  }

  async runEval(options: EvalOptions, onProgress?: (p: EvalProgress) => void): Promise<EvalReport> {
    const conn = this.conn();
    const job = this.startJob();
    try {
      const hidden = options.set.hiddenDocstrings ?? [];
      // Hidden docstrings change every text the methods see: a dedicated engine for this run.
      const engine = hidden.length > 0 ? await createSearchEngine(conn, await this.deps.searchModels(conn), { hiddenDocstrings: new Set(hidden) }) : await this.engineFor(conn);
      const llm = options.methods.includes('auto') ? await this.deps.routerLlm() : null;
      const route = (request: SearchRequest, opts: { signal?: AbortSignal }) =>
        answerQuestion(conn, engine, request.question, { llm }, request, { ...opts, signal: job.signal });
      const report = await runEval(engine, options, route, (p) => {
        if (job.signal.aborted) throw new AppError('CANCELLED', 'Evaluation cancelled.');
        onProgress?.(p);
      });
      await persisted(conn, () => storeRun(conn, 'eval', { options: { ...options, set: { name: options.set.name, queries: options.set.queries.length } }, report }));
      return report;
    } finally {
      this.job = null;
    }
  }
}

/**
 * Writes and checkpoints, so the run is in the OPFS file before a reload: one unit of the write
 * gate, so neither lands inside a semantic job's open transaction.
 */
function persisted<T>(conn: SqlConnection, write: () => Promise<T>): Promise<T> {
  return writeGateOf(conn).exclusive(async () => {
    const value = await write();
    await conn.run('CHECKPOINT');
    return value;
  });
}
