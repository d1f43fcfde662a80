/**
 * @file Flags of the search benchmark.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { parseSearchArgs } from './searchArgs.ts';

describe('parseSearchArgs', () => {
  it('defaults to the budget graph sizes', () => {
    const args = parseSearchArgs([]);
    expect(args).toMatchObject({ cypherNodes: 100_000, reps: 30, mctsSizes: [10_000, 100_000], builtinNodes: 10_000, iterations: 200, browser: true, json: false });
  });

  it('reads every flag', () => {
    const args = parseSearchArgs(['--nodes', '5000', '--reps', '3', '--mcts-sizes', '2000,4000', '--builtin-nodes', '2000', '--queries', '2', '--iterations', '50', '--seed', '9', '--no-browser', '--timeout', '60', '--json']);
    expect(args).toMatchObject({ cypherNodes: 5000, reps: 3, mctsSizes: [2000, 4000], builtinNodes: 2000, queries: 2, iterations: 50, seed: 9, browser: false, timeoutSeconds: 60, json: true });
    expect(parseSearchArgs(['--help']).help).toBe(true);
    expect(parseSearchArgs(['--db', 'big.duckdb'])).toMatchObject({ db: 'big.duckdb', browser: false });
  });

  it('rejects what it cannot use', () => {
    expect(() => parseSearchArgs(['--nodes'])).toThrow('--nodes needs a whole number >= 100, got nothing');
    expect(() => parseSearchArgs(['--reps', '0'])).toThrow('--reps needs a whole number >= 1, got 0');
    expect(() => parseSearchArgs(['--mcts-sizes', '1000,x'])).toThrow('--mcts-sizes needs a whole number >= 100, got x');
    expect(() => parseSearchArgs(['--fast'])).toThrow('Unknown option --fast');
    expect(() => parseSearchArgs(['--db'])).toThrow('--db needs a database file');
  });
});
