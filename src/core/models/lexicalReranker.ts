/**
 * @file Built-in lexical reranker (offline, no download): scores (query, doc) pairs in [0, 1]
 * from BM25-style saturated token overlap plus bonuses for exact identifier and bigram
 * matches. Each pair is scored on its own (no batch statistics), so results are deterministic
 * and independent of the other docs in the batch.
 * Runs in: everywhere. Layer src/core.
 */
import type { ModelInfo, Reranker } from './types.ts';
import { codeTokens, identifiers } from './codeTokens.ts';

export const LEXICAL_RERANKER_INFO: ModelInfo = Object.freeze({
  id: 'builtin:lexical-reranker',
  label: 'Built-in lexical reranker (offline)',
  builtin: true,
});

const K1 = 1.2;
const B = 0.75;
/** Fixed reference length in tokens (a typical function with its description). */
const AVERAGE_DOC_TOKENS = 120;
const WEIGHT_OVERLAP = 0.6;
const WEIGHT_IDENTIFIER = 0.25;
const WEIGHT_BIGRAM = 0.15;

interface QueryFeatures {
  terms: string[];
  identifiers: string[];
  bigrams: string[];
}

export class LexicalReranker implements Reranker {
  readonly info: ModelInfo = LEXICAL_RERANKER_INFO;

  async score(query: string, docs: readonly string[]): Promise<number[]> {
    const features = queryFeatures(query);
    return docs.map((doc) => scorePair(features, doc));
  }
}

/** Scores one pair; exported for synchronous callers. */
export function lexicalScore(query: string, doc: string): number {
  return scorePair(queryFeatures(query), doc);
}

function queryFeatures(query: string): QueryFeatures {
  const tokens = codeTokens(query);
  return {
    terms: [...new Set(tokens)],
    identifiers: [...new Set(identifiers(query))],
    bigrams: [...new Set(bigramsOf(tokens))],
  };
}

function scorePair(query: QueryFeatures, doc: string): number {
  if (query.terms.length === 0) return 0;
  const tokens = codeTokens(doc);
  const tf = new Map<string, number>();
  for (const token of tokens) tf.set(token, (tf.get(token) ?? 0) + 1);
  const lengthNorm = 1 - B + (B * tokens.length) / AVERAGE_DOC_TOKENS;

  let overlap = 0;
  for (const term of query.terms) {
    const f = tf.get(term) ?? 0;
    overlap += (f * (K1 + 1)) / (f + K1 * lengthNorm);
  }
  const parts: Array<[number, number]> = [[WEIGHT_OVERLAP, overlap / (query.terms.length * (K1 + 1))]];

  if (query.identifiers.length > 0) {
    const docIds = new Set(identifiers(doc));
    parts.push([WEIGHT_IDENTIFIER, fraction(query.identifiers, docIds)]);
  }
  if (query.bigrams.length > 0) {
    const docBigrams = new Set(bigramsOf(tokens));
    parts.push([WEIGHT_BIGRAM, fraction(query.bigrams, docBigrams)]);
  }
  let weighted = 0;
  let weights = 0;
  for (const [weight, value] of parts) {
    weighted += weight * value;
    weights += weight;
  }
  return Math.min(1, Math.max(0, weighted / weights));
}

function bigramsOf(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < tokens.length; i++) out.push(`${tokens[i - 1]} ${tokens[i]}`);
  return out;
}

function fraction(wanted: readonly string[], present: ReadonlySet<string>): number {
  let hits = 0;
  for (const item of wanted) if (present.has(item)) hits++;
  return hits / wanted.length;
}
