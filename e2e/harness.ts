/**
 * @file The e2e suite's shared parts on Playwright Test: `test` with the `env` fixture (the
 * served test build's address, the repository root, the screenshots folder), browser sessions
 * on a persistent chromium profile that record every request and fail on any request leaving
 * localhost, failure evidence (screenshots, a trace, page errors) attached to the test's report,
 * and a few waiting/assertion helpers.
 * Runs in: Node (e2e, Playwright Test workers).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { test as base } from 'playwright/test';
import type { TestInfo, TraceMode } from 'playwright/test';
import { chromiumLaunchOptions, isLocalUrl } from '../scripts/chromium.ts';

export interface E2EEnv {
  baseUrl: string;
  repoRoot: string;
  /** Where named screenshots go (test-results/). */
  artifacts: string;
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Sessions opened by the running test and not closed yet (a worker runs one test at a time). */
const liveSessions = new Set<Session>();

/**
 * Playwright Test with the suite's fixtures: `env` (E2E_BASE_URL comes from e2e/globalSetup.ts)
 * and `sessionTrace`, when a session records a trace (the config sets it). A test that ends
 * with a session still open (a timeout) gets its evidence kept and the session closed here.
 */
export const test = base.extend<{ env: E2EEnv; sessionTrace: TraceMode }>({
  sessionTrace: ['off', { option: true }],
  env: async ({ sessionTrace }, use, testInfo) => {
    const baseUrl = process.env.E2E_BASE_URL;
    if (!baseUrl) throw new Error('E2E_BASE_URL is unset: run the suite with `npx playwright test` (e2e/globalSetup.ts serves dist/)');
    traceMode = sessionTrace;
    await use({ baseUrl, repoRoot, artifacts: join(repoRoot, 'test-results') });
    for (const session of [...liveSessions]) {
      await session.keepEvidence(testInfo, 'timed-out');
      await session.close();
    }
  },
});

let traceMode: TraceMode = 'off';

/** Whether this run of the test records a trace, by Playwright's trace modes. */
function tracesThisRun(mode: TraceMode, retry: number): boolean {
  if (mode === 'on' || mode === 'retain-on-failure' || mode === 'retain-on-failure-and-retries') return true;
  if (mode === 'retain-on-first-failure') return retry === 0;
  if (mode === 'on-first-retry') return retry === 1;
  if (mode === 'on-all-retries') return retry > 0;
  return false;
}

export class AssertionError extends Error {}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionError(message);
}

export { isLocalUrl };

/**
 * Opens a check page (e2e/pages, e2e/llmPages) at `url`, waits for its `{ ok, result, error }`
 * outcome on `window[key]` and returns the result (a failed check fails the test).
 */
export async function pageCheck<T>(page: Page, url: string, key: string, timeoutMs = 90_000): Promise<T> {
  await page.goto(url);
  await page.waitForFunction((k) => k in window, key, { timeout: timeoutMs });
  const outcome = (await page.evaluate((k) => (window as unknown as Record<string, unknown>)[k], key)) as { ok: boolean; result?: T; error?: string };
  assert(outcome.ok, `${key} ${url} failed: ${outcome.error}`);
  return outcome.result as T;
}

export interface SessionOptions {
  colorScheme?: 'light' | 'dark';
  webgpu?: boolean;
  /**
   * Lets the app install its service worker, which caches the build for offline use (about
   * 75 MB fetched and stored, some 4 CPU-s per fresh profile). Off by default: only the offline
   * specs are about it, and the others need not pay for it in every session.
   */
  serviceWorker?: boolean;
}

/** A persistent chromium profile (OPFS survives reloads and is shared by its tabs). */
export class Session {
  /** Every request URL seen (page, workers, nested workers). */
  readonly requests: string[] = [];
  readonly external: string[] = [];
  readonly pageErrors: string[] = [];
  readonly dialogs: string[] = [];

  private constructor(
    readonly context: BrowserContext,
    private readonly dir: string,
    private tracing: boolean,
  ) {}

