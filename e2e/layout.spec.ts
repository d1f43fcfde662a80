/**
 * @file Panels never crowd the graph (docs/architecture.md, "The dock"), on the demo and on psf/black
 * 23.1.0 (e2e/fixtures/black-23.1.0.zip), at 1280x720 and 1440x900, light and dark: with each
 * docked panel alone (answer, story, Inspect, SQL, Cypher, agent, models, the details) and with
 * all of them open together, in the player's tree and in the overview, the graph canvas keeps at
 * least half of the window's area (the app's data-graph-share, and an independent count of the
 * points of the window where the graph is on top), no two panels, bars or the legend overlap, and
 * every panel lies inside the window (the models panel is never cut off). The dock's tabs switch
 * with `d`, Shift+D and the arrow keys. Screenshots of each size and theme in test-results/.
 * Runs in: Node (e2e, driving chromium).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { assert, openDemo, screenshot, setTheme, test, turnAutoEmbedOff, waitForGraph, waitForSummary, withSession } from './harness.ts';
import type { E2EEnv } from './harness.ts';
import { ask, waitForPlayer } from './playerKit.ts';

type Tab = 'answer' | 'story' | 'inspect' | 'sql' | 'cypher' | 'agent' | 'models';
/** The header or player button that opens / brings forward / closes each panel. */
const TOGGLES: Partial<Record<Tab, string>> = { answer: 'answer-toggle', inspect: 'player-details', sql: 'sql-toggle', cypher: 'cypher-toggle', agent: 'agent-toggle', models: 'models-toggle' };
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

interface Layout {
  /** data-graph-share of the app root. */
  share: number;
  /** The share of a grid of window points whose topmost element belongs to the graph's stage. */
  sampled: number;
  front: string;
  tabs: string;
  /** Boxes of everything laid out side by side (bars, canvas, legend, player, the dock's visible parts). */
  boxes: { name: string; x: number; y: number; w: number; h: number }[];
}

async function tabs(page: Page): Promise<string[]> {
  const value = (await page.getByTestId('dock').getAttribute('data-tabs')) ?? '';
  return value ? value.split(' ') : [];
}

async function front(page: Page): Promise<string> {
  return (await page.getByTestId('dock').getAttribute('data-front')) ?? '';
}

