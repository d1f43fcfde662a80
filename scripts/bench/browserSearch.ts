/**
 * @file Cypher latency in headless chromium: builds the search bench page (scripts/bench/
 * searchPages, vite build into .tmp/bench-search-page), serves it with vite preview (COOP/COEP),
 * launches Debian chromium (scripts/chromium.ts flags) and asks the page's worker for one run:
 * the same synthetic graph and workload as Node, loaded with writeGraph into duckdb-wasm opened
 * as the app opens it.
 * Runs in: Node (bench).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort } from '../chromium.ts';
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
  const configFile = join(repoRoot, 'scripts', 'bench', 'searchPages', 'vite.config.ts');
  const buildStarted = performance.now();
  await build({ configFile, logLevel: 'error' });
  const buildMs = performance.now() - buildStarted;
  log(`page built in ${(buildMs / 1000).toFixed(1)} s`);
  const port = await freePort();
  const server = await preview({ configFile, logLevel: 'error', preview: { host: '127.0.0.1', port, strictPort: true, open: false } });
  const profileDir = mkdtempSync(join(tmpdir(), 'bench-search-chromium-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    env: { ...process.env, XDG_CONFIG_HOME: join(profileDir, 'config'), XDG_CACHE_HOME: join(profileDir, 'cache'), TMPDIR: profileDir },
  });
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) pageErrors.push(m.text());
    });
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (response.status() >= 400 && path !== '/favicon.ico') pageErrors.push(`HTTP ${response.status()} ${path}`);
    });
    await page.goto(`http://127.0.0.1:${port}/search-bench.html`, { waitUntil: 'load' });
    await page.waitForFunction(() => '__searchBench' in window, undefined, { timeout: 60_000 });
    const hardwareConcurrency = await page.evaluate(() => (window as unknown as BenchWindow).__searchBench.hardwareConcurrency());
    const request: WorkerRunRequest = { nodes: options.nodes, seed: options.seed, reps: options.reps };
    const pending = page.evaluate((req) => (window as unknown as BenchWindow).__searchBench.run(req), request);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(options.timeoutMs / 1000)} s${pageErrors.length > 0 ? ` (page: ${pageErrors[0]})` : ''}`)), options.timeoutMs);
    });
    let result: WorkerRunResult;
    try {
      result = await Promise.race([pending, timeout]);
    } finally {
      clearTimeout(timer);
    }
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
    await browser.close();
    await server.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
}
