/**
 * @file End-to-end ingest in headless chromium, driving the real built app (dist/ served by
 * `vite preview` with COOP/COEP) in a persistent profile, as a user's browser has (OPFS on disk;
 * see launchChromiumProfile), once the app's offline install is done (service worker ready):
 * the zip goes into input[data-testid="zip-input"], the clock
 * stops when [data-testid="index-summary"] shows a new result. Memory: the page's JS heap
 * (CDP Performance.getMetrics, every 250 ms) and the RSS of the chromium renderer processes
 * (/proc, sampled, plus their VmHWM at the end). CPU: what all of chromium's processes spent
 * meanwhile (/proc: the renderer with every worker and V8 helper, the browser, GPU and utility
 * processes), the figure the ingest goal's CPU arithmetic takes (report.ts). With traceV8, the run is traced (CDP Tracing,
 * v8Trace.ts) and the result says what V8 spent on compiling and collecting meanwhile.
 * Runs in: Node (bench).
 */
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { isLocalUrl, launchChromiumProfile } from '../chromium.ts';
import { serveDist } from '../pageBuild.ts';
import { cpuSpentMs, processesCpuMs } from './cpuClock.ts';
import { descendantPids, readProcMemory, rendererPids, startSampler } from './procMemory.ts';
import { PeakTracker } from './stats.ts';
import { V8_TRACE_CATEGORIES, summariseV8Trace } from './v8Trace.ts';
import type { TraceEvent, V8WorkSummary } from './v8Trace.ts';

const SUMMARY = '[data-testid="index-summary"]';
const ERROR = '[data-testid="index-error"]';
const SAMPLE_MS = 250;
/** The index starts this long after the page loaded at the earliest (or once the service worker is ready, if later). */
const PICK_AFTER_LOAD_MS = 5_000;

export interface BrowserIngestOptions {
  repoRoot: string;
  /** The built app (default <repoRoot>/dist). */
  distDir?: string;
  zipPath: string;
  timeoutMs: number;
  log: (line: string) => void;
  /** Trace the index (its times then include the tracing's own cost). */
  traceV8?: boolean;
}

export interface BrowserIngestResult {
  /** Wall time from setInputFiles to the new summary. */
  wallMs: number;
  /** What the app itself reports (data-files, data-nodes, data-edges, data-ms). */
  files: number;
  nodes: number;
  edges: number;
  appMs: number;
  /** The app's own per-phase wall times (read, parse, stitch, store), from data-phase-ms. */
  appPhaseMs: Record<string, number> | null;
  jsHeapPeakBytes: number;
  jsHeapSamples: number;
  /** Largest sampled RSS of one renderer process (the page's renderer holds its workers too). */
  rendererRssPeakBytes: number | null;
  /** Largest sampled sum over all renderers (shared pages counted once per process). */
  rendererRssSumPeakBytes: number | null;
  /** Largest VmHWM of one renderer process at the end (exact per-process peak). */
  rendererHwmBytes: number | null;
  renderers: number;
  /** CPU ms all chromium processes spent from setInputFiles to the summary; null without /proc. */
  chromiumCpuMs: number | null;
  chromiumVersion: string;
  externalRequests: string[];
  pageErrors: string[];
  /** With traceV8: V8's compiles and GC during the index. */
  v8Work?: V8WorkSummary;
}


interface SummaryAttributes {
  files: string | null;
  nodes: string | null;
  edges: string | null;
  ms: string | null;
  phaseMs: string | null;
}

async function readSummary(page: Page): Promise<SummaryAttributes | null> {
  // No named helper functions inside evaluated code: tsx (esbuild keepNames) would wrap them in
  // a __name() call that does not exist in the page.
  return page.evaluate((selector) => {
    const el = document.querySelector(selector);
    if (!el) return null;
    return {
      files: el.getAttribute('data-files'),
      nodes: el.getAttribute('data-nodes'),
      edges: el.getAttribute('data-edges'),
      ms: el.getAttribute('data-ms'),
      phaseMs: el.getAttribute('data-phase-ms'),
    };
  }, SUMMARY);
}

/** Waits until a summary with data-ms exists and differs from `before` (or an error shows). */
async function waitForNewSummary(page: Page, before: SummaryAttributes | null, timeoutMs: number): Promise<void> {
  const handle = await page.waitForFunction(
    ({ summary, error, previous }) => {
      const failed = document.querySelector(error);
      if (failed) return { error: failed.textContent ?? 'index error' };
      const el = document.querySelector(summary);
      const ms = el?.getAttribute('data-ms');
      if (!el || ms === null || ms === undefined) return false;
      const now = [el.getAttribute('data-files'), el.getAttribute('data-nodes'), el.getAttribute('data-edges'), ms].join('|');
      return previous === null || now !== previous ? { ok: true } : false;
    },
    {
      summary: SUMMARY,
      error: ERROR,
      previous: before ? [before.files, before.nodes, before.edges, before.ms].join('|') : null,
    },
    { timeout: timeoutMs, polling: 100 },
  );
  const outcome = (await handle.jsonValue()) as { ok?: true; error?: string };
  if (outcome.error) throw new Error(`the app reported an error: ${outcome.error.trim().slice(0, 300)}`);
}

