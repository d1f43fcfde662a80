/**
 * @file Hostile and awkward zips (scripts/fixtures/makeBadZips.ts) through the real UI. Inputs
 * that must fail show their message in the error banner while the previous graph stays;
 * inputs that index show their skip reason, decoding note or file as plain text (a file name
 * carrying HTML never becomes markup; definitions of every language in a kept input open).
 * Also: Esc cancels a running index, graph kept; a parse worker killed mid-parse (e2e-only fault)
 * costs only the file that kills it; a reload mid-index comes back with the last graph; the
 * main-thread long tasks during ingest (PerformanceObserver 'longtask'), printed against the
 * 200 ms goal and never asserted (timings are reported, not pass/fail). The embedding after an
 * index is turned off here (the start screen's setting): it is not what this test is about.
 * Runs in: Node (e2e, driving chromium).
 */
import type { Page } from 'playwright-core';
import { buildZipSync, makeBadInputs } from '../scripts/fixtures/makeBadZips.ts';
import type { BadInput } from '../scripts/fixtures/makeBadZips.ts';
import { assert, readSummary, screenshot, test, turnAutoEmbedOff, waitForGraph, waitForSummary, withSession } from './harness.ts';
import type { E2EEnv, SummaryNumbers } from './harness.ts';

/**
 * Hands the zip to the page's file input as a page-side File assembled from 1 MB pieces, the way
 * the file picker hands over a File. Playwright's setInputFiles would instead decode the whole
 * buffer in one main-thread task of the page (profiled: 0.4-0.5 s for the 7 MB zip, 1.4 s for the
 * 19 MB entry-count bomb), a cost of the harness that no user pays and that would hide the app's
 * own long tasks.
 */
async function upload(page: Page, input: BadInput): Promise<void> {
  const piece = 1 << 20;
  await page.evaluate(() => ((window as unknown as { zipParts: Uint8Array[] }).zipParts = []));
  for (let at = 0; at < input.data.length; at += piece) {
    const base64 = Buffer.from(input.data.subarray(at, at + piece)).toString('base64');
    await page.evaluate((text) => {
      const binary = atob(text);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      (window as unknown as { zipParts: Uint8Array[] }).zipParts.push(bytes);
    }, base64);
  }
  await page.evaluate((name) => {
    const parts = (window as unknown as { zipParts: Uint8Array<ArrayBuffer>[] }).zipParts;
    const picked = new DataTransfer();
    picked.items.add(new File(parts, name, { type: 'application/zip' }));
    (window as unknown as { zipParts: Uint8Array[] }).zipParts = [];
    const field = document.querySelector<HTMLInputElement>('[data-testid="zip-input"]')!;
    field.files = picked.files;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }, input.name);
}

async function expectPreviousGraph(page: Page, before: SummaryNumbers, what: string): Promise<void> {
  const now = await readSummary(page);
  assert(now && now.nodes === before.nodes && now.edges === before.edges, `${what}: the previous graph must stay (${JSON.stringify(now)})`);
  await waitForGraph(page);
}

async function dismissError(page: Page): Promise<void> {
  await page.getByTestId('error-banner').getByRole('button', { name: 'Dismiss' }).click();
}

async function searchAndOpen(page: Page, text: string): Promise<void> {
  await page.getByTestId('search-input').fill(text);
  // Wait for a result naming the text: the list may still show the previous query's results.
  await page.getByTestId('search-results').locator('[role="option"]', { hasText: text }).first().click();
}

async function checkIndexed(page: Page, env: E2EEnv, input: BadInput): Promise<void> {
  if (input.outcome === 'skipped') {
    await page.getByTestId('skipped-button').click();
    const dialog = page.getByTestId('skipped-dialog');
    await dialog.getByText(input.expect, { exact: false }).first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  } else if (input.outcome === 'note') {
    await searchAndOpen(page, input.path!.replace(/\.py$/, ''));
    await page.getByTestId('details-pane').getByText(input.expect, { exact: false }).first().waitFor({ timeout: 10_000 });
  } else if (input.path?.includes('<img')) {
    await searchAndOpen(page, 'xss');
    const pane = page.getByTestId('details-pane');
    await pane.getByText(input.path, { exact: false }).first().waitFor({ timeout: 10_000 });
    await pane.getByText('<script>alert(1)</script>', { exact: false }).first().waitFor({ timeout: 10_000 });
    assert((await page.locator('img[src="x"]').count()) === 0, 'a file name with HTML must not become an <img>');
    assert((await page.locator('script:not([src]):not([type])').count()) === 0, 'no injected inline script');
    await screenshot(page, env, 'html-name-light');
  } else {
    // Each named definition (in every language of the input) is in the graph and opens.
    for (const name of input.find ?? []) {
      await searchAndOpen(page, name);
      await page.getByTestId('details-pane').getByTestId('details-name').filter({ hasText: name }).waitFor({ timeout: 10_000 });
    }
  }
}

