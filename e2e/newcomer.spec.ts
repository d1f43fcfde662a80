/**
 * @file What a newcomer tripped over, on the demo at 1280x720 and 1440x900, light and
 * dark: the graph toolbar fits, the legends leave the canvas visible with the SQL console open,
 * the empty details pane collapses and clears when a new answer arrives, names have tooltips,
 * the drop overlay hides the start page, an index error is read once; a bare class name is a
 * Path 1 lookup, a question in words is answered with the neural vectors the app embedded right
 * after the index, a nonsense question says nothing relevant was found, tests come after code or
 * hide (or stay out of the index), scores read as percentages, an early MCTS stop says why;
 * the models panel speaks plainly; errors have a ✕ (Esc too) and go when the next action of
 * their kind succeeds; the "?" before the Ask box opens what the box accepts, by mouse and keys.
 * Runs in: Node (e2e, driving chromium).
 */
import type { Page } from 'playwright-core';
import { assert, screenshot, setTheme, test, turnAutoEmbedOff, waitForAutoEmbed, waitForGraph, waitForSummary, withSession } from './harness.ts';
import type { E2EEnv } from './harness.ts';
import { demoZip } from './fixtures.ts';

async function ask(page: Page, question: string): Promise<void> {
  await page.getByTestId('question-input').fill(question);
  await page.getByTestId('question-input').press('Enter');
  await page.waitForFunction(
    (q) => {
      const banner = document.querySelector('[data-testid="error-banner"], [data-testid="search-error"]');
      if (banner) throw new Error(banner.textContent ?? 'error');
      const panel = document.querySelector('[data-testid="search-panel"]');
      return panel?.getAttribute('data-state') === 'done' && panel.querySelector('.answer-question')?.textContent === q;
    },
    question,
    { timeout: 120_000, polling: 200 },
  );
}

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  assert(b, `${selector} is on screen`);
  return b;
}

/** `autoEmbed: false` turns the embedding after the index off, where a test reads no vectors. */
async function openDemo(page: Page, env: E2EEnv, width: number, height: number, autoEmbed = true): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.goto(env.baseUrl);
  if (!autoEmbed) await turnAutoEmbedOff(page);
  await page.getByTestId('demo-button').click();
  await waitForSummary(page);
  await waitForGraph(page, 'overview');
}

/** Toolbar buttons inside the graph explorer, the legend one line, the canvas still visible. */
async function checkGraphLayout(page: Page, label: string): Promise<void> {
  const explorer = await box(page, '.graph-explorer');
  for (const name of ['Fit', 'Re-layout']) {
    const button = await box(page, `.graph-toolbar button:text-is("${name}")`);
    assert(button.x + button.width <= explorer.x + explorer.width + 0.5 && button.y >= explorer.y - 0.5, `${label}: ${name} is not cut off`);
  }
  const stage = await box(page, '.graph-stage');
  const footer = await box(page, '.graph-footer');
  assert(footer.height <= 40, `${label}: the legend is one line (${footer.height} px)`);
  assert(stage.height >= 120, `${label}: the canvas keeps room (${stage.height} px)`);
  if (await page.locator('.tree-legend').count()) {
    const legend = await box(page, '.tree-legend');
    assert(legend.height <= stage.height - 16 && legend.width <= stage.width * 0.6, `${label}: the tree legend leaves the canvas visible`);
  }
}

