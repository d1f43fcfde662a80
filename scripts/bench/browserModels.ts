/**
 * @file Embed / rerank throughput in headless chromium: builds the bench page
 * (scripts/bench/pages, vite build into .tmp/bench-embed-page), serves it with vite preview
 * (COOP/COEP), launches Debian chromium with --enable-unsafe-webgpu (SwiftShader's software
 * WebGPU adapter) and asks the page for one run at a time: built-in lexical embedder and
 * reranker (plain JS on the page), fixture models on WASM and on WebGPU (the real models worker);
 * and, for bench:quality, the built-in lexical and learned rerankers on a sample of the search
 * engine's own reranker calls (with their signals).
 * Runs in: Node (bench).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { answerWithin, collectPageErrors, launchChromium } from '../chromium.ts';
import { servePage } from '../pageBuild.ts';
import { modelId } from './benchModels.ts';
import type { RerankWork } from './embedSample.ts';
import type { RunOutcome } from './modelThroughput.ts';
import type { EmbedBenchApi, PageRunRequest } from './pages/embedBenchPage.ts';
import { readProcMemory, rendererPids } from './procMemory.ts';

export interface BrowserModelsOptions {
  repoRoot: string;
  texts: readonly string[];
  work: readonly RerankWork[];
  budgetMs: number;
  timeoutMs: number;
  log: (line: string) => void;
}

export interface BrowserModelsResult {
  runs: RunOutcome[];
  webgpu: boolean;
  adapter: string | null;
  chromiumVersion: string;
  hardwareConcurrency: number;
  buildMs: number;
  /** Largest VmHWM of one renderer process at the end (models worker included). */
  rendererHwmBytes: number | null;
  pageErrors: string[];
}

type BenchWindow = { __embedBench: EmbedBenchApi };

/** The runs, in order: built-ins first (the baseline), then the fixture models per device. */
export function browserRunPlan(webgpu: boolean): PageRunRequest[] {
  const devices: ('wasm' | 'webgpu')[] = webgpu ? ['wasm', 'webgpu'] : ['wasm'];
  return [
    { task: 'embed', model: 'builtin', device: 'js', budgetMs: 0 },
    ...devices.map((device) => ({ task: 'embed' as const, model: 'fixture' as const, device, budgetMs: 0 })),
    { task: 'rerank', model: 'builtin', device: 'js', budgetMs: 0 },
    ...devices.map((device) => ({ task: 'rerank' as const, model: 'fixture' as const, device, budgetMs: 0 })),
  ];
}

function runOnPage(page: Page, request: PageRunRequest, timeoutMs: number): Promise<RunOutcome> {
  return answerWithin(page.evaluate((req) => (window as unknown as BenchWindow).__embedBench.run(req), request), timeoutMs);
}

/** Builds and serves the bench page, opens it in chromium, hands it the sample and runs `body`. */
async function withBenchPage<T>(
  options: Pick<BrowserModelsOptions, 'repoRoot' | 'texts' | 'work' | 'log'>,
  webgpuFlag: boolean,
  body: (page: Page, info: { buildMs: number; chromiumVersion: string; pageErrors: string[] }) => Promise<T>,
): Promise<T> {
  const served = await servePage(join(options.repoRoot, 'scripts', 'bench', 'pages', 'vite.config.ts'));
  options.log(`page built in ${(served.buildMs / 1000).toFixed(1)} s`);
  const { browser, close } = await launchChromium('bench-embed-chromium-', { webgpu: webgpuFlag });
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    collectPageErrors(page, pageErrors);
    await page.goto(`${served.origin}embed-bench.html`, { waitUntil: 'load' });
    await page.waitForFunction(() => '__embedBench' in window, undefined, { timeout: 60_000 });
    // Playwright carries Infinity (an unranked signal) across; JSON would not.
    const sample: [string[], RerankWork[]] = [[...options.texts], options.work.map((w) => ({ ...w, docs: [...w.docs], ...(w.signals ? { signals: [...w.signals] } : {}) }))];
    await page.evaluate(([texts, work]) => (window as unknown as BenchWindow).__embedBench.setSample(texts, work), sample);
    return await body(page, { buildMs: served.buildMs, chromiumVersion: browser.version(), pageErrors });
  } finally {
    await close();
    await served.close();
  }
}

/** Runs `plan` in order on the page, logging each; stops after a run the page did not answer in time. */
async function runPlan(page: Page, plan: readonly PageRunRequest[], options: Pick<BrowserModelsOptions, 'budgetMs' | 'timeoutMs' | 'log'>): Promise<RunOutcome[]> {
  const runs: RunOutcome[] = [];
  for (const planned of plan) {
    const request = { ...planned, budgetMs: options.budgetMs };
    const label = `${request.task} ${modelId(request)} (${request.device})`;
    let outcome: RunOutcome;
    try {
      outcome = await runOnPage(page, request, options.timeoutMs);
    } catch (error) {
      outcome = { ok: false, task: request.task, model: modelId(request), env: 'chromium', device: request.device, error: error instanceof Error ? error.message : String(error) };
    }
    const unit = request.task === 'embed' ? 'texts/s' : 'pairs/s';
    options.log(`    ${label}: ${outcome.ok ? `${outcome.run.perSecond.toFixed(1)} ${unit}${outcome.run.timed.partial ? ' (partial)' : ''}` : `failed: ${outcome.error}`}`);
    runs.push(outcome);
    if (!outcome.ok && /no answer within/.test(outcome.error)) break; // the page is still busy: later runs would queue behind it
  }
  return runs;
}

export async function measureBrowserModels(options: BrowserModelsOptions): Promise<BrowserModelsResult> {
  return withBenchPage(options, true, async (page, info) => {
    const webgpu = await page.evaluate(() => (window as unknown as BenchWindow).__embedBench.webgpu());
    const adapter = await page.evaluate(() => (window as unknown as BenchWindow).__embedBench.adapterInfo());
    const hardwareConcurrency = await page.evaluate(() => (window as unknown as BenchWindow).__embedBench.hardwareConcurrency());
    options.log(`WebGPU adapter: ${webgpu ? (adapter ?? 'yes') : 'none'}`);
    const runs = await runPlan(page, browserRunPlan(webgpu), options);
    const hwms = rendererPids(process.pid).map((pid) => readProcMemory(pid)?.hwmBytes ?? 0);
    return {
      runs,
      webgpu,
      adapter,
      chromiumVersion: info.chromiumVersion,
      hardwareConcurrency,
      buildMs: info.buildMs,
      rendererHwmBytes: hwms.length > 0 && Math.max(...hwms) > 0 ? Math.max(...hwms) : null,
      pageErrors: info.pageErrors,
    };
  });
}

/**
 * The built-in rerankers' throughput in chromium on `work` (bench:quality's sample of the engine's
 * own calls, signals included): the lexical one, then the learned one, plain JS on the page, each
 * pass with no doc tokenised yet (`cold`).
 */
export async function measureBrowserRerankers(options: Omit<BrowserModelsOptions, 'texts'>): Promise<{ runs: RunOutcome[]; chromiumVersion: string; pageErrors: string[] }> {
  return withBenchPage({ ...options, texts: [] }, false, async (page, info) => {
    const plan: PageRunRequest[] = [
      { task: 'rerank', model: 'builtin', device: 'js', budgetMs: 0, cold: true },
      { task: 'rerank', model: 'learned', device: 'js', budgetMs: 0, cold: true },
    ];
    return { runs: await runPlan(page, plan, options), chromiumVersion: info.chromiumVersion, pageErrors: info.pageErrors };
  });
}
