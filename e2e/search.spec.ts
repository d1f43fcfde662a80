/**
 * @file Question answering on the demo repo with the offline built-ins (describe + embed with the
 * neural built-in first; answers name it "built-in neural, offline"):
 * an entity question goes Path 1 and shows its Cypher and rows; a natural-language question goes
 * Path 2 (MCTS), results appear, the search tree is drawn on the graph with its legend, the trace
 * downloads as complete JSON, a result opens in the explorer; the eval panel builds a set from
 * the repo, runs every method and draws quality against iterations. Screenshots light and dark.
 * Runs in: Node (e2e, driving chromium).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { assert, screenshot, setTheme, test, turnAutoEmbedOff, waitForGraph, waitForSummary, withSession } from './harness.ts';

/** Waits until an element reports `state` in data-state (fails fast on an error banner or message). */
async function waitForState(page: Page, testId: string, state: string, errorIds: string[] = [], timeout = 120_000): Promise<void> {
  await page.waitForFunction(
    ([id, wanted, errors]) => {
      for (const errorId of ['error-banner', ...errors]) {
        const el = document.querySelector(`[data-testid="${errorId}"]`);
        if (el) throw new Error(`${errorId}: ${el.textContent}`);
      }
      return document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state') === wanted;
    },
    [testId, state, errorIds] as const,
    { timeout, polling: 200 },
  );
}

async function describeAndEmbed(page: Page): Promise<void> {
  await page.getByTestId('models-toggle').click();
  await page.getByTestId('models-panel').waitFor();
  await page.getByTestId('describe-button').click();
  await waitForState(page, 'describe-progress', 'done');
  await page.getByTestId('embed-button').click();
  await waitForState(page, 'embed-progress', 'done');
  await page.getByTestId('models-toggle').click();
  await page.getByTestId('models-panel').waitFor({ state: 'detached' });
}

async function ask(page: Page, question: string): Promise<void> {
  await page.getByTestId('question-input').fill(question);
  await page.getByTestId('question-input').press('Enter');
  await page.locator('[data-testid="search-panel"][data-state="running"], [data-testid="search-panel"][data-state="done"]').first().waitFor();
  await waitForState(page, 'search-panel', 'done', ['search-error']);
}

/** Waits until the graph shows the search tree (data-mode="tree") and is not loading. */
async function waitForTree(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="graph"]');
    return el?.getAttribute('data-mode') === 'tree' && el.getAttribute('data-busy') !== 'true' && Number(el.getAttribute('data-nodes')) > 0;
  });
}

interface TraceJson {
  query: string;
  rootId: number;
  params: { iterations: number };
  events: { phase: string; iteration: number }[];
  version: number;
  top: number[];
}

