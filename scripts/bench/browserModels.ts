/**
 * @file Embed / rerank throughput in headless chromium: builds the bench page
 * (scripts/bench/pages, vite build into .tmp/bench-embed-page), serves it with vite preview
 * (COOP/COEP), launches Debian chromium with --enable-unsafe-webgpu (SwiftShader's software
 * WebGPU adapter) and asks the page for one run at a time: built-in lexical embedder and
 * reranker (plain JS on the page), fixture models on WASM and on WebGPU (the real models worker).
 * Runs in: Node (bench).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { answerWithin, collectPageErrors, launchChromium } from '../chromium.ts';
import { servePage } from '../pageBuild.ts';
import { FIXTURE_EMBEDDER, FIXTURE_RERANKER } from './benchModels.ts';
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

/** The id a planned run's model has ('builtin' / 'fixture' on the page). */
export function modelId(request: Pick<PageRunRequest, 'task' | 'model'>): string {
  if (request.model === 'builtin') return request.task === 'embed' ? 'builtin:lexical' : 'builtin:lexical-reranker';
  return request.task === 'embed' ? FIXTURE_EMBEDDER.id : FIXTURE_RERANKER.id;
}

function runOnPage(page: Page, request: PageRunRequest, timeoutMs: number): Promise<RunOutcome> {
  return answerWithin(page.evaluate((req) => (window as unknown as BenchWindow).__embedBench.run(req), request), timeoutMs);
}

export async function measureBrowserModels(options: BrowserModelsOptions): Promise<BrowserModelsResult> {
  const { repoRoot, log } = options;
  const served = await servePage(join(repoRoot, 'scripts', 'bench', 'pages', 'vite.config.ts'));
  const { buildMs } = served;
  log(`page built in ${(buildMs / 1000).toFixed(1)} s`);
  const { browser, close } = await launchChromium('bench-embed-chromium-', { webgpu: true });
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    collectPageErrors(page, pageErrors);
    await page.goto(`${served.origin}embed-bench.html`, { waitUntil: 'load' });
    await page.waitForFunction(() => '__embedBench' in window, undefined, { timeout: 60_000 });
    const webgpu = await page.evaluate(() => (window as unknown as BenchWindow).__embedBench.webgpu());
    const adapter = await page.evaluate(() => (window as unknown as BenchWindow).__embedBench.adapterInfo());
    const hardwareConcurrency = await page.evaluate(() => (window as unknown as BenchWindow).__embedBench.hardwareConcurrency());
    log(`WebGPU adapter: ${webgpu ? (adapter ?? 'yes') : 'none'}`);
    const sample: [string[], RerankWork[]] = [[...options.texts], options.work.map((w) => ({ query: w.query, docs: [...w.docs] }))];
    await page.evaluate(([texts, work]) => (window as unknown as BenchWindow).__embedBench.setSample(texts, work), sample);
    const runs: RunOutcome[] = [];
    for (const planned of browserRunPlan(webgpu)) {
      const request = { ...planned, budgetMs: options.budgetMs };
      const label = `${request.task} ${modelId(request)} (${request.device})`;
      let outcome: RunOutcome;
      try {
        outcome = await runOnPage(page, request, options.timeoutMs);
      } catch (error) {
        outcome = { ok: false, task: request.task, model: modelId(request), env: 'chromium', device: request.device, error: error instanceof Error ? error.message : String(error) };
      }
      const unit = request.task === 'embed' ? 'texts/s' : 'pairs/s';
      log(`    ${label}: ${outcome.ok ? `${outcome.run.perSecond.toFixed(1)} ${unit}${outcome.run.timed.partial ? ' (partial)' : ''}` : `failed: ${outcome.error}`}`);
      runs.push(outcome);
      if (!outcome.ok && /no answer within/.test(outcome.error)) break; // the page is still busy: later runs would queue behind it
    }
    const hwms = rendererPids(process.pid).map((pid) => readProcMemory(pid)?.hwmBytes ?? 0);
    return {
      runs,
      webgpu,
      adapter,
      chromiumVersion: browser.version(),
      hardwareConcurrency,
      buildMs,
      rendererHwmBytes: hwms.length > 0 && Math.max(...hwms) > 0 ? Math.max(...hwms) : null,
      pageErrors,
    };
  } finally {
    await close();
    await served.close();
  }
}
