/**
 * @file compare.ts's rule for replacing the shipped model, on hand-written evaluation records:
 * at least as good on Python, better on every other language, on both the mean over sources and
 * the pooled candidates.
 */
import { describe, expect, it } from 'vitest';
import { compareLanguages } from './compare.ts';

const rank = (mrr: number) => ({ mrr, recallAt1: 0, recallAt10: 0, queries: 100 });

function evaluation(figures: Record<string, [number, number]>) {
  return {
    results: Object.fromEntries(Object.entries(figures).map(([lang, [, pooled]]) => [`language:${lang}`, { neural: rank(pooled), lexical: rank(0.1) }])),
    perLanguageMean: Object.fromEntries(Object.entries(figures).map(([lang, [mean]]) => [lang, { neuralMrr: mean, lexicalMrr: 0.1, sources: 2 }])),
  };
}

describe('compareLanguages', () => {
  it('lets a tie on Python pass and asks more of the other languages', () => {
    const shipped = evaluation({ python: [0.5, 0.6], go: [0.3, 0.4] });
    const rows = compareLanguages(evaluation({ python: [0.5, 0.6], go: [0.35, 0.45] }), shipped);
    expect(rows.map((r) => [r.language, r.qualifies])).toEqual([['go', true], ['python', true]]);
    const tied = compareLanguages(evaluation({ python: [0.5, 0.6], go: [0.3, 0.45] }), shipped);
    expect(tied.find((r) => r.language === 'go')?.qualifies).toBe(false);
  });

  it('refuses a model that loses on Python on either figure', () => {
    const rows = compareLanguages(evaluation({ python: [0.51, 0.59] }), evaluation({ python: [0.5, 0.6] }));
    expect(rows[0].qualifies).toBe(false);
  });
});
