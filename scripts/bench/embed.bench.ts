/**
 * @file Embed benchmark (`npm run bench:embed -- [--limit N] [--no-browser] [--json]`): in one
 * run, (a) embed throughput (texts/s) and rerank throughput (pairs/s) on a fixed sample of
 * Python stdlib function snippets: built-in lexical models and the fixture transformers.js
 * models, in Node (onnxruntime-node cpu) and in chromium (WASM and WebGPU), with ratios against
 * the built-in of the same run; (b) describe + embed + SIMILAR with the built-ins end to end in
 * Node for the demo repo and the stdlib; (c) the same through the built app in chromium.
 * Never exits non-zero for a slow figure: nothing is judged.
 * Runs in: Node (tsx).
 */
import { readFileSync, readdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_CODE_CHARS } from '../../src/core/semantic/embedGraph.ts';
import type { AppCorpus, AppSemanticRun } from './appSemantic.ts';
import type { BrowserModelsResult } from './browserModels.ts';
import { corpusFrom, isTestPath, listFiles, pythonStdlibDir, stdlibCorpus } from './corpus.ts';
import type { Corpus } from './corpus.ts';
import { EMBED_USAGE, parseEmbedBenchArgs } from './embedArgs.ts';
import { renderEmbedReport, throughputRows } from './embedReport.ts';
import type { EmbedBenchReport, Part } from './embedReport.ts';
import { pickSpread, pythonFunctions, rerankWork, sampleStats } from './embedSample.ts';
import type { Snippet } from './embedSample.ts';
import type { RunOutcome } from './modelThroughput.ts';
import type { SemanticCorpusResult } from './nodeSemantic.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RERANK_QUERIES = 20;
/** Where (c) builds the app when no --dist is given (not dist/, which other runs may rebuild). */
const APP_BUILD_DIR = '.tmp/bench-embed-app';

