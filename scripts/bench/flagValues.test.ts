/**
 * @file flagValues tests: whole numbers with a floor, folders, and the flags every benchmark takes.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { commonFlag, folder, wholeNumber } from './flagValues.ts';
import type { CommonBenchArgs } from './flagValues.ts';

describe('flag values', () => {
  it('reads whole numbers at or above a floor, naming the flag otherwise', () => {
    expect(wholeNumber('--n', '0')).toBe(0);
    expect(wholeNumber('--n', '12', 10)).toBe(12);
    expect(() => wholeNumber('--n', '', 0)).toThrow('--n needs a whole number, got ');
    expect(() => wholeNumber('--n', '1.5')).toThrow('--n needs a whole number, got 1.5');
    expect(() => wholeNumber('--n', '9', 10)).toThrow('--n needs a whole number >= 10, got 9');
    expect(() => wholeNumber('--n', undefined)).toThrow('got nothing');
  });

  it('reads a folder, not the next flag', () => {
    expect(folder('--dist', 'out')).toBe('out');
    expect(() => folder('--dist', '--json')).toThrow('--dist needs a folder');
  });

  it('applies the common flags and leaves the others to the caller', () => {
    const args: CommonBenchArgs = { json: false, help: false, browser: true, timeoutSeconds: 900 };
    const values = ['60'];
    for (const arg of ['--json', '--no-browser', '-h', '--timeout']) expect(commonFlag(args, arg, () => values.shift())).toBe(true);
    expect(args).toEqual({ json: true, help: true, browser: false, timeoutSeconds: 60 });
    expect(commonFlag(args, '--limit', () => '5')).toBe(false);
    expect(() => commonFlag(args, '--timeout', () => '0')).toThrow('--timeout needs a whole number >= 1, got 0');
  });
});
