/** @file Throughput, ratio, verdict, line counting and table layout of the ingest benchmark. */
import { describe, expect, it } from 'vitest';
import { budgetVerdict, countLines, formatMegabytes, formatTable, PeakTracker, phaseDurations, ratio, throughput } from './stats.ts';

describe('throughput', () => {
  it('divides counts by seconds', () => {
    const t = throughput(1788, 860_000, 31_500_000, 8000);
    expect(t.filesPerSecond).toBeCloseTo(223.5);
    expect(t.linesPerSecond).toBe(107_500);
    expect(t.megabytesPerSecond).toBeCloseTo(3.9375);
  });

  it('reports zero rates for a zero duration instead of Infinity', () => {
    expect(throughput(10, 10, 10, 0).filesPerSecond).toBe(0);
  });
});

describe('ratio and budget verdict', () => {
  it('passes at exactly half of raw throughput and fails below', () => {
    expect(budgetVerdict(ratio(110, 220))).toBe('PASS');
    expect(budgetVerdict(ratio(109, 220))).toBe('FAIL');
  });

  it('has no verdict without a positive denominator', () => {
    expect(ratio(5, 0)).toBeNull();
    expect(budgetVerdict(ratio(5, 0))).toBe('n/a');
  });
});

describe('countLines', () => {
  it('counts lines like an editor', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\nb')).toBe(2);
    expect(countLines('a\r\nb\r\n\n')).toBe(3);
  });
});

describe('PeakTracker', () => {
  it('keeps the largest sample and the sample count', () => {
    const peak = new PeakTracker();
    [3, 9, 4].forEach((v) => peak.add(v));
    expect(peak).toMatchObject({ peak: 9, samples: 3 });
  });
});

describe('formatting', () => {
  it('writes megabytes with a decimal below 10 MB', () => {
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatMegabytes(1536 * 1024 * 1024)).toBe('1536 MB');
    expect(formatMegabytes(null)).toBe('-');
  });

  it('pads columns and right-aligns numbers', () => {
    const table = formatTable([
      ['what', 'files/s'],
      ['raw', '220'],
      ['end to end', '1,234'],
    ]).split('\n');
    expect(table[0]).toBe('what        files/s');
    expect(table[1]).toBe('----------  -------');
    expect(table[2]).toBe('raw             220');
    expect(table[3]).toBe('end to end    1,234');
  });
});

describe('phaseDurations', () => {
  it('runs each phase until the next one starts, the last until the end', () => {
    const phases = [
      { phase: 'read' as const, at: 0 },
      { phase: 'parse' as const, at: 100 },
      { phase: 'stitch' as const, at: 400 },
      { phase: 'store' as const, at: 450 },
    ];
    expect(phaseDurations(phases, 600)).toEqual({ read: 100, parse: 300, stitch: 50, store: 150 });
  });
});
