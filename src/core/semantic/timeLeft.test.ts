/** @file Time left from the rate so far: nothing before a second of progress, seconds, minutes. */
import { describe, expect, it } from 'vitest';
import { timeLeft } from './timeLeft.ts';

describe('timeLeft', () => {
  const start = { key: 'embed', at: 0, done: 0 };
  it('says nothing until a second of progress gives a rate, and nothing once done', () => {
    expect(timeLeft(start, 900, 100, 1000)).toBe('');
    expect(timeLeft(start, 5000, 0, 1000)).toBe('');
    expect(timeLeft(start, 5000, 1000, 1000)).toBe('');
  });
  it('extrapolates the rate since the phase started', () => {
    expect(timeLeft(start, 2000, 500, 1000)).toBe('~2 s left');
    expect(timeLeft({ key: 'embed', at: 1000, done: 100 }, 2000, 200, 1000)).toBe('~8 s left');
    expect(timeLeft(start, 1000, 10, 1000)).toBe('~1 min 39 s left');
  });
});
