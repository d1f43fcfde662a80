/**
 * @file The models the embed benchmark measures, as specs: the tiny fixture embedder and
 * cross-encoder under public/models/fixtures (random weights, real transformers.js code path),
 * with the batch size and token limit of the "fast" preset, and the call sizes used everywhere.
 * Runs in: Node (bench) and chromium (bench page).
 */
import { LEARNED_RERANKER_INFO } from '../../src/core/models/learnedReranker.ts';
import { DEFAULT_EMBED_BATCH } from '../../src/core/semantic/embedGraph.ts';
import { fixtureEmbedder, fixtureReranker } from '../fixtures/fixtureModels.ts';

export const FIXTURE_EMBEDDER = fixtureEmbedder({ label: 'tiny fixture embedder (random weights)', queryPrompt: undefined, maxTokens: 512, batchSize: 16 });

export const FIXTURE_RERANKER = fixtureReranker({ label: 'tiny fixture reranker (random weights)', maxTokens: 512, batchSize: 16 });

/** The id a planned run's model has ('builtin' / 'fixture' / 'learned' on the page). */
export function modelId(request: { task: 'embed' | 'rerank'; model: 'builtin' | 'fixture' | 'learned' }): string {
  if (request.model === 'learned') return LEARNED_RERANKER_INFO.id;
  if (request.model === 'builtin') return request.task === 'embed' ? 'builtin:lexical' : 'builtin:lexical-reranker';
  return request.task === 'embed' ? FIXTURE_EMBEDDER.id : FIXTURE_RERANKER.id;
}

/** Texts per embed() call: what embedGraph hands an embedder. */
export const EMBED_CALL_TEXTS = DEFAULT_EMBED_BATCH;
