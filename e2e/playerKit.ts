/**
 * @file Shared steps of the player's e2e specs: describe and embed, ask a question and wait for
 * the answer, wait for a replayable run drawn at the cursor, read the player's position, read
 * what the canvas reports (label overlaps, the story of the current step), and bring a panel of
 * the side dock (answer, story, Inspect) to the front.
 * Runs in: Node (e2e, driving chromium).
 */
import type { Page } from 'playwright-core';

export async function describeAndEmbed(page: Page): Promise<void> {
  await page.getByTestId('models-toggle').click();
  await page.getByTestId('describe-button').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="describe-progress"]')?.getAttribute('data-state') === 'done', undefined, { timeout: 120_000 });
  await page.getByTestId('embed-button').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="embed-progress"]')?.getAttribute('data-state') === 'done', undefined, { timeout: 120_000 });
  await page.getByTestId('models-toggle').click();
}

/** Brings a docked panel to the front by its tab (the answer, the story and Inspect share the dock). */
export async function showDockTab(page: Page, tab: 'answer' | 'story' | 'inspect'): Promise<void> {
  await page.getByTestId(`dock-tab-${tab}`).click();
  await page.waitForFunction((t) => document.querySelector('[data-testid="dock"]')?.getAttribute('data-front') === t, tab);
}

export async function ask(page: Page, question: string): Promise<void> {
  await page.getByTestId('question-input').fill(question);
  await page.getByTestId('question-input').press('Enter');
  await page.waitForFunction(
    () => {
      const error = document.querySelector('[data-testid="search-error"]');
      if (error) throw new Error(`search error: ${error.textContent}`);
      return document.querySelector('[data-testid="search-panel"]')?.getAttribute('data-state') === 'done';
    },
    undefined,
    { timeout: 120_000, polling: 100 },
  );
}

/** Waits for a replayable run in the player with its tree drawn at the cursor. */
export async function waitForPlayer(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const p = document.querySelector('[data-testid="mcts-player"]');
      const g = document.querySelector('[data-testid="graph"]');
      return p?.getAttribute('data-live') === 'false' && Number(p.getAttribute('data-iterations')) > 0 && g?.getAttribute('data-busy') !== 'true' && Number(g?.getAttribute('data-tree-nodes')) > 0;
    },
    undefined,
    { timeout: 60_000, polling: 100 },
  );
}

export async function playerAt(page: Page): Promise<{ iteration: number; phase: string; iterations: number; treeNodes: number; cursor: number }> {
  return page.evaluate(() => {
    const p = document.querySelector('[data-testid="mcts-player"]')!;
    const g = document.querySelector('[data-testid="graph"]')!;
    return {
      iteration: Number(p.getAttribute('data-iteration')),
      phase: p.getAttribute('data-phase') ?? '',
      iterations: Number(p.getAttribute('data-iterations')),
      cursor: Number(p.getAttribute('data-cursor')),
      treeNodes: Number(g.getAttribute('data-tree-nodes')),
    };
  });
}

export async function waitForCursor(page: Page, cursor: number): Promise<void> {
  await page.waitForFunction((c) => document.querySelector('[data-testid="mcts-player"]')?.getAttribute('data-cursor') === String(c), cursor);
}


/** What the canvas and the story say at the cursor: label pairs overlapping, labels drawn, the current step's text. */
export async function canvasAt(page: Page): Promise<{ overlaps: number; labels: number; drawn: number; story: string; names: number }> {
  return page.evaluate(() => {
    const g = document.querySelector('[data-testid="graph"]')!;
    const story = document.querySelector('[data-testid="player-story"]');
    return {
      overlaps: Number(g.getAttribute('data-label-overlaps')),
      labels: Number(g.getAttribute('data-labels')),
      drawn: Number(g.getAttribute('data-tree-drawn')),
      story: story?.textContent ?? '',
      names: story?.querySelectorAll('.story-node').length ?? 0,
    };
  });
}

/** Waits until the story shows the step at `cursor` and the canvas has drawn it. */
export async function waitForStep(page: Page, cursor: number): Promise<void> {
  await page.waitForFunction(
    (c) => {
      const p = document.querySelector('[data-testid="mcts-player"]');
      const story = document.querySelector('[data-testid="player-story"]');
      const g = document.querySelector('[data-testid="graph"]');
      // The labels are read from the canvas a frame after it drew this step.
      return p?.getAttribute('data-cursor') === String(c) && story !== null && g?.getAttribute('data-busy') !== 'true' && g?.getAttribute('data-labels-cursor') === String(c);
    },
    cursor,
    { timeout: 15_000, polling: 50 },
  );
}
