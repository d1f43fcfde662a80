/**
 * @file The Cypher console on the demo repo: typed Cypher is highlighted (keywords, labels,
 * strings), completion offers labels inside a node pattern, a query runs to a table and its
 * nodes are highlighted on the graph; a write clause shows the error with its line:column and
 * marks it in the editor; a WITH query takes $cls from the parameters box. At the edges: a cross
 * product is cut at Max rows, and a runaway query (hours of work in one step of the engine) is
 * stopped by Cancel while the tab keeps answering, and the next query runs. Screenshots light and dark.
 * Runs in: Node (e2e, driving chromium).
 */
import { assert, screenshot, setTheme, test, waitForGraph, withSession } from './harness.ts';
import { openDemoConsole, typeQuery } from './cypherKit.ts';

test('Cypher console: highlighting, completion, table, highlighted subgraph, write rejected with position', async ({ env }) => {
  test.setTimeout(180_000);
  await withSession(env, 'cypher', async (_session, page) => {
    await openDemoConsole(page, env);
    const consoleEl = page.getByTestId('cypher-console');

    // Completion: labels inside a node pattern.
    const editor = consoleEl.locator('.cm-content');
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('MATCH (n:Cl', { delay: 20 });
    const popup = page.locator('.cm-tooltip-autocomplete');
    await popup.locator('li', { hasText: 'Class' }).first().waitFor({ timeout: 5_000 });
    const offered = await popup.locator('li').allTextContents();
    assert(offered.some((o) => o.startsWith('Class')) && offered.every((o) => !o.startsWith('MATCH')), `completion offers labels: ${offered.join(' | ')}`);
    await screenshot(page, env, 'cypher-completion-light');
    await page.keyboard.press('Escape');

    await typeQuery(page, "MATCH (c:Class)-[:INHERITS*1..3]->(b:Class {name: 'PaymentError'}) RETURN c, c.file_path AS file ORDER BY file");
    for (const cls of ['cy-keyword', 'cy-label', 'cy-string']) {
      assert((await editor.locator(`.${cls}`).count()) > 0, `editor highlights ${cls}`);
    }
    await page.keyboard.press('Control+Enter');
    const results = consoleEl.locator('[data-testid="cypher-results"][data-rows="3"]');
    await results.waitFor({ timeout: 15_000 });
    const table = await results.locator('tbody tr').allTextContents();
    assert(table.some((row) => row.includes('Class shopkit.errors.CardDeclined')), `table shows whole nodes: ${table.join(' | ')}`);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="cypher-results"]')?.getAttribute('data-highlighted')) >= 1, null, { timeout: 15_000 });
    await waitForGraph(page);
    await page.waitForTimeout(600);
    await screenshot(page, env, 'cypher-light');
    await setTheme(page, 'dark');
    await page.waitForTimeout(300);
    await screenshot(page, env, 'cypher-dark');

    // A WITH pipeline with a $parameter from the JSON box.
    await typeQuery(page, 'MATCH (c:Class {name: $cls})-[:HAS_METHOD]->(m) WITH c, count(m) AS n RETURN c.name AS name, n');
    assert((await editor.locator('.cy-param').textContent()) === '$cls', 'the editor marks $cls as a parameter');
    await consoleEl.getByTestId('cypher-params').fill('{"cls": "Money"}');
    await consoleEl.getByTestId('cypher-run').click();
    const withResults = consoleEl.locator('[data-testid="cypher-results"][data-rows="1"]');
    await withResults.waitFor({ timeout: 15_000 });
    const withRow = (await withResults.locator('tbody tr').first().textContent()) ?? '';
    assert(withRow.includes('Money') && withRow.includes('12'), `WITH + $cls row: ${withRow}`);
    await screenshot(page, env, 'cypher-params-dark');
    await consoleEl.getByTestId('cypher-params').fill('');

    // A write clause: the error names it with its position, and the editor marks it.
    await typeQuery(page, 'MATCH (n)');
    await page.keyboard.press('Enter');
    await page.keyboard.type("SET n.name = 'x' RETURN n", { delay: 5 });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Enter');
    const error = consoleEl.getByTestId('cypher-error');
    await error.waitFor();
    const message = (await error.textContent()) ?? '';
    assert(message.includes('SET is not supported (read-only Cypher) at 2:1'), `error with position: ${message}`);
    assert((await error.getAttribute('data-code')) === 'INPUT_INVALID', 'Cypher errors are INPUT_INVALID');
    assert((await editor.locator('.cy-error').textContent()) === 'SET', 'the editor marks SET');
    await screenshot(page, env, 'cypher-error-dark');
  });
});

test('queries at the edges: a cross product is cut at Max rows and says so; a runaway query is cancelled, the tab answers meanwhile, the next query runs', async ({ env }) => {
  test.setTimeout(240_000);
  await withSession(env, 'cypher-edges', async (_session, page) => {
    await openDemoConsole(page, env);
    const consoleEl = page.getByTestId('cypher-console');

    await typeQuery(page, 'MATCH (a), (b) RETURN a.id AS a, b.id AS b');
    await page.getByTestId('cypher-run').click();
    await consoleEl.locator('[data-testid="cypher-results"][data-rows="10000"]').waitFor({ timeout: 60_000 });
    const cut = (await page.getByTestId('cypher-truncated').textContent()) ?? '';
    assert(/Showing the first 10,000 rows of more than 10,000/.test(cut), `the cut answer says so: ${cut}`);
    await screenshot(page, env, 'cypher-truncated-light');

    // Five node sets crossed: hours of work, all in one step of the engine, which reads a cancel
    // only between steps. The cancel must stop it all the same.
    await typeQuery(page, 'MATCH (a), (b), (c), (d), (e) RETURN count(*) AS n');
    await page.getByTestId('cypher-run').click();
    await page.getByTestId('cypher-cancel').waitFor();
    await page.waitForTimeout(1500);
    // The tab stays responsive while DuckDB works in its worker: a page round trip is quick.
    const t0 = Date.now();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
    const frameMs = Date.now() - t0;
    assert(frameMs < 1000, `a frame while the query runs (${frameMs} ms)`);
    await screenshot(page, env, 'cypher-running-light');
    const cancelled = Date.now();
    await page.getByTestId('cypher-cancel').click();
    const error = page.getByTestId('cypher-error');
    await error.waitFor({ timeout: 30_000 });
    assert(/cancelled/.test((await error.textContent()) ?? ''), `the cancel is said: ${await error.textContent()}`);
    console.log(`    the runaway query's cancel answered in ${Date.now() - cancelled} ms`);

    await typeQuery(page, 'MATCH (c:Class) RETURN count(c) AS n');
    await page.getByTestId('cypher-run').click();
    await consoleEl.locator('[data-testid="cypher-results"][data-rows="1"]').waitFor({ timeout: 30_000 });
    await screenshot(page, env, 'cypher-after-cancel-light');
  });
});
