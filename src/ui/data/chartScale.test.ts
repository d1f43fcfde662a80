/** @file Tests of the chart scales, ticks and paths. */
import { describe, expect, it } from 'vitest';
import { iterationScale, linePath, linearScale, logScale, niceTicks } from './chartScale.ts';

describe('scales', () => {
  it('maps linearly, also onto an inverted range', () => {
    const y = linearScale([0, 1], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(1)).toBe(0);
    expect(y(0.25)).toBe(150);
    expect(linearScale([3, 3], [0, 10])(3)).toBe(5);
  });

  it('maps by ratio on a log scale', () => {
    const x = logScale([10, 1000], [0, 200]);
    expect(x(10)).toBeCloseTo(0);
    expect(x(100)).toBeCloseTo(100);
    expect(x(1000)).toBeCloseTo(200);
  });

  it('picks log for wide iteration spans', () => {
    const wide = iterationScale([10, 25, 50, 100, 200], [0, 100]);
    expect(wide(10)).toBeCloseTo(0);
    expect(wide(200)).toBeCloseTo(100);
    expect(wide(Math.sqrt(2000))).toBeCloseTo(50);
    const narrow = iterationScale([100, 200], [0, 100]);
    expect(narrow(150)).toBeCloseTo(50);
    expect(iterationScale([], [0, 100])(0)).toBe(0);
  });
});

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten', () => {
    expect(niceTicks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0, 1, 4)).toEqual([0, 0.5, 1]);
    expect(niceTicks(0, 230, 4)).toEqual([0, 100, 200]);
    expect(niceTicks(5, 5)).toEqual([5]);
  });
});

describe('linePath', () => {
  it('draws M then L commands', () => {
    expect(linePath([{ x: 0, y: 1 }, { x: 2.345, y: 3.21 }])).toBe('M0 1 L2.3 3.2');
    expect(linePath([])).toBe('');
  });
});
