/**
 * @file The main flow: drop a zip (file input), wait for the graph, search a name (Enter right
 * after typing), open the node, see its code highlighted, switch themes, reload and find the
 * graph restored from OPFS (as stored once the embedding after the index, which adds SIMILAR
 * edges, has ended). Then the same with the size from which an index's database is served by a
 * fresh duckdb instance lowered (`?e2e-refresh-below=1`): what a big repository's index does
 * (src/adapters/browser/duckdbBrowser.ts `refresh`), on the demo. And a zip named otherwise than its
 * folder (`shopkit-v2.zip` holding `shopkit/`) re-indexes the open `shopkit`, not a second repo.
 * Runs in: Node (e2e, driving chromium).
 */
import { assert, readSummary, screenshot, setTheme, test, waitForAutoEmbed, waitForGraph, waitForSummary, withSession } from './harness.ts';
import { demoZip } from './fixtures.ts';

test('zip upload: graph, search, details with highlighted code, reload restores it', async ({ env }) => {
  await withSession(env, 'zip-reload', async (session, page) => {
    await page.goto(env.baseUrl);
    await page.getByTestId('drop-zone').waitFor();
    await screenshot(page, env, 'start-light');
    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit.zip', mimeType: 'application/zip', buffer: demoZip(env.repoRoot) });
    const summary = await waitForSummary(page);
    assert(summary.files > 10, `expected the demo's files, got ${summary.files}`);
    assert(summary.edges > 0 && summary.ms > 0, `summary numbers: ${JSON.stringify(summary)}`);
    // The request log must see what workers fetch (parse workers are nested in the repo worker),
    // or the localhost-only check would be blind there.
    for (const asset of ['tree-sitter-python', 'duckdb-eh', 'parse.worker']) {
      assert(session.requests.some((url) => url.includes(asset)), `request log misses ${asset} (seen: ${session.requests.length})`);
    }
    const overviewNodes = await waitForGraph(page, 'overview');
    assert(overviewNodes > 3, `overview shows ${overviewNodes} modules`);
    const packages = Number(await page.getByTestId('graph').getAttribute('data-packages'));
    assert(packages > 3 && packages < overviewNodes, `the overview groups modules into packages (${packages} of ${overviewNodes} nodes)`);
    await screenshot(page, env, 'overview-light');

    await page.keyboard.press('/');
    assert(await page.getByTestId('search-input').evaluate((el) => el === document.activeElement), '/ focuses the search box');
    // Typed and Enter at once, before the list has caught up with the last keys (it may still
    // show a prefix's hits, "Order" first): Enter opens the best hit of the whole name.
    await page.getByTestId('search-input').fill('OrderService');
    await page.keyboard.press('Enter');
    const pane = page.getByTestId('details-pane');
    await pane.getByTestId('details-name').filter({ hasText: /^OrderService$/ }).waitFor();
    await pane.locator('[data-testid="code-view"] .hljs-keyword').first().waitFor();
    const keywords = await pane.locator('.hljs-keyword').allTextContents();
    assert(keywords.includes('class') || keywords.includes('def'), `highlighted keywords: ${keywords.slice(0, 5).join(',')}`);
    await waitForGraph(page, 'ego');
    await screenshot(page, env, 'details-light');

    await page.getByTestId('sql-toggle').click();
    await setTheme(page, 'dark');
    await screenshot(page, env, 'details-dark');
    await page.getByTestId('overview-button').click();
    await waitForGraph(page, 'overview');
    await screenshot(page, env, 'overview-dark');

    assert((await waitForAutoEmbed(page)).state === 'done', 'the embedding after the index ended');
    const stored = (await readSummary(page))!;
    await page.reload();
    const restored = await waitForSummary(page);
    assert(restored.nodes === stored.nodes && restored.edges === stored.edges, `restored ${JSON.stringify(restored)} vs ${JSON.stringify(stored)}`);
    assert((await waitForGraph(page, 'overview')) === overviewNodes, 'the restored overview shows the same modules');
    assert((await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark', 'the theme choice survives a reload');
    assert((await readSummary(page))?.files === summary.files, 'same file count after reload');
    session.verify();
  });
});

test('an index served by a fresh database instance: search, the embedding after it, reload', async ({ env }) => {
  await withSession(env, 'zip-refresh', async (session, page) => {
    await page.goto(`${env.baseUrl}?e2e-refresh-below=1`);
    await page.getByTestId('drop-zone').waitFor();
    const instances = () => session.requests.filter((url) => /duckdb-eh.*\.wasm/.test(url)).length;
    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit.zip', mimeType: 'application/zip', buffer: demoZip(env.repoRoot) });
    const summary = await waitForSummary(page);
    const before = instances();
    assert(before >= 2, `the index's database was reopened in a new instance (duckdb wasm fetched ${before} times)`);
    assert((await waitForGraph(page, 'overview')) > 3, 'the overview draws from the new instance');
    await page.keyboard.press('/');
    await page.getByTestId('search-input').fill('OrderService');
    await page.keyboard.press('Enter');
    await page.getByTestId('details-pane').getByTestId('details-name').filter({ hasText: /^OrderService$/ }).waitFor();
    // The embedding after the index writes through the new instance, and its edges are stored.
    assert((await waitForAutoEmbed(page)).state === 'done', 'the embedding after the index ended');
    const stored = (await readSummary(page))!;
    assert(stored.edges > summary.edges, `SIMILAR edges added (${stored.edges} > ${summary.edges})`);
    await page.reload();
    const restored = await waitForSummary(page);
    assert(restored.nodes === stored.nodes && restored.edges === stored.edges, `restored ${JSON.stringify(restored)} vs ${JSON.stringify(stored)}`);
    session.verify();
  });
});

test('a zip named otherwise than its folder re-indexes the open repo of that folder', async ({ env }) => {
  await withSession(env, 'zip-renamed', async (session, page) => {
    await page.goto(env.baseUrl);
    await page.getByTestId('drop-zone').waitFor();
    const zip = demoZip(env.repoRoot);
    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit.zip', mimeType: 'application/zip', buffer: zip });
    const first = await waitForSummary(page);
    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit-v2.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByTestId('index-changes').waitFor({ timeout: 90_000 });
    const changes = JSON.parse((await page.getByTestId('index-changes').getAttribute('data-changes'))!);
    assert(changes.files.unchanged === first.files && changes.parsed === 0, `an incremental re-index with nothing to parse: ${JSON.stringify(changes.files)}`);
    const again = (await readSummary(page))!;
    assert(again.repo === first.repo && again.repo === 'shopkit', `the same repo, not "shopkit (2)": ${again.repo}`);
    session.verify();
  });
});
