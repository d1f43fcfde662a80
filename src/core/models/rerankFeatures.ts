/**
 * @file The learned reranker's features (docs/retrieval.md): one fixed-length vector per
 * (query, document) pair from the lexical reranker's parts (text) and the search engine's signals
 * (BM25, dense cosines of the description and code vectors, their ranks, the first stage's fused
 * prior, the node's kind and degree). Ranks enter as 1 / log2(2 + rank) (0 when unranked), cosines
 * also as the gap to the query's best candidate, so the features keep their meaning across
 * embedders and repository sizes. Beside them, the relevance gate's inputs, one set per question
 * (how well the repository matches it at all: an off-topic question matches little). Shared by
 * training (scripts/rerank/) and scoring.
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
  out[7] = signals.dense;
  out[8] = dense ? signals.denseTop - signals.dense : 1;
  out[9] = rankFeature(signals.denseRank);
  out[10] = signals.code;
  out[11] = code ? signals.codeTop - signals.code : 1;
  out[12] = rankFeature(signals.codeRank);
  out[13] = signals.prior;
  out[14] = signals.kind === 'Function' ? 1 : 0;
  out[15] = signals.kind === 'Method' ? 1 : 0;
  out[16] = signals.kind === 'Class' ? 1 : 0;
  out[17] = Math.log1p(signals.degree);
  out[18] = Math.log1p(parts.terms);
  return out;
}

/**
 * The relevance gate's inputs (learnedReranker.ts): how well the repository matches the question
 * at all, the same for every candidate of one question: the best candidate's raw BM25 (log1p; 0
 * when no query word is in any candidate), the query's length, the best description and code
 * cosines.
 */
export const GATE_FEATURES = ['bm25_top', 'query_terms', 'dense_top', 'code_top'] as const;

export const GATE_FEATURE_COUNT = GATE_FEATURES.length;

/** Writes one question's gate inputs into `out` (length GATE_FEATURE_COUNT) and returns it. */
export function gateFeatures(parts: LexicalParts, signals: RerankSignals, out: Float64Array = new Float64Array(GATE_FEATURE_COUNT)): Float64Array {
  out[0] = Math.log1p(signals.bm25Top);
  out[1] = Math.log1p(parts.terms);
  out[2] = signals.denseTop;
  out[3] = signals.codeTop;
  return out;
}
