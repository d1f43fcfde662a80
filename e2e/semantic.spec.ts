/**
 * @file The semantic layer on the demo repo with the offline built-ins: the models panel opens
 * with the offline preset (the shipped neural embedder "built-in neural, offline", the other
 * models "built-in, offline"), switching to "fast" and back downloads nothing, Describe and Embed
 * (the neural built-in, from our own origin, no network) run to the end, a function's details show its
 * description and requirement with the generator, SIMILAR edges appear dashed on the graph when
 * toggled, and after a reload the descriptions are still there. The index is followed by the
 * neural embedding the app starts by itself: the panel's presets switch while it may still run
 * (the rows show the selected models' states), and Describe clicked meanwhile waits for it.
 * Screenshots light and dark.
 * Runs in: Node (e2e, driving chromium).
 */
import type { Page } from 'playwright-core';
import { assert, screenshot, setTheme, test, turnAutoEmbedOff, waitForGraph, waitForSummary, withSession } from './harness.ts';
import type { Session } from './harness.ts';

async function attr(page: Page, testId: string, name: string): Promise<string | null> {
  return page.getByTestId(testId).first().getAttribute(name);
}

async function openModels(page: Page): Promise<void> {
  if (await page.getByTestId('models-panel').isVisible()) return;
  await page.getByTestId('models-toggle').click();
  await page.getByTestId('models-panel').waitFor();
  await page.locator('[data-testid="preset-select"]').waitFor();
}

async function closeModels(page: Page): Promise<void> {
  await page.getByTestId('models-toggle').click();
  await page.getByTestId('models-panel').waitFor({ state: 'detached' });
}

/** Waits until a task-progress element reports `state` (fails fast on an error banner). */
async function waitForTask(page: Page, testId: string, state: string, timeout = 120_000): Promise<void> {
  await page.waitForFunction(
    ([id, wanted]) => {
      const banner = document.querySelector('[data-testid="error-banner"]');
      if (banner) throw new Error(`error banner: ${banner.textContent}`);
      return document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state') === wanted;
    },
    [testId, state] as const,
    { timeout, polling: 200 },
  );
}

/** The offline preset: our shipped neural embedder (loads from /models/ on use), the rest built-in. */
async function assertOfflinePreset(page: Page): Promise<void> {
  const embedder = page.getByTestId('model-row-embedder');
  assert((await embedder.getAttribute('data-model-id')) === 'ranger-code-search-mini', 'embedder: the shipped neural model');
  assert(((await embedder.textContent()) ?? '').includes('built-in neural, offline'), 'embedder: labelled built-in neural, offline');
  for (const role of ['reranker', 'llm']) {
    const row = page.getByTestId(`model-row-${role}`);
    assert((await row.getAttribute('data-state')) === 'ready', `${role}: built-ins are ready without loading`);
    assert((await row.getAttribute('data-device')) === 'builtin', `${role}: runs as the built-in`);
    assert(((await row.textContent()) ?? '').includes('built-in, offline'), `${role}: labelled built-in, offline`);
  }
}

/** Opens a node through the search box: by name and kind, or by exact display name (its import name). */
async function openNode(page: Page, query: string, kind: string | null): Promise<void> {
  await page.getByTestId('search-input').fill(query);
  const options = page.getByTestId('search-results').locator('[role="option"]');
  const exact = new RegExp(`^${query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`);
  const option = kind ? options.filter({ hasText: kind }) : options.filter({ has: page.locator('.hit-where', { hasText: exact }) });
  await option.first().click();
  await page.getByTestId('details-name').waitFor();
}

function noExternal(session: Session, when: string): void {
  assert(session.external.length === 0, `${when}: requests left localhost: ${session.external.slice(0, 3).join(', ')}`);
}

