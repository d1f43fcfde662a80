/**
 * @file Cypher latency in headless chromium: builds the search bench page (scripts/bench/
 * searchPages, vite build into .tmp/bench-search-page), serves it with vite preview (COOP/COEP),
 * launches Debian chromium (scripts/chromium.ts flags) and asks the page's worker for one run:
 * the same synthetic graph and workload as Node, loaded with writeGraph into duckdb-wasm opened
 * as the app opens it.
 * Runs in: Node (bench).
 */
import { join } from 'node:path';
import { answerWithin, collectPageErrors, launchChromium } from '../chromium.ts';
import { servePage } from '../pageBuild.ts';
import type { CypherRunResult } from './nodeCypher.ts';
import type { SearchBenchPageApi } from './searchPages/searchBenchPage.ts';
import type { WorkerRunRequest, WorkerRunResult } from './searchPages/searchBenchWorker.ts';

export interface BrowserSearchOptions extends WorkerRunRequest {
  repoRoot: string;
  timeoutMs: number;
  log: (line: string) => void;
}

export interface BrowserCypherResult extends CypherRunResult {
  fingerprint: string;
  nodes: number;
  edges: number;
  graphMs: number;
  buildMs: number;
  chromiumVersion: string;
  hardwareConcurrency: number;
  pageErrors: string[];
}

type BenchWindow = { __searchBench: SearchBenchPageApi };

export async function measureBrowserCypher(options: BrowserSearchOptions): Promise<BrowserCypherResult> {
  const { repoRoot, log } = options;
  const served = await servePage(join(repoRoot, 'scripts', 'bench', 'searchPages', 'vite.config.ts'));
  const { buildMs } = served;
  log(`page built in ${(buildMs / 1000).toFixed(1)} s`);
  const { browser, close } = await launchChromium('bench-search-chromium-');
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    collectPageErrors(page, pageErrors);
    await page.goto(`${served.origin}search-bench.html`, { waitUntil: 'load' });
    await page.waitForFunction(() => '__searchBench' in window, undefined, { timeout: 60_000 });
    const hardwareConcurrency = await page.evaluate(() => (window as unknown as BenchWindow).__searchBench.hardwareConcurrency());
    const request: WorkerRunRequest = { nodes: options.nodes, seed: options.seed, reps: options.reps };
    const pending = page.evaluate((req) => (window as unknown as BenchWindow).__searchBench.run(req), request);
    const result: WorkerRunResult = await answerWithin(pending, options.timeoutMs, () => (pageErrors.length > 0 ? ` (page: ${pageErrors[0]})` : ''));
    return {
      env: 'chromium',
      openMs: result.openMs,
      loadMs: result.loadMs,
      timings: result.timings,
      notes: [`duckdb-wasm ${result.version} in its worker, opened as the app opens it (${result.persistent ? 'OPFS file' : 'in memory: no OPFS'}), queried from a module worker`],
      fingerprint: result.fingerprint,
      nodes: result.nodes,
      edges: result.edges,
      graphMs: result.graphMs,
      buildMs,
      chromiumVersion: browser.version(),
      hardwareConcurrency,
      pageErrors,
    };
  } finally {
    await close();
    await served.close();
  }
}