/** Waits two frames: the dock's width and the share follow a resize observation. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() => document.querySelector('[data-testid="graph"]')?.getAttribute('data-busy') !== 'true');
}

async function openTab(page: Page, tab: Tab): Promise<void> {
  if (!(await tabs(page)).includes(tab)) await page.getByTestId(TOGGLES[tab]!).click();
  await page.waitForFunction((t) => (document.querySelector('[data-testid="dock"]')?.getAttribute('data-tabs') ?? '').split(' ').includes(t), tab);
}

async function closeTab(page: Page, tab: Tab): Promise<void> {
  while ((await tabs(page)).includes(tab)) {
    // Behind another panel the toggle brings it forward; in front it closes it.
    if ((await front(page)) !== tab) await page.getByTestId(`dock-tab-${tab}`).click();
    await page.getByTestId(TOGGLES[tab]!).click();
  }
}

async function deselect(page: Page): Promise<void> {
  // Esc first leaves a focused field, then clears the selection (the models panel closes first: keep it closed here).
  for (let i = 0; i < 3 && (await page.getByTestId('details-pane').getAttribute('data-empty')) !== 'true'; i++) await page.keyboard.press('Escape');
  await page.locator('[data-testid="details-pane"][data-empty="true"]').waitFor({ state: 'attached' });
}

async function selectByName(page: Page, name: string): Promise<void> {
  await page.getByTestId('search-input').fill(name);
  await page.getByTestId('search-results').locator('[role="option"]').first().click();
  await page.locator('[data-testid="details-pane"][data-node-id]').waitFor();
}

async function measure(page: Page): Promise<Layout> {
  await settle(page);
  return page.evaluate(() => {
    const W = innerWidth;
    const H = innerHeight;
    const stage = document.querySelector('.graph-stage')!;
    let on = 0;
    let all = 0;
    // A point every 12 px (6,400-9,000 of them): each is a hit test, and four times as many took
    // 0.3-1.5 s a check (some 40 checks a test). The grid's rounding stays within 0.01 of the
    // share; the check below allows 0.03.
    for (let y = 6; y < H; y += 12) {
      for (let x = 6; x < W; x += 12) {
        all++;
        const top = document.elementFromPoint(x, y);
        if (top && stage.contains(top)) on++;
      }
    }
    const dock = document.querySelector('[data-testid="dock"]')!;
    const parts: [string, Element | null][] = [
      ['header', document.querySelector('.app-header')],
      ['summary', document.querySelector('.summary-bar')],
      ['question bar', document.querySelector('.question-bar')],
      ['graph toolbar', document.querySelector('.graph-toolbar')],
      ['breadcrumb', document.querySelector('.graph-breadcrumb')],
      ['canvas', document.querySelector('[data-testid="graph"]')],
      ['player', document.querySelector('.mcts-player')],
      ['legend', document.querySelector('.graph-footer')],
      ['dock tabs', dock.querySelector('.dock-tabs')],
      ...[...dock.querySelectorAll('.dock-panel:not([hidden]), .dock-details:not([hidden])')].map((el): [string, Element] => [el.getAttribute('data-testid') ?? 'details', el]),
    ];
    const boxes = parts.flatMap(([name, el]) => {
      if (!el) return [];
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 ? [{ name, x: r.x, y: r.y, w: r.width, h: r.height }] : [];
    });
    return {
      share: Number(document.querySelector('.app')?.getAttribute('data-graph-share')),
      sampled: on / all,
      front: dock.getAttribute('data-front') ?? '',
      tabs: dock.getAttribute('data-tabs') ?? '',
      boxes,
    };
  });
}

/** Half the window for the graph, nothing overlapping, everything inside the window. */
async function check(page: Page, label: string): Promise<Layout> {
  const at = await measure(page);
  const size = page.viewportSize()!;
  console.log(`    ${label}: share ${at.share.toFixed(3)} (points ${at.sampled.toFixed(3)}), tabs [${at.tabs}] front ${at.front || '-'}`);
  if (process.env.E2E_VERBOSE) console.log(at.boxes.map((b) => `${b.name} ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.w)}x${Math.round(b.h)}`).join(' | '));
  assert(at.share >= 0.5, `${label}: the graph keeps half the window (${at.share})`);
  assert(at.sampled >= 0.5, `${label}: the graph is on top in half the window's points (${at.sampled.toFixed(3)})`);
  assert(Math.abs(at.sampled - at.share) < 0.03, `${label}: the reported share (${at.share}) is what the window shows (${at.sampled.toFixed(3)})`);
  for (const box of at.boxes) {
    assert(box.x >= -0.5 && box.y >= -0.5 && box.x + box.w <= size.width + 0.5 && box.y + box.h <= size.height + 0.5, `${label}: ${box.name} lies inside the window (${JSON.stringify(box)})`);
  }
  for (let i = 0; i < at.boxes.length; i++) {
    for (let j = i + 1; j < at.boxes.length; j++) {
      const a = at.boxes[i]!;
      const b = at.boxes[j]!;
      const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      assert(w <= 0.5 || h <= 0.5, `${label}: ${a.name} and ${b.name} do not overlap (${JSON.stringify(a)} / ${JSON.stringify(b)})`);
    }
  }
  return at;
}

/** Every docked panel alone, then all of them together (the details too), at one size and theme. */
async function walkPanels(page: Page, env: E2EEnv, tag: string, node: string): Promise<void> {
  for (const tab of ['answer', 'inspect', 'sql', 'cypher', 'agent', 'models'] as Tab[]) await closeTab(page, tab);
  await deselect(page);
  // The player's story alone: a finished run on the canvas.
  assert((await tabs(page)).join(' ') === 'story', `${tag}: only the story is docked (${(await tabs(page)).join(' ')})`);
  await check(page, `${tag} story`);
  await screenshot(page, env, `layout-${tag}-story`);
  for (const tab of ['inspect', 'answer', 'sql', 'cypher', 'agent', 'models'] as Tab[]) {
    await openTab(page, tab);
    assert((await front(page)) === tab, `${tag}: ${tab} opens in front`);
    await check(page, `${tag} ${tab}`);
    if (tab === 'inspect' || tab === 'agent') await screenshot(page, env, `layout-${tag}-${tab}`);
    await closeTab(page, tab);
  }
  await selectByName(page, node);
  await check(page, `${tag} details`);
  for (const tab of ['answer', 'inspect', 'sql', 'cypher', 'agent', 'models'] as Tab[]) await openTab(page, tab);
  const all = await check(page, `${tag} all`);
  assert(all.tabs === 'answer story inspect sql cypher agent models', `${tag}: every panel has its tab (${all.tabs})`);
  assert(all.boxes.some((b) => b.name === 'details'), `${tag}: the details sit under the panel in front`);
  // The models panel lies wholly in the window, its close button too.
  const close = await page.getByRole('button', { name: 'Close the models panel' }).boundingBox();
  const size = page.viewportSize()!;
  assert(close && close.x + close.width <= size.width && close.y >= 0, `${tag}: the models panel's close button is in the window`);
  await screenshot(page, env, `layout-${tag}-all`);
}