test('newcomer: answers and layout at 1280x720, light then dark', async ({ env }) => {
  test.setTimeout(240_000);
  await withSession(env, 'newcomer-1280', async (_session, page) => {
    await openDemo(page, env, 1280, 720);
    const pane = page.getByTestId('details-pane');
    assert((await pane.getAttribute('data-empty')) === 'true', 'nothing selected: the details pane is collapsed');
    assert(((await pane.boundingBox())?.width ?? 999) <= 40, 'the empty details pane is a slim rail');
    await checkGraphLayout(page, '1280 overview');

    // A bare class name: Path 1, the class itself.
    await ask(page, 'Money');
    assert((await page.getByTestId('route-path').getAttribute('data-path')) === 'cypher', '"Money" is a Path 1 lookup');
    const money = (await page.getByTestId('hit-name').first().textContent()) ?? '';
    assert(/^shopkit\.\S+\.Money$/.test(money), `the class Money is the answer, by its import name (${money})`);
    assert((await page.getByTestId('hit-score').first().textContent()) === '100%', 'a Path 1 row reads 100%');

    // Path 2 with the neural vectors embedded right after the index (e2e/autoEmbed.spec.ts asks
    // while they are built); readable scores; tooltips on names and places.
    assert((await waitForAutoEmbed(page)).state === 'done', 'the demo was embedded after the index');
    await page.getByTestId('search-hit').first().locator('button').first().click();
    await pane.and(page.locator(':not([data-empty])')).waitFor();
    await ask(page, 'money rounds half up');
    assert((await pane.getAttribute('data-empty')) === 'true', 'a new answer clears the old node from the details pane');
    const embedder = (await page.getByTestId('search-embedder').textContent()) ?? '';
    assert(/built-in neural, offline/.test(embedder) && !/still being built/.test(embedder), `the neural vectors answered, and it says so (${embedder})`);
    const score = (await page.getByTestId('hit-score').first().textContent()) ?? '';
    assert(/^\d+%$/.test(score), `relevance reads as a percentage (${score})`);
    assert((await page.getByTestId('hit-where').first().getAttribute('title'))?.includes('.py:'), 'file:line has a tooltip');
    assert(((await page.getByTestId('hit-name').first().getAttribute('title')) ?? '').includes('.'), 'the name has its full name as a tooltip');
    await screenshot(page, env, 'newcomer-1280-answer-light');

    // Tests after the code by default, hidden on request.
    await ask(page, 'who calls compute_tax');
    const flags = await page.getByTestId('search-hit').evaluateAll((hits) => hits.map((h) => h.getAttribute('data-test') === 'true'));
    assert(flags.includes(true) && flags.indexOf(true) > 0 && flags.slice(flags.indexOf(true)).every(Boolean), `tests come after the code (${flags})`);
    await page.getByTestId('hide-tests').check();
    await ask(page, 'who calls compute_tax?');
    assert((await page.locator('[data-testid="search-hit"][data-test="true"]').count()) === 0, 'hide tests leaves them out');
    assert(/in tests or fixtures hidden/.test((await page.getByTestId('answer-notes').textContent()) ?? ''), 'and says so');
    await page.getByTestId('hide-tests').uncheck();

    // Nonsense: nothing relevant, no 0-score list.
    await ask(page, 'zzqx wibble frobnicate');
    assert((await page.getByTestId('results-head').textContent()) === 'Nothing relevant found', 'nonsense says nothing relevant found');
    assert((await page.getByTestId('search-hit').count()) === 0, 'and lists nothing');

    // An MCTS run that covers the graph before its budget says why it stopped.
    await page.getByTestId('search-advanced').click();
    await page.getByTestId('mcts-iterations').fill('20000');
    await page.getByTestId('search-advanced').click();
    await ask(page, 'how are prices discounted');
    const stopped = (await page.getByTestId('answer-notes').textContent()) ?? '';
    assert(/Stopped early at iteration [\d,]+ of 20,000/.test(stopped), `the early stop is explained (${stopped})`);

    // With the SQL console open the canvas and both legends still fit.
    await page.getByTestId('sql-toggle').click();
    await page.getByTestId('sql-input').waitFor();
    await checkGraphLayout(page, '1280 answer + SQL');
    await screenshot(page, env, 'newcomer-1280-sql-light');
    await setTheme(page, 'dark');
    await screenshot(page, env, 'newcomer-1280-sql-dark');

    // Models panel: plain words, the built-ins need no loading.
    await page.getByTestId('models-toggle').click();
    const models = page.getByTestId('models-panel');
    await models.waitFor();
    assert(!((await page.getByTestId('load-models').getAttribute('class')) ?? '').includes('primary'), '"Load models" is not the primary action for built-ins');
    assert((await models.textContent())?.includes('Model set') && !(await models.textContent())?.includes('Paper (RANGER'), 'plain words in the models panel');
    assert(/all but the repo node/.test((await page.getByTestId('describe-progress').textContent()) ?? ''), 'the node count says what it counts');
    await screenshot(page, env, 'newcomer-1280-models-dark');
  });
});

test('newcomer: 1440x900 dark then light, drop overlay, tests left out at index time', async ({ env }) => {
  await withSession(
    env,
    'newcomer-1440',
    async (_session, page) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(env.baseUrl);
      await page.getByTestId('demo-button').waitFor();
      // A file dragged over the start page: the overlay hides the page's own drop text.
      await page.evaluate(() => {
        const data = new DataTransfer();
        data.items.add(new File(['x'], 'repo.zip'));
        document.querySelector('.app')!.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      });
      const overlay = page.locator('.drop-overlay');
      await overlay.waitFor();
      const background = await overlay.evaluate((el) => getComputedStyle(el).backgroundColor);
      assert(!/rgba\(.*,\s*0(\.\d+)?\)$/.test(background) && background !== 'transparent', `the overlay backdrop is solid (${background})`);
      await screenshot(page, env, 'newcomer-1440-drop-dark');
      await page.evaluate(() => document.querySelector('.app')!.dispatchEvent(new DragEvent('drop', { dataTransfer: new DataTransfer(), bubbles: true, cancelable: true })));
      await overlay.waitFor({ state: 'detached' });

      // A failed index: the banner's message is in the page once (screen readers read it once).
      await page.getByTestId('zip-input').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') });
      const failed = page.getByTestId('index-error');
      await failed.waitFor();
      assert(await failed.isVisible(), 'the index error is the visible banner text');
      assert((await page.locator('[data-testid="error-banner"] .visually-hidden').count()) === 0, 'no hidden copy of the message');
      await page.getByTestId('error-banner').getByRole('button', { name: 'Dismiss' }).click();

      // Tests and fixtures left out at index time: listed as skipped, no nodes from them. The
      // answer below is about the layout, not the vectors: the embedding after the index is off.
      await page.getByTestId('skip-tests').check();
      await turnAutoEmbedOff(page);
      await page.getByTestId('demo-button').click();
      await waitForSummary(page);
      await waitForGraph(page, 'overview');
      await page.getByTestId('sql-toggle').click();
      const sql = page.getByTestId('sql-input');
      await sql.fill("SELECT path FROM skipped WHERE reason = 'test file'");
      await sql.press('Control+Enter');
      await page.locator('[data-testid="sql-results"][data-rows="2"]').waitFor();
      await sql.fill("SELECT id FROM nodes WHERE file_path LIKE 'tests/%'");
      await sql.press('Control+Enter');
      await page.locator('[data-testid="sql-results"][data-rows="0"]').waitFor();
      await ask(page, 'where is the cart total computed');
      await checkGraphLayout(page, '1440 answer + SQL');
      await screenshot(page, env, 'newcomer-1440-answer-dark');
      await setTheme(page, 'light');
      await screenshot(page, env, 'newcomer-1440-answer-light');
    },
    { colorScheme: 'dark' },
  );
});

