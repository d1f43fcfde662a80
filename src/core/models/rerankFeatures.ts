/**
 * @file The learned reranker's features (docs/retrieval.md): one fixed-length vector per
 * (query, document) pair from the lexical reranker's parts (text) and the search engine's signals
 * (BM25, dense cosines of the description and code vectors, their ranks, the first stage's fused
 * prior, the node's kind and degree). Ranks enter as 1 / log2(2 + rank) (0 when unranked), cosines
 * also as the gap to the query's best candidate, so the features keep their meaning across
 * embedders and repository sizes; the best candidate's raw BM25 (log1p) says how well the
 * repository matches the query at all, which lets the score read as relevance (an off-topic
 * question matches nothing). Shared by training (scripts/rerank/) and scoring.
 * Runs in: everywhere. Layer src/core.
 */
import type { LexicalParts } from './lexicalReranker.ts';
import type { RerankSignals } from './types.ts';

export const RERANK_FEATURES = [
  'lexical',
  'overlap',
  'title',
  'identifier',
  'bigram',
  'bm25',
  'bm25_rank',
  'bm25_top',
  'dense',
  'dense_gap',
  'dense_rank',
  'code',
  'code_gap',
  'code_rank',
  'prior',
  'is_function',
  'is_method',
  'is_class',
  'degree',
  'query_terms',
] as const;

export const RERANK_FEATURE_COUNT = RERANK_FEATURES.length;

/** 1 / log2(2 + rank): 1 for the best, 0 for unranked (Infinity). */
export function rankFeature(rank: number): number {
  return Number.isFinite(rank) && rank >= 0 ? 1 / Math.log2(2 + rank) : 0;
}

/** Writes one pair's features into `out` (length RERANK_FEATURE_COUNT) and returns it. */
export function rerankFeatures(parts: LexicalParts, signals: RerankSignals, out: Float64Array = new Float64Array(RERANK_FEATURE_COUNT)): Float64Array {
  const dense = signals.denseTop !== 0 || signals.dense !== 0;
  const code = signals.codeTop !== 0 || signals.code !== 0;
  out[0] = parts.score;
  out[1] = parts.overlap;
  out[2] = parts.title;
  out[3] = Math.max(0, parts.identifier);
  out[4] = Math.max(0, parts.bigram);
  out[5] = signals.bm25;
  out[6] = rankFeature(signals.bm25Rank);
  out[7] = Math.log1p(signals.bm25Top);
  out[8] = signals.dense;
  out[9] = dense ? signals.denseTop - signals.dense : 1;
  out[10] = rankFeature(signals.denseRank);
  out[11] = signals.code;
  out[12] = code ? signals.codeTop - signals.code : 1;
  out[13] = rankFeature(signals.codeRank);
  out[14] = signals.prior;
  out[15] = signals.kind === 'Function' ? 1 : 0;
  out[16] = signals.kind === 'Method' ? 1 : 0;
  out[17] = signals.kind === 'Class' ? 1 : 0;
  out[18] = Math.log1p(signals.degree);
  out[19] = Math.log1p(parts.terms);
  return out;
}
