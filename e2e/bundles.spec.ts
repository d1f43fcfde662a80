/**
 * @file Offline demos in the built app: "Try the demo" imports the prepared
 * bundle (described, embedded, a saved run); the repo menu exports it; after deleting the repo
 * the exported file imports back with the same counts; dropping the demo zip of the same name
 * re-indexes it incrementally (changes shown, descriptions and vectors kept), each served after by a
 * fresh database instance (as a big repository's: `?e2e-refresh-below=1`). A damaged bundle
 * gives a clear error and leaves the stored repo as it was. Offline: after the first visit the
 * service worker serves the app; with the network off a reload restores the stored repo, a
 * search runs with the neural vectors, and the ready demo opens. An imported bundle shows its own
 * figures (syntax errors, the original index time) right away and on every open, its card says it
 * imports a bundle and finishes; names stay unique ("shopkit (2)"), another repo of the same name
 * (the name the index gives: a zip's folder) is replaced only when the person says so. The demo
 * bundle carries lexical vectors only, so the neural default embeds it after the import; a bundle
 * that carries the neural vectors is imported as it is; a fresh index shows its embedding in the
 * models panel, then the sets it stored.
 * Runs in: Node (e2e, driving chromium).
 */
import type { Page } from 'playwright-core';
import { assert, readSummary, screenshot, test, waitForAutoEmbed, waitForSummary, withSession } from './harness.ts';
import { demoZip } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBundle } from '../src/core/bundle/importBundle.ts';

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

test('bundles: ready demo, export, delete, import, incremental re-index, damaged bundle', async ({ env }) => {
  test.setTimeout(240_000);
  await withSession(env, 'bundles', async (session, page) => {
    // Each import, index and export here is then followed by a fresh database instance, as a big
    // repository's is (src/adapters/browser/duckdbBrowser.ts `refresh`).
    await page.goto(`${env.baseUrl}?e2e-refresh-below=1`);
    await page.getByTestId('drop-zone').waitFor();
    await screenshot(page, env, 'bundles-start-light');
    await page.getByTestId('demo-bundle-button').click();
    const imported0 = await waitForSummary(page);
    assert(imported0.files > 10 && imported0.nodes > 400, `ready demo summary ${JSON.stringify(imported0)}`);
    // Imported, not indexed: the summary carries the bundle's own index time and phases.
    assert(imported0.ms === demoBundleFigures(env.repoRoot).ms, `the ready demo shows its stored index time (${imported0.ms} ms)`);
    // It carries lexical vectors only: the neural default embeds it (and its SIMILAR edges) after the import.
    const embedded = await waitForAutoEmbed(page);
    assert(embedded.state === 'done', `the demo bundle is embedded with the neural default after the import: ${JSON.stringify(embedded)}`);
    const ready = (await readSummary(page))!;
    assert(await sqlHolds(page, 'count(*) > 400', 'described'), 'the ready demo is described');
    assert(await sqlHolds(page, "count(*) = 2", "embedding_sets WHERE model = 'builtin:lexical'"), 'and embedded');
    assert(await sqlHolds(page, "count(*) = 2", "embedding_sets WHERE model = 'ranger-code-search-mini'"), 'and now with the neural default too');
    assert(await sqlHolds(page, "count(*) = 1", "runs WHERE kind = 'mcts'"), 'with a saved run');
    await page.keyboard.press('Escape');

    await openMenu(page);
    await screenshot(page, env, 'bundles-menu-light');
    const instances = () => session.requests.filter((url) => /duckdb-eh.*\.wasm/.test(url)).length;
    const beforeExport = instances();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-bundle').click()]);
    assert(download.suggestedFilename() === 'shopkit.ranger.zip', `download name ${download.suggestedFilename()}`);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(path);
    assert(bytes.length > 10_000, `bundle of ${bytes.length} bytes`);
    // After the export the open graph is served by a fresh instance (the export read every
    // table), and reads made meanwhile wait for it: the console's query answers.
    await page.keyboard.press('Escape');
    assert(await sqlHolds(page, `count(*) = ${ready.nodes}`, 'nodes'), 'the graph reads while its instance is renewed');
    for (let waited = 0; instances() === beforeExport && waited < 15_000; waited += 250) await page.waitForTimeout(250);
    assert(instances() > beforeExport, `the export's database was reopened in a new instance (duckdb wasm fetched ${instances()} times, ${beforeExport} before)`);
    assert(await sqlHolds(page, `count(*) = ${ready.nodes}`, 'nodes'), 'and reads from the new one');
    await page.keyboard.press('Escape');

    await openMenu(page);
    await page.getByTestId('delete-repo').first().click();
    await page.getByTestId('confirm-delete').click();
    await page.getByTestId('start-screen').waitFor();

    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit.ranger.zip', mimeType: 'application/zip', buffer: bytes });
    const imported = await waitForSummary(page);
    assert(imported.nodes === ready.nodes && imported.edges === ready.edges && imported.files === ready.files, `imported ${JSON.stringify(imported)} vs ${JSON.stringify(ready)}`);
    // This bundle carries the neural vectors: nothing to embed after the import.
    const carried = await waitForAutoEmbed(page);
    assert(carried.state === 'skipped', `a bundle with the neural vectors is imported as it is (${carried.state})`);

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
    assert(changes.kept.descriptions > 400 && changes.kept.embeddings > 1800, `kept ${JSON.stringify(changes.kept)}`);
    assert(changes.parsed === changes.files.added + changes.files.changed, `parsed ${JSON.stringify(changes)}`);
    // The embedding after it: needed only where nodes changed (their vectors went).
    const changed = changes.nodes.added + changes.nodes.changed;
    const after = await waitForAutoEmbed(page);
    assert(after.state === (changed > 0 ? 'done' : 'skipped'), `${changed} nodes changed: the embedding after the re-index is ${after.state}`);
    await openMenu(page);
    assert((await page.locator('.repo-menu .repo-item').count()) === 1, 'the new version replaced the old entry');
    await screenshot(page, env, 'bundles-incremental-light');
  });
});