export async function measureBrowserIngest(options: BrowserIngestOptions): Promise<BrowserIngestResult> {
  const { repoRoot, zipPath, timeoutMs, log } = options;
  const served = await serveDist(repoRoot, options.distDir);
  const { context, close } = await launchChromiumProfile('bench-chromium-');
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const pageErrors: string[] = [];
    const externalRequests: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    page.on('request', (request) => {
      if (!isLocalUrl(request.url())) externalRequests.push(request.url());
    });

    const url = served.origin;
    log(`chromium: opening ${url}`);
    await page.goto(url, { waitUntil: 'load' });
    const loadedAt = Date.now();
    const input = page.locator('input[data-testid="zip-input"]');
    await input.waitFor({ state: 'attached', timeout: 60_000 });
    // The app's offline install (the service worker precaches ~117 MB of the build) runs once, at
    // the first visit: timed with it, an index shares the cores with it (stdlib: 12.9 s against
    // 11.0 s once it is done). Wait for it, as a returning user's browser has it.
    log('chromium: waiting for the offline install (service worker)');
    await page.evaluate(() => navigator.serviceWorker?.ready.then(() => undefined));
    // A person picks a file some seconds after the page opens; the app starts the next index's
    // database and parse workers 3 s after it opened (browserRepoService PREWARM_DELAY_MS).
    const untilPick = PICK_AFTER_LOAD_MS - (Date.now() - loadedAt);
    if (untilPick > 0) await page.waitForTimeout(untilPick);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const heap = new PeakTracker();
    const rss = new PeakTracker();
    const rssSum = new PeakTracker();
    const renderers = new Set<number>();
    const sample = async () => {
      const pids = rendererPids(process.pid);
      pids.forEach((pid) => renderers.add(pid));
      const sizes = pids.map((pid) => readProcMemory(pid)?.rssBytes ?? 0);
      if (sizes.length > 0) {
        rss.add(Math.max(...sizes));
        rssSum.add(sizes.reduce((a, b) => a + b, 0));
      }
      const { metrics } = await cdp.send('Performance.getMetrics');
      const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
      if (used !== undefined) heap.add(used);
    };
    await sample();
    const before = await readSummary(page);
    const stopSampling = startSampler(SAMPLE_MS, sample);

    const trace: TraceEvent[] = [];
    let traced: Promise<unknown> | null = null;
    if (options.traceV8) {
      cdp.on('Tracing.dataCollected', (event) => trace.push(...(event.value as unknown as TraceEvent[])));
      traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.start', { traceConfig: { includedCategories: V8_TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
    }
    log(`chromium: indexing${traced ? ' (traced)' : ''}`);
    const cpuBefore = processesCpuMs(descendantPids(process.pid));
    const started = performance.now();
    let wallMs: number;
    let chromiumCpuMs: number | null;
    try {
      await input.setInputFiles(zipPath);
      await waitForNewSummary(page, before, timeoutMs);
      wallMs = performance.now() - started;
      chromiumCpuMs = cpuSpentMs(cpuBefore, processesCpuMs(descendantPids(process.pid)));
    } finally {
      await stopSampling();
      if (traced) {
        await cdp.send('Tracing.end');
        await traced;
      }
    }
    await sample();
    const hwms = [...renderers].map((pid) => readProcMemory(pid)?.hwmBytes ?? 0);
    const summary = (await readSummary(page))!;
    return {
      wallMs,
      files: Number(summary.files),
      nodes: Number(summary.nodes),
      edges: Number(summary.edges),
      appMs: Number(summary.ms),
      appPhaseMs: summary.phaseMs ? (JSON.parse(summary.phaseMs) as Record<string, number>) : null,
      jsHeapPeakBytes: heap.peak,
      jsHeapSamples: heap.samples,
      rendererRssPeakBytes: rss.samples > 0 ? rss.peak : null,
      rendererRssSumPeakBytes: rssSum.samples > 0 ? rssSum.peak : null,
      rendererHwmBytes: hwms.length > 0 && Math.max(...hwms) > 0 ? Math.max(...hwms) : null,
      renderers: renderers.size,
      chromiumCpuMs,
      chromiumVersion: (await cdp.send('Browser.getVersion')).product.replace(/^HeadlessChrome\//, ''),
      externalRequests,
      pageErrors,
      ...(traced ? { v8Work: summariseV8Trace(trace) } : {}),
    };
  } finally {
    await close();
    await served.close();
  }
}
