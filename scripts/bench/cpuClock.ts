/**
 * @file CPU clock of this Node process (user + system, all its threads) in ms: on a loaded,
 * shared machine it does not count the time the benchmark waits to be scheduled, which wall
 * clocks do. duckdb-wasm's blocking bundle and MCTS both run on the main thread.
 * threadCpuMs splits it by thread (Linux); cpuSnapshot + cpuSplit tell the calling thread, the
 * threads still alive and the threads that ended apart over a run (bench:ingest's Node index).
 * Runs in: Node (bench).
 */
import { readdirSync, readFileSync } from 'node:fs';

export function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** One thread's user + system ticks (fields 14 and 15 of a /proc stat line; Linux counts 100 a second). */
export function statCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU ms of the calling thread and of every other thread of the process (V8's compiler and GC
 * helpers, worker threads), 10 ms resolution; null where /proc is missing (not Linux).
 */
export function threadCpuMs(): { self: number; others: number } | null {
  let self: number;
  try {
    self = statCpuMs(readFileSync('/proc/thread-self/stat', 'utf8'));
  } catch {
    return null;
  }
  return { self, others: Math.max(0, processCpuMs() - self) };
}

/** This process's CPU and each live thread's (by thread id), at one moment. */
export interface CpuSnapshot {
  processMs: number;
  threads: Map<number, number>;
}

/** Where a process's CPU went between two snapshots (cpuSplit). */
export interface CpuSplit {
  totalMs: number;
  /** The thread that took both snapshots. */
  mainMs: number;
  /** The other threads still alive at the end: in Node, V8's compiler and GC helpers, DuckDB's and libuv's. */
  otherLiveMs: number;
  /** Threads that ended before the second snapshot (the parse pool's workers): the rest of the total. */
  exitedMs: number;
}

/** A snapshot of /proc/self/task, or null where there is none (not Linux). */
export function cpuSnapshot(): CpuSnapshot | null {
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return null;
  }
  const threads = new Map<number, number>();
  for (const tid of tids) {
    try {
      threads.set(Number(tid), statCpuMs(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return { processMs: processCpuMs(), threads };
}

/** Splits the CPU between two snapshots by thread; `mainTid` is the thread that took them. */
export function cpuSplit(before: CpuSnapshot, after: CpuSnapshot, mainTid: number): CpuSplit {
  const totalMs = Math.max(0, after.processMs - before.processMs);
  let mainMs = 0;
  let otherLiveMs = 0;
  for (const [tid, ms] of after.threads) {
    const spent = Math.max(0, ms - (before.threads.get(tid) ?? 0));
    if (tid === mainTid) mainMs += spent;
    else otherLiveMs += spent;
  }
  return { totalMs, mainMs, otherLiveMs, exitedMs: Math.max(0, totalMs - mainMs - otherLiveMs) };
}

/**
 * User + system CPU ms of each of `pids` (a process's stat counts all its threads, ended ones
 * included), by pid; a process that is gone, or a machine without /proc, has no entry.
 */
export function processesCpuMs(pids: readonly number[]): Map<number, number> {
  const spent = new Map<number, number>();
  for (const pid of pids) {
    try {
      spent.set(pid, statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8')));
    } catch {
      // Gone between the listing and the read, or no /proc.
    }
  }
  return spent;
}

/**
 * CPU spent between two processesCpuMs readings: a process first seen in `after` counts whole
 * (it started meanwhile); one gone by then is lost (chromium keeps its renderers for a page's
 * life). Null when `after` read nothing (no /proc).
 */
export function cpuSpentMs(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number | null {
  if (after.size === 0) return null;
  let spent = 0;
  for (const [pid, ms] of after) spent += Math.max(0, ms - (before.get(pid) ?? 0));
  return spent;
}
