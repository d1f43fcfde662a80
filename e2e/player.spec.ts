/**
 * @file The MCTS player on the demo: search; scrub to iteration 1 /
 * expand and see exactly 1 + k children in the tree; step to the end and see the final tree size;
 * the inspector's N/R/UCT equal the trace's; keys step by phase and iteration; a what-if re-run
 * with another c changes the visit pattern and the diff lists it; export then import replays
 * identically; reload and reopen the run from the run list. A finished search opens at its end;
 * an imported or reopened run at its start, paused. Also: a new search
 * clears the old tree at once, a Path 1 answer shows its own nodes. Screenshots light and dark.
 * Runs in: Node (e2e, driving chromium).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { assert, screenshot, setTheme, test, turnAutoEmbedOff, waitForGraph, waitForSummary, withSession } from './harness.ts';
import { ask, describeAndEmbed, playerAt, showDockTab, waitForCursor, waitForPlayer } from './playerKit.ts';

interface Trace {
  version: number;
  query: string;
  rootId: number;
  params: { c: number };
  stats: { treeSize: number; iterationsRun: number };
  events: ({ phase: 'select'; iteration: number } | { phase: 'expand'; iteration: number; at: number; children: { id: number }[] } | { phase: 'simulate'; iteration: number } | { phase: 'backprop'; iteration: number; nodes: { id: number; N: number; R: number }[] })[];
  top: number[];
}

async function waitForTreeNodes(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelector('[data-testid="graph"]')?.getAttribute('data-tree-nodes') === String(n), count, { timeout: 5000 });
}

async function exportTrace(page: Page, dir: string, name: string): Promise<{ trace: Trace; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('run-export').click()]);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, readFileSync((await download.path())!));
  return { trace: JSON.parse(readFileSync(path, 'utf8')) as Trace, path };
}

/** N and R of a node after the last backprop in the trace, and its parent (from the expansions). */
function finalStats(trace: Trace, id: number): { N: number; R: number; parent: number | null } {
  let N = 0;
  let R = 0;
  let parent: number | null = null;
  for (const e of trace.events) {
    if (e.phase === 'backprop') for (const n of e.nodes) if (n.id === id) ({ N, R } = n);
    if (e.phase === 'expand' && e.children.some((c) => c.id === id)) parent = e.at;
  }
  return { N, R, parent };
}

