/**
 * @file Describe + embed with the built-ins in headless chromium, through the real built app
 * (dist/ under vite preview): load the corpus (the demo button, or the zip through
 * input[data-testid="zip-input"]), open the models panel, click `describe-button` and wait for
 * `describe-progress` data-state="done", then `embed-button` until `embed-progress` is done
 * (the app embeds description + code, then computes SIMILAR; the phases are told apart by
 * polling its data-phase). SIMILAR edges and method come from `similar-info`. Memory: RSS of
 * the renderer processes sampled every 250 ms during describe + embed. Each corpus gets a
 * fresh browser context (its own storage).
 * Runs in: Node (bench).
 */
import { performance } from 'node:perf_hooks';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../chromium.ts';
import { serveDist } from '../pageBuild.ts';
import { readProcMemory, rendererPids, startSampler } from './procMemory.ts';
import { PeakTracker } from './stats.ts';

export interface AppCorpus {
  name: string;
  /** A zip file to drop in; null = the app's demo button. */
  zipPath: string | null;
}

export interface AppSemanticResult {
  corpus: string;
  files: number;
  nodes: number;
  indexMs: number;
  describe: { ms: number; done: number; total: number };
  /** From the embed click until the progress element says done (embed + SIMILAR). */
  embed: { ms: number; vectors: number; phaseMs: Record<string, number> };
  similar: { edges: number | null; method: string | null };
  /** Largest sampled RSS of one renderer during describe + embed. */
  rendererRssPeakBytes: number | null;
  pageErrors: string[];
}

export interface AppSemanticRun {
  results: ({ ok: true; value: AppSemanticResult } | { ok: false; corpus: string; reason: string })[];
  chromiumVersion: string;
}

export interface AppSemanticOptions {
  repoRoot: string;
  distDir?: string;
  corpora: readonly AppCorpus[];
  timeoutMs: number;
  log: (line: string) => void;
}

