/**
 * @file Model interfaces (docs/retrieval.md): embedder, cross-encoder reranker, LLM.
 * Implementations: built-in offline ones in src/core/models/ (lexical, labelled as such),
 * transformers.js / web-llm adapters later. Every method is async so a worker proxy fits.
 * Runs in: everywhere. Layer src/core.
 */

/** 'query' texts get the model's query prompt where it has one; 'document' texts do not. */
export type EmbedRole = 'query' | 'document';

export interface ModelInfo {
  /** Stable id stored with embeddings ('builtin:lexical', a hub id, a folder name). */
  id: string;
  /** Shown in the UI; built-ins say so ("built-in lexical, offline"). */
  label: string;
  builtin: boolean;
}

/** Dense vectors, L2-normalised, all of length `dim` (cosine = dot product). */
export interface Embedder {
  readonly info: ModelInfo;
  readonly dim: number;
  embed(texts: readonly string[], role: EmbedRole): Promise<Float32Array[]>;
}

/** Cross-encoder: one relevance score per (query, doc) pair, higher is more relevant, in [0, 1]. */
export interface Reranker {
  readonly info: ModelInfo;
  score(query: string, docs: readonly string[]): Promise<number[]>;
  /**
   * Optional: the same scores with what the search engine knows of each document beyond its text
   * (first-stage scores, graph position). The engine calls it when it is there; every other caller
   * uses `score`.
   */
  scoreWithSignals?(query: string, docs: readonly string[], signals: readonly RerankSignals[]): Promise<number[]>;
}

/**
 * What the search engine knows of one document for one query (docs/retrieval.md, learned reranker).
 * Ranks count from 0 among the candidates (Function, Method, Class); Infinity: not ranked (no BM25
 * term matched, no vector, or not a candidate).
 */
export interface RerankSignals {
  /** BM25 score over the query's best candidate score, in [0, 1]. */
  bm25: number;
  bm25Rank: number;
  /** The best candidate's raw BM25 score: 0 when no query word is in any candidate. */
  bm25Top: number;
  /** Cosine with the description vectors (0 without), the best candidate's, and the rank. */
  dense: number;
  denseTop: number;
  denseRank: number;
  /** The same over the code vectors. */
  code: number;
  codeTop: number;
  codeRank: number;
  /** The first stage's fused prior in [0, 1] (reciprocal rank fusion of the rankings above). */
  prior: number;
  /** Node kind ('Function', 'Method', 'Class', ...). */
  kind: string;
  /** Neighbours in the graph (edges of any type, both directions). */
  degree: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatOptions {
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
  onToken?: (text: string) => void;
}

export interface Llm {
  readonly info: ModelInfo;
  /** Context window in tokens (descriptions switch to member summaries above it, A.9.3). */
  readonly contextTokens: number;
  chat(messages: readonly ChatMessage[], options?: ChatOptions): Promise<string>;
}
