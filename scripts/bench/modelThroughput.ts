/**
 * @file Embed and rerank throughput of one model, whatever it is and wherever it runs (the
 * Node side calls it directly, the chromium bench page calls it on the models worker's proxies):
 * a warm-up call (untimed, counted in the load time), then the sample in calls of
 * EMBED_CALL_TEXTS texts (embedder) or one query with its documents (reranker; with their engine
 * signals when the work has them and the reranker reads them; `cold`: the lexical text features
 * cache emptied before each pass), under a budget.
 * Runs in: Node (bench) and chromium (bench page).
 */
import { clearLexicalDocCache } from '../../src/core/models/lexicalReranker.ts';
import type { Embedder, Reranker } from '../../src/core/models/types.ts';
import type { RerankWork } from './embedSample.ts';
import { EMBED_CALL_TEXTS } from './benchModels.ts';
import { chunkRanges, perSecond, runTimed } from './timedRun.ts';
import type { TimedResult } from './timedRun.ts';

export interface ThroughputRun {
  /** 'embed' = texts/s, 'rerank' = (query, document) pairs/s. */
  task: 'embed' | 'rerank';
  model: string;
  builtin: boolean;
  /** Where it ran: 'Node', 'chromium'. */
  env: string;
  /** 'js' (built-ins), 'cpu' (onnxruntime-node), 'wasm', 'webgpu'. */
  device: string;
  /** Loading (and fitting, for the lexical embedder) plus the warm-up call. */
  loadMs: number;
  timed: TimedResult;
  perSecond: number;
  /** Vector length (embedders). */
  dim?: number;
}

/** A pass over the sample shorter than this is repeated (the built-ins take milliseconds). */
export const MIN_TIMED_MS = 2000;

export type RunOutcome = { ok: true; run: ThroughputRun } | { ok: false; task: 'embed' | 'rerank'; model: string; env: string; device: string; error: string };

export async function embedThroughput(
  embedder: Embedder,
  texts: readonly string[],
  budgetMs: number,
  where: { env: string; device: string; loadMs: number },
): Promise<ThroughputRun> {
  const warm = performance.now();
  await embedder.embed(texts.slice(0, 2), 'document');
  const warmMs = performance.now() - warm;
  const ranges = chunkRanges(texts.length, EMBED_CALL_TEXTS);
  const timed = await runTimed(
    ranges.map(([s, e]) => e - s),
    budgetMs,
    (i) => embedder.embed(texts.slice(ranges[i]![0], ranges[i]![1]), 'document'),
    undefined,
    MIN_TIMED_MS,
  );
  return {
    task: 'embed',
    model: embedder.info.id,
    builtin: embedder.info.builtin,
    env: where.env,
    device: where.device,
    loadMs: where.loadMs + warmMs,
    timed,
    perSecond: perSecond(timed),
    dim: embedder.dim,
  };
}

export async function rerankThroughput(
  reranker: Reranker,
  work: readonly RerankWork[],
  budgetMs: number,
  where: { env: string; device: string; loadMs: number },
  options: { cold?: boolean } = {},
): Promise<ThroughputRun> {
  // cold: every pass starts with no tokenised doc cached, as when the engine first meets them.
  const forget = () => options.cold && clearLexicalDocCache();
  // With the engine's signals (bench:quality's sample), as the engine calls a reranker that reads them.
  const call = (w: RerankWork, docs = w.docs.length) =>
    w.signals && reranker.scoreWithSignals ? reranker.scoreWithSignals(w.query, w.docs.slice(0, docs), w.signals.slice(0, docs)) : reranker.score(w.query, w.docs.slice(0, docs));
  const warm = performance.now();
  if (work[0]) await call(work[0], 2);
  const warmMs = performance.now() - warm;
  const timed = await runTimed(
    work.map((w) => w.docs.length),
    budgetMs,
    (i) => {
      if (i === 0) forget();
      return call(work[i]!);
    },
    undefined,
    MIN_TIMED_MS,
  );
  return {
    task: 'rerank',
    model: reranker.info.id,
    builtin: reranker.info.builtin,
    env: where.env,
    device: where.device,
    loadMs: where.loadMs + warmMs,
    timed,
    perSecond: perSecond(timed),
  };
}
