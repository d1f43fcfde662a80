import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { statCpuMs, threadCpuMs } from './cpuClock.ts';

describe('statCpuMs', () => {
  it('reads utime + stime (ticks of 10 ms) after the command name, which may hold spaces and parentheses', () => {
    const stat = '4242 (node (worker) x) S 1 4242 4242 0 -1 4194560 1000 0 0 0 123 45 0 0 20 0 9 0 100 1000 200';
    expect(statCpuMs(stat)).toBe((123 + 45) * 10);
  });
});

describe.runIf(existsSync('/proc/thread-self/stat'))('threadCpuMs', () => {
  it('counts busy work on the calling thread', () => {
    const before = threadCpuMs()!;
    // Spins for 200 ms of this process's CPU (not wall time: the machine may be busy).
    const start = process.cpuUsage();
    let spins = 0;
    while (process.cpuUsage(start).user < 200_000) spins++;
    const after = threadCpuMs()!;
    expect(spins).toBeGreaterThan(0);
    expect(after.self - before.self).toBeGreaterThanOrEqual(100);
    expect(after.others).toBeGreaterThanOrEqual(0);
  });
});
