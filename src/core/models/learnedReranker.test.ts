/**
 * @file The built-in learned reranker: the shipped weights fit this build's features, scores lie
 * in [0, 1], the engine's signals move them the way they were trained to (a document the first
 * stage ranks first outscores the same text ranked last), the relevance gate lowers every score of
 * a question the repository hardly matches without changing their order, text alone answers as
 * the lexical reranker, and weights of another shape are refused.
 */
import { describe, expect, it } from 'vitest';
import type { LEARNED_RERANKER_FORMAT } from './learnedReranker.ts';
import { checkWeights, LearnedReranker } from './learnedReranker.ts';
import { LEARNED_RERANKER_WEIGHTS } from './learnedReranker.weights.ts';
import { LexicalReranker } from './lexicalReranker.ts';
import { RERANK_FEATURE_COUNT, RERANK_FEATURES, rankFeature, rerankFeatures } from './rerankFeatures.ts';
import type { RerankSignals } from './types.ts';

const signals = (rank: number, extra: Partial<RerankSignals> = {}): RerankSignals => ({
  bm25: rank === 0 ? 1 : 0.2,
  bm25Rank: rank,
  bm25Top: 12,
  dense: rank === 0 ? 0.8 : 0.3,
  denseTop: 0.8,
  denseRank: rank,
  code: rank === 0 ? 0.7 : 0.2,
  codeTop: 0.7,
  codeRank: rank,
  prior: rank === 0 ? 1 : 0.1,
  kind: 'Function',
  degree: 3,
  ...extra,
});

const DOCS = ['Function archive.make_tar\ndef make_tar(a, b):\n    with tarfile.open(a, "w:gz") as t: t.add(b)', 'Function geometry.hypot2\ndef hypot2(a, b):\n    return math.sqrt(a * a + b * b)'];

describe('learned reranker', () => {
  it('ships weights that fit the features', () => {
    expect(() => checkWeights(LEARNED_RERANKER_WEIGHTS)).not.toThrow();
    expect(LEARNED_RERANKER_WEIGHTS.features).toEqual([...RERANK_FEATURES]);
  });

  it('scores in [0, 1] and follows the first-stage signals for the same text', async () => {
    const reranker = new LearnedReranker();
    const [best, worst] = await reranker.scoreWithSignals('compressed tarball of files', [DOCS[0], DOCS[0]], [signals(0), signals(400)]);
    for (const s of [best, worst]) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
    expect(best).toBeGreaterThan(worst);
  });

  it('gates a question as a whole: one the repository hardly matches scores lower everywhere, in the same order', async () => {
    const reranker = new LearnedReranker();
    const q = 'compressed tarball of files';
    const matched = await reranker.scoreWithSignals(q, DOCS, [signals(0), signals(5)]);
    const unmatched = await reranker.scoreWithSignals(q, DOCS, [signals(0, { bm25Top: 0, denseTop: 0.3, dense: 0.3, codeTop: 0.2, code: 0.2 }), signals(5, { bm25Top: 0, denseTop: 0.3, codeTop: 0.2 })]);
    expect(unmatched[0]).toBeLessThan(matched[0]);
    expect(unmatched[0]).toBeLessThan(0.15); // under the threshold an answer needs (presentAnswer.ts)
    expect(matched[0]).toBeGreaterThan(matched[1]);
    // Without its gate the model gives the same order: the gate only moves a question's scores together.
    const ungated = new LearnedReranker({ ...LEARNED_RERANKER_WEIGHTS, gate: undefined });
    const plain = await ungated.scoreWithSignals(q, DOCS, [signals(0), signals(5)]);
    expect(Math.sign(plain[0] - plain[1])).toBe(Math.sign(matched[0] - matched[1]));
  });

  it('answers as the lexical reranker from text alone', async () => {
    const q = 'compressed tarball of files';
    expect(await new LearnedReranker().score(q, DOCS)).toEqual(await new LexicalReranker().score(q, DOCS));
  });

  it('refuses weights of another format or shape', () => {
    expect(() => new LearnedReranker({ ...LEARNED_RERANKER_WEIGHTS, format: 'x' as typeof LEARNED_RERANKER_FORMAT })).toThrow(/format/);
    expect(() => new LearnedReranker({ ...LEARNED_RERANKER_WEIGHTS, features: ['lexical'] })).toThrow(/features/);
    expect(() => new LearnedReranker({ ...LEARNED_RERANKER_WEIGHTS, hidden: { weights: [1], bias: [0, 0] } })).toThrow(/shape/);
    const gate = LEARNED_RERANKER_WEIGHTS.gate!;
    expect(() => new LearnedReranker({ ...LEARNED_RERANKER_WEIGHTS, gate: { ...gate, weights: [1] } })).toThrow(/gate shape/);
    expect(() => new LearnedReranker({ ...LEARNED_RERANKER_WEIGHTS, gate: { ...gate, features: ['bm25_top'] } })).toThrow(/gate features/);
  });

  it('turns ranks into 1 / log2(2 + rank) and unranked into 0', () => {
    expect(rankFeature(0)).toBe(1);
    expect(rankFeature(2)).toBe(0.5);
    expect(rankFeature(Number.POSITIVE_INFINITY)).toBe(0);
    const parts = { score: 0.5, overlap: 0.4, title: 1, identifier: -1, bigram: -1, terms: 3 };
    const none = rerankFeatures(parts, signals(Number.POSITIVE_INFINITY, { dense: 0, denseTop: 0, code: 0, codeTop: 0, kind: 'Module' }));
    expect(none).toHaveLength(RERANK_FEATURE_COUNT);
    const at = (name: (typeof RERANK_FEATURES)[number]) => none[RERANK_FEATURES.indexOf(name)];
    expect([at('identifier'), at('bm25_rank'), at('dense_rank'), at('dense_gap'), at('is_function')]).toEqual([0, 0, 0, 1, 0]);
  });
});
