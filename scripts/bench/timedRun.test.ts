/**
 * @file Tests of the throughput timing: chunking, the budget stop, rates.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { chunkRanges, perSecond, runTimed } from './timedRun.ts';

describe('chunkRanges', () => {
  it('covers 0..total in chunks, the last one short', () => {
    expect(chunkRanges(7, 3)).toEqual([[0, 3], [3, 6], [6, 7]]);
    expect(chunkRanges(0, 3)).toEqual([]);
    expect(chunkRanges(2, 0)).toEqual([[0, 1], [1, 2]]);
  });
});

describe('runTimed', () => {
  it('runs every unit without a budget and counts their items', async () => {
    let clock = 0;
    const ran: number[] = [];
    const result = await runTimed([2, 3, 4], 0, async (i) => {
      ran.push(i);
      clock += 100;
    }, () => clock);
    expect(ran).toEqual([0, 1, 2]);
    expect(result).toEqual({ items: 9, total: 9, ms: 300, units: 3, passes: 1, partial: false });
    expect(perSecond(result)).toBe(30);
  });

  it('stops after the unit that spent the budget and says it is partial', async () => {
    let clock = 0;
    const result = await runTimed([10, 10, 10, 10], 250, async () => {
      clock += 100;
    }, () => clock);
    expect(result).toEqual({ items: 30, total: 40, ms: 300, units: 3, passes: 0, partial: true });
  });

  it('repeats whole passes until minMs has passed', async () => {
    let clock = 0;
    const ran: number[] = [];
    const result = await runTimed([2, 3], 0, async (i) => {
      ran.push(i);
      clock += 100;
    }, () => clock, 450);
    expect(ran).toEqual([0, 1, 0, 1, 0, 1]);
    expect(result).toEqual({ items: 15, total: 5, ms: 600, units: 6, passes: 3, partial: false });
  });

  it('a rate of nothing timed is 0', () => {
    expect(perSecond({ items: 5, ms: 0 })).toBe(0);
  });
});
