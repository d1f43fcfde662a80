/**
 * @file The experiment runner: every asked method over every query of an eval set, NDCG@k,
 * Recall@k and MRR@k averaged over queries, reranker calls ((query, document) pairs) and
 * milliseconds as means per query, and the quality-against-iterations curve of MCTS (RANGER
 * Fig. 3) with its reranker calls per point. Queries none of whose relevant entries resolve to a
 * node are left out (`queries` counts those evaluated). 'auto' goes through `route` (the router);
 * without one it runs as 'mcts'. For 'auto' the report also counts the paths taken and scores
 * Path 1's own hits alone, so the router can be held against its two paths.
 * Runs in: everywhere. Layer src/core.
 */
import type { EvalOptions, EvalProgress, EvalReport, MethodReport, RouteInfo, SearchMethod, SearchRequest, SearchResponse } from '../agent/searchService.ts';
import type { SearchEngine, SearchRunOptions } from '../search/searchEngine.ts';
import { createNodeLocator, resolveRelevance } from './evalSet.ts';
import { mean, mrrAtK, ndcgAtK, recallAtK } from './metrics.ts';

/** Answers a request the way the app does by default ('auto'): the router. */
export type AutoRoute = (request: SearchRequest, options: SearchRunOptions) => Promise<SearchResponse>;

export const DEFAULT_EVAL_K = 10;

interface Scored {
  ndcg: number;
  recall: number;
  mrr: number;
  reranker_calls: number;
  ms: number;
  /** 'auto': the path that answered, and Path 1's own hits scored alone. */
  path?: RouteInfo['path'];
  pathOneNdcg?: number;
}

function average(rows: readonly Scored[]): MethodReport {
  const report: MethodReport = {
    ndcg: mean(rows.map((r) => r.ndcg)),
    recall: mean(rows.map((r) => r.recall)),
    mrr: mean(rows.map((r) => r.mrr)),
    reranker_calls: mean(rows.map((r) => r.reranker_calls)),
    ms: mean(rows.map((r) => r.ms)),
  };
  if (rows.some((r) => r.path !== undefined)) {
    const routes: MethodReport['routes'] = {};
    for (const r of rows) if (r.path) routes[r.path] = (routes[r.path] ?? 0) + 1;
    report.routes = routes;
    report.pathOneNdcg = mean(rows.map((r) => r.pathOneNdcg ?? 0));
  }
  return report;
}

/** The ids Path 1 itself gave: all of a Cypher answer, the first `pathOneHits` of a merged one. */
function pathOneRanking(response: SearchResponse): number[] {
  const ids = response.results.map((r) => r.id);
  if (response.route.path === 'cypher') return ids;
  if (response.route.path === 'cypher+mcts') return ids.slice(0, response.route.pathOneHits ?? 0);
  return [];
}

export async function runEval(
  engine: SearchEngine,
  options: EvalOptions,
  route?: AutoRoute,
  onProgress?: (p: EvalProgress) => void,
): Promise<EvalReport> {
  const k = options.k ?? DEFAULT_EVAL_K;
  const locate = createNodeLocator(engine.nodes);
  const queries = options.set.queries
    .map((q) => ({ query: q.query, ...resolveRelevance(q, locate) }))
    .filter((q) => q.relevance.size > 0);

  const answer = async (method: SearchMethod, question: string, params = options.params): Promise<{ response: SearchResponse; ms: number }> => {
    const request: SearchRequest = { question, method, k, preset: options.preset, params };
    const started = performance.now();
    let response: SearchResponse;
    if (method === 'auto') response = route ? await route(request, {}) : await engine.run({ ...request, method: 'mcts' });
    else response = await engine.run(request);
    return { response, ms: performance.now() - started };
  };

  const scoreAll = async (method: SearchMethod, progress: EvalProgress['method'], params = options.params): Promise<Scored[]> => {
    const rows: Scored[] = [];
    for (const [done, q] of queries.entries()) {
      const { response, ms } = await answer(method, q.query, params);
      const ranking = response.results.map((r) => r.id);
      rows.push({
        ndcg: ndcgAtK(ranking, q.relevance, k),
        recall: recallAtK(ranking, q.relevance, k),
        mrr: mrrAtK(ranking, q.relevance, k),
        reranker_calls: response.stats.reranker_calls,
        ms,
        ...(method === 'auto' && route ? { path: response.route.path, pathOneNdcg: ndcgAtK(pathOneRanking(response), q.relevance, k) } : {}),
      });
      onProgress?.({ method: progress, done: done + 1, total: queries.length });
    }
    return rows;
  };

  const report: EvalReport = { queries: queries.length, k, methods: {} };
  for (const method of options.methods) report.methods[method] = average(await scoreAll(method, method));
  if (options.curve && options.curve.length > 0) {
    report.curve = [];
    for (const iterations of options.curve) {
      const point = average(await scoreAll('mcts', 'curve', { ...options.params, iterations }));
      report.curve.push({ iterations, ndcg: point.ndcg, recall: point.recall, mrr: point.mrr, reranker_calls: point.reranker_calls });
    }
  }
  return report;
}
