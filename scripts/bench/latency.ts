/**
 * @file Latency statistics of the search benchmark: percentiles (linear interpolation between
 * closest ranks, as numpy's default), mean, and a summary of a sample list; the Cypher budget
 * verdict of docs/budgets.md (p50 < 20 ms). Pure.
 * Runs in: Node (bench, tests) and chromium (search bench worker).
 */

export interface LatencySummary {
  n: number;
  p50: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

/** The q-quantile (0..1) of `samples` (any order), linear between closest ranks; NaN when empty. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const position = Math.min(1, Math.max(0, q)) * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

export function mean(samples: readonly number[]): number {
  return samples.length === 0 ? Number.NaN : samples.reduce((sum, x) => sum + x, 0) / samples.length;
}

export function summarize(samples: readonly number[]): LatencySummary {
  return {
    n: samples.length,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    mean: mean(samples),
    min: samples.length === 0 ? Number.NaN : Math.min(...samples),
    max: samples.length === 0 ? Number.NaN : Math.max(...samples),
  };
}

/** Budgets of docs/budgets.md that this benchmark checks. */
export const SEARCH_BUDGETS = {
  cypherP50Ms: 20,
  /** Cypher p50 on a graph of 50,000 files (929k nodes). */
  cypherP50MsBigGraph: 100,
  mctsMsPerIteration: 0.5,
  mcts200BuiltinsMs: 1000,
} as const;

export type Verdict = 'PASS' | 'FAIL' | 'n/a';

/** PASS when `value` is below `limit` (strictly), n/a when there is no finite value. */
export function underBudget(value: number | null | undefined, limit: number): Verdict {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'n/a';
  return value < limit ? 'PASS' : 'FAIL';
}
