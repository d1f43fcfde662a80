/**
 * @file The models the embed benchmark measures, as specs: the tiny fixture embedder and
 * cross-encoder under public/models/fixtures (random weights, real transformers.js code path),
 * with the batch size and token limit of the "fast" preset, and the call sizes used everywhere.
 * Runs in: Node (bench) and chromium (bench page).
 */
import type { EmbedderSpec, RerankerSpec } from '../../src/core/models/modelSpec.ts';
import { DEFAULT_EMBED_BATCH } from '../../src/core/semantic/embedGraph.ts';

export const FIXTURE_EMBEDDER: EmbedderSpec = {
  role: 'embedder',
  id: 'fixtures/tiny-embedder',
  label: 'tiny fixture embedder (random weights)',
  source: { kind: 'public' },
  dtype: 'fp32',
  pooling: 'mean',
  maxTokens: 512,
  batchSize: 16,
};

export const FIXTURE_RERANKER: RerankerSpec = {
  role: 'reranker',
  id: 'fixtures/tiny-reranker',
  label: 'tiny fixture reranker (random weights)',
  source: { kind: 'public' },
  dtype: 'fp32',
  maxTokens: 512,
  batchSize: 16,
};

/** Texts per embed() call: what embedGraph hands an embedder. */
export const EMBED_CALL_TEXTS = DEFAULT_EMBED_BATCH;
