/**
 * @file Embedding right after indexing, in the built app with the offline default (the shipped
 * neural embedder): on black 23.1.0 the index is followed by a background embedding whose
 * progress shows on the Models button and in the panel; a question asked meanwhile is answered at
 * once and says that the built-in lexical vectors answered while the neural ones are being built;
 * Describe clicked meanwhile waits for the embedding and then runs; the next question after it
 * reads the neural vectors and says so. On the demo: the embedding after "Index the demo" runs to
 * the end while a run replayed in the player keeps its step, re-indexing the same sources needs none, a cancel (Esc) of the one after another index
 * leaves a graph that searches and a later Embed finishes the job; with the setting off nothing
 * is embedded, and the setting survives a reload. Prints how long each embedding took.
 * Runs in: Node (e2e, driving chromium).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { demoZip } from './fixtures.ts';
import { ask, playerAt, waitForCursor, waitForPlayer } from './playerKit.ts';
import { assert, openDemo, readSummary, screenshot, setTheme, test, waitForAutoEmbed, waitForSummary, withSession } from './harness.ts';

const NEURAL = 'ranger-code-search-mini';
const LEXICAL = 'builtin:lexical';

async function autoEmbedState(page: Page): Promise<string> {
  return (await page.getByTestId('models-toggle').getAttribute('data-auto-embed')) ?? '';
}


/** Which embedder answered, and which one was still being built meanwhile ('' when none). */
async function answeredBy(page: Page): Promise<{ model: string; pending: string; text: string; notes: string }> {
  const embedder = page.getByTestId('search-embedder');
  const notes = page.getByTestId('answer-notes');
  return {
    model: (await embedder.getAttribute('data-model')) ?? '',
    pending: (await embedder.getAttribute('data-pending')) ?? '',
    text: (await embedder.textContent()) ?? '',
    notes: (await notes.count()) > 0 ? ((await notes.textContent()) ?? '') : '',
  };
}

/** The stored sets the models panel lists: model/source -> vectors. */
async function storedSets(page: Page): Promise<Map<string, number>> {
  const rows = page.locator('[data-testid="embedding-sets"] tbody tr');
  const sets = new Map<string, number>();
  for (const row of await rows.all()) sets.set(`${await row.getAttribute('data-model')}/${await row.getAttribute('data-source')}`, Number(await row.getAttribute('data-count')));
  return sets;
}

/** From now on, window.__taskSeen says whether the Models button has shown the semantic task `kind` running. */
async function watchTask(page: Page, kind: string): Promise<void> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { __taskSeen: boolean };
    w.__taskSeen = false;
    const button = document.querySelector('[data-testid="models-toggle"]')!;
    new MutationObserver(() => {
      if (button.getAttribute('data-task') === wanted) w.__taskSeen = true;
    }).observe(button, { attributes: true, attributeFilter: ['data-task'] });
  }, kind);
}

async function openModels(page: Page): Promise<void> {
  if (!(await page.getByTestId('models-panel').isVisible())) await page.getByTestId('models-toggle').click();
  await page.getByTestId('embed-progress').waitFor();
}