test('semantic: offline presets, describe, embed, details, SIMILAR edges, reload', async ({ env }) => {
  test.setTimeout(240_000);
  await withSession(env, 'semantic', async (session, page) => {
    await page.goto(env.baseUrl);
    await page.getByTestId('demo-button').click();
    await waitForSummary(page);
    await waitForGraph(page, 'overview');

    // The panel opens on the offline preset: the neural built-in and two built-ins, no download.
    await page.keyboard.press('m');
    await page.getByTestId('models-panel').waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid="preset-select"]') as HTMLSelectElement | null)?.value === 'offline');
    await assertOfflinePreset(page);
    assert(Number(await attr(page, 'cache-bytes', 'data-bytes')) === 0, 'nothing cached yet');

    // Switching presets only selects: nothing downloads until "Load models".
    await page.getByTestId('preset-select').selectOption('fast');
    await page.waitForFunction(() => document.querySelector('[data-testid="model-row-embedder"]')?.getAttribute('data-model-id') === 'Xenova/bge-small-en-v1.5');
    assert((await attr(page, 'model-row-embedder', 'data-state')) === 'idle', 'fast: the hub embedder waits for Load models');
    assert(/downloaded once/i.test((await page.getByTestId('preset-note').textContent()) ?? ''), 'the preset note is shown');
    await page.getByTestId('preset-select').selectOption('offline');
    await page.waitForFunction(() => document.querySelector('[data-testid="model-row-embedder"]')?.getAttribute('data-model-id') === 'ranger-code-search-mini');
    await assertOfflinePreset(page);
    noExternal(session, 'after switching presets');

    // Describe with the structural built-in, to the end (after the embedding that followed the index).
    await page.getByTestId('describe-button').click();
    await waitForTask(page, 'describe-progress', 'done');
    const done = Number(await attr(page, 'describe-progress', 'data-done'));
    const total = Number(await attr(page, 'describe-progress', 'data-total'));
    assert(total > 20 && done === total, `described ${done} of ${total}`);
    assert((await attr(page, 'describe-progress', 'data-generator')) === 'builtin:structural', 'generator is the structural built-in');

    // Embed descriptions and code with the neural built-in (WASM or WebGPU, our own files); SIMILAR edges follow.
    await page.getByTestId('embed-button').click();
    await waitForTask(page, 'embed-progress', 'done');
    const sets = page.locator('[data-testid="embedding-sets"] tr[data-model="ranger-code-search-mini"]');
    assert((await sets.count()) === 2, `two neural built-in embedding sets (description, code), got ${await sets.count()}`);
    assert(((await page.getByTestId('embedding-sets').textContent()) ?? '').includes('built-in neural, offline'), 'sets labelled built-in neural');
    const device = await attr(page, 'model-row-embedder', 'data-device');
    assert((await attr(page, 'model-row-embedder', 'data-state')) === 'ready' && (device === 'wasm' || device === 'webgpu'), `the neural built-in ran on ${device}`);
    assert((await page.getByTestId('model-fallback-embedder').count()) === 0, 'no lexical stand-in was needed');
    const similarEdges = Number(await attr(page, 'similar-info', 'data-edges'));
    assert(similarEdges > 0, `SIMILAR edges stored (${similarEdges})`);
    await screenshot(page, env, 'semantic-models-light');
    noExternal(session, 'after describe and embed');
    await closeModels(page);

    // A function with a docstring: description, requirement, generator label.
    await openNode(page, 'tokenize', 'function');
    const description = page.getByTestId('details-description');
    await description.waitFor();
    assert(((await description.textContent()) ?? '').length > 10, 'a description is shown');
    assert(/token/i.test((await page.getByTestId('details-requirement').textContent()) ?? ''), 'the requirement comes from the docstring');
    assert(((await page.getByTestId('details-generator').textContent()) ?? '').includes('structural (built-in)'), 'generator label');
    await screenshot(page, env, 'semantic-details-light');

    // SIMILAR edges on the graph: the node with most SIMILAR edges, in its ego view.
    await page.keyboard.press('s');
    await page.getByTestId('sql-input').fill(
      "SELECT coalesce(n.import_name, n.qualified_name) AS q FROM edges e JOIN nodes n ON n.id = e.src WHERE e.type = 'SIMILAR' GROUP BY n.id, q ORDER BY count(*) DESC, q LIMIT 1",
    );
    await page.getByTestId('sql-input').press('Control+Enter');
    await page.locator('[data-testid="sql-results"][data-rows="1"]').waitFor();
    const hub = ((await page.getByTestId('sql-results').locator('tbody td').first().textContent()) ?? '').trim();
    await page.keyboard.press('Escape');
    await page.keyboard.press('s');
    assert(hub.includes('.'), `a node with SIMILAR edges (${hub})`);
    assert((await attr(page, 'similar-toggle', 'aria-pressed')) === 'false', 'SIMILAR edges are off by default');
    await openNode(page, hub, null);
    await page.getByTestId('details-similar').waitFor();
    await page.getByTestId('ego-button').click();
    await waitForGraph(page, 'ego');
    assert(Number(await attr(page, 'graph', 'data-similar-edges')) === 0, 'no SIMILAR edges drawn while off');
    await page.getByTestId('similar-toggle').click();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="graph"]')?.getAttribute('data-similar-edges')) > 0, undefined, { timeout: 15_000 });
    await page.locator('[data-testid="legend"] [data-edge-type="SIMILAR"]').waitFor();
    await screenshot(page, env, 'semantic-similar-light');
    await page.getByTestId('similar-toggle').click();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="graph"]')?.getAttribute('data-similar-edges')) === 0);
    await page.getByTestId('similar-toggle').click();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="graph"]')?.getAttribute('data-similar-edges')) > 0);

    await setTheme(page, 'dark');
    await screenshot(page, env, 'semantic-similar-dark');
    await openModels(page);
    await screenshot(page, env, 'semantic-models-dark');
    await page.getByTestId('models-panel').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await screenshot(page, env, 'semantic-models-bottom-dark');

    // After a reload the descriptions and embeddings are still stored.
    await page.reload();
    await waitForSummary(page);
    await waitForGraph(page, 'overview');
    await openNode(page, 'tokenize', 'function');
    await page.getByTestId('details-description').waitFor();
    await page.getByTestId('details-requirement').waitFor();
    await openModels(page);
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="describe-progress"]')?.getAttribute('data-done') === String(n),
      total,
      { timeout: 15_000 },
    );
    assert((await attr(page, 'embed-progress', 'data-state')) === 'done', 'embeddings survive the reload');
    assert((await page.getByTestId('preset-select').inputValue()) === 'offline', 'the offline preset is kept');
    await screenshot(page, env, 'semantic-reload-dark');
    noExternal(session, 'at the end');
  });
});