test('newcomer: errors dismiss and clear; the Ask box\'s "?" says what it accepts', async ({ env }) => {
  test.setTimeout(240_000);
  await withSession(env, 'newcomer-errors', async (_session, page) => {
    await openDemo(page, env, 1280, 720, false);
    const demo = await waitForSummary(page);

    // The "?" is a button: it opens a note (words, a name, Cypher with MATCH); Esc closes it and
    // gives the focus back; the keyboard opens it too.
    const help = page.getByTestId('question-help');
    assert((await help.evaluate((el) => el.tagName)) === 'BUTTON', 'the "?" is a button');
    assert((await help.getAttribute('aria-label')) === 'What can I ask here?', 'the "?" says what it opens');
    await help.click();
    const note = page.getByTestId('question-help-note');
    await note.waitFor();
    const said = (await note.textContent()) ?? '';
    assert(/in words/.test(said) && /A name/.test(said) && /MATCH/.test(said), `the note says what the box accepts (${said})`);
    assert((await help.getAttribute('aria-expanded')) === 'true', 'aria-expanded follows');
    const noteBox = await box(page, '[data-testid="question-help-note"]');
    assert(noteBox.x >= 0 && noteBox.x + noteBox.width <= 1280 && noteBox.y + noteBox.height <= 720, 'the note fits the window');
    await screenshot(page, env, 'newcomer-question-help-light');
    await page.keyboard.press('Escape');
    await note.waitFor({ state: 'detached' });
    assert(await help.evaluate((el) => el === document.activeElement), 'Esc gives the focus back to the "?"');
    await page.keyboard.press('Enter');
    await note.waitFor();
    await page.mouse.click(640, 400);
    await note.waitFor({ state: 'detached' });

    // The banner: a ✕ with a name, Esc dismisses it, and the next index that works clears it.
    const banner = page.getByTestId('error-banner');
    const broken = { name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('this is not a zip file at all') };
    await page.getByTestId('zip-input').setInputFiles(broken);
    await banner.waitFor({ timeout: 30_000 });
    const dismiss = banner.getByTestId('dismiss-error');
    assert((await dismiss.getAttribute('aria-label')) === 'Dismiss error', 'the ✕ is named');
    // (The overview canvas, when focused, takes Esc to go up a level: start from nowhere.)
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await banner.waitFor({ state: 'detached', timeout: 5_000 });
    await page.getByTestId('zip-input').setInputFiles(broken);
    await banner.waitFor({ timeout: 30_000 });
    await setTheme(page, 'dark');
    await screenshot(page, env, 'newcomer-error-banner-dark');
    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit.zip', mimeType: 'application/zip', buffer: demoZip(env.repoRoot) });
    await waitForSummary(page, demo, 60_000);
    assert((await banner.count()) === 0, 'a successful index clears the index error');
    await setTheme(page, 'light');

    // A console error: its ✕ dismisses it; the next query that works clears it.
    await page.getByTestId('sql-toggle').click();
    const sql = page.getByTestId('sql-input');
    await sql.fill('DROP TABLE nodes');
    await sql.press('Control+Enter');
    const sqlError = page.getByTestId('sql-error');
    await sqlError.waitFor();
    assert((await sqlError.textContent())?.includes('✕') === false, 'the message keeps its own text');
    await sqlError.locator('..').getByTestId('dismiss-error').click();
    await sqlError.waitFor({ state: 'detached' });
    await sql.fill('DROP TABLE nodes');
    await sql.press('Control+Enter');
    await sqlError.waitFor();
    await sql.fill("SELECT count(*) AS n FROM nodes WHERE kind = 'Class'");
    await sql.press('Control+Enter');
    await page.locator('[data-testid="sql-results"][data-rows="1"]').waitFor();
    assert((await sqlError.count()) === 0, 'a query that works clears the error');
  });
});