  /** `webgpu` adds --enable-unsafe-webgpu (a software adapter here); off by default. */
  static async open(options: SessionOptions = {}): Promise<Session> {
    const dir = mkdtempSync(join(tmpdir(), 'ranger-e2e-'));
    mkdirSync(join(dir, 'config'));
    mkdirSync(join(dir, 'cache'));
    const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
      ...chromiumLaunchOptions(dir, { webgpu: options.webgpu }),
      viewport: { width: 1400, height: 880 },
      colorScheme: options.colorScheme ?? 'light',
      serviceWorkers: options.serviceWorker ? 'allow' : 'block',
    });
    // A wait without its own timeout fails after 2 minutes instead of holding the test until its
    // own timeout: a flake is retried sooner and names the wait that hung.
    context.setDefaultTimeout(120_000);
    const tracing = tracesThisRun(traceMode, base.info().retry);
    if (tracing) await context.tracing.start({ screenshots: true, snapshots: true });
    const session = new Session(context, dir, tracing);
    liveSessions.add(session);
    const record = (url: string) => {
      session.requests.push(url);
      if (!isLocalUrl(url)) session.external.push(url);
    };
    context.on('request', (request) => record(request.url()));
    context.on('page', (page) => session.watch(page));
    for (const page of context.pages()) session.watch(page);
    return session;
  }

  private watch(page: Page): void {
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
    page.on('websocket', (socket) => {
      if (!isLocalUrl(socket.url().replace(/^ws/, 'http'))) this.external.push(socket.url());
    });
    page.on('dialog', (dialog) => {
      this.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
  }

  async page(): Promise<Page> {
    return this.context.pages()[0] ?? (await this.context.newPage());
  }

  /** Fails when any request left localhost or any page error / JS dialog happened. */
  verify(): void {
    assert(this.external.length === 0, `requests left localhost: ${this.external.slice(0, 5).join(', ')}`);
    assert(this.dialogs.length === 0, `unexpected JS dialogs (script injection?): ${this.dialogs.join('; ')}`);
    assert(this.pageErrors.length === 0, `uncaught page errors: ${this.pageErrors.slice(0, 3).join(' | ')}`);
  }

  /** Attaches to the test's report a screenshot of every page, the trace when one runs, and the page errors. */
  async keepEvidence(info: TestInfo, name: string): Promise<void> {
    for (const [i, page] of this.context.pages().entries()) {
      const body = await page.screenshot().catch(() => null);
      if (body) await info.attach(`FAILED-${name}-${i}.png`, { body, contentType: 'image/png' });
    }
    if (this.tracing) {
      this.tracing = false;
      const path = join(this.dir, `trace-${name}.zip`);
      if (await this.context.tracing.stop({ path }).then(() => true, () => false)) await info.attach(`trace-${name}`, { path, contentType: 'application/zip' });
    }
    if (this.pageErrors.length > 0) await info.attach(`page-errors-${name}`, { body: this.pageErrors.join('\n'), contentType: 'text/plain' });
  }

  async close(): Promise<void> {
    liveSessions.delete(this);
    if (this.tracing) await this.context.tracing.stop().catch(() => undefined);
    await this.context.close().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Runs `body` with a fresh session and verifies it (nothing left localhost, no page error or
 * dialog); on a failure the evidence, `name`d, goes to the test's report. Always closes it.
 */
export async function withSession(
  _env: E2EEnv,
  name: string,
  body: (session: Session, page: Page) => Promise<void>,
  options?: SessionOptions,
): Promise<void> {
  const session = await Session.open(options);
  try {
    const page = await session.page();
    await body(session, page);
    session.verify();
  } catch (error) {
    await session.keepEvidence(base.info(), name);
    throw error;
  } finally {
    await session.close();
  }
}

export interface SummaryNumbers {
  /** The repo name: two inputs may give the same counts (and, rarely, the same ms). */
  repo: string;
  files: number;
  nodes: number;
  edges: number;
  ms: number;
}

export async function readSummary(page: Page): Promise<SummaryNumbers | null> {
  return page.evaluate(() => {
    const el = document.querySelector('[data-testid="index-summary"]');
    if (!el) return null;
    // No named inner functions: a transpiler's keepNames would wrap them in __name, unknown in the page.
    const [files, nodes, edges, ms] = ['files', 'nodes', 'edges', 'ms'].map((k) => Number(el.getAttribute(`data-${k}`)));
    return { repo: el.getAttribute('data-repo') ?? '', files: files!, nodes: nodes!, edges: edges!, ms: ms! };
  });
}

/**
 * Waits for a summary with nodes, from another index than `before` when given: the edge count
 * does not tell, since the embedding the app runs after an index changes it (SIMILAR edges).
 */
export async function waitForSummary(page: Page, before: SummaryNumbers | null = null, timeout = 90_000): Promise<SummaryNumbers> {
  await page.waitForFunction(
    (previous) => {
      const failed = document.querySelector('[data-testid="index-error"]');
      if (failed) throw new Error(`index failed: ${failed.textContent}`);
      const el = document.querySelector('[data-testid="index-summary"]');
      if (!el || Number(el.getAttribute('data-nodes')) <= 0) return false;
      const now = ['repo', 'files', 'nodes', 'ms'].map((k) => el.getAttribute(`data-${k}`)).join('|');
      return previous === null || now !== previous;
    },
    before ? [before.repo, before.files, before.nodes, before.ms].join('|') : null,
    { timeout, polling: 100 },
  );
  return (await readSummary(page))!;
}

/** Waits until the graph canvas has drawn at least one node and is not loading. */
export async function waitForGraph(page: Page, mode?: 'overview' | 'ego', timeout = 30_000): Promise<number> {
  const handle = await page.waitForFunction(
    (wanted) => {
      const el = document.querySelector('[data-testid="graph"]');
      if (!el || el.getAttribute('data-busy') === 'true') return false;
      if (wanted && el.getAttribute('data-mode') !== wanted) return false;
      const nodes = Number(el.getAttribute('data-nodes'));
      return nodes > 0 ? nodes : false;
    },
    mode ?? null,
    { timeout, polling: 100 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Opens the app at 1280x720 and indexes the demo, its overview drawn. `autoEmbed: false` turns
 * the embedding after the index off first (`turnAutoEmbedOff`), for tests about something else.
 */
export async function openDemo(page: Page, env: E2EEnv, options: { autoEmbed?: boolean } = {}): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(env.baseUrl);
  if (options.autoEmbed === false) await turnAutoEmbedOff(page);
  await page.getByTestId('demo-button').click();
  await waitForSummary(page);
  await waitForGraph(page, 'overview');
}

/** The state of the last embedding after an index (the Models button's data-auto-embed). */
export type AutoEmbedState = 'pending' | 'skipped' | 'running' | 'done' | 'cancelled' | 'failed';

/**
 * Waits until the embedding the app starts after an index is over (or was not needed) and returns
 * its state and how long it took; fails on an error banner.
 */
export async function waitForAutoEmbed(page: Page, timeout = 240_000): Promise<{ state: AutoEmbedState; ms: number }> {
  const handle = await page.waitForFunction(
    () => {
      const banner = document.querySelector('[data-testid="error-banner"]');
      if (banner) throw new Error(`error banner: ${banner.textContent}`);
      const button = document.querySelector('[data-testid="models-toggle"]');
      const state = button?.getAttribute('data-auto-embed') ?? '';
      if (!['skipped', 'done', 'cancelled', 'failed'].includes(state)) return false;
      return { state, ms: Number(button?.getAttribute('data-auto-embed-ms') || 0) };
    },
    undefined,
    { timeout, polling: 200 },
  );
  return (await handle.jsonValue()) as { state: AutoEmbedState; ms: number };
}

/**
 * Turns "Embed for search after indexing" off on the start screen, for tests about something
 * else: the background embedding loads both cores, which those tests do not measure.
 */
export async function turnAutoEmbedOff(page: Page): Promise<void> {
  const box = page.getByTestId('start-auto-embed');
  if (await box.isChecked()) await box.uncheck();
}

export async function screenshot(page: Page, env: E2EEnv, name: string): Promise<void> {
  mkdirSync(env.artifacts, { recursive: true });
  await page.screenshot({ path: join(env.artifacts, `${name}.png`) });
}

export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const current = await page.evaluate(() => document.documentElement.dataset.theme);
  if (current !== theme) await page.getByTestId('theme-toggle').click();
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
}
