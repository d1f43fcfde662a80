/**
 * @file CPU clock of this Node process (user + system, all its threads) in ms: on a loaded,
 * shared machine it does not count the time the benchmark waits to be scheduled, which wall
 * clocks do. duckdb-wasm's blocking bundle and MCTS both run on the main thread.
 * Runs in: Node (bench).
 */
export function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