test('player: scrub, step, inspect, what-if diff, export/import, reopen after reload', async ({ env }) => {
  test.setTimeout(480_000);
  await withSession(env, 'player', async (_session, page) => {
    await page.goto(env.baseUrl);
    // This test describes and embeds itself (describeAndEmbed) and replays one stored run: the
    // embedding the app starts after an index (e2e/autoEmbed.spec.ts) is turned off here.
    await turnAutoEmbedOff(page);
    await page.getByTestId('demo-button').click();
    await waitForSummary(page);
    await waitForGraph(page, 'overview');
    await describeAndEmbed(page);
    // Algorithm 1 (preset 'paper'): the guided default spends its reranker-pair budget in a few
    // iterations on the 49-file demo, too few to scrub through or to show what c changes.
    await page.getByTestId('search-advanced').click();
    await page.getByTestId('mcts-preset').selectOption('paper');
    await page.getByTestId('search-advanced').click();

    const question = 'how are prices discounted for a cart';
    await page.getByTestId('question-input').fill(question);
    await page.getByTestId('question-input').press('Enter');
    // Live: the player appears while the search runs (or it is already done on a fast machine).
    await page.getByTestId('mcts-player').waitFor({ timeout: 60_000 });
    // Wait for this search's answer; asking again would start a second search, whose end could
    // take the player over (at its end) after the scrubbing below has begun.
    await page.waitForFunction(() => document.querySelector('[data-testid="search-panel"]')?.getAttribute('data-state') === 'done', undefined, { timeout: 120_000, polling: 100 });
    await waitForPlayer(page);
    // Inspect (a tab of the side dock) holds the run's export, charts, inspector and what-if.
    await page.getByTestId('player-details').click();
    await page.getByTestId('player-inspector').waitFor();
    const { trace } = await exportTrace(page, env.artifacts, 'player-run-a.json');
    assert(trace.version === 2 && trace.top.length > 0, 'the exported run is a v2 trace with its ranking');
    await waitForTreeNodes(page, trace.stats.treeSize).catch(() => undefined);
    const end = await playerAt(page);
    assert(end.iterations === trace.stats.iterationsRun && end.iteration === end.iterations, `a finished search opens at its end (${JSON.stringify(end)})`);
    assert(end.treeNodes === trace.stats.treeSize, `final tree size drawn (${end.treeNodes} vs ${trace.stats.treeSize})`);
    await screenshot(page, env, 'player-end-light');

    // Scrub to iteration 1 / expand with the keys: Home, then → twice (select, expand).
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Home');
    await waitForCursor(page, 0);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await waitForCursor(page, 2);
    const first = trace.events.find((e) => e.phase === 'expand')!;
    const k = first.phase === 'expand' ? first.children.length : 0;
    // The canvas reports its count right after it applied the state (one render later).
    await waitForTreeNodes(page, 1 + k).catch(() => undefined);
    let at = await playerAt(page);
    assert(at.iteration === 1 && at.phase === 'expand', `iteration 1 / expand (${JSON.stringify(at)})`);
    assert(at.treeNodes === 1 + k, `exactly 1 + k = ${1 + k} tree nodes after the first expansion (${at.treeNodes})`);
    await screenshot(page, env, 'player-iteration1-expand-light');

    // Ctrl+→: the same phase of the next iteration; End: the end.
    await page.keyboard.press('Control+ArrowRight');
    // Expected: the expand of iteration 2, or its select when iteration 2 expanded nothing.
    const expandTwo = trace.events.findIndex((e) => e.iteration === 2 && e.phase === 'expand');
    const expected = (expandTwo >= 0 ? expandTwo : trace.events.findIndex((e) => e.iteration === 2)) + 1;
    await waitForCursor(page, expected).catch(() => undefined);
    at = await playerAt(page);
    assert(at.cursor === expected, `Ctrl+→ goes to the same phase of iteration 2 (cursor ${at.cursor}, phase ${at.phase}; expected ${expected})`);
    await page.getByTestId('player-end').click();
    await waitForCursor(page, trace.events.length);

    // The inspector: the root by default, then the best result (clicked in the answer list).
    const root = finalStats(trace, trace.rootId);
    assert(Number(await page.getByTestId('inspector-N').textContent()) === root.N, 'root N equals the trace');
    const hitIds = await page.locator('[data-testid="search-hit"]').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-id'))));
    const best = hitIds.find((id) => finalStats(trace, id).parent !== null)!;
    assert(best !== undefined, 'a result is in the search tree');
    await showDockTab(page, 'answer');
    await page.locator(`[data-testid="search-hit"][data-id="${best}"] button`).click();
    await page.waitForFunction((id) => document.querySelector('[data-testid="player-inspector"]')?.getAttribute('data-node') === String(id), best, { timeout: 10_000 });
    const stats = finalStats(trace, best);
    const parent = finalStats(trace, stats.parent!);
    const uct = stats.R / Math.max(1, stats.N) + trace.params.c * Math.sqrt((2 * Math.log(Math.max(1, parent.N))) / Math.max(1, stats.N));
    assert(Number(await page.getByTestId('inspector-N').textContent()) === stats.N, `inspector N = ${stats.N}`);
    const shownR = Number((await page.getByTestId('inspector-R').textContent()) ?? 'NaN');
    assert(Math.abs(shownR - stats.R) < 0.0051 * Math.max(1, Math.abs(stats.R)), `inspector R ≈ ${stats.R} (${shownR})`);
    const shownUct = Number(((await page.getByTestId('inspector-uct').textContent()) ?? '').split('=')[0]);
    assert(Math.abs(shownUct - uct) < 0.0006, `inspector UCT ${shownUct} = trace ${uct.toFixed(4)}`);

    // Code-graph view keeps the position.
    await page.getByTestId('player-view-graph').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="mcts-player"]')?.getAttribute('data-view') === 'graph');
    await waitForPlayer(page);
    assert((await playerAt(page)).cursor === trace.events.length, 'switching views keeps the scrub position');
    await screenshot(page, env, 'player-codegraph-light');
    await page.getByTestId('player-view-tree').click();
    await waitForPlayer(page);

    // What-if: another c changes the visit pattern; the diff lists it.
    await showDockTab(page, 'inspect');
    await page.getByTestId('whatif-c').fill(String(trace.params.c * 40));
    await page.getByTestId('whatif-run').click();
    await page.getByTestId('run-diff').waitFor({ timeout: 120_000 });
    await waitForPlayer(page);
    const diff = await page.getByTestId('run-diff').evaluate((el) => ({ a: Number(el.getAttribute('data-only-a')), b: Number(el.getAttribute('data-only-b')), ranks: Number(el.getAttribute('data-rank-changes')) }));
    assert(diff.a + diff.b > 0, `another c visits other nodes (${JSON.stringify(diff)})`);
    await screenshot(page, env, 'player-diff-light');

    // Export then import: the imported run replays identically.
    const exported = await exportTrace(page, env.artifacts, 'player-run-b.json');
    const checkpoints = ['start', 'expand1', 'iteration3', 'end'] as const;
    const before: string[] = [];
    for (const c of checkpoints) before.push(await settledPositionAt(page, c));
    assert(before[3]!.startsWith(`${exported.trace.events.length}/`), `the end is the last event (${before[3]})`);
    const exportedRun = await page.getByTestId('mcts-player').getAttribute('data-run');
    await page.getByTestId('run-import-input').setInputFiles(exported.path);
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="run-list"]')?.getAttribute('data-runs')) >= n, 3);
    // The player shows the imported run (a new run id) before it is compared: until then the
    // exported run is still on screen, ready, and a loaded machine can switch mid-comparison.
    await page.waitForFunction((old) => document.querySelector('[data-testid="mcts-player"]')?.getAttribute('data-run') !== old, exportedRun, { timeout: 30_000 });
    await waitForPlayer(page);
    assert((await page.getByTestId('player-warning').count()) === 0, 'an export of this graph imports without a warning');
    await expectOpenedAtStart(page, 'the imported run');
    for (const [i, c] of checkpoints.entries()) await expectPosition(page, c, before[i]!, 'imported run');

    // Reload: the runs are still there and reopen.
    const runId = await page.getByTestId('mcts-player').getAttribute('data-run');
    await page.reload();
    await waitForGraph(page, 'overview');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="run-list"]')?.getAttribute('data-runs')) >= 3, undefined, { timeout: 30_000 });
    await page.getByTestId('run-list').selectOption(runId!);
    await waitForPlayer(page);
    await expectOpenedAtStart(page, 'the reopened run');
    await expectPosition(page, checkpoints[1]!, before[1]!, 'the reopened run');

    // Dark theme, and a Path 1 answer replaces the tree with its own nodes.
    await setTheme(page, 'dark');
    await page.getByTestId('player-end').click();
    await screenshot(page, env, 'player-end-dark');
    await ask(page, 'Where is `CatalogSearch` defined?');
    await page.waitForFunction(() => document.querySelector('[data-testid="graph"]')?.getAttribute('data-mode') === 'answer' && document.querySelector('[data-testid="mcts-player"]') === null, undefined, { timeout: 30_000 });
    assert((await page.getByTestId('search-tree-legend').count()) === 0, 'no tree legend over a Path 1 answer');
    await screenshot(page, env, 'player-path1-answer-dark');
  });
});

