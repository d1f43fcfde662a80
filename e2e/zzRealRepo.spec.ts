/** Throwaway (not committed): T = 500 on pip (491 files), layered tree screenshot. */
import { screenshot, test, waitForGraph, waitForSummary, withSession } from './harness.ts';

test('realrepo: pip T=500 layered tree', async (env) => {
  await withSession(env, 'realrepo', async (_s, page) => {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto(env.baseUrl);
    await page.getByTestId('zip-input').setInputFiles('/tmp/pip.zip');
    await waitForSummary(page, null, 300_000);
    await waitForGraph(page, 'overview', 120_000);
    await page.getByTestId('models-toggle').click();
    await page.getByTestId('describe-button').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="describe-progress"]')?.getAttribute('data-state') === 'done', undefined, { timeout: 300_000 });
    await page.getByTestId('embed-button').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="embed-progress"]')?.getAttribute('data-state') === 'done', undefined, { timeout: 300_000 });
    await page.getByTestId('models-toggle').click();
    await page.getByTestId('method-select').selectOption('mcts');
    await page.getByTestId('search-advanced').click();
    await page.getByTestId('mcts-iterations').fill('500');
    await page.getByTestId('search-advanced').click();
    await page.getByTestId('question-input').fill('how does pip resolve the versions of requirements');
    await page.getByTestId('question-input').press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid="search-panel"]')?.getAttribute('data-state') === 'done', undefined, { timeout: 300_000 });
    await page.waitForFunction(() => {
      const p = document.querySelector('[data-testid="mcts-player"]');
      const g = document.querySelector('[data-testid="graph"]');
      return p?.getAttribute('data-live') === 'false' && g?.getAttribute('data-busy') !== 'true' && Number(g?.getAttribute('data-tree-nodes')) > 0;
    }, undefined, { timeout: 120_000 });
    await page.getByLabel('Close the answer panel').click();
    await page.waitForTimeout(500);
    await page.getByTestId('fit-button').click();
    await page.waitForTimeout(800);
    const info = await page.evaluate(() => ({ tree: document.querySelector('[data-testid="graph"]')?.getAttribute('data-tree-nodes'), it: document.querySelector('[data-testid="mcts-player"]')?.getAttribute('data-iterations') }));
    console.log('    tree nodes', info.tree, 'iterations', info.it);
    await screenshot(page, env, 'player-pip-T500-tree-light');
    await page.getByTestId('player-details').click();
    await page.waitForTimeout(300);
    await screenshot(page, env, 'player-pip-T500-tree-details-light');
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(800);
    await screenshot(page, env, 'player-pip-T500-tree-dark');
  });
}, 900_000);
