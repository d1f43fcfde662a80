/**
 * @file Latency statistics of the search benchmark against hand-computed values.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { mean, percentile, SEARCH_BUDGETS, summarize, underBudget } from './latency.ts';

describe('percentile', () => {
  it('interpolates between closest ranks, whatever the input order', () => {
    const samples = [40, 10, 30, 20];
    expect(percentile(samples, 0.5)).toBe(25);
    expect(percentile(samples, 0)).toBe(10);
    expect(percentile(samples, 1)).toBe(40);
    expect(percentile(samples, 0.95)).toBeCloseTo(38.5, 10);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('does not reorder its input', () => {
    const samples = [3, 1, 2];
    percentile(samples, 0.5);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('summarize', () => {
  it('gives n, p50, p95, mean, min and max', () => {
    const s = summarize([1, 2, 3, 4, 100]);
    expect(s).toMatchObject({ n: 5, p50: 3, mean: 22, min: 1, max: 100 });
    expect(s.p95).toBeCloseTo(80.8, 10);
    expect(mean([])).toBeNaN();
    expect(summarize([]).n).toBe(0);
  });
});

describe('underBudget', () => {
  it('passes strictly below the limit and says n/a without a value', () => {
    expect(underBudget(19.9, SEARCH_BUDGETS.cypherP50Ms)).toBe('PASS');
    expect(underBudget(20, SEARCH_BUDGETS.cypherP50Ms)).toBe('FAIL');
    expect(underBudget(Number.NaN, 1)).toBe('n/a');
    expect(underBudget(null, 1)).toBe('n/a');
  });
});