/** A stored or imported run opens at its start (cursor 0, before the first select), paused. */
async function expectOpenedAtStart(page: Page, what: string): Promise<void> {
  const at = await playerAt(page);
  assert(at.cursor === 0 && at.iteration === 0, `${what} opens at its start (${JSON.stringify(at)})`);
  assert((await page.getByTestId('player-play').textContent()) === '▶', `${what} opens paused`);
}

/** "cursor/iteration/phase/treeNodes/inspector N" at a position reached with the player's buttons. */
/** The position at `where` once two reads in a row agree (the redraw after a move has landed). */
async function settledPositionAt(page: Page, where: 'start' | 'expand1' | 'iteration3' | 'end'): Promise<string> {
  let last = await positionAt(page, where);
  for (let i = 0; i < 20; i++) {
    const now = await positionAt(page, where);
    if (now === last) return now;
    last = now;
  }
  return last;
}

/**
 * The position at `where` equals `expected`, read again for up to 10 s: the tree view and the
 * inspector redraw after the cursor moves, later on a loaded machine (never a timing assertion).
 */
async function expectPosition(page: Page, where: 'start' | 'expand1' | 'iteration3' | 'end', expected: string, what: string): Promise<void> {
  let seen = '';
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    seen = await positionAt(page, where);
    if (seen === expected) return;
  }
  assert(false, `${what} at cursor ${where}: ${seen}, expected ${expected}`);
}

async function positionAt(page: Page, where: 'start' | 'expand1' | 'iteration3' | 'end'): Promise<string> {
  await page.getByTestId(where === 'end' ? 'player-end' : 'player-start').click();
  if (where === 'expand1' || where === 'iteration3') {
    await page.getByTestId('player-phase-forward').click();
    await page.getByTestId('player-phase-forward').click();
  }
  if (where === 'iteration3') {
    await page.getByTestId('player-iteration-forward').click();
    await page.getByTestId('player-iteration-forward').click();
  }
  await page.waitForTimeout(150);
  await page.waitForFunction(() => {
    const p = document.querySelector('[data-testid="mcts-player"]');
    return document.querySelector('[data-testid="player-inspector"]') !== null && p !== null;
  });
  const at = await playerAt(page);
  return `${at.cursor}/${at.iteration}/${at.phase}/${at.treeNodes}/${await page.getByTestId('inspector-N').textContent()}`;
}
