/**
 * @file The player explains itself (docs/architecture.md, "The player"), on psf/black's source
 * (Debian's black 23.1.0, e2e/fixtures/black-23.1.0.zip) with the paper preset at T = 100 and on
 * the demo, at 1280x720 and 1440x900, light and dark: the story changes with every phase step and
 * names nodes, no two drawn labels overlap (the app counts it from the canvas) at Home, after each
 * step and at End; a name in the story selects its node; the known-answer view tells a marked
 * node's story; "Unfold all" draws every node with its labels still apart; the compare view shows
 * two runs side by side; a stored run opens at its start.
 * Screenshots of each in test-results/.
 * Runs in: Node (e2e, driving chromium).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { assert, openDemo, screenshot, setTheme, test, turnAutoEmbedOff, waitForGraph, waitForSummary, withSession } from './harness.ts';
import type { E2EEnv } from './harness.ts';
import { ask, canvasAt, playerAt, showDockTab, waitForPlayer, waitForStep } from './playerKit.ts';

/** Phase steps walked from Home (each checked for its story and its labels). */
const STEPS = 14;

async function choosePreset(page: Page, preset: 'paper' | 'default', iterations: string): Promise<void> {
  await page.getByTestId('search-advanced').click();
  await page.getByTestId('mcts-preset').selectOption(preset);
  await page.getByTestId('mcts-iterations').fill(iterations);
  await page.getByTestId('search-advanced').click();
}

/** Home, STEPS phase steps, End: the story changes at every step and names nodes; 0 label overlaps throughout. */
async function walkTheStory(page: Page, env: E2EEnv, tag: string): Promise<void> {
  await page.getByTestId('player-start').click();
  await waitForStep(page, 0);
  let at = await canvasAt(page);
  assert(at.overlaps === 0, `${tag}: no label overlaps at Home (${at.overlaps} of ${at.labels})`);
  assert(/Question/.test(at.story), `${tag}: the story at Home says what the search is about to do (${at.story.slice(0, 80)})`);
  await screenshot(page, env, `${tag}-home`);
  let previous = at.story;
  for (let step = 1; step <= STEPS; step++) {
    await page.getByTestId('player-phase-forward').click();
    await waitForStep(page, step);
    at = await canvasAt(page);
    const position = await playerAt(page);
    assert(at.story !== previous, `${tag}: the story changes at step ${step} (${position.phase})`);
    assert(at.names > 0, `${tag}: step ${step} (${position.phase}) names nodes: ${at.story.slice(0, 120)}`);
    assert(at.overlaps === 0, `${tag}: no label overlaps after step ${step} (${position.phase}): ${at.overlaps} of ${at.labels}`);
    assert(at.labels > 0, `${tag}: labels drawn after step ${step}`);
    if (step === 2 || step === 5) await screenshot(page, env, `${tag}-step${step}-${position.phase}`);
    previous = at.story;
  }
  await page.getByTestId('player-end').click();
  const total = Number(await page.getByTestId('mcts-player').getAttribute('data-total'));
  await waitForStep(page, total);
  at = await canvasAt(page);
  assert(at.overlaps === 0, `${tag}: no label overlaps at End (${at.overlaps} of ${at.labels})`);
  assert(at.drawn > 0 && at.drawn < (await playerAt(page)).treeNodes, `${tag}: the folded tree draws fewer nodes than the run has (${at.drawn})`);
  await screenshot(page, env, `${tag}-end`);
}

