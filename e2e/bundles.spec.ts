/**
 * @file Offline demos (issue 13) in the built app: "Try the demo" imports the prepared
 * bundle (described, embedded, a saved run); the repo menu exports it; after deleting the repo
 * the exported file imports back with the same counts; dropping the demo zip of the same name
 * re-indexes it incrementally (changes shown, descriptions and vectors kept). A damaged bundle
 * gives a clear error and leaves the stored repo as it was. Offline: after the first visit the
 * service worker serves the app; with the network off a reload restores the stored repo, a
 * search runs, and the ready demo opens.
 * Runs in: Node (e2e, driving chromium).
 */
import type { Page } from 'playwright-core';
import { assert, readSummary, screenshot, test, waitForSummary, withSession } from './harness.ts';
import { demoZip } from './fixtures.ts';

let checks = 0;

/** Runs `SELECT (<condition>) AS check_n FROM <from>` in the SQL console; true when it says true. */
async function sqlHolds(page: Page, condition: string, from: string): Promise<boolean> {
  if (!(await page.getByTestId('sql-input').isVisible())) await page.keyboard.press('s');
  const name = `check_${++checks}`;
  const input = page.getByTestId('sql-input');
  await input.fill(`SELECT (${condition}) AS ${name} FROM ${from}`);
  await input.press('Control+Enter');
  await page.getByTestId('sql-results').locator('th', { hasText: name }).waitFor();
  return (await page.getByTestId('sql-results').locator('td').first().textContent())?.trim() === 'true';
}

async function openMenu(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (!(await page.getByTestId('repo-menu').isVisible())) await page.getByTestId('repo-menu-button').click();
    if (await page.getByTestId('repo-menu').waitFor({ timeout: 5_000 }).then(() => true, () => false)) return;
  }
  throw new Error('the repos menu does not open');
}

/** Asks a question in the question bar and waits for the answer panel. */
async function ask(page: Page, question: string): Promise<void> {
  await page.getByTestId('question-input').fill(question);
  await page.getByTestId('question-input').press('Enter');
  await page.locator('[data-testid="search-panel"][data-state="done"], [data-testid="search-error"]').first().waitFor({ timeout: 60_000 });
}

test('bundles: ready demo, export, delete, import, incremental re-index, damaged bundle', async (env) => {
  await withSession(env, 'bundles', async (_session, page) => {
    await page.goto(env.baseUrl);
    await page.getByTestId('drop-zone').waitFor();
    await screenshot(page, env, 'bundles-start-light');
    await page.getByTestId('demo-bundle-button').click();
    const ready = await waitForSummary(page);
    assert(ready.files > 10 && ready.nodes > 400, `ready demo summary ${JSON.stringify(ready)}`);
    const phases = JSON.parse((await page.getByTestId('index-summary').getAttribute('data-phase-ms')) ?? '{}');
    assert(phases.parse === undefined, `the ready demo parses nothing (phases ${JSON.stringify(phases)})`);
    assert(await sqlHolds(page, 'count(*) > 400', 'described'), 'the ready demo is described');
    assert(await sqlHolds(page, "count(*) = 2", "embedding_sets WHERE model = 'builtin:lexical'"), 'and embedded');
    assert(await sqlHolds(page, "count(*) = 1", "runs WHERE kind = 'mcts'"), 'with a saved run');
    await page.keyboard.press('Escape');

    await openMenu(page);
    await screenshot(page, env, 'bundles-menu-light');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-bundle').click()]);
    assert(download.suggestedFilename() === 'shopkit.ranger.zip', `download name ${download.suggestedFilename()}`);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(path);
    assert(bytes.length > 10_000, `bundle of ${bytes.length} bytes`);

    await openMenu(page);
    await page.getByTestId('delete-repo').first().click();
    await page.getByTestId('confirm-delete').click();
    await page.getByTestId('start-screen').waitFor();

    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit.ranger.zip', mimeType: 'application/zip', buffer: bytes });
    const imported = await waitForSummary(page);
    assert(imported.nodes === ready.nodes && imported.edges === ready.edges && imported.files === ready.files, `imported ${JSON.stringify(imported)} vs ${JSON.stringify(ready)}`);

    // A damaged bundle: a clear error, the stored repo untouched.
    const damaged = Buffer.from(bytes);
    damaged.fill(0x41, damaged.length >> 1, (damaged.length >> 1) + 64);
    await page.getByTestId('zip-input').setInputFiles({ name: 'broken.ranger.zip', mimeType: 'application/zip', buffer: damaged });
    await page.getByTestId('index-error').filter({ hasText: /bundle|zip/i }).waitFor({ state: 'attached' });
    await screenshot(page, env, 'bundles-damaged-light');
    await page.keyboard.press('Escape');

    // The demo zip has the same name: an incremental re-index that keeps what is described.
    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit.zip', mimeType: 'application/zip', buffer: demoZip(env.repoRoot) });
    await page.getByTestId('index-changes').waitFor({ timeout: 90_000 });
    const changes = JSON.parse((await page.getByTestId('index-changes').getAttribute('data-changes'))!);
    assert(changes.kept.descriptions > 400 && changes.kept.embeddings > 900, `kept ${JSON.stringify(changes.kept)}`);
    assert(changes.parsed === changes.files.added + changes.files.changed, `parsed ${JSON.stringify(changes)}`);
    await openMenu(page);
    assert((await page.locator('.repo-menu .repo-item').count()) === 1, 'the new version replaced the old entry');
    await screenshot(page, env, 'bundles-incremental-light');
  });
}, 240_000);

