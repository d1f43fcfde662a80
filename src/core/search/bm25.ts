/**
 * @file BM25 baseline (k1 = 1.2, b = 0.75) over code-aware tokens, idf = ln(1 + (N - df + 0.5) / (df + 0.5)).
 * Runs in: everywhere. Layer src/core.
 */
import { searchTokens } from './tokens.ts';

export interface Bm25Options {
  k1?: number;
  b?: number;
  tokenize?: (text: string) => string[];
}

export interface Bm25Index {
  k1: number;
  b: number;
  tokenize: (text: string) => string[];
  docCount: number;
  avgLength: number;
  lengths: Float64Array;
  /** term -> postings: doc index and term frequency. */
  postings: Map<string, { doc: number; tf: number }[]>;
}

export interface Bm25Hit {
  doc: number;
  score: number;
}

export function buildBm25Index(docs: readonly string[], options: Bm25Options = {}): Bm25Index {
  const tokenize = options.tokenize ?? searchTokens;
  const lengths = new Float64Array(docs.length);
  const postings = new Map<string, { doc: number; tf: number }[]>();
  docs.forEach((text, doc) => {
    const counts = new Map<string, number>();
    const tokens = tokenize(text);
    lengths[doc] = tokens.length;
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const [term, tf] of counts) {
      const list = postings.get(term) ?? [];
      list.push({ doc, tf });
      postings.set(term, list);
    }
  });
  const total = lengths.reduce((sum, length) => sum + length, 0);
  return {
    k1: options.k1 ?? 1.2,
    b: options.b ?? 0.75,
    tokenize,
    docCount: docs.length,
    avgLength: docs.length > 0 ? total / docs.length : 0,
    lengths,
    postings,
  };
}

export function bm25Idf(docCount: number, docFrequency: number): number {
  return Math.log(1 + (docCount - docFrequency + 0.5) / (docFrequency + 0.5));
}

/** BM25 score of every document; a query term counts once per occurrence in the query. */
export function scoreBm25(index: Bm25Index, query: string): Float64Array {
  const scores = new Float64Array(index.docCount);
  const avg = index.avgLength || 1;
  for (const term of index.tokenize(query)) {
    const list = index.postings.get(term);
    if (!list) continue;
    const idf = bm25Idf(index.docCount, list.length);
    for (const { doc, tf } of list) {
      const norm = index.k1 * (1 - index.b + (index.b * index.lengths[doc]) / avg);
      scores[doc] += (idf * tf * (index.k1 + 1)) / (tf + norm);
    }
  }
  return scores;
}

/** Documents with a positive score, best first (ties: lower index first), at most `limit`. */
export function rankBm25(index: Bm25Index, query: string, limit = Infinity): Bm25Hit[] {
  const scores = scoreBm25(index, query);
  const hits: Bm25Hit[] = [];
  scores.forEach((score, doc) => {
    if (score > 0) hits.push({ doc, score });
  });
  hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
  return hits.slice(0, Math.min(hits.length, limit));
}
