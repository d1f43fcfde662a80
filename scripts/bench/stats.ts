/**
 * @file Pure arithmetic and formatting of the ingest benchmark: throughput, ratios, the budget
 * verdict (docs/budgets.md: end to end >= 50% of raw parse throughput) and a text table.
 * Runs in: Node (bench, tests).
 */
import type { Phase } from '../../src/core/progress.ts';

export interface Throughput {
  files: number;
  lines: number;
  bytes: number;
  ms: number;
  filesPerSecond: number;
  linesPerSecond: number;
  megabytesPerSecond: number;
}

/** Rates for `files` / `lines` / `bytes` processed in `ms` milliseconds (0 when ms is 0). */
export function throughput(files: number, lines: number, bytes: number, ms: number): Throughput {
  const seconds = ms / 1000;
  const rate = (n: number) => (seconds > 0 ? n / seconds : 0);
  return {
    files,
    lines,
    bytes,
    ms,
    filesPerSecond: rate(files),
    linesPerSecond: rate(lines),
    megabytesPerSecond: rate(bytes) / 1e6,
  };
}

/** numerator / denominator, or null when the denominator is not a positive number. */
export function ratio(numerator: number, denominator: number): number | null {
  return denominator > 0 && Number.isFinite(numerator) ? numerator / denominator : null;
}

/** The ingest budget of docs/budgets.md: end-to-end files/s over raw parse files/s. */
export const BUDGET_RATIO = 0.5;

export type Verdict = 'PASS' | 'FAIL' | 'n/a';

export function budgetVerdict(value: number | null, threshold = BUDGET_RATIO): Verdict {
  if (value === null) return 'n/a';
  return value >= threshold ? 'PASS' : 'FAIL';
}

/** Lines in a text as an editor counts them: a trailing newline does not open a new line. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** Tracks the largest value seen (peak memory samples). */
export class PeakTracker {
  peak = 0;
  samples = 0;

  add(value: number): void {
    this.samples++;
    if (value > this.peak) this.peak = value;
  }
}

export function formatInteger(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

export function formatMegabytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '-';
  const megabytes = bytes / 1024 / 1024;
  return `${megabytes.toFixed(megabytes < 10 ? 1 : 0)} MB`;
}

export function formatSeconds(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-';
  return `${(ms / 1000).toFixed(2)} s`;
}

export function formatPercent(value: number | null): string {
  return value === null ? '-' : `${(value * 100).toFixed(0)}%`;
}

/** A plain text table: first row is the header, columns padded, numbers right-aligned. */
export function formatTable(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  const numeric = /^(-|[-+]?[\d,.]+( ?[a-zA-Z%/]+)?)$/;
  const line = (row: readonly string[]) =>
    row
      .map((cell, c) => (c > 0 && numeric.test(cell) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}

/** Durations between the first reports of consecutive phases, the last one up to `endMs`. */
export function phaseDurations(firstSeen: readonly { phase: Phase; at: number }[], endMs: number): Partial<Record<Phase, number>> {
  const out: Partial<Record<Phase, number>> = {};
  firstSeen.forEach((entry, i) => {
    const next = firstSeen[i + 1]?.at ?? endMs;
    out[entry.phase] = (out[entry.phase] ?? 0) + (next - entry.at);
  });
  return out;
}
