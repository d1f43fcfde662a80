/** @file Vitest config: Node unit tests beside the code; e2e specs run separately. */
import { configDefaults, defineConfig } from 'vitest/config';

const INCLUDE = ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'];
/** Files that need a process of their own: a per-thread verdict, the process RSS. */
const OWN_PROCESS = ['src/core/parse/flatTreeFallback.test.ts', 'scripts/bench/procMemory.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one on a 2-core machine, where the
    // CLI tests spend most of their time waiting for child processes.
    maxWorkers: 2,
    // The CLI tests' shared demo databases (test/cli/runCli.ts sharedDb).
    globalSetup: ['test/cli/sharedDbs.setup.ts'],
    projects: [
      // A worker runs these files in one process: libraries load once per worker, not per file,
      // and closed duckdb-wasm connections' engine instances serve later files (duckdbWasmNode.ts).
      { extends: true, test: { name: 'unit', include: INCLUDE, exclude: [...configDefaults.exclude, ...OWN_PROCESS], isolate: false } },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, isolate: true } },
    ],
  },
});