test('auto embed: black indexes, embeds with the neural default in the background, a search meanwhile says the lexical vectors answered, the next one reads the neural set', async ({ env }) => {
  test.setTimeout(420_000);
  await withSession(env, 'auto-embed-black', async (session, page) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(env.baseUrl);
    assert(await page.getByTestId('start-auto-embed').isChecked(), 'the setting is on by default');
    await screenshot(page, env, 'auto-embed-start-light');
    const zip = readFileSync(join(env.repoRoot, 'e2e', 'fixtures', 'black-23.1.0.zip'));
    await page.getByTestId('zip-input').setInputFiles({ name: 'black-23.1.0.zip', mimeType: 'application/zip', buffer: zip });
    await waitForSummary(page);

    // The embedding starts by itself; the Models button shows how far it got.
    await page.waitForFunction(() => document.querySelector('[data-testid="models-toggle"]')?.getAttribute('data-auto-embed') === 'running', undefined, { timeout: 30_000 });
    await page.getByTestId('models-task-progress').waitFor();
    await page.waitForFunction(() => /^\s*\d+ %$/.test(document.querySelector('[data-testid="models-task-progress"]')?.textContent ?? ''), undefined, { timeout: 60_000 });
    const title = (await page.getByTestId('models-toggle').getAttribute('title')) ?? '';
    assert(/embedding for search \(after indexing\).*Esc cancels/.test(title), `the button says what runs: ${title}`);
    await screenshot(page, env, 'auto-embed-black-header-light');

    // A question meanwhile is answered (the tab is not blocked) and says which vectors answered.
    await ask(page, 'which function formats a file in place');
    const during = await answeredBy(page);
    assert((await autoEmbedState(page)) === 'running', 'the answer came while the embedding ran');
    assert(during.model === LEXICAL && during.pending === NEURAL, `the lexical vectors answered while the neural ones were built: ${JSON.stringify(during)}`);
    assert(/ranger-code-search-mini.*still being built/.test(during.text), `the stats line says so: ${during.text}`);
    assert(/still being built .*so the built-in lexical embedder answered; the next search after the embedding uses the new vectors/.test(during.notes), `the note says so: ${during.notes}`);
    assert((await page.getByTestId('search-hit').count()) > 0, 'the answer lists results');
    await screenshot(page, env, 'auto-embed-black-answer-during-light');

    // The panel shows the same embedding's progress; Describe clicked meanwhile waits for it.
    await openModels(page);
    const progress = page.getByTestId('embed-progress');
    assert((await progress.getAttribute('data-state')) === 'running' && (await progress.getAttribute('data-auto')) === 'true', 'the panel shows the embedding after indexing');
    assert(/After indexing: /.test((await progress.textContent()) ?? ''), `the progress says where it comes from: ${await progress.textContent()}`);
    await page.getByTestId('describe-button').click();
    await page.waitForFunction(() => /Waits for the embedding/.test(document.querySelector('[data-testid="describe-button"]')?.textContent ?? ''));
    await screenshot(page, env, 'auto-embed-black-panel-light');

    const black = await waitForAutoEmbed(page);
    assert(black.state === 'done' && black.ms > 0, `the embedding after indexing finished: ${JSON.stringify(black)}`);
    console.log(`    black 23.1.0: embedding after indexing took ${(black.ms / 1000).toFixed(1)} s in chromium`);
    // Describe then starts by itself and runs to the end.
    await page.waitForFunction(() => document.querySelector('[data-testid="describe-progress"]')?.getAttribute('data-state') === 'done', undefined, { timeout: 120_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="models-toggle"]')?.getAttribute('data-task') === '');
    const sets = await storedSets(page);
    assert((sets.get(`${NEURAL}/description`) ?? 0) > 1000 && (sets.get(`${NEURAL}/code`) ?? 0) > 1000, `both neural sets stored: ${JSON.stringify([...sets])}`);
    const measures = await page.evaluate(() => performance.getEntriesByName('ranger:auto-embed').length);
    assert(measures === 1, `one ranger:auto-embed measure (${measures})`);

    // The next question reads the neural vectors and says so.
    await page.getByTestId('models-toggle').click();
    await ask(page, 'which function formats a file in place');
    const after = await answeredBy(page);
    assert(after.model === NEURAL && after.pending === '' && after.text.includes('built-in neural, offline'), `the neural set answered: ${JSON.stringify(after)}`);
    assert(!/still being built/.test(after.notes), `no note about vectors being built: ${after.notes}`);
    await screenshot(page, env, 'auto-embed-black-answer-after-light');
    assert(session.external.length === 0, `requests left localhost: ${session.external.slice(0, 3).join(', ')}`);
  });
});

