/**
 * @file "Try the demo", then the keyboard and the SQL console on the demo graph: `?` lists the
 * shortcuts, Esc closes, the SQL box runs a SELECT with Ctrl+Enter and shows the guard's
 * message for a write; expanding a module with Enter adds its members. Then a folder picked
 * with the folder input becomes a second repo; the repos menu switches back and deletes it.
 * Runs in: Node (e2e, driving chromium).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assert, readSummary, screenshot, test, turnAutoEmbedOff, waitForGraph, waitForSummary, withSession } from './harness.ts';

function tinyFolder(): string {
  const root = join(mkdtempSync(join(tmpdir(), 'ranger-folder-')), 'tinyrepo');
  mkdirSync(join(root, 'pkg'), { recursive: true });
  mkdirSync(join(root, 'node_modules', 'left-pad'), { recursive: true });
  writeFileSync(join(root, 'pkg', '__init__.py'), '');
  writeFileSync(join(root, 'pkg', 'core.py'), 'class Engine:\n    def start(self):\n        return helper()\n\n\ndef helper():\n    return 1\n');
  writeFileSync(join(root, 'main.py'), 'from pkg.core import Engine\n\nEngine().start()\n');
  writeFileSync(join(root, 'node_modules', 'left-pad', 'index.js'), 'module.exports = () => 1;\n');
  return root;
}

test('try the demo: graph, shortcuts, expand, SQL console and its guard', async ({ env }) => {
  await withSession(env, 'demo', 
    async (_session, page) => {
      await page.goto(env.baseUrl);
      // Nothing here reads vectors: the embedding after the index is turned off.
      await turnAutoEmbedOff(page);
      await page.getByTestId('demo-button').click();
      const summary = await waitForSummary(page);
      assert(summary.files > 10 && summary.nodes > 50, `demo summary ${JSON.stringify(summary)}`);
      const modules = await waitForGraph(page, 'overview');

      await page.keyboard.press('?');
      await page.getByTestId('shortcuts-dialog').waitFor();
      await screenshot(page, env, 'shortcuts-dark');
      await page.keyboard.press('Escape');
      await page.getByTestId('shortcuts-dialog').waitFor({ state: 'detached' });

      // Select a module through search, then Enter expands it in the overview.
      await page.getByTestId('overview-button').click();
      await waitForGraph(page, 'overview');
      await page.getByTestId('search-input').fill('registry');
      await page.getByTestId('search-results').locator('[role="option"]').filter({ hasText: 'module' }).first().click();
      await page.getByTestId('details-pane').getByText('Unresolved imports', { exact: false }).or(page.getByTestId('details-pane').getByText('Edges')).first().waitFor();
      await page.keyboard.press('Enter');
      await page.waitForFunction((before) => Number(document.querySelector('[data-testid="graph"]')?.getAttribute('data-nodes')) > before, modules, { timeout: 15_000 });

      await page.keyboard.press('s');
      const sql = page.getByTestId('sql-input');
      await sql.fill("SELECT kind, count(*) AS n FROM nodes WHERE kind = 'Class' GROUP BY kind");
      await sql.press('Control+Enter');
      await page.locator('[data-testid="sql-results"][data-rows="1"]').waitFor();
      await sql.fill('DROP TABLE nodes');
      await sql.press('Control+Enter');
      const error = page.getByTestId('sql-error');
      await error.waitFor();
      assert((await error.getAttribute('data-code')) === 'SQL_REJECTED', 'a write is rejected by the guard');
      assert(/read-only/i.test((await error.textContent()) ?? ''), 'the guard message says why');
      await screenshot(page, env, 'sql-dark');

      // A folder (webkitdirectory input) becomes a second stored repo.
      const folder = tinyFolder();
      try {
        await page.getByTestId('folder-input').setInputFiles(folder);
        const tiny = await waitForSummary(page, summary);
        assert(tiny.files === 3, `the folder has 3 source files outside node_modules, got ${tiny.files}`);
      } finally {
        rmSync(join(folder, '..'), { recursive: true, force: true });
      }
      await page.getByTestId('repo-menu-button').click();
      const menu = page.getByTestId('repo-menu');
      assert((await menu.locator('.repo-item').count()) === 2, 'two stored repos');
      await menu.locator('.repo-item').filter({ hasText: 'shopkit' }).locator('.repo-switch').click();
      const back = await waitForSummary(page, await readSummary(page));
      assert(back.nodes === summary.nodes, `switched back to the demo (${back.nodes} vs ${summary.nodes} nodes)`);
      await page.getByTestId('repo-menu-button').click();
      await menu.locator('.repo-item').filter({ hasText: 'tinyrepo' }).getByTestId('delete-repo').click();
      await menu.getByTestId('confirm-delete').click();
      await page.waitForFunction(() => document.querySelectorAll('.repo-menu .repo-item').length === 1);
      assert((await readSummary(page))?.nodes === summary.nodes, 'deleting another repo keeps the active graph');
    },
    { colorScheme: 'dark' },
  );
});
