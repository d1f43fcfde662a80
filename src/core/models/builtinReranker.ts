/**
 * @file The built-in rerankers by spec (offline, no download): the learned one
 * (learnedReranker.ts) or the lexical one (lexicalReranker.ts) for any other built-in spec.
 * Runs in: everywhere. Layer src/core.
 */
import { LearnedReranker } from './learnedReranker.ts';
import { LexicalReranker } from './lexicalReranker.ts';
import { BUILTIN_LEARNED_RERANKER } from './modelSpec.ts';
import type { RerankerSpec } from './modelSpec.ts';
import type { Reranker } from './types.ts';

export function createBuiltinReranker(spec: Pick<RerankerSpec, 'id'>): Reranker {
  return spec.id === BUILTIN_LEARNED_RERANKER.id ? new LearnedReranker() : new LexicalReranker();
}
