/**
 * @file e2e steps the Cypher console's specs share: replace the editor's text by typing, and open
 * the demo with the console shown.
 * Runs in: Node (e2e).
 */
import type { Page } from 'playwright-core';
import { turnAutoEmbedOff, waitForGraph, waitForSummary } from './harness.ts';
import type { E2EEnv } from './harness.ts';

/** Replaces the editor's text by typing (closing brackets and quotes are typed over). */
export async function typeQuery(page: Page, text: string): Promise<void> {
  const editor = page.getByTestId('cypher-console').locator('.cm-content');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Escape');
}

/**
 * The demo indexed, its overview drawn, and the Cypher console open. Cypher reads no vectors, so
 * the embedding the app starts after an index is turned off (the start screen's setting).
 */
export async function openDemoConsole(page: Page, env: E2EEnv): Promise<void> {
  await page.goto(env.baseUrl);
  await turnAutoEmbedOff(page);
  await page.getByTestId('demo-button').click();
  await waitForSummary(page);
  await waitForGraph(page, 'overview');
  await page.getByTestId('cypher-toggle').click();
  await page.getByTestId('cypher-console').waitFor();
}