test('auto embed: the demo embeds to the end (the player keeps its step), an unchanged re-index needs nothing, a cancel breaks nothing and Embed finishes the job, the setting turns it off', async ({ env }) => {
  test.setTimeout(420_000);
  await withSession(env, 'auto-embed-demo', async (_session, page) => {
    await openDemo(page, env);
    // A run replayed while the embedding goes on keeps its place when the embedding ends.
    await ask(page, 'how are prices discounted for a cart');
    await waitForPlayer(page);
    const embeddingMeanwhile = await page.getByTestId('models-toggle').getAttribute('data-auto-embed');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Home');
    for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowRight');
    await waitForCursor(page, 3);
    const demo = await waitForAutoEmbed(page);
    const place = await playerAt(page);
    assert(place.cursor === 3, `the player stayed at step 3 when the embedding (${embeddingMeanwhile} at the question) ended: ${JSON.stringify(place)}`);
    assert(demo.state === 'done', `the embedding after "Index the demo" finished: ${JSON.stringify(demo)}`);
    console.log(`    demo (shopkit): embedding after indexing took ${(demo.ms / 1000).toFixed(1)} s in chromium`);
    await openModels(page);
    const full = await storedSets(page);
    assert((full.get(`${NEURAL}/description`) ?? 0) > 400 && (full.get(`${NEURAL}/code`) ?? 0) > 400, `both neural sets: ${JSON.stringify([...full])}`);
    assert(Number(await page.getByTestId('similar-info').getAttribute('data-edges')) > 0, 'SIMILAR edges follow the neural vectors');
    await screenshot(page, env, 'auto-embed-demo-done-light');

    // The same sources again: an incremental re-index that changes nothing keeps the vectors.
    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit.zip', mimeType: 'application/zip', buffer: demoZip(env.repoRoot) });
    await page.getByTestId('index-changes').waitFor({ timeout: 90_000 });
    const same = await waitForAutoEmbed(page);
    const reason = (await page.getByTestId('auto-embed').textContent()) ?? '';
    assert(same.state === 'skipped' && /Nothing changed/.test(reason), `an unchanged re-index embeds nothing: ${same.state}: ${reason}`);

    // A copy under another folder is a new graph: its embedding is cancelled with Esc while it runs.
    const first = await readSummary(page);
    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit-copy.zip', mimeType: 'application/zip', buffer: demoZip(env.repoRoot, 'shopkit', 'shopkit-copy') });
    const copy = await waitForSummary(page, first);
    assert(copy.repo !== first?.repo, `a new graph beside the first: ${copy.repo}`);
    await page.waitForFunction(() => document.querySelector('[data-testid="models-toggle"]')?.getAttribute('data-auto-embed') === 'running', undefined, { timeout: 30_000 });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Escape');
    const cancelled = await waitForAutoEmbed(page);
    assert(cancelled.state === 'cancelled', `Esc cancelled the embedding: ${JSON.stringify(cancelled)}`);
    assert((await page.getByTestId('error-banner').count()) === 0, 'a cancel is not an error');
    const partial = await storedSets(page);
    for (const [set, count] of partial) assert(count === full.get(set), `a set stored before the cancel is whole: ${set} ${count} vs ${full.get(set)}`);
    assert(/cancelled/.test((await page.getByTestId('auto-embed').textContent()) ?? ''), 'the panel says it was cancelled');
    await page.getByTestId('auto-embed').scrollIntoViewIfNeeded();
    await screenshot(page, env, 'auto-embed-demo-cancelled-light');
    await setTheme(page, 'dark');
    await page.getByTestId('auto-embed').scrollIntoViewIfNeeded();
    await screenshot(page, env, 'auto-embed-demo-cancelled-dark');
    await setTheme(page, 'light');
    await page.getByTestId('models-toggle').click();
    await ask(page, 'how are prices discounted for a cart');
    assert((await page.getByTestId('search-hit').count()) > 0, `the graph still answers after the cancel (sets stored: ${JSON.stringify([...partial])}): ${await page.getByTestId('search-panel').textContent()}`);

    // A later Embed finishes the job: both neural sets, whole.
    await openModels(page);
    await watchTask(page, 'embed');
    await page.getByTestId('embed-button').click();
    await page.waitForFunction(
      () => (window as unknown as { __taskSeen: boolean }).__taskSeen && document.querySelector('[data-testid="models-toggle"]')?.getAttribute('data-task') === '',
      undefined,
      { timeout: 120_000 },
    );
    const finished = await storedSets(page);
    assert(finished.get(`${NEURAL}/description`) === full.get(`${NEURAL}/description`) && finished.get(`${NEURAL}/code`) === full.get(`${NEURAL}/code`), `Embed finished the job: ${JSON.stringify([...finished])}`);
    await page.getByTestId('models-toggle').click();
    await ask(page, 'how are prices discounted for a cart');
    assert((await answeredBy(page)).model === NEURAL, 'and the next search reads the neural set');

    // Off: the next index embeds nothing, and says why; the setting survives a reload.
    await openModels(page);
    await page.getByTestId('auto-embed-setting').uncheck();
    const before = await readSummary(page);
    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit-third.zip', mimeType: 'application/zip', buffer: demoZip(env.repoRoot, 'shopkit', 'shopkit-third') });
    await waitForSummary(page, before);
    const off = await waitForAutoEmbed(page);
    await openModels(page);
    assert(off.state === 'skipped' && /is off/.test((await page.getByTestId('auto-embed').textContent()) ?? ''), `off: nothing embedded (${off.state})`);
    assert((await storedSets(page)).size === 0, 'no vectors stored with the setting off');
    await page.reload();
    await waitForSummary(page);
    await openModels(page);
    assert(!(await page.getByTestId('auto-embed-setting').isChecked()), 'the setting is kept across a reload');
  });
});
