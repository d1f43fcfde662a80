/**
 * @file Playwright Test config of the e2e suite (`e2e/*.spec.ts`): e2e/globalSetup.ts serves
 * the test build (`vite build --mode e2e`) and each test drives Debian chromium on a persistent
 * profile (e2e/harness.ts; no browser download). Files run in parallel on two workers, the
 * heaviest specs (which keep both cores busy for minutes) never two at a time. On
 * CI a failed test is retried once (a pass on retry is reported as flaky); a failure keeps its
 * screenshots, and its trace (on CI, the retry's), under test-results/playwright/ and in
 * playwright-report/.
 * Runs in: Node (`npx playwright test [file] [-g name]`).
 */
import { defineConfig } from 'playwright/test';
import type { TraceMode } from 'playwright/test';

/** Specs that load both cores for minutes (black's index and embedding, long MCTS walks, 50,000 files; bigRepo is opt-in). */
const heavy = ['autoEmbed.spec.ts', 'layout.spec.ts', 'playerStory.spec.ts', 'manyFiles.spec.ts', 'bigRepo.spec.ts'];

export default defineConfig<{ sessionTrace: TraceMode }>({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  globalSetup: './e2e/globalSetup.ts',
  outputDir: 'test-results/playwright',
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two tests share the two cores: twice the 120 s a test was given when they ran one at a time.
  timeout: 240_000,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  // A trace costs CPU on every page: on CI only the retry of a failed test records one.
  use: { sessionTrace: process.env.CI ? 'on-first-retry' : 'retain-on-failure' },
  // The heavy specs come first so that the longest tests do not start last.
  projects: [
    { name: 'heavy', testMatch: heavy, workers: 1 },
    { name: 'light', testIgnore: heavy },
  ],
});
