/**
 * @file Built-in lexical reranker (offline, no download): scores (query, doc) pairs in [0, 1]
 * from BM25-style saturated token overlap plus bonuses for exact identifier and bigram
 * matches. Each pair is scored on its own (no batch statistics), so results are deterministic
 * and independent of the other docs in the batch. Query terms are weighted by the built-in code
 * vocabulary's idf (trained offline on stdlib definitions, codeVocabulary.ts), and a query word
 * absent from the doc may be matched, at a discount, by a code token associated with it
 * ('directory' -> dir). The doc's first line is its title (the search documents put the entity's
 * kind and qualified name there): the idf-weighted share of query words found in it is a field
 * weight for names, whose words say more than the same words deep in the code. Tokenised docs are
 * cached (bounded) since MCTS and rerank-all score the same docs for many queries.
 * Runs in: everywhere. Layer src/core.
 */
import type { ModelInfo, Reranker } from './types.ts';
import { codeTokens, identifiers } from './codeTokens.ts';
import { associatedTokens, vocabularyIdf } from './codeVocabulary.ts';

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
/** Query words found in the doc's title (its first line: the entity's kind and qualified name). */
const WEIGHT_TITLE = 0.2;

/** How much an associated code token counts relative to the word itself. */
const ASSOCIATION_WEIGHT = 1;
const DOC_CACHE_LIMIT = 50_000;

interface QueryFeatures {
  terms: string[];
  weights: number[];
  expansions: (readonly (readonly [string, number])[])[];
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
  const terms = [...new Set(tokens)];
  return {
    terms,
    weights: terms.map(vocabularyIdf),
    expansions: terms.map(associatedTokens),
    identifiers: [...new Set(identifiers(query))],
    bigrams: [...new Set(bigramsOf(tokens))],
  };
}

interface DocFeatures {
  tokens: string[];
  tf: Map<string, number>;
  title: Set<string>;
  identifiers: Set<string> | null;
  bigrams: Set<string> | null;
}

const docCache = new Map<string, DocFeatures>();

/** Forgets every tokenised doc (benchmarks time the first sight of a doc with it). */
export function clearLexicalDocCache(): void {
  docCache.clear();
}

function docFeatures(doc: string): DocFeatures {
  const hit = docCache.get(doc);
  if (hit) return hit;
  const tokens = codeTokens(doc);
  const tf = new Map<string, number>();
  for (const token of tokens) tf.set(token, (tf.get(token) ?? 0) + 1);
  const newline = doc.indexOf('\n');
  const title = new Set(codeTokens(newline < 0 ? doc : doc.slice(0, newline)));
  const features: DocFeatures = { tokens, tf, title, identifiers: null, bigrams: null };
  if (docCache.size >= DOC_CACHE_LIMIT) docCache.clear();
  docCache.set(doc, features);
  return features;
}

/** The parts of one pair's score, each in [0, 1] (the learned reranker's text features). */
export interface LexicalParts {
  score: number;
  overlap: number;
  title: number;
  /** -1 when the query has no identifier / no bigram. */
  identifier: number;
  bigram: number;
  /** Query terms (distinct tokens). */
  terms: number;
}

/** Scores every doc for one query with the parts of each score. */
export function lexicalPartsAll(query: string, docs: readonly string[]): LexicalParts[] {
  const features = queryFeatures(query);
  return docs.map((doc) => scoreParts(features, doc));
}

function scorePair(query: QueryFeatures, doc: string): number {
  return scoreParts(query, doc).score;
}

function scoreParts(query: QueryFeatures, doc: string): LexicalParts {
  if (query.terms.length === 0) return { score: 0, overlap: 0, title: 0, identifier: -1, bigram: -1, terms: 0 };
  const features = docFeatures(doc);
  const { tokens, tf } = features;
  const lengthNorm = 1 - B + (B * tokens.length) / AVERAGE_DOC_TOKENS;
  const saturate = (f: number) => (f * (K1 + 1)) / (f + K1 * lengthNorm);

  let overlap = 0;
  let inTitle = 0;
  let totalWeight = 0;
  query.terms.forEach((term, i) => {
    let value = saturate(tf.get(term) ?? 0);
    let titled = features.title.has(term) ? 1 : 0;
    for (const [token, a] of query.expansions[i]) {
      const f = tf.get(token) ?? 0;
      if (f > 0) value = Math.max(value, ASSOCIATION_WEIGHT * a * saturate(f));
      if (features.title.has(token)) titled = Math.max(titled, ASSOCIATION_WEIGHT * a);
    }
    overlap += query.weights[i] * value;
    inTitle += query.weights[i] * titled;
    totalWeight += query.weights[i];
  });
  const parts: Array<[number, number]> = [
    [WEIGHT_OVERLAP, overlap / (totalWeight * (K1 + 1))],
    [WEIGHT_TITLE, inTitle / totalWeight],
  ];

  let identifier = -1;
  let bigram = -1;
  if (query.identifiers.length > 0) {
    features.identifiers ??= new Set(identifiers(doc));
    identifier = fraction(query.identifiers, features.identifiers);
    parts.push([WEIGHT_IDENTIFIER, identifier]);
  }
  if (query.bigrams.length > 0) {
    features.bigrams ??= new Set(bigramsOf(tokens));
    bigram = fraction(query.bigrams, features.bigrams);
    parts.push([WEIGHT_BIGRAM, bigram]);
  }
  let weighted = 0;
  let weights = 0;
  for (const [weight, value] of parts) {
    weighted += weight * value;
    weights += weight;
  }
  const score = Math.min(1, Math.max(0, weighted / weights));
  return { score, overlap: parts[0][1], title: parts[1][1], identifier, bigram, terms: query.terms.length };
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