/** The file whose parse worker the e2e fault kills (src/adapters/browser/parseWorkerFault.ts). */
const KILLER = 'killer.py';

/**
 * Three files parsed in one batch; KILLER is large enough (about 380 KB) that its worker is
 * still parsing when the fault kills it 20 ms after the batch is handed over.
 */
function workerKillInput(): BadInput {
  const body = Array.from({ length: 8_000 }, (_, i) => `def busy_${i}(value):\n    return value + ${i}\n`).join('');
  const data = buildZipSync({ 'kept_before.py': 'def kept_before():\n    return 1\n', [KILLER]: body, 'kept_after.py': 'def kept_after():\n    return 2\n' });
  return { name: 'worker-killed.zip', data, expect: 'parser crashed', outcome: 'kept', find: ['kept_before', 'kept_after'] };
}

/** Main-thread long tasks (ms), split by whether they overlap an ingest window. */
interface LongTasks {
  ingest: number[];
  other: number[];
}

/**
 * The issue's goal: no main-thread task over 200 ms during ingest, printed with its verdict (a timing,
 * so it never fails the test: speed is reported, not asserted). Ingest windows are the app's
 * `ranger:index` User Timing measures (src/ui/session.ts: from the pick to the arrival of the
 * summary or the error, before the state update); the first draw of the new graph comes after
 * and is reported apart, not hidden.
 */
const INGEST_TASK_LIMIT_MS = 200;

/** Moves the long tasks observed so far into `into`, split by the ingest windows; returns them. */
async function takeLongTasks(page: Page, into: LongTasks): Promise<LongTasks> {
  const seen = await page.evaluate(() => {
    const windows = performance.getEntriesByName('ranger:index', 'measure').map((m) => [m.startTime, m.startTime + m.duration]);
    const split = { ingest: [] as number[], other: [] as number[] };
    for (const [start, ms] of (window as unknown as { longTasks: [number, number][] }).longTasks.splice(0)) {
      const during = windows.some(([from, to]) => start < to! && start + ms > from!);
      (during ? split.ingest : split.other).push(Math.round(ms));
    }
    return split;
  });
  into.ingest.push(...seen.ingest);
  into.other.push(...seen.other);
  return seen;
}

function listMs(values: number[]): string {
  return values.length === 0 ? 'none' : values.map((ms) => `${ms}`).join(', ');
}

function reportLongTasks(inputs: number, tasks: LongTasks): void {
  const line = (values: number[]) =>
    `${values.length}, longest ${Math.max(0, ...values)} ms, ${values.filter((ms) => ms > INGEST_TASK_LIMIT_MS).length} over ${INGEST_TASK_LIMIT_MS} ms`;
  console.log(`    ${inputs} inputs; main-thread long tasks (>50 ms, PerformanceObserver) during ingest (pick to summary): ${line(tasks.ingest)}`);
  console.log(`    outside ingest (first draw of each new graph, searches, dialogs): ${line(tasks.other)}`);
  console.log('    (headless chromium, software rendering, shared cores; files handed over as page-side Files)');
}

