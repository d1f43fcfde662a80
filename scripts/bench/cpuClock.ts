/**
 * @file CPU clock of this Node process (user + system, all its threads) in ms: on a loaded,
 * shared machine it does not count the time the benchmark waits to be scheduled, which wall
 * clocks do. duckdb-wasm's blocking bundle and MCTS both run on the main thread.
 * threadCpuMs splits it by thread (Linux).
 * Runs in: Node (bench).
 */
import { readFileSync } from 'node:fs';

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
