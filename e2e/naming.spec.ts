/**
 * @file One naming in the app (core/graph/displayName.ts) on psf/black's src layout
 * (e2e/fixtures/black-23.1.0.zip) at 1280x720: the package overview, an answer, the node's
 * details, a Cypher console row and the Ask box's Cypher answer all name nodes by their import
 * name (`black.cache.read_cache`), never `src.black.…`, with the file path beside; the path-based
 * qualified name shows only as the details' "Qualified" fact. Light and dark screenshots
 * (test-results/naming-*.png).
 * Runs in: Node (e2e, driving chromium).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Core } from 'cytoscape';
import type { Page } from 'playwright-core';
import { assert, screenshot, setTheme, test, turnAutoEmbedOff, waitForGraph, waitForSummary, withSession } from './harness.ts';
import { ask } from './playerKit.ts';
import { typeQuery } from './cypherKit.ts';

const PATH_BASED = /src\.(black|blackd|blib2to3|_black_version)\b/;

/** The labels of everything the overview draws (package boxes and modules). */
async function overviewLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const container = document.querySelector('[data-testid="graph"]') as unknown as { _cyreg: { cy: Core } };
    return container._cyreg.cy.nodes('.level').map((n) => String(n.data('name') ?? n.data('label') ?? ''));
  });
}

test('naming: black by its import names in the overview, an answer, the details and Cypher rows, the path beside', async ({ env }) => {
  test.setTimeout(240_000);
  await withSession(env, 'naming', async (_session, page) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(env.baseUrl);
    // Names do not depend on vectors: the embedding after the index is turned off.
    await turnAutoEmbedOff(page);
    const zip = readFileSync(join(env.repoRoot, 'e2e', 'fixtures', 'black-23.1.0.zip'));
    await page.getByTestId('zip-input').setInputFiles({ name: 'black-23.1.0.zip', mimeType: 'application/zip', buffer: zip });
    await waitForSummary(page);
    await waitForGraph(page, 'overview');

    // The overview: the package black and its modules by import name (black, black.cache), no src.black.
    const labels = await overviewLabels(page);
    assert(labels.includes('black') && labels.includes('black.cache'), `the overview names black and black.cache: ${labels.join(' | ')}`);
    assert(!labels.some((label) => PATH_BASED.test(label)), `no path-based name in the overview: ${labels.filter((l) => PATH_BASED.test(l)).join(' | ')}`);
    await screenshot(page, env, 'naming-overview-1280-light');

    // An answer: the display name with its context, the file path beside.
    await ask(page, 'read the cache file of formatted sources');
    const hit = page.getByTestId('search-hit').first();
    const name = (await hit.getByTestId('hit-name').textContent()) ?? '';
    const where = (await hit.getByTestId('hit-where').textContent()) ?? '';
    assert(/^(black|blackd|blib2to3)\.\S+$/.test(name), `the answer names an import name (${name})`);
    assert(/^src\/\S+\.py:\d+$/.test(where), `the path beside the answer (${where})`);
    const answers = (await page.getByTestId('search-panel').textContent()) ?? '';
    assert(!PATH_BASED.test(answers), `no path-based name in the answer panel: ${answers.slice(0, 300)}`);
    await screenshot(page, env, 'naming-answer-1280-light');

    // The details of the answer: its name, file and, apart, the qualified name (the graph's key).
    await hit.locator('button').first().click();
    const pane = page.getByTestId('details-pane');
    await pane.getByTestId('details-display-name').filter({ hasText: name }).waitFor({ timeout: 15_000 });
    const file = (await pane.getByTestId('details-file').textContent()) ?? '';
    assert(file.startsWith(where.replace(/:\d+$/, '')), `the details show the file (${file})`);
    const qualified = (await pane.getByTestId('details-qualified').textContent()) ?? '';
    assert(qualified === `src.${name}`, `the qualified name is the key, apart (${qualified})`);
    const edges = (await pane.locator('.edge-list').allTextContents()).join(' ');
    assert(edges.length > 0 && !PATH_BASED.test(edges), `the details' edges name nodes by import name: ${edges.slice(0, 300)}`);
    await screenshot(page, env, 'naming-details-1280-light');

    // A Cypher console row: a whole node as its kind, import name and place.
    await page.getByTestId('cypher-toggle').click();
    await page.getByTestId('cypher-console').waitFor();
    await typeQuery(page, "MATCH (f:Function {name: 'read_cache'}) RETURN f, f.import_name AS imported");
    await page.keyboard.press('Control+Enter');
    const results = page.getByTestId('cypher-console').locator('[data-testid="cypher-results"][data-rows="1"]');
    await results.waitFor({ timeout: 15_000 });
    const row = (await results.locator('tbody tr').first().textContent()) ?? '';
    assert(/Function black\.cache\.read_cache\s+src\/black\/cache\.py:\d+/.test(row) && row.includes('black.cache.read_cache'), `the row names the node (${row})`);
    assert(!PATH_BASED.test(row), `no path-based name in the row (${row})`);
    await screenshot(page, env, 'naming-cypher-1280-light');
    await page.getByTestId('cypher-toggle').click();

    // Cypher in the Ask box: its rows and its results by import name.
    await ask(page, "MATCH (f:Function {name: 'read_cache'}) RETURN f");
    assert((await page.getByTestId('route-path').getAttribute('data-path')) === 'cypher', 'the Ask box ran the Cypher');
    const askRow = (await page.getByTestId('cypher-rows').locator('tbody tr').first().textContent()) ?? '';
    assert(/Function black\.cache\.read_cache\s+src\/black\/cache\.py:\d+/.test(askRow), `the Ask box row names the node (${askRow})`);
    assert((await page.getByTestId('hit-name').first().textContent()) === 'black.cache.read_cache', 'the Ask box result by import name');
    await setTheme(page, 'dark');
    await screenshot(page, env, 'naming-ask-cypher-1280-dark');
  });
});