async function attr(page: Page, testId: string, name: string): Promise<string | null> {
  return page.evaluate(([id, key]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute(key) ?? null, [testId, name] as const);
}

async function waitForIndexed(page: Page, timeoutMs: number): Promise<void> {
  await page.waitForFunction(
    () => {
      const failed = document.querySelector('[data-testid="index-error"]');
      if (failed) throw new Error(`index failed: ${failed.textContent}`);
      const el = document.querySelector('[data-testid="index-summary"]');
      return el !== null && Number(el.getAttribute('data-nodes')) > 0 && el.getAttribute('data-ms') !== null;
    },
    undefined,
    { timeout: timeoutMs, polling: 100 },
  );
}

/** Waits for data-state="done" on a progress element; phase changes (data-phase) are timed. */
async function waitForDone(page: Page, testId: string, timeoutMs: number, started: number): Promise<Record<string, number>> {
  const firstSeen: { phase: string; at: number }[] = [];
  const deadline = started + timeoutMs;
  for (;;) {
    const state = await page.evaluate((id) => {
      const banner = document.querySelector('[data-testid="error-banner"]');
      const el = document.querySelector(`[data-testid="${id}"]`);
      return { error: banner?.textContent ?? null, state: el?.getAttribute('data-state') ?? null, phase: el?.getAttribute('data-phase') ?? '' };
    }, testId);
    const now = performance.now();
    if (state.error) throw new Error(`the app reported an error: ${state.error.trim().slice(0, 300)}`);
    if (state.phase && firstSeen.at(-1)?.phase !== state.phase) firstSeen.push({ phase: state.phase, at: now });
    if (state.state === 'done' && now - started > 50) {
      const phaseMs: Record<string, number> = {};
      firstSeen.forEach((entry, i) => {
        phaseMs[entry.phase] = (phaseMs[entry.phase] ?? 0) + ((firstSeen[i + 1]?.at ?? now) - entry.at);
      });
      return phaseMs;
    }
    if (now > deadline) throw new Error(`${testId} not done after ${Math.round(timeoutMs / 1000)} s (state ${state.state})`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function openModelsPanel(page: Page): Promise<void> {
  if (await page.getByTestId('models-panel').isVisible()) return;
  await page.getByTestId('models-toggle').click();
  await page.getByTestId('models-panel').waitFor({ timeout: 30_000 });
}

async function runCorpus(browser: Browser, url: string, corpus: AppCorpus, timeoutMs: number, log: (line: string) => void): Promise<AppSemanticResult> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(url, { waitUntil: 'load' });
    let started = performance.now();
    if (corpus.zipPath) {
      const input = page.locator('input[data-testid="zip-input"]');
      await input.waitFor({ state: 'attached', timeout: 60_000 });
      started = performance.now();
      await input.setInputFiles(corpus.zipPath);
    } else {
      await page.getByTestId('demo-button').click();
    }
    await waitForIndexed(page, timeoutMs);
    const indexMs = performance.now() - started;
    const files = Number(await attr(page, 'index-summary', 'data-files'));
    const nodes = Number(await attr(page, 'index-summary', 'data-nodes'));
    log(`${corpus.name}: indexed ${files} files, ${nodes} nodes in ${(indexMs / 1000).toFixed(1)} s`);
    await openModelsPanel(page);
    const describeButton = page.getByTestId('describe-button');
    await describeButton.waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => !(document.querySelector('[data-testid="describe-button"]') as HTMLButtonElement | null)?.disabled, undefined, {
      timeout: 60_000,
    });

    const rss = new PeakTracker();
    const stopSampling = startSampler(250, () => {
      const sizes = rendererPids(process.pid).map((pid) => readProcMemory(pid)?.rssBytes ?? 0);
      if (sizes.length > 0) rss.add(Math.max(...sizes));
    });
    try {
      started = performance.now();
      await describeButton.click();
      await waitForDone(page, 'describe-progress', timeoutMs, started);
      const describeMs = performance.now() - started;
      const done = Number(await attr(page, 'describe-progress', 'data-done'));
      const total = Number(await attr(page, 'describe-progress', 'data-total'));
      log(`${corpus.name}: described ${done} / ${total} in ${(describeMs / 1000).toFixed(1)} s`);

      await page.waitForFunction(() => !(document.querySelector('[data-testid="embed-button"]') as HTMLButtonElement | null)?.disabled, undefined, {
        timeout: 60_000,
      });
      started = performance.now();
      await page.getByTestId('embed-button').click();
      const phaseMs = await waitForDone(page, 'embed-progress', timeoutMs, started);
      const embedMs = performance.now() - started;
      const vectors = Number(await attr(page, 'embed-progress', 'data-done'));
      await page.getByTestId('similar-info').waitFor({ state: 'attached', timeout: 10_000 }).catch(() => undefined);
      const edges = await attr(page, 'similar-info', 'data-edges');
      const method = await attr(page, 'similar-info', 'data-method');
      log(`${corpus.name}: embedded ${vectors} vectors, SIMILAR ${edges ?? '?'} in ${(embedMs / 1000).toFixed(1)} s`);
      return {
        corpus: corpus.name,
        files,
        nodes,
        indexMs,
        describe: { ms: describeMs, done, total },
        embed: { ms: embedMs, vectors, phaseMs },
        similar: { edges: edges === null ? null : Number(edges), method },
        rendererRssPeakBytes: rss.samples > 0 ? rss.peak : null,
        pageErrors,
      };
    } finally {
      await stopSampling();
    }
  } finally {
    await context.close();
  }
}

export async function measureAppSemantic(options: AppSemanticOptions): Promise<AppSemanticRun> {
  const { repoRoot, log } = options;
  const served = await serveDist(repoRoot, options.distDir);
  const { browser, close } = await launchChromium('bench-embed-app-');
  try {
    const url = served.origin;
    const results: AppSemanticRun['results'] = [];
    for (const corpus of options.corpora) {
      try {
        results.push({ ok: true, value: await runCorpus(browser, url, corpus, options.timeoutMs, log) });
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        log(`${corpus.name}: failed: ${reason}`);
        results.push({ ok: false, corpus: corpus.name, reason });
      }
    }
    return { results, chromiumVersion: browser.version() };
  } finally {
    await close();
    await served.close();
  }
}