/** The figures the demo bundle stores from its original index: meta.summary's ms, files with syntax errors. */
function demoBundleFigures(repoRoot: string): { ms: number; syntax: number } {
  const { tables } = readBundle(new Uint8Array(readFileSync(join(repoRoot, 'public/demo/shopkit.ranger.zip'))));
  const meta = tables.get('meta')!.toArray().map((r) => r.toJSON() as { key: string; value: string });
  const summary = JSON.parse(meta.find((r) => r.key === 'summary')!.value) as { ms: number };
  const issues = tables.get('file_issues')?.toArray().map((r) => r.toJSON() as { path: string; kind: string }) ?? [];
  return { ms: summary.ms, syntax: new Set(issues.filter((i) => i.kind === 'syntax').map((i) => i.path)).size };
}

/** Records every text the progress card shows (with its data-kind) from now on, in window.__cards. */
async function recordProgressCards(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __cards: string[] };
    w.__cards = [];
    new MutationObserver(() => {
      const card = document.querySelector('[data-testid="progress-panel"]');
      if (card) w.__cards.push(`${card.getAttribute('data-kind')}: ${(card as HTMLElement).innerText}`);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

test('bundle figures and names: own syntax count and index time, an import card that finishes, unique names, stored vectors listed', async ({ env }) => {
  test.setTimeout(300_000);
  await withSession(env, 'bundle-figures', async (_session, page) => {
    const expected = demoBundleFigures(env.repoRoot);
    assert(expected.ms > 0, `the demo bundle stores its index time (${expected.ms})`);
    await page.goto(env.baseUrl);
    await page.getByTestId('drop-zone').waitFor();
    await recordProgressCards(page);
    await page.getByTestId('demo-bundle-button').click();
    const first = await waitForSummary(page);
    const bar = page.getByTestId('index-summary');
    assert(first.ms === expected.ms, `right after import: indexed in ${first.ms} ms, the bundle says ${expected.ms}`);
    assert(Number(await bar.getAttribute('data-syntax')) === expected.syntax, `syntax errors ${await bar.getAttribute('data-syntax')} vs ${expected.syntax}`);
    const cards = await page.evaluate(() => (window as unknown as { __cards: string[] }).__cards);
    assert(cards.length > 0 && cards.every((c) => !/Indexing/.test(c)) && cards.some((c) => c.startsWith('bundle: Importing the bundle')), `the card says it imports: ${cards.slice(0, 3).join(' | ')}`);
    const lastCard = cards.at(-1) ?? '';
    assert(!/0 \/ 1 bundle/.test(lastCard.split('Import')[0] ?? ''), `the check step finished: ${lastCard}`);

    await page.reload();
    const reloaded = await waitForSummary(page);
    assert(reloaded.ms === expected.ms && Number(await bar.getAttribute('data-syntax')) === expected.syntax, `after a reload ${JSON.stringify(reloaded)}`);

    // The demo again: a second repo "shopkit (2)", the first kept, the same figures.
    await openMenu(page);
    await page.locator('.repo-new').click();
    await page.getByTestId('demo-bundle-button').click();
    const second = await waitForSummary(page, reloaded);
    assert(second.repo === 'shopkit (2)' && second.ms === expected.ms, `second open ${JSON.stringify(second)}`);
    await openMenu(page);
    const names = (await page.locator('.repo-menu .repo-item-name').allTextContents()).join(' | ');
    assert((await page.locator('.repo-menu .repo-item').count()) === 2, `two repos listed: ${names}`);
    await screenshot(page, env, 'bundle-names-menu-light');
    await page.keyboard.press('Escape');

    // The imported demo carries no neural vectors: its embedding runs first. An index started
    // meanwhile skips its own embedding (the one-task rule), so wait for that one to end.
    await waitForAutoEmbed(page);
    // Indexing shopkit while "shopkit (2)" is open: asked first; "Cancel" keeps both, a third is added.
    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit.zip', mimeType: 'application/zip', buffer: demoZip(env.repoRoot) });
    const askDialog = page.getByTestId('replace-dialog');
    await askDialog.waitFor();
    const asked = (await askDialog.textContent()) ?? '';
    assert(/named shopkit is already stored/.test(asked) && /shopkit \(3\)/.test(asked), `asked before replacing: ${asked}`);
    await screenshot(page, env, 'bundle-replace-ask-light');
    await page.getByTestId('replace-keep').click();
    const third = await waitForSummary(page, second);
    assert(third.repo === 'shopkit (3)', `kept beside: ${JSON.stringify(third)}`);
    await openMenu(page);
    assert((await page.locator('.repo-menu .repo-item').count()) === 3, 'nothing was replaced');
    await page.keyboard.press('Escape');

    // A fresh index is embedded with the neural default right after it: the models panel shows the
    // embedding, then lists the two sets it stored, which the first search reads.
    await page.keyboard.press('m');
    await page.waitForFunction(() => document.querySelector('[data-testid="auto-embed"]')?.getAttribute('data-state') !== 'pending', undefined, { timeout: 15_000 });
    const seen = await page.getByTestId('auto-embed').getAttribute('data-state');
    assert(seen === 'running' || seen === 'done', `the panel shows the embedding after the index (${seen})`);
    const embedding = await waitForAutoEmbed(page);
    assert(embedding.state === 'done', `the fresh index was embedded: ${JSON.stringify(embedding)}`);
    await page.locator('[data-testid="embedding-sets"] tbody tr[data-model="ranger-code-search-mini"]').nth(1).waitFor({ timeout: 15_000 });
    await ask(page, 'how are prices discounted for a cart');
    assert((await page.getByTestId('search-embedder').getAttribute('data-model')) === 'ranger-code-search-mini', 'the first search reads the neural vectors');
    // The answer came to the front of the side dock; the models panel is its neighbour tab.
    await page.getByTestId('dock-tab-models').click();
    await page.getByTestId('embedding-sets').locator('tbody tr').first().waitFor({ timeout: 30_000 });
    const sets = await page.getByTestId('embedding-sets').locator('tbody tr').count();
    assert(sets === 2, `the models panel lists the stored sets, no lexical ones computed for the search (${sets})`);
    await screenshot(page, env, 'bundle-models-stored-light');

    // A zip named otherwise than its folder (shopkit-v4.zip holding shopkit/) is asked about as
    // its index names it, the stored shopkit; "Replace" re-indexes that one and adds nothing.
    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit-v4.zip', mimeType: 'application/zip', buffer: demoZip(env.repoRoot) });
    await askDialog.waitFor();
    const renamedAsk = (await askDialog.textContent()) ?? '';
    assert(/named shopkit is already stored/.test(renamedAsk) && /shopkit \(4\)/.test(renamedAsk), `asked by its folder's name: ${renamedAsk}`);
    await page.getByTestId('replace-confirm').click();
    const replaced = await waitForSummary(page, third);
    assert(replaced.repo === 'shopkit', `the stored shopkit was re-indexed: ${JSON.stringify(replaced)}`);
    await openMenu(page);
    assert((await page.locator('.repo-menu .repo-item').count()) === 3, 'the renamed zip replaced shopkit, nothing was added');
    await page.keyboard.press('Escape');
  });
});

test('offline app: installed app reloads with the network off, opens the stored repo and the ready demo, searches', async ({ env }) => {
  test.setTimeout(300_000);
  await withSession(env, 'offline', async (session, page) => {
    await page.goto(env.baseUrl);
    // The first visit installs the service worker and precaches the app; it then controls the page.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, { timeout: 120_000 });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    // The first visit caches the shell and one DuckDB bundle; searches' files follow in the background.
    await page.waitForFunction(() => document.documentElement.dataset.offlineReady !== undefined, null, { timeout: 180_000 });
    assert((await page.evaluate(() => document.documentElement.dataset.offlineReady)) === 'true', 'the background phase was cached');
    const cached = await page.evaluate(async () => {
      const out = { install: 0, background: 0, duckdbWasm: [] as string[], grammars: 0 };
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const path = new URL(request.url).pathname;
          const bytes = (await (await cache.match(request))!.blob()).size;
          if (/\/assets\/ort-wasm|\/assets\/models\.worker-|\/models\/ranger-code-search-mini\//.test(path)) out.background += bytes;
          else out.install += bytes;
          if (/\/assets\/duckdb-(eh|mvp)-.*\.wasm$/.test(path)) out.duckdbWasm.push(path);
          if (/\/assets\/tree-sitter-(?!python-)/.test(path)) out.grammars++;
        }
      }
      return out;
    });
    console.log(`    first visit: install ${(cached.install / 1e6).toFixed(1)} MB, background ${(cached.background / 1e6).toFixed(1)} MB`);
    assert(cached.install < 40e6, `the first visit caches under 40 MB before the app is offline-ready (${cached.install})`);
    assert(cached.duckdbWasm.length === 1, `one DuckDB bundle (${cached.duckdbWasm.join(', ')})`);
    assert(cached.grammars === 0, `no grammar but Python's (the parse workers' warm-up) before a repo needs one (${cached.grammars})`);
    await page.getByTestId('demo-bundle-button').click();
    await waitForSummary(page);
    assert((await waitForAutoEmbed(page)).state === 'done', 'the ready demo is embedded with the neural default after the import');
    const online = (await readSummary(page))!;

    await session.context.setOffline(true);
    await page.reload();
    const offline = await waitForSummary(page);
    assert(offline.nodes === online.nodes && offline.edges === online.edges, `offline reload restored ${JSON.stringify(offline)}`);
    await ask(page, 'how are prices discounted for a cart');
    assert((await page.getByTestId('search-hit').count()) > 0, 'a search answers offline');
    // The neural query embedder loads offline: its files come from the service worker's cache.
    assert((await page.getByTestId('search-embedder').getAttribute('data-model')) === 'ranger-code-search-mini', 'with the neural vectors');
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
  }, { serviceWorker: true });
});

test('offline install refused: a site quota too small for the app says the app will not work offline, and it still works online; a full quota stops an index with a storage message', async ({ env }) => {
  test.setTimeout(240_000);
  await withSession(env, 'offline-refused', async (session, page) => {
    // The browser's per-site quota, shrunk below the first visit's files (38.7 MB; a nearly full disk
    // does this) but with room for a small repository's database.
    const cdp = await session.context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(env.baseUrl).origin, quotaSize: 30 * 1024 * 1024 });
    await page.goto(env.baseUrl);
    const notice = page.getByTestId('offline-install-failed');
    await notice.waitFor({ timeout: 60_000 });
    const text = (await notice.textContent()) ?? '';
    assert(/could not be stored for offline use: the browser gave this site too little storage/.test(text), `the notice says why: ${text}`);
    assert((await page.evaluate(() => navigator.serviceWorker.controller)) === null, 'no service worker controls the page');
    await screenshot(page, env, 'offline-refused-light');
    await page.getByTestId('demo-bundle-button').click();
    const demo = await waitForSummary(page);
    // The embedding after the import fits in this quota too; it ends before the disk "fills up" below.
    assert((await waitForAutoEmbed(page)).state === 'done', 'the ready demo is embedded after the import');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    assert((await notice.count()) === 0, 'the notice goes when dismissed');

    // The disk fills up: the quota shrinks to what the site holds now, and the next index runs
    // out of room. duckdb-wasm says so in its own words; the app says what to do, and the demo
    // stays open.
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(env.baseUrl).origin, quotaSize: usage + 256 * 1024 });
    await page.getByTestId('zip-input').setInputFiles({ name: 'shopkit-copy.zip', mimeType: 'application/zip', buffer: demoZip(env.repoRoot, 'shopkit', 'shopkit-copy') });
    const banner = page.locator('[data-testid="error-banner"][data-code="STORAGE_FULL"]');
    await banner.waitFor({ timeout: 90_000 });
    const said = (await banner.textContent()) ?? '';
    assert(/not enough storage for this graph.*Free some disk space.*previous graph is unchanged/i.test(said), `the banner says what to do: ${said}`);
    await screenshot(page, env, 'storage-full-light');
    const after = await readSummary(page);
    assert(after?.repo === demo.repo && after.nodes === demo.nodes, `the demo stays open: ${JSON.stringify(after)} against ${JSON.stringify(demo)}`);
    assert(await sqlHolds(page, 'count(*) > 400', 'node_rows'), 'and answers queries');
  }, { serviceWorker: true });
});