test('semantic: a fixture model from /models/ and a picked folder load through the panel', async ({ env }) => {
  test.setTimeout(180_000);
  await withSession(env, 'semantic-models', async (session, page) => {
    await page.goto(env.baseUrl);
    // Models chosen and loaded by hand: the embedding after the index is turned off here (the
    // test above runs it).
    await turnAutoEmbedOff(page);
    await page.getByTestId('demo-button').click();
    await waitForSummary(page);
    await openModels(page);

    // The fixture embedder listed in /models/index.json: chosen, then loaded with file progress.
    await page.getByTestId('other-models').locator('summary').click();
    await page.getByTestId('public-model-fixtures/tiny-embedder').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="model-row-embedder"]')?.getAttribute('data-model-id') === 'fixtures/tiny-embedder');
    assert((await page.getByTestId('preset-select').inputValue()) === 'custom', 'a hand-picked model makes the preset custom');
    // A folder picked with the directory input becomes the reranker.
    await page.getByTestId('source-role-reranker').click();
    await page.getByTestId('model-folder-input').setInputFiles(`${env.repoRoot}/public/models/fixtures/tiny-reranker`);
    await page.waitForFunction(() => document.querySelector('[data-testid="model-row-reranker"]')?.getAttribute('data-model-id') === 'tiny-reranker');
    assert(/picked folder/.test((await page.getByTestId('model-row-reranker').textContent()) ?? ''), 'the folder source is shown');

    await page.getByTestId('load-models').click();
    await page.waitForFunction(
      () => ['embedder', 'reranker'].every((r) => ['ready', 'error'].includes(document.querySelector(`[data-testid="model-row-${r}"]`)?.getAttribute('data-state') ?? '')),
      undefined,
      { timeout: 90_000, polling: 200 },
    );
    for (const role of ['embedder', 'reranker']) {
      const row = page.getByTestId(`model-row-${role}`);
      const errors = await row.locator('.model-error').allTextContents();
      assert((await row.getAttribute('data-state')) === 'ready', `${role} loaded (${errors.join(' ')})`);
      assert(['wasm', 'webgpu'].includes((await row.getAttribute('data-device')) ?? ''), `${role} runs on wasm or webgpu`);
    }
    assert((await page.getByTestId('model-row-embedder').locator('.file-progress li').count()) > 0, 'per-file progress of the fixture embedder');
    await page.getByTestId('models-panel').evaluate((el) => el.scrollTo(0, 0));
    await screenshot(page, env, 'semantic-fixture-models-light');

    // Back to the offline set: the shipped neural embedder and the built-in reranker.
    await page.getByTestId('preset-select').selectOption('offline');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="model-row-embedder"]')?.getAttribute('data-model-id') === 'ranger-code-search-mini' &&
        document.querySelector('[data-testid="model-row-reranker"]')?.getAttribute('data-device') === 'builtin',
    );
    noExternal(session, 'fixture models');
  });
});
