/**
 * @file 50,000 tiny files in one zip through the real UI: the progress panel keeps moving
 * (its text changes many times while the worker runs), the page keeps answering, and the
 * whole repository lands in the graph.
 * Runs in: Node (e2e, driving chromium).
 */
import { makeManyFilesZip } from '../scripts/fixtures/makeBadZips.ts';
import { assert, screenshot, test, waitForSummary, withSession } from './harness.ts';

const FILES = 50_000;

test(
  '50,000 tiny files: progress keeps moving and the graph lands',
  async ({ env }) => {
    test.setTimeout(240_000);
    await withSession(env, 'many-files', async (_session, page) => {
      await page.goto(env.baseUrl);
      const zip = makeManyFilesZip(FILES);
      await page.getByTestId('zip-input').setInputFiles({ name: 'many.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
      const panel = page.getByTestId('progress-panel');
      await panel.waitFor();
      const seen = new Set<string>();
      // Sample the panel until it goes away; every sample is also a round trip to the page,
      // which only answers while the main thread is free.
      while ((await panel.count()) > 0) {
        const text = await panel.textContent().catch(() => null);
        if (text) seen.add(text);
        if (seen.size === 3) await screenshot(page, env, 'many-files-progress-light');
        await page.waitForTimeout(250);
      }
      const summary = await waitForSummary(page, null, 60_000);
      assert(summary.files === FILES, `all ${FILES} files indexed, got ${summary.files}`);
      assert(seen.size >= 5, `progress text changed only ${seen.size} times`);
    });
  },
);
