/** @file Vitest config: Node unit tests beside the code; e2e specs run separately. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The CLI tests' shared demo databases (test/cli/runCli.ts sharedDb).
    globalSetup: ['test/cli/sharedDbs.setup.ts'],
  },
});
