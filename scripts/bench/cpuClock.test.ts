import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { cpuSnapshot, cpuSpentMs, cpuSplit, processesCpuMs, statCpuMs, threadCpuMs } from './cpuClock.ts';

describe('statCpuMs', () => {
  it('reads utime + stime (ticks of 10 ms) after the command name, which may hold spaces and parentheses', () => {
    const stat = '4242 (node (worker) x) S 1 4242 4242 0 -1 4194560 1000 0 0 0 123 45 0 0 20 0 9 0 100 1000 200';
    expect(statCpuMs(stat)).toBe((123 + 45) * 10);
  });
});

describe.runIf(existsSync('/proc/thread-self/stat'))('threadCpuMs', () => {
  it('counts busy work on the calling thread', () => {
    const before = threadCpuMs()!;
    // Spins for 200 ms of this process's CPU (not wall time: the machine may be busy). Its other
    // threads (V8's helpers, a test runner's) take part of that CPU, so how much falls to this
    // thread depends on the load (80 ms of 200 seen on a busy machine): this thread's count must
    // grow, by no more than the whole process's, and the two parts must add up to it.
    const start = process.cpuUsage();
    let spins = 0;
    while (process.cpuUsage(start).user < 200_000) spins++;
    const after = threadCpuMs()!;
    const grown = after.self + after.others - (before.self + before.others);
    expect(spins).toBeGreaterThan(0);
    expect(after.self - before.self).toBeGreaterThan(0);
    expect(after.self - before.self).toBeLessThanOrEqual(grown + 10);
    expect(grown).toBeGreaterThanOrEqual(190);
    expect(after.others).toBeGreaterThanOrEqual(0);
  });
});

describe('cpuSplit', () => {
  it('tells the calling thread, the threads still alive and the ended ones apart', () => {
    const before = { processMs: 1000, threads: new Map([[1, 300], [2, 100], [3, 50]]) };
    // Thread 3 ended, thread 4 started; 1,000 ms more in all.
    const after = { processMs: 2000, threads: new Map([[1, 500], [2, 250], [4, 80]]) };
    expect(cpuSplit(before, after, 1)).toEqual({ totalMs: 1000, mainMs: 200, otherLiveMs: 150 + 80, exitedMs: 1000 - 200 - 230 });
  });
});

describe.runIf(existsSync('/proc/self/task'))('cpuSnapshot', () => {
  it("counts a worker thread that ended among the ended ones", async () => {
    const before = cpuSnapshot()!;
    // A worker that does a fixed amount of work (about 0.2 s of CPU here), then exits.
    const worker = new Worker('let n = 0; for (let i = 0; i < 2e8; i++) n = (n + i) | 0; if (n === 42) console.log(n);', { eval: true });
    await new Promise((resolve) => worker.once('exit', resolve));
    const split = cpuSplit(before, cpuSnapshot()!, process.pid);
    expect(split.exitedMs).toBeGreaterThanOrEqual(50);
    expect(split.totalMs).toBeGreaterThanOrEqual(split.exitedMs);
  });
});

describe('cpuSpentMs', () => {
  it('sums what each process spent, a new one whole, and loses one that is gone', () => {
    const before = new Map([[10, 1000], [11, 200], [12, 70]]);
    // 11 spent 50 more, 12 is gone, 13 started meanwhile with 40.
    const after = new Map([[10, 1000], [11, 250], [13, 40]]);
    expect(cpuSpentMs(before, after)).toBe(90);
    expect(cpuSpentMs(before, new Map())).toBeNull();
  });
});

describe.runIf(existsSync('/proc/self/stat'))('processesCpuMs', () => {
  it("reads this process's CPU, and skips a pid that does not exist", () => {
    const start = process.cpuUsage();
    while (process.cpuUsage(start).user < 100_000);
    const read = processesCpuMs([process.pid, 2 ** 30]);
    expect([...read.keys()]).toEqual([process.pid]);
    expect(read.get(process.pid)!).toBeGreaterThanOrEqual(90);
  });
});