/** The dock's keys: d / Shift+D cycle the tabs; ←/→ and Home / End on a focused tab. */
async function dockKeys(page: Page, tag: string): Promise<void> {
  const open = await tabs(page);
  const start = await front(page);
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('d');
  const next = await front(page);
  assert(next === open[(open.indexOf(start) + 1) % open.length], `${tag}: d brings the next tab forward (${start} → ${next})`);
  await page.keyboard.press('Shift+D');
  assert((await front(page)) === start, `${tag}: Shift+D brings the previous one back`);
  await page.getByTestId(`dock-tab-${start}`).focus();
  await page.keyboard.press('End');
  assert((await front(page)) === open[open.length - 1], `${tag}: End on the tabs brings the last forward`);
  await page.keyboard.press('Home');
  assert((await front(page)) === open[0], `${tag}: Home the first`);
  await page.keyboard.press('ArrowRight');
  assert((await front(page)) === open[1], `${tag}: → the next`);
  assert(await page.getByTestId(`dock-tab-${open[1]}`).evaluate((el) => el === document.activeElement), `${tag}: the focus follows the tab`);
  await page.keyboard.press('ArrowLeft');
  assert((await front(page)) === open[0], `${tag}: ← the previous`);
}

/** With a run loaded, each size and theme: panels alone and together, in the tree and in the overview. */
async function walkLayouts(page: Page, env: E2EEnv, repo: string, node: string): Promise<void> {
  for (const size of SIZES) {
    for (const theme of ['light', 'dark'] as const) {
      const tag = `${repo}-${size.width}-${theme}`;
      await page.setViewportSize(size);
      await setTheme(page, theme);
      await walkPanels(page, env, tag, node);
      if (size.width === 1280 && theme === 'light') await dockKeys(page, tag);
      // The same panels over the overview, the player still loaded under it (its bar and the breadcrumb both take height).
      await page.getByTestId('overview-button').click();
      await waitForGraph(page, 'overview');
      await check(page, `${tag} all over the overview`);
      await screenshot(page, env, `layout-${tag}-overview`);
      await page.getByTestId('dock-tab-answer').click();
      await page.getByTestId('show-tree').click();
      await waitForPlayer(page);
    }
  }
}

test('layout: the demo keeps half the window for the graph, panels alone and together, 1280x720 and 1440x900, light and dark', async ({ env }) => {
  test.setTimeout(400_000);
  await withSession(env, 'layout-demo', async (_session, page) => {
    // Panels and their boxes, not vectors: the embedding after the index is turned off.
    await openDemo(page, env, { autoEmbed: false });
    await check(page, 'demo-1280 nothing open');
    await ask(page, 'how are prices discounted for a cart');
    await waitForPlayer(page);
    assert((await front(page)) === 'answer', "a question's answer is in front, its run's story behind it");
    await walkLayouts(page, env, 'demo', 'Cart');
  });
});

test('layout: black keeps half the window for the graph, panels alone and together, 1280x720 and 1440x900, light and dark', async ({ env }) => {
  test.setTimeout(400_000);
  await withSession(env, 'layout-black', async (_session, page) => {
    await page.setViewportSize(SIZES[0]);
    await page.goto(env.baseUrl);
    // Panels and their boxes, not vectors: the embedding after the index is turned off.
    await turnAutoEmbedOff(page);
    const zip = readFileSync(join(env.repoRoot, 'e2e', 'fixtures', 'black-23.1.0.zip'));
    await page.getByTestId('zip-input').setInputFiles({ name: 'black-23.1.0.zip', mimeType: 'application/zip', buffer: zip });
    await waitForSummary(page);
    await waitForGraph(page, 'overview');
    await check(page, 'black-1280 nothing open');
    await ask(page, 'which function formats a file in place');
    await waitForPlayer(page);
    await walkLayouts(page, env, 'black', 'format_file_in_place');
  });
});
