/** @file Vitest config: Node unit tests beside the code; e2e specs run separately. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one on a 2-core machine, where the
    // CLI tests spend most of their time waiting for child processes.
    maxWorkers: 2,
    // A worker runs its files in one process: libraries load once per worker, not per file, and
    // closed duckdb-wasm connections' engine instances serve later files (duckdbWasmNode.ts).
    isolate: false,
    // The CLI tests' shared demo databases (test/cli/runCli.ts sharedDb).
    globalSetup: ['test/cli/sharedDbs.setup.ts'],
  },
});
