/**
 * @file The CLI's number flags, read once for every command (src/cli/args.ts): whole numbers
 * with a floor, numbers with a check, absent flags left undefined, and the usage message.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { parseInteger, parseNumber, UsageError } from '../../src/cli/args.ts';

describe('number flags', () => {
  it('reads whole numbers from a floor up', () => {
    expect(parseInteger('k', '10', 1)).toBe(10);
    expect(parseInteger('k', undefined, 1)).toBeUndefined();
    for (const bad of ['0', '1.5', '', 'x']) expect(() => parseInteger('k', bad, 1)).toThrow(UsageError);
    expect(() => parseInteger('rounds', '0', 1)).toThrow("--rounds must be a whole number >= 1 (got '0')");
  });

  it('reads numbers with a check, saying what the flag must be', () => {
    expect(parseNumber('eps', '0.5', (n) => n > 0 && n <= 1, 'a number in (0, 1]')).toBe(0.5);
    expect(parseNumber('eps', '-1')).toBe(-1);
    expect(() => parseNumber('eps', '2', (n) => n > 0 && n <= 1, 'a number in (0, 1]')).toThrow("--eps must be a number in (0, 1] (got '2')");
    expect(() => parseNumber('eps', 'NaN')).toThrow("--eps must be a number (got 'NaN')");
  });
});
