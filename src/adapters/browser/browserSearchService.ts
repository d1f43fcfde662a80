/**
 * @file SearchService for the browser (issue 4): the router (Path 1 Cypher / Path 2 MCTS), the
 * baselines and evaluation over one in-memory search engine per (graph, models), built from
 * DuckDB once and reused until the graph or the models change. MCTS runs here, in the repo
 * worker, over the engine's typed-array snapshot; neural model calls go to the models worker.
 * Every search's trace is stored in `runs` so it can be downloaded later.
 * Runs in: the repo worker (exposed with comlink by workers/repo.worker.ts).
 */
import { answerQuestion } from '../../core/agent/answerQuestion.ts';
import { runCypher } from '../../core/agent/runCypher.ts';
import type {
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
import type { MctsEvent, MctsTrace } from '../../core/search/mctsTrace.ts';
import { createSearchEngine } from '../../core/search/searchEngine.ts';
import type { SearchEngine, SearchModels } from '../../core/search/searchEngine.ts';
import type { SqlConnection } from '../../core/store/sqlConnection.ts';
import { sqlString } from '../../core/store/sqlConnection.ts';

export interface SearchDeps {
  connection(): SqlConnection | null;
  /** Models for search: the selected ones, or the built-ins when the selection has no stored vectors. */
  searchModels(conn: SqlConnection): Promise<SearchModels & { key: string }>; // key: models + stored vectors
  /** The LLM for Cypher generation, or null for the rule-based generator. */
  routerLlm(): Promise<Llm | null>;
}

export class BrowserSearchService implements SearchService {
  private engine: { conn: SqlConnection; key: string; engine: Promise<SearchEngine> } | null = null;
  private job: AbortController | null = null;

  constructor(private readonly deps: SearchDeps) {}

  private conn(): SqlConnection {
    const conn = this.deps.connection();
    if (!conn) throw new AppError('INPUT_INVALID', 'No graph is open: index a repository or pick one from the repos menu.');
    return conn;
  }

  /** One engine per graph and models key (models + stored vectors); rebuilt when either changes. */
  private async engineFor(conn: SqlConnection): Promise<SearchEngine> {
    const models = await this.deps.searchModels(conn);
    const cached = this.engine;
    if (cached && cached.conn === conn && cached.key === models.key) return cached.engine;
    const engine = createSearchEngine(conn, models);
    this.engine = { conn, key: models.key, engine };
    engine.catch(() => {
      if (this.engine?.engine === engine) this.engine = null;
    });
    return engine;
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
      const engine = await this.engineFor(conn);
      const llm = request.method === 'auto' ? await this.deps.routerLlm() : null;
      const response = (await answerQuestion(conn, engine, request.question, { llm }, request, { signal: job.signal, onEvent })) as SearchResponse & {
        trace?: MctsTrace;
      };
      const { trace, ...rest } = response;
      if (!trace) return rest;
      return { ...rest, runId: await storeRun(conn, 'mcts', trace) };
    } finally {
      this.job = null;
    }
  }

  async cancelSearch(): Promise<void> {
    this.job?.abort();
  }

  async cypher(query: string, params: Record<string, unknown> = {}): Promise<CypherResult> {
    return runCypher(this.conn(), query, params);
  }

  async trace(runId: number): Promise<MctsTrace> {
    const rows = await this.conn().query(`SELECT payload FROM runs WHERE id = ${Math.trunc(runId)} AND kind = 'mcts'`);
    if (rows.length === 0) throw new AppError('INPUT_INVALID', `No stored MCTS run ${runId} in this graph.`);
    return JSON.parse(String(rows[0].payload)) as MctsTrace;
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
      await storeRun(conn, 'eval', { options: { ...options, set: { name: options.set.name, queries: options.set.queries.length } }, report });
      return report;
    } finally {
      this.job = null;
    }
  }
}

/** Appends a run (MCTS trace, eval report) to `runs`; returns its id. */
async function storeRun(conn: SqlConnection, kind: string, payload: unknown): Promise<number> {
  const rows = await conn.query('SELECT coalesce(max(id), 0) + 1 AS id FROM runs');
  const id = Number(rows[0]?.id ?? 1);
  await conn.run(`INSERT INTO runs VALUES (${id}, ${sqlString(kind)}, ${sqlString(new Date().toISOString())}, ${sqlString(JSON.stringify(payload))})`);
  return id;
}