test('player story: black (paper, T=100) and the demo, 1280x720 and 1440x900, light and dark', async ({ env }) => {
  test.setTimeout(600_000);
  await withSession(env, 'player-story', async (_session, page) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(env.baseUrl);
    // The player's story and labels, not vectors: the embedding after the index is turned off.
    await turnAutoEmbedOff(page);
    const zip = readFileSync(join(env.repoRoot, 'e2e', 'fixtures', 'black-23.1.0.zip'));
    await page.getByTestId('zip-input').setInputFiles({ name: 'black-23.1.0.zip', mimeType: 'application/zip', buffer: zip });
    await waitForSummary(page);
    await waitForGraph(page, 'overview');
    await choosePreset(page, 'paper', '100');
    await ask(page, 'which function formats a file in place');
    await waitForPlayer(page);
    const end = await playerAt(page);
    assert(end.iterations === 100 || end.iterations > 0, `a run of the paper preset (${end.iterations} iterations)`);
    await walkTheStory(page, env, 'story-black-1280-light');

    // "Unfold all" draws every node of the run (no bundles), its labels still apart; `u` folds again.
    await page.getByTestId('tree-fold').click();
    await page.waitForFunction(() => {
      const g = document.querySelector('[data-testid="graph"]');
      return g !== null && g.getAttribute('data-tree-drawn') === g.getAttribute('data-tree-nodes');
    });
    await page.waitForTimeout(300);
    const unfolded = await canvasAt(page);
    assert(unfolded.overlaps === 0 && unfolded.labels > 0, `unfolded: ${unfolded.labels} labels, ${unfolded.overlaps} overlapping`);
    await screenshot(page, env, 'story-black-1280-light-unfolded');
    // Fold again from the keyboard (u).
    await page.keyboard.press('u');
    await page.waitForFunction(() => {
      const g = document.querySelector('[data-testid="graph"]');
      return g !== null && Number(g.getAttribute('data-tree-drawn')) < Number(g.getAttribute('data-tree-nodes'));
    });

    // A name in the story selects that node (the inspector follows the selection).
    await page.getByTestId('player-details').click();
    await page.getByTestId('player-start').click();
    await page.getByTestId('player-phase-forward').click();
    await page.getByTestId('player-phase-forward').click();
    await waitForStep(page, 2);
    await showDockTab(page, 'story');
    const named = page.locator('[data-testid="player-story"] .story-node').first();
    const namedId = Number(await named.getAttribute('data-node'));
    await named.click();
    await page.waitForFunction((id) => document.querySelector('[data-testid="player-inspector"]')?.getAttribute('data-node') === String(id), namedId, { timeout: 10_000 });

    // Known answer: select format_file_in_place from the answer list (or the first result) and mark it.
    const hit = page.locator('[data-testid="search-hit"]').filter({ hasText: 'format_file_in_place' }).first();
    const target = (await hit.count()) > 0 ? hit : page.locator('[data-testid="search-hit"]').first();
    await showDockTab(page, 'answer');
    await target.locator('button').first().click();
    await showDockTab(page, 'story');
    await page.getByTestId('mark-answer').click();
    await page.getByTestId('known-answer').waitFor({ timeout: 15_000 });
    const known = await page.getByTestId('known-answer').evaluate((el) => ({ answer: el.getAttribute('data-answer'), inTree: el.getAttribute('data-in-tree'), text: el.textContent ?? '' }));
    assert(known.answer !== null && /iteration|never/.test(known.text), `the known answer's story (${JSON.stringify(known)})`);
    await screenshot(page, env, 'story-black-1280-known-answer');

    // Dark at 1440x900: the story and the labels hold.
    await page.setViewportSize({ width: 1440, height: 900 });
    await setTheme(page, 'dark');
    await walkTheStory(page, env, 'story-black-1440-dark');

    // What-if with another c: the compare view shows both runs side by side.
    await showDockTab(page, 'inspect');
    const c = Number(await page.getByTestId('whatif-c').inputValue());
    await page.getByTestId('whatif-c').fill(String(c * 40));
    await page.getByTestId('whatif-run').click();
    await page.getByTestId('run-compare').waitFor({ timeout: 120_000 });
    await waitForPlayer(page);
    const compare = await page.getByTestId('run-diff').evaluate((el) => ({ a: Number(el.getAttribute('data-only-a')), b: Number(el.getAttribute('data-only-b')) }));
    assert(compare.a + compare.b > 0, `another c visits other nodes (${JSON.stringify(compare)})`);
    assert((await page.getByTestId('compare-tree-a').count()) === 1 && (await page.getByTestId('compare-tree-b').count()) === 1, 'both trees drawn side by side');
    await screenshot(page, env, 'story-black-1440-compare-dark');
  });
});

test('player story: the demo at 1280x720 dark and 1440x900 light; the guided default says why it stopped', async ({ env }) => {
  test.setTimeout(400_000);
  await withSession(env, 'player-story-demo', async (_session, page) => {
    // The player's story and labels, not vectors: the embedding after the index is turned off.
    await openDemo(page, env, { autoEmbed: false });
    await setTheme(page, 'dark');
    // The guided default stops at its reranker-pair budget: the player says so and offers the full search.
    await ask(page, 'how are prices discounted for a cart');
    await waitForPlayer(page);
    const notice = page.getByTestId('run-stop-notice');
    assert((await notice.getAttribute('data-reason')) === 'pair-budget', `the guided default stops at its pair budget (${await notice.getAttribute('data-reason')})`);
    // A question's answer is in front of the dock; its run's story (and why it stopped) behind it.
    assert((await page.getByTestId('dock').getAttribute('data-front')) === 'answer', 'the answer is in front');
    await showDockTab(page, 'story');
    await page.getByTestId('watch-full-search').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="run-stop-notice"]')?.getAttribute('data-reason') === 'iterations', undefined, { timeout: 120_000 });
    await waitForPlayer(page);
    await walkTheStory(page, env, 'story-demo-1280-dark');
    await page.setViewportSize({ width: 1440, height: 900 });
    await setTheme(page, 'light');
    await walkTheStory(page, env, 'story-demo-1440-light');

    // A stored run opens at its start, paused, with the story of its first step.
    await page.reload();
    await waitForGraph(page, 'overview');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="run-list"]')?.getAttribute('data-runs')) >= 2, undefined, { timeout: 30_000 });
    const runId = await page.locator('[data-testid="run-list"] option').nth(1).getAttribute('value');
    await page.getByTestId('run-list').selectOption(runId!);
    await waitForPlayer(page);
    const opened = await playerAt(page);
    assert(opened.cursor === 0, `a stored run opens at its start (cursor ${opened.cursor})`);
    await waitForStep(page, 0);
    assert(/Question/.test((await canvasAt(page)).story), 'with the story of its first step');
    assert((await page.getByTestId('player-play').textContent())?.includes('▶'), 'paused');
    await screenshot(page, env, 'story-demo-stored-run-start');
  });
});