test(
  'bad inputs: each shows its message; failures keep the previous graph; Esc cancels; a reload mid-index restores the last graph',
  async ({ env }) => {
    test.setTimeout(300_000);
    await withSession(env, 'bad-inputs', async (_session, page) => {
      // Main-thread long tasks (PerformanceObserver 'longtask': start and duration, ms).
      await page.addInitScript(() => {
        const target = window as unknown as { longTasks: [number, number][] };
        target.longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) target.longTasks.push([entry.startTime, entry.duration]);
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(env.baseUrl);
      // This test is about indexing hostile inputs and the main thread during ingest: the
      // embedding the app starts after each index (e2e/autoEmbed.spec.ts) is turned off, so that
      // it neither competes for the two cores nor changes the previous graph's edges (SIMILAR).
      await turnAutoEmbedOff(page);
      await page.getByTestId('demo-button').click();
      const demo = await waitForSummary(page);
      await waitForGraph(page, 'overview');
      const inputs = makeBadInputs();
      await page.evaluate(() => ((window as unknown as { longTasks: [number, number][] }).longTasks = []));
      const tasks: LongTasks = { ingest: [], other: [] };

      for (const input of inputs.filter((i) => i.outcome === 'error')) {
        await upload(page, input);
        const banner = page.getByTestId('error-banner');
        await banner.waitFor({ timeout: 30_000 });
        const text = (await banner.textContent()) ?? '';
        assert(text.toLowerCase().includes(input.expect.toLowerCase()), `${input.name}: banner "${text}" lacks "${input.expect}"`);
        assert((await banner.getAttribute('data-code')) === input.code, `${input.name}: code ${await banner.getAttribute('data-code')}`);
        await expectPreviousGraph(page, demo, input.name);
        if (input.name === 'no-source.zip') await screenshot(page, env, 'bad-input-light');
        await dismissError(page);
        if (process.env.E2E_VERBOSE) {
          const seen = await takeLongTasks(page, tasks);
          console.log(`    ${input.name}: long tasks in ingest ${listMs(seen.ingest)}, outside ${listMs(seen.other)}`);
        }
      }

      // Esc during a long index cancels it; the demo graph stays.
      const big = inputs.find((i) => i.name === 'big-source-20mb.zip')!;
      await upload(page, big);
      await page.getByTestId('progress-panel').waitFor();
      await page.waitForTimeout(300);
      await page.keyboard.press('Escape');
      const banner = page.getByTestId('error-banner');
      await banner.waitFor({ timeout: 30_000 });
      assert((await banner.getAttribute('data-code')) === 'CANCELLED', `cancel shows CANCELLED, got ${await banner.getAttribute('data-code')}`);
      await expectPreviousGraph(page, demo, 'cancelled index');
      await dismissError(page);
      const early = await takeLongTasks(page, tasks);
      if (process.env.E2E_VERBOSE) console.log(`    Esc: long tasks in ingest ${listMs(early.ingest)}, outside ${listMs(early.other)}`);

      // Inputs that index: each must finish in its budget; a slow one is cancelled and reported
      // at the end, so one failure does not hide the others.
      const failures: string[] = [];
      let previous = demo;
      for (const input of inputs.filter((i) => i.outcome !== 'error')) {
        const started = Date.now();
        await upload(page, input);
        try {
          previous = await waitForSummary(page, previous, input.data.length > 1_000_000 ? 90_000 : 30_000);
        } catch (error) {
          failures.push(`${input.name}: no new summary in time (${String(error).split('\n')[0]!.slice(0, 160)})`);
          await page.keyboard.press('Escape');
          // Cancelled, the banner says so; an index that ended meanwhile leaves none to dismiss.
          const banner = page.getByTestId('error-banner');
          if (await banner.waitFor({ timeout: 10_000 }).then(() => true, () => false)) await dismissError(page);
          previous = (await readSummary(page)) ?? previous;
          continue;
        }
        try {
          await checkIndexed(page, env, input);
        } catch (error) {
          failures.push(`${input.name}: ${String(error).split('\n')[0]}`);
          await page.keyboard.press('Escape');
        }
        const seen = await takeLongTasks(page, tasks);
        if (process.env.E2E_VERBOSE) {
          console.log(`    ${input.name}: ${Date.now() - started} ms; long tasks in ingest ${listMs(seen.ingest)}, outside ${listMs(seen.other)}`);
        }
      }
      await takeLongTasks(page, tasks);
      reportLongTasks(inputs.length, tasks);
      assert(failures.length === 0, `inputs that should index:\n      ${failures.join('\n      ')}`);
      const blocking = tasks.ingest.filter((ms) => ms > INGEST_TASK_LIMIT_MS);
      console.log(`    goal (no task over ${INGEST_TASK_LIMIT_MS} ms during ingest): ${blocking.length === 0 ? 'met' : `NOT met: ${listMs(blocking)}`}`);

      // A parse worker killed mid-parse (the e2e-only fault, on with ?e2e-kill-parse-worker): the
      // pool replaces it and retries the batch file by file; the file that kills its worker again
      // is listed with the reason, the other files are in the new graph.
      await page.goto(`${env.baseUrl}?e2e-kill-parse-worker=${KILLER}`);
      const reopened = await waitForSummary(page, null, 60_000);
      assert(reopened.nodes === previous.nodes && reopened.edges === previous.edges, `reopened graph ${JSON.stringify(reopened)} vs ${JSON.stringify(previous)}`);
      await page.evaluate(() => ((window as unknown as { longTasks: [number, number][] }).longTasks = []));
      const killed = workerKillInput();
      await upload(page, killed);
      previous = await waitForSummary(page, previous, 60_000);
      await page.getByTestId('syntax-button').click();
      const syntax = page.getByTestId('syntax-dialog');
      const row = syntax.locator('tr', { hasText: KILLER });
      await row.getByText(killed.expect, { exact: false }).waitFor({ timeout: 10_000 });
      assert((await syntax.locator('tbody tr').count()) === 1, 'only the file that killed its worker is listed');
      await screenshot(page, env, 'worker-killed-light');
      await page.keyboard.press('Escape');
      await syntax.waitFor({ state: 'detached' });
      await checkIndexed(page, env, killed);
      const afterKill = await takeLongTasks(page, { ingest: [], other: [] });
      console.log(`    worker killed mid-parse: ${KILLER} listed as "${killed.expect}", the other files indexed; long tasks in ingest ${listMs(afterKill.ingest)}`);

      // A reload in the middle of an index: the page comes back with the last finished graph.
      await upload(page, big);
      await page.getByTestId('progress-panel').waitFor();
      await page.waitForTimeout(500);
      await page.reload();
      const restored = await waitForSummary(page, null, 60_000);
      assert(restored.nodes === previous.nodes && restored.edges === previous.edges, `after a reload mid-index: ${JSON.stringify(restored)} vs ${JSON.stringify(previous)}`);
      await waitForGraph(page);
    });
  },
);