function log(line: string): void {
  process.stderr.write(`[bench:embed] ${line}\n`);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The fixed sample: function snippets of the stdlib (test folders left out), spread evenly. */
function stdlibSample(size: number): { snippets: Snippet[]; source: string } {
  const root = pythonStdlibDir();
  const all: Snippet[] = [];
  for (const path of listFiles(root, (p) => p.endsWith('.py') && !isTestPath(p))) {
    all.push(...pythonFunctions(path, readFileSync(join(root, path), 'utf8'), MAX_CODE_CHARS));
  }
  return { snippets: pickSpread(all, size), source: `${root} (${all.length.toLocaleString('en-US')} functions outside test folders)` };
}

/** vite build of the app (the repo's vite.config.ts) into `outDir`. */
async function buildApp(outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({ root: REPO_ROOT, configFile: join(REPO_ROOT, 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
}

/** True when the built app's scripts mention the describe / embed controls. */
function distHasSemanticUi(distDir: string): boolean {
  const assets = join(distDir, 'assets');
  if (!existsSync(assets)) return false;
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .some((name) => {
      const text = readFileSync(join(assets, name), 'utf8');
      return text.includes('describe-button') && text.includes('embed-progress');
    });
}

async function main(): Promise<void> {
  const args = parseEmbedBenchArgs(process.argv.slice(2));
  if (args.help) {
    console.log(EMBED_USAGE);
    return;
  }
  const loadAverageStart = loadavg()[0]!;
  const budgetMs = args.budgetSeconds * 1000;
  const timeoutMs = args.timeoutSeconds * 1000;

  log(`sample: ${args.sample} stdlib function snippets`);
  const { snippets, source } = stdlibSample(args.sample);
  const texts = snippets.map((s) => s.text);
  const work = rerankWork(snippets, RERANK_QUERIES, Math.max(1, Math.round(texts.length / RERANK_QUERIES)));
  const pairs = work.reduce((n, w) => n + w.docs.length, 0);

  // (b) runs first, in a process that has loaded no model runtime yet, so its peak RSS is its own.
  const corpora: { name: string; load: () => Corpus }[] = [{ name: 'demo (shopkit)', load: () => corpusFrom(join(REPO_ROOT, 'demo', 'shopkit')) }];
  if (args.stdlib) corpora.push({ name: 'stdlib', load: () => stdlibCorpus({ limit: args.limit }) });
  const loaded = new Map<string, Corpus>();
  const semantic: EmbedBenchReport['semantic'] = [];
  for (const entry of corpora) {
    log(`(b) describe + embed in Node: ${entry.name}`);
    let result: Part<SemanticCorpusResult>;
    try {
      const corpus = entry.load();
      loaded.set(entry.name, corpus);
      const { measureNodeSemantic } = await import('./nodeSemantic.ts');
      result = { ok: true, value: await measureNodeSemantic({ name: corpus.name, zip: corpus.zip, log: (l) => log(`    ${l}`) }) };
    } catch (error) {
      result = { ok: false, reason: message(error) };
      log(`    failed: ${result.reason}`);
    }
    semantic.push({ corpus: entry.name, result });
  }

  log('(a) throughput in Node');
  const { measureNodeModels } = await import('./nodeModelThroughput.ts');
  const outcomes: RunOutcome[] = await measureNodeModels(texts, work, budgetMs, log);

  let browser: EmbedBenchReport['browser'];
  if (!args.browser) browser = { skipped: true, error: '--no-browser' };
  else {
    log('(a) throughput in chromium');
    try {
      const { measureBrowserModels } = await import('./browserModels.ts');
      const result: BrowserModelsResult = await measureBrowserModels({ repoRoot: REPO_ROOT, texts, work, budgetMs, timeoutMs, log });
      const { runs, ...rest } = result;
      outcomes.push(...runs);
      browser = rest;
    } catch (error) {
      browser = { error: message(error) };
      log(`    failed: ${browser.error}`);
    }
  }

  let app: Part<AppSemanticRun>;
  const distDir = resolve(REPO_ROOT, args.dist ?? APP_BUILD_DIR);
  if (args.browser && args.app && args.dist === undefined) {
    log(`(c) building the app into ${APP_BUILD_DIR}`);
    try {
      await buildApp(distDir);
    } catch (error) {
      log(`    build failed: ${message(error)}`);
    }
  }
  if (!args.browser || !args.app) app = { ok: false, skipped: true, reason: args.browser ? '--no-app' : '--no-browser' };
  else if (!existsSync(join(distDir, 'index.html'))) app = { ok: false, skipped: true, reason: `${distDir} has no built app: pass --dist or let the bench build it (no --dist)` };
  else if (!distHasSemanticUi(distDir)) app = { ok: false, skipped: true, reason: `the app in ${distDir} has no describe-button / embed-progress (an older build?): rebuild it` };
  else {
    log('(c) describe + embed in chromium (the built app)');
    const dir = mkdtempSync(join(tmpdir(), 'bench-embed-zip-'));
    try {
      const appCorpora: AppCorpus[] = [{ name: 'demo (shopkit)', zipPath: null }];
      const stdlib = loaded.get('stdlib');
      if (stdlib) {
        const zipPath = join(dir, `${stdlib.name}.zip`);
        writeFileSync(zipPath, stdlib.zip);
        appCorpora.push({ name: 'stdlib', zipPath });
      }
      const { measureAppSemantic } = await import('./appSemantic.ts');
      app = { ok: true, value: await measureAppSemantic({ repoRoot: REPO_ROOT, distDir, corpora: appCorpora, timeoutMs, log: (l) => log(`    ${l}`) }) };
    } catch (error) {
      app = { ok: false, reason: message(error) };
      log(`    failed: ${app.reason}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const report: EmbedBenchReport = {
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model.trim() ?? 'unknown', node: process.version, platform: `${process.platform} ${process.arch}`, loadAverageStart, loadAverageEnd: loadavg()[0]! },
    sample: { ...sampleStats(texts), source, pairs, queries: work.length, budgetSeconds: args.budgetSeconds },
    throughput: throughputRows(outcomes),
    browser,
    semantic,
    app,
  };
  console.log(args.json ? JSON.stringify(report, null, 2) : renderEmbedReport(report));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:embed failed: ${message(error)}\n`);
    process.exit(1);
  },
);
