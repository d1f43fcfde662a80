/**
 * @file Throughput timing shared by the Node side and the chromium bench page: work split into
 * units (chunks of texts, or one query's documents), run one after another until all are done or
 * a time budget is spent (a slow device then reports a partial rate instead of stalling the run).
 * Environment-neutral (performance.now exists in Node and browsers).
 * Runs in: Node (bench, tests) and chromium (bench page).
 */

export interface TimedResult {
  /** Items processed (texts embedded, pairs scored). */
  items: number;
  /** Items there were to process. */
  total: number;
  ms: number;
  /** Units run (model calls from the caller's side). */
  units: number;
  /** Complete passes over the units (more than 1 when a pass was shorter than minMs). */
  passes: number;
  /** True when the budget ran out before every unit was run. */
  partial: boolean;
}

/** [start, end) index ranges of `size` items each covering 0..total. */
export function chunkRanges(total: number, size: number): [number, number][] {
  const step = Math.max(1, Math.floor(size));
  const out: [number, number][] = [];
  for (let start = 0; start < total; start += step) out.push([start, Math.min(total, start + step)]);
  return out;
}

/**
 * Runs `runUnit(0)`, `runUnit(1)`, ... (unit i holds unitSizes[i] items) and times them; stops
 * after the unit during which `budgetMs` was reached (a budget <= 0 means no limit). When a full
 * pass took less than `minMs`, the units are run again (whole passes) until it has: a fast model
 * that gets through the sample in a few milliseconds is then timed over a stretch long enough
 * for the clock and the JIT not to dominate. `items` counts every pass.
 */
export async function runTimed(
  unitSizes: readonly number[],
  budgetMs: number,
  runUnit: (index: number) => Promise<unknown>,
  now: () => number = () => performance.now(),
  minMs = 0,
): Promise<TimedResult> {
  const total = unitSizes.reduce((sum, n) => sum + n, 0);
  const started = now();
  let items = 0;
  let units = 0;
  let passes = 0;
  let stopped = false;
  while (!stopped && unitSizes.length > 0) {
    for (let i = 0; i < unitSizes.length; i++) {
      await runUnit(i);
      items += unitSizes[i]!;
      units++;
      if (budgetMs > 0 && now() - started >= budgetMs && i + 1 < unitSizes.length) {
        stopped = true;
        break;
      }
    }
    if (!stopped) passes++;
    if (now() - started >= minMs) break;
  }
  return { items, total, ms: now() - started, units, passes, partial: passes === 0 && items < total };
}

/** Items per second of a timed run (0 when nothing was timed). */
export function perSecond(result: Pick<TimedResult, 'items' | 'ms'>): number {
  return result.ms > 0 ? (result.items * 1000) / result.ms : 0;
}
