/**
 * @file Raw tree-sitter parse throughput in headless chromium, on one thread: builds the parse
 * bench page (scripts/bench/parsePages, vite build into .tmp/bench-parse-page), writes the corpus
 * texts as JSON beside it, serves it with vite preview (COOP/COEP), launches Debian chromium with
 * a persistent profile (launchChromiumProfile) and asks the page's dedicated worker for one run:
 * the same files in the same order as rawParse.ts, with the grammars the app bundles; the
 * worker's last pass of PASSES is the measurement. The chromium-side denominator of bench:ingest.
 * Then the page's worker times the app's parse pool alone on the same files (ParseStageRun): the
 * ceiling of the app's end to end, with the CPU all of chromium's processes spent on it (/proc).
 * Runs in: Node (bench).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerWithin, collectPageErrors, launchChromiumProfile } from '../chromium.ts';
import { servePage } from '../pageBuild.ts';
import type { ParseBenchPageApi } from './parsePages/parseBenchPage.ts';
import type { ParseRunResult, ParseStageRun } from './parsePages/parseBenchWorker.ts';
import { cpuSpentMs, processesCpuMs } from './cpuClock.ts';
import { descendantPids, readProcMemory, rendererPids } from './procMemory.ts';
import type { ParseInput } from './rawParse.ts';

/** The page's output folder, as parsePages/vite.config.ts sets it. */
const OUT_DIR = join('.tmp', 'bench-parse-page');
/** The corpus file written into that folder after the build (the build empties it). */
const CORPUS_FILE = 'parse-corpus.json';

export interface BrowserRawParseOptions {
  repoRoot: string;
  files: readonly ParseInput[];
  timeoutMs: number;
  log: (line: string) => void;
}

export interface BrowserRawParseResult extends ParseRunResult {
  /** vite build of the page (not timed into anything). */
  buildMs: number;
  chromiumVersion: string;
  hardwareConcurrency: number;
  /** Largest VmHWM of the renderer processes at the end (the worker lives in one), or null. */
  rendererHwmBytes: number | null;
  pageErrors: string[];
  /**
   * The app's parse pool alone on the same files, measured after the raw parse's memory was read;
   * cpuMs: what chromium's processes spent meanwhile (null without /proc).
   */
  parseStage: (ParseStageRun & { cpuMs: number | null }) | { error: string };
}

type BenchWindow = { __parseBench: ParseBenchPageApi };

export async function measureBrowserRawParse(options: BrowserRawParseOptions): Promise<BrowserRawParseResult> {
  const { repoRoot, log } = options;
  const served = await servePage(join(repoRoot, 'scripts', 'bench', 'parsePages', 'vite.config.ts'));
  const corpusPath = join(repoRoot, OUT_DIR, CORPUS_FILE);
  try {
    const { buildMs } = served;
    log(`page built in ${(buildMs / 1000).toFixed(1)} s`);
    writeFileSync(corpusPath, JSON.stringify(options.files));
    const { context, close } = await launchChromiumProfile('bench-parse-chromium-');
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const pageErrors: string[] = [];
      collectPageErrors(page, pageErrors);
      await page.goto(`${served.origin}parse-bench.html`, { waitUntil: 'load' });
      await page.waitForFunction(() => '__parseBench' in window, undefined, { timeout: 60_000 });
      const hardwareConcurrency = await page.evaluate(() => (window as unknown as BenchWindow).__parseBench.hardwareConcurrency());
      const pending = page.evaluate((corpusUrl) => (window as unknown as BenchWindow).__parseBench.run({ corpusUrl }), `${served.origin}${CORPUS_FILE}`);
      const pageError = () => (pageErrors.length > 0 ? ` (page: ${pageErrors[0]})` : '');
      const result = await answerWithin(pending, options.timeoutMs, pageError);
      const hwms = rendererPids(process.pid).map((pid) => readProcMemory(pid)?.hwmBytes ?? 0);
      let parseStage: BrowserRawParseResult['parseStage'];
      try {
        await answerWithin(page.evaluate(() => (window as unknown as BenchWindow).__parseBench.prepareParseStage()), options.timeoutMs, pageError);
        const cpuBefore = processesCpuMs(descendantPids(process.pid));
        const stagePending = page.evaluate(() => (window as unknown as BenchWindow).__parseBench.parseStage());
        const run = await answerWithin(stagePending, options.timeoutMs, pageError);
        parseStage = { ...run, cpuMs: cpuSpentMs(cpuBefore, processesCpuMs(descendantPids(process.pid))) };
      } catch (error) {
        parseStage = { error: error instanceof Error ? error.message : String(error) };
      }
      const cdp = await context.newCDPSession(page);
      const version = (await cdp.send('Browser.getVersion')).product.replace(/^(Headless)?Chrome\//, '');
      return {
        ...result,
        buildMs,
        chromiumVersion: version,
        hardwareConcurrency,
        rendererHwmBytes: hwms.length > 0 && Math.max(...hwms) > 0 ? Math.max(...hwms) : null,
        pageErrors,
        parseStage,
      };
    } finally {
      await close();
    }
  } finally {
    await served.close();
    rmSync(corpusPath, { force: true });
  }
}