test('offline app: installed app reloads with the network off, opens the stored repo and the ready demo, searches', async (env) => {
  await withSession(env, 'offline', async (session, page) => {
    await page.goto(env.baseUrl);
    // The first visit installs the service worker and precaches the app; it then controls the page.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, { timeout: 120_000 });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.getByTestId('demo-bundle-button').click();
    const online = await waitForSummary(page);

    await session.context.setOffline(true);
    await page.reload();
    const offline = await waitForSummary(page);
    assert(offline.nodes === online.nodes && offline.edges === online.edges, `offline reload restored ${JSON.stringify(offline)}`);
    await ask(page, 'how are prices discounted for a cart');
    assert((await page.getByTestId('search-hit').count()) > 0, 'a search answers offline');
    await screenshot(page, env, 'offline-search-light');

    await openMenu(page);
    await page.locator('.repo-new').click();
    await page.getByTestId('demo-bundle-button').click();
    await page.waitForFunction(() => document.querySelector('.start-dialog') === null);
    await page.getByTestId('index-summary').waitFor();
    await page.waitForTimeout(1000);
    await openMenu(page);
    await page.waitForFunction(() => document.querySelectorAll('.repo-menu .repo-item').length === 2, null, { timeout: 30_000 }).catch(() => undefined);
    assert((await page.locator('.repo-menu .repo-item').count()) === 2, 'the ready demo opened offline beside the stored repo');
    // The estimate appears when navigator.storage.estimate() resolves (asynchronously, after the menu opens).
    await page.getByTestId('storage-estimate').waitFor({ timeout: 15_000 }).catch(() => undefined);
    assert(await page.getByTestId('storage-estimate').isVisible(), 'the menu shows the storage estimate');
    await screenshot(page, env, 'offline-menu-light');
  });
}, 300_000);

test('offline install refused: a site quota too small for the app says the app will not work offline, and it still works online; a full quota stops an index with a storage message', async (env) => {
  await withSession(env, 'offline-refused', async (session, page) => {
    // The browser's per-site quota, shrunk below the app's files (about 140 MB; a nearly full disk
    // does this) but with room for a small repository's database.
    const cdp = await session.context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(env.baseUrl).origin, quotaSize: 50 * 1024 * 1024 });
    await page.goto(env.baseUrl);
    const notice = page.getByTestId('offline-install-failed');
    await notice.waitFor({ timeout: 60_000 });
    const text = (await notice.textContent()) ?? '';
    assert(/could not be stored for offline use: the browser gave this site too little storage/.test(text), `the notice says why: ${text}`);
    assert((await page.evaluate(() => navigator.serviceWorker.controller)) === null, 'no service worker controls the page');
    await screenshot(page, env, 'offline-refused-light');
    await page.getByTestId('demo-bundle-button').click();
    const demo = await waitForSummary(page);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    assert((await notice.count()) === 0, 'the notice goes when dismissed');

    // The disk fills up: the quota shrinks to what the site holds now, and the next index runs
    // out of room. duckdb-wasm says so in its own words; the app says what to do, and the demo
    // stays open.
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(env.baseUrl).origin, quotaSize: usage + 256 * 1024 });
    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit-copy.zip', mimeType: 'application/zip', buffer: demoZip(env.repoRoot) });
    const banner = page.locator('[data-testid="error-banner"][data-code="STORAGE_FULL"]');
    await banner.waitFor({ timeout: 90_000 });
    const said = (await banner.textContent()) ?? '';
    assert(/not enough storage for this graph.*Free some disk space.*previous graph is unchanged/i.test(said), `the banner says what to do: ${said}`);
    await screenshot(page, env, 'storage-full-light');
    const after = await readSummary(page);
    assert(after?.repo === demo.repo && after.nodes === demo.nodes, `the demo stays open: ${JSON.stringify(after)} against ${JSON.stringify(demo)}`);
    assert(await sqlHolds(page, 'count(*) > 400', 'node_rows'), 'and answers queries');
  });
}, 240_000);

