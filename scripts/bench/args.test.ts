/** @file Flags of the ingest benchmark. */
import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './args.ts';

describe('parseBenchArgs', () => {
  it('defaults to the stdlib with the browser run on', () => {
    expect(parseBenchArgs([])).toMatchObject({ target: null, json: false, noTests: false, browser: true, timeoutSeconds: 900, traceV8: false });
  });

  it('reads a target and every flag', () => {
    const args = parseBenchArgs(['repo.zip', '--json', '--no-tests', '--no-browser', '--threads', '4', '--limit', '50', '--timeout', '60', '--dist', 'out', '--trace-v8']);
    expect(args).toMatchObject({ target: 'repo.zip', json: true, noTests: true, browser: false, threads: 4, limit: 50, timeoutSeconds: 60, dist: 'out', traceV8: true });
  });

  it('reads --synthetic N, which takes no target', () => {
    expect(parseBenchArgs(['--synthetic', '50000']).synthetic).toBe(50000);
    expect(() => parseBenchArgs(['--synthetic', '0'])).toThrow(/whole number >= 1/);
    expect(() => parseBenchArgs(['repo.zip', '--synthetic', '10'])).toThrow(/leave out repo.zip/);
  });

  it('reads --repeat N (at least one round)', () => {
    expect(parseBenchArgs([]).repeat).toBe(1);
    expect(parseBenchArgs(['--repeat', '3']).repeat).toBe(3);
    expect(() => parseBenchArgs(['--repeat', '0'])).toThrow(/--repeat needs a whole number >= 1/);
  });

  it('rejects unknown flags, bad numbers and two targets', () => {
    expect(() => parseBenchArgs(['--fast'])).toThrow(/Unknown option --fast/);
    expect(() => parseBenchArgs(['--limit', 'ten'])).toThrow(/whole number/);
    expect(() => parseBenchArgs(['a.zip', 'b.zip'])).toThrow(/Only one/);
  });
});
