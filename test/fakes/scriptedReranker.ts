/**
 * @file FAKE cross-encoder for MCTS tests (the reranker is a model, outside the product's logic):
 * a fixed score per document text, `fallback` for unknown texts; records every document scored.
 */
import type { Reranker } from '../../src/core/models/types.ts';

export function scriptedReranker(scores: Record<string, number>, fallback: number): Reranker & { seen: string[] } {
  const seen: string[] = [];
  return {
    info: { id: 'test:scripted', label: 'scripted fake reranker', builtin: true },
    seen,
    score: async (_query, docs) => {
      seen.push(...docs);
      return docs.map((d) => scores[d] ?? fallback);
    },
  };
}
