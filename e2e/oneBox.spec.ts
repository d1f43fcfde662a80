/**
 * @file One box for every question: Cypher typed in the Ask box runs as Cypher, verbatim (the
 * README's example on the demo: Path 1 with its rows, data-path "cypher"); a query that does not
 * parse shows its error with a caret at its line and column and "Search as text instead", which
 * searches its words (Path 2). A question about more than the name it mentions gets Path 1's hit
 * first and MCTS's results after it (data-path "cypher+mcts"); a description, MCTS alone. At 1280x720 light and 1440x900 dark; screenshots.
 * Runs in: Node (e2e, driving chromium).
 */
import type { Page } from 'playwright-core';
import { assert, openDemo, screenshot, setTheme, test, withSession } from './harness.ts';
import type { E2EEnv } from './harness.ts';
import { ask } from './playerKit.ts';

const README_EXAMPLE = 'MATCH (c:Class)-[:INHERITS]->(b) RETURN c.name, b.name';

async function typedCypher(page: Page, env: E2EEnv, tag: string): Promise<void> {
  await ask(page, README_EXAMPLE);
  const path = await page.getByTestId('route-path').getAttribute('data-path');
  assert(path === 'cypher', `the README's Cypher runs as Cypher (${path})`);
  const rows = Number(await page.getByTestId('cypher-rows').getAttribute('data-rows'));
  assert(rows > 0, `its rows are shown (${rows})`);
  assert((await page.getByTestId('route-cypher').textContent()) === README_EXAMPLE, 'verbatim');
  await screenshot(page, env, `onebox-cypher-${tag}`);

  await ask(page, 'MATCH (c:Class RETURN c.name');
  const error = page.getByTestId('route-cypher-error');
  assert(/at 1:\d+$/.test((await error.textContent()) ?? ''), `a positioned error (${await error.textContent()})`);
  assert((await page.getByTestId('route-cypher').getAttribute('data-error-line')) === '1', 'the caret marks line 1');
  assert((await page.getByTestId('route-path').getAttribute('data-path')) === 'cypher', 'no search ran in its place');
  await screenshot(page, env, `onebox-cypher-error-${tag}`);
  await page.getByTestId('search-as-text').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="search-panel"]')?.getAttribute('data-state') === 'done' && document.querySelector('[data-testid="route-path"]')?.getAttribute('data-path') === 'mcts', undefined, { timeout: 120_000 });
}

/** The router reads the question's form: a question about more than a name gets Path 1 first, then MCTS; a description, MCTS alone. */
async function questionForms(page: Page, env: E2EEnv, tag: string): Promise<void> {
  await ask(page, 'how does CatalogSearch rank the products for a query?');
  const path = await page.getByTestId('route-path').getAttribute('data-path');
  assert(path === 'cypher+mcts', `a question about more than the name: Path 1, then MCTS (${path})`);
  const first = (await page.getByTestId('hit-name').first().textContent()) ?? '';
  assert(first.includes('CatalogSearch'), `the class it names comes first (${first})`);
  const hits = await page.getByTestId('search-hit').count();
  assert(hits > 1, `MCTS's results follow (${hits} hits)`);
  assert(Number(await page.getByTestId('search-stats').getAttribute('data-reranker-calls')) > 0, 'MCTS ran');
  await screenshot(page, env, `onebox-path1-then-2-${tag}`);
  await ask(page, 'Rank the products of the catalog for a query, like CatalogSearch does.');
  const described = await page.getByTestId('route-path').getAttribute('data-path');
  assert(described === 'mcts', `a description that mentions a name: MCTS alone (${described})`);
}

test('one box: Cypher typed in the Ask box runs as Cypher; a broken one shows where and searches as text on request', async ({ env }) => {
  test.setTimeout(300_000);
  await withSession(env, 'onebox', async (_session, page) => {
    // The route each form takes, not the vectors: the embedding after the index is turned off.
    await openDemo(page, env, { autoEmbed: false });
    await typedCypher(page, env, '1280-light');
    await questionForms(page, env, '1280-light');
    await page.setViewportSize({ width: 1440, height: 900 });
    await setTheme(page, 'dark');
    await typedCypher(page, env, '1440-dark');
  });
});
