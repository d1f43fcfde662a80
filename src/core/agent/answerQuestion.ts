/**
 * @file Answers one question the way the app does: method 'auto' routes (Path 1: the Cypher
 * rows become results, every node they mention a hit with score 1, rows and columns kept;
 * Path 2: the search engine runs MCTS and the route says which Cypher was tried and why it did
 * not answer; a question about more than the names it mentions: Path 1's hits, then Path 2's). A question that is Cypher (typedCypher.ts) runs as written: its rows, no rows, or
 * its positioned error, never a search in its place (unless the request asks for `asText`).
 * Any other method goes straight to the engine.
 * Runs in: the repo worker (app), in-process (cli). Layer src/core.
 */
import { throwIfAborted, toWire } from '../errors.ts';
import type { NodeKind } from '../graph/types.ts';
import type { Llm } from '../models/types.ts';
import type { SearchRunOptions, SearchRunResult } from '../search/searchEngine.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S } from '../store/boundedQuery.ts';
import { routeQuestion } from './router.ts';
import { runCypher } from './runCypher.ts';
import { looksLikeCypher } from './typedCypher.ts';
import type { CypherResult, SearchHit, SearchRequest, SearchResponse } from './searchService.ts';
import { NODE_ROWS_TABLE } from '../store/schema.ts';

/** The engine's run options (signal, MCTS event stream). */
export type RunOptions = SearchRunOptions;

/** A response with the MCTS trace when MCTS ran (what the search engine returns). */
export type AnswerResponse = SearchRunResult;

/** The part of the search engine (src/core/search/searchEngine.ts) the router needs. */
export interface SearchRunner {
  run(request: SearchRequest, options: RunOptions): Promise<AnswerResponse>;
}

export interface AnswerDeps {
  llm: Llm | null;
}

/** Hits for node ids, in the given order, score 1 (Path 1 has no ranking of its own). */
export async function hitsForIds(conn: Pick<SqlConnection, 'query'>, ids: readonly number[], k: number): Promise<SearchHit[]> {
  const wanted = ids.slice(0, Math.max(0, k));
  if (wanted.length === 0) return [];
  const rows = await conn.query(`SELECT id, kind, name, qualified_name, file_path, start_line FROM ${NODE_ROWS_TABLE} WHERE id IN (${wanted.join(', ')})`);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return wanted.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id,
        kind: String(r.kind) as NodeKind,
        name: String(r.name ?? ''),
        qualified_name: String(r.qualified_name ?? ''),
        file_path: r.file_path === null || r.file_path === undefined ? null : String(r.file_path),
        start_line: r.start_line === null || r.start_line === undefined ? null : Number(r.start_line),
        score: 1,
      },
    ];
  });
}

/** Path 1's response from a Cypher result. */
export async function cypherResponse(
  conn: Pick<SqlConnection, 'query'>,
  result: CypherResult,
  route: SearchResponse['route'],
  k: number,
  started: number,
): Promise<SearchResponse> {
  return {
    route,
    results: await hitsForIds(conn, result.nodeIds, k),
    rows: result.rows,
    columns: result.columns,
    stats: { reranker_calls: 0, embed_calls: 0, ms: performance.now() - started },
  };
}

/** Cypher typed as the question: run verbatim; an error is the answer (positioned), not a fallback. */
async function typedCypherResponse(conn: Pick<SqlConnection, 'query' | 'interrupt' | 'queryInterruptible'>, query: string, request: SearchRequest, started: number, signal?: AbortSignal): Promise<AnswerResponse> {
  try {
    // A person's query: the console's bounds (first 10,000 rows, 60 s), and the search's cancel interrupts it.
    const bounds = { maxRows: DEFAULT_MAX_ROWS, timeoutMs: DEFAULT_TIMEOUT_S * 1000, signal, raiseRows: 'run it in the Cypher console with a higher Max rows' };
    const result = await runCypher(conn, query, request.cypherParams ?? {}, bounds);
    const n = result.rows.length;
    const cut = result.truncated ? `; only its first ${n.toLocaleString('en')} rows are shown (the answer has more)` : '';
    const reason = `the question is Cypher, run as written; it returned ${n.toLocaleString('en')} row${n === 1 ? '' : 's'}${cut}`;
    return cypherResponse(conn, result, { path: 'cypher', cypher: query, generator: 'user', reason }, request.k ?? 10, started);
  } catch (error) {
    const wire = toWire(error);
    if (wire.code === 'CANCELLED') throw error;
    return {
      route: { path: 'cypher', cypher: query, generator: 'user', reason: 'the question reads as Cypher, but it does not run', cypherError: wire },
      results: [],
      rows: [],
      columns: [],
      stats: { reranker_calls: 0, embed_calls: 0, ms: performance.now() - started },
    };
  }
}

export async function answerQuestion(
  conn: Pick<SqlConnection, 'query' | 'interrupt' | 'queryInterruptible'>,
  engine: SearchRunner,
  question: string,
  deps: AnswerDeps,
  request: SearchRequest,
  opts: RunOptions = {},
): Promise<AnswerResponse> {
  if (request.method !== 'auto') return engine.run({ ...request, question }, opts);
  const started = performance.now();
  throwIfAborted(opts.signal);
  if (!request.asText && looksLikeCypher(question)) return typedCypherResponse(conn, question, request, started, opts.signal);
  const routed = await routeQuestion(conn, question, { llm: deps.llm, signal: opts.signal, cypherParams: request.cypherParams });
  throwIfAborted(opts.signal);
  if (routed.result && !routed.thenSearch) return cypherResponse(conn, routed.result, routed.route, request.k ?? 10, started);
  const response = await engine.run({ ...request, question, method: 'mcts' }, opts);
  if (routed.result) return pathOneThenTwo(conn, routed.result, routed.route, response, request.k ?? 10, started);
  const route = { ...routed.route, path: 'mcts' as const };
  if (response.trace) response.trace.route = { path: 'mcts', cypher: route.cypher, reason: route.reason };
  return {
    ...response,
    route,
    stats: { ...response.stats, ms: performance.now() - started },
  };
}

/** Score of Path 1's hits beside Path 2's rewards (which run 0..10, mcts.ts): the top. */
const PATH_ONE_SCORE = 10;

/**
 * Path 1's hits, then Path 2's results without them, cut to k: the rows and columns of the
 * Cypher stay (the app shows them), the trace and stats are MCTS's.
 */
async function pathOneThenTwo(
  conn: Pick<SqlConnection, 'query'>,
  result: CypherResult,
  route: SearchResponse['route'],
  searched: AnswerResponse,
  k: number,
  started: number,
): Promise<AnswerResponse> {
  const first = (await hitsForIds(conn, result.nodeIds, k)).map((hit) => ({ ...hit, score: PATH_ONE_SCORE }));
  const seen = new Set(first.map((hit) => hit.id));
  const after = searched.results.filter((hit) => !seen.has(hit.id));
  const results = [...first, ...after].slice(0, k);
  const merged = {
    ...route,
    path: 'cypher+mcts' as const,
    reason: `${route.reason}; MCTS's results follow them, as the question asks about more than the names`,
    pathOneHits: Math.min(first.length, results.length),
  };
  if (searched.trace) searched.trace.route = { path: merged.path, cypher: merged.cypher, reason: merged.reason };
  return {
    ...searched,
    route: merged,
    results,
    rows: result.rows,
    columns: result.columns,
    stats: { ...searched.stats, ms: performance.now() - started },
  };
}