test('search: Path 1 Cypher, Path 2 MCTS with tree and trace, eval panel', async ({ env }) => {
  test.setTimeout(360_000);
  await withSession(env, 'search', async (_session, page) => {
    await page.goto(env.baseUrl);
    // This test describes and embeds itself (describeAndEmbed): the embedding the app starts
    // after an index (e2e/autoEmbed.spec.ts) is turned off here.
    await turnAutoEmbedOff(page);
    await page.getByTestId('demo-button').click();
    await waitForSummary(page);
    await waitForGraph(page, 'overview');
    await describeAndEmbed(page);

    // An entity question: the rules find `CatalogSearch` and Path 1 answers with its Cypher.
    await ask(page, 'Where is `CatalogSearch` defined?');
    assert((await page.getByTestId('route-path').getAttribute('data-path')) === 'cypher', 'entity question goes Path 1');
    const cypher = (await page.getByTestId('route-cypher').textContent()) ?? '';
    assert(/MATCH/i.test(cypher) && cypher.includes('CatalogSearch'), `the generated Cypher is shown (${cypher})`);
    assert(Number(await page.getByTestId('cypher-rows').getAttribute('data-rows')) > 0, 'Path 1 rows are shown as a table');
    const entityHits = page.getByTestId('search-hit');
    assert((await entityHits.count()) > 0, 'Path 1 lists results');
    assert(((await entityHits.first().textContent()) ?? '').includes('CatalogSearch'), 'the first result is CatalogSearch');
    await screenshot(page, env, 'search-path1-light');

    // A natural-language question: no identifier, so MCTS searches (Path 2).
    const question = 'how are prices discounted for a cart';
    await ask(page, question);
    assert((await page.getByTestId('route-path').getAttribute('data-path')) === 'mcts', 'natural-language question goes Path 2');
    const embedderLabel = (await page.getByTestId('search-embedder').textContent()) ?? '';
    assert(embedderLabel.includes('built-in neural, offline'), `the answer names the neural built-in embedder (${embedderLabel})`);
    const hits = page.getByTestId('search-hit');
    assert((await hits.count()) > 0, 'Path 2 lists results');
    const stats = page.getByTestId('search-stats');
    assert(Number(await stats.getAttribute('data-reranker-calls')) > 0, 'reranker calls are counted');
    assert(((await hits.first().textContent()) ?? '').includes('reward'), 'MCTS results show their score parts');

    // The search tree on the graph: the legend (a chip that opens on demand), tree mode, the tree
    // folded into focus and context (some nodes drawn, the rest in bundles).
    await page.getByTestId('search-tree-legend-chip').waitFor();
    await page.getByTestId('legend-toggle').click();
    const legend = page.getByTestId('search-tree-legend');
    await legend.waitFor();
    await waitForTree(page);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="search-tree-legend"]')?.getAttribute('data-styled')) > 1);
    const treeNodes = Number(await legend.getAttribute('data-styled'));
    const drawn = Number(await page.getByTestId('graph').getAttribute('data-tree-drawn'));
    assert(treeNodes > 1 && drawn > 1 && drawn <= treeNodes, `the tree's nodes drawn or folded (${drawn} of ${treeNodes} drawn)`);
    await screenshot(page, env, 'search-path2-light');

    // The trace downloads as complete JSON.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-trace').click()]);
    assert(/^mcts-how-are-prices-discounted-for-a-cart-\d+\.json$/.test(download.suggestedFilename()), `trace file name (${download.suggestedFilename()})`);
    const trace = JSON.parse(readFileSync((await download.path())!, 'utf8')) as TraceJson;
    assert(trace.query === question, 'the trace names its query');
    assert(trace.version === 2 && trace.events.length > 0 && trace.top.length > 0, 'the trace (v2) has events and a ranking');
    const phases = new Set(trace.events.map((e) => e.phase));
    assert(['select', 'expand', 'simulate', 'backprop'].every((p) => phases.has(p)), `all four phases (${[...phases].join(', ')})`);
    const iterations = trace.events.map((e) => e.iteration);
    assert(Number(await legend.getAttribute('data-iterations')) === Math.max(...iterations), 'the tree on the graph was built from every streamed event');
    assert(Math.min(...iterations) === 1 && Math.max(...iterations) <= trace.params.iterations, 'iterations count from 1 to at most T');

    // A baseline asked for directly: no router, no tree; Algorithm 1 ('paper' preset: the guided
    // default stops at its pair budget) with 50 iterations from "Advanced".
    await page.getByTestId('method-select').selectOption('bm25');
    await ask(page, question);
    assert((await page.getByTestId('route-path').getAttribute('data-path')) === 'baseline', 'bm25 runs as a baseline');
    assert((await page.getByTestId('search-hit').count()) > 0, 'bm25 lists results');
    await page.getByTestId('method-select').selectOption('mcts');
    await page.getByTestId('search-advanced').click();
    await page.getByTestId('mcts-preset').selectOption('paper');
    await page.getByTestId('mcts-iterations').fill('50');
    await page.getByTestId('search-advanced').click();
    await ask(page, question);
    await page.waitForFunction(() => document.querySelector('[data-testid="mcts-player"]')?.getAttribute('data-iterations') === '50');
    await page.getByTestId('method-select').selectOption('auto');
    await page.getByTestId('mcts-iterations').waitFor({ state: 'detached' });

    // A result opens in the explorer.
    await hits.first().locator('button').click();
    await page.getByTestId('details-name').waitFor();

    // Eval panel: build a set from the repo, run every method with a short curve, chart drawn.
    await page.getByTestId('eval-open').click();
    await page.getByTestId('eval-dialog').waitFor();
    await page.getByTestId('eval-limit').fill('12');
    await page.getByTestId('eval-build').click();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="eval-set"]')?.getAttribute('data-queries')) > 0, undefined, { timeout: 60_000 });
    await page.getByTestId('eval-curve').fill('10, 25, 50');
    await page.getByTestId('eval-run').click();
    await page.waitForFunction(
      () => {
        const error = document.querySelector('[data-testid="eval-error"]');
        if (error) throw new Error(`eval error: ${error.textContent}`);
        return document.querySelector('[data-testid="eval-chart"]') !== null;
      },
      undefined,
      { timeout: 180_000, polling: 250 },
    );
    assert(Number(await page.getByTestId('eval-table').getAttribute('data-methods')) === 7, 'every method is in the table');
    assert(Number(await page.getByTestId('eval-chart').getAttribute('data-points')) === 3, 'one chart point per iteration count');
    assert((await page.locator('[data-testid="eval-chart"] path.chart-line').count()) >= 3, 'NDCG, Recall and MRR lines');
    await page.getByTestId('eval-dialog').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await screenshot(page, env, 'search-eval-light');

    // Dark theme: the tree and the eval panel again.
    await page.keyboard.press('Escape');
    await page.getByTestId('eval-dialog').waitFor({ state: 'detached' });
    await setTheme(page, 'dark');
    await page.getByTestId('show-tree').click();
    await waitForTree(page);
    // A stored run opens at its start: its end shows the whole search.
    await page.getByTestId('player-end').click();
    await page.getByTestId('search-tree-legend-chip').waitFor();
    await screenshot(page, env, 'search-path2-dark');
    await page.getByTestId('eval-open').click();
    await page.getByTestId('eval-chart').waitFor();
    await page.getByTestId('eval-dialog').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await screenshot(page, env, 'search-eval-dark');
  });
});
