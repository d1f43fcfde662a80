/**
 * @file Tests of the embed benchmark's flags.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { parseEmbedBenchArgs } from './embedArgs.ts';

describe('parseEmbedBenchArgs', () => {
  it('has defaults for a full run', () => {
    expect(parseEmbedBenchArgs([])).toEqual({ sample: 2000, budgetSeconds: 60, browser: true, app: true, stdlib: true, json: false, timeoutSeconds: 900, help: false });
  });

  it('reads every option', () => {
    const args = parseEmbedBenchArgs(['--limit', '50', '--sample', '100', '--budget', '0', '--no-browser', '--no-app', '--no-stdlib', '--timeout', '30', '--dist', 'out', '--json']);
    expect(args).toEqual({ limit: 50, sample: 100, budgetSeconds: 0, browser: false, app: false, stdlib: false, json: true, timeoutSeconds: 30, dist: 'out', help: false });
    expect(parseEmbedBenchArgs(['-h']).help).toBe(true);
  });

  it('rejects bad numbers, unknown flags and positionals', () => {
    expect(() => parseEmbedBenchArgs(['--limit'])).toThrow(/whole number/);
    expect(() => parseEmbedBenchArgs(['--limit', '-1'])).toThrow(/whole number/);
    expect(() => parseEmbedBenchArgs(['--sample', '1.5'])).toThrow(/whole number/);
    expect(() => parseEmbedBenchArgs(['--dist', '--json'])).toThrow(/folder/);
    expect(() => parseEmbedBenchArgs(['--fast'])).toThrow(/Unknown argument --fast/);
    expect(() => parseEmbedBenchArgs(['some.zip'])).toThrow(/Unknown argument/);
  });
});
