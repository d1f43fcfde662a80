/**
 * @file Ingest benchmark (`npm run bench:ingest -- [<zip|dir> | --synthetic N] [--no-tests] [--json]`): in one
 * run, (a) raw tree-sitter parse throughput on one thread in Node, (a2) the same in a dedicated
 * worker of a chromium bench page (browserRawParse.ts), (b) end-to-end ingest in Node
 * through indexRepository + the worker_threads parse pool + @duckdb/node-api in a fresh process,
 * (b2) the parse stage alone in a fresh process (the pool on files in memory: the ceiling of (b)),
 * (c) end to end in headless chromium driving the built app, (d) the ratios against (a), and chromium's against
 * (a2) too, with the budget verdict of docs/budgets.md, each end to end against its own parse
 * stage alone (the goal) with the CPU that goal leaves for the rest, and peak memory. Never exits
 * non-zero on a FAIL verdict.
 * `--synthetic N` ingests a generated repository of N real files instead (syntheticRepo.ts);
 * `--repeat N` measures it all N times (rounds.ts).
 * Runs in: Node (tsx).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBenchArgs, USAGE } from './args.ts';
import type { BenchArgs } from './args.ts';
import type { BrowserIngestResult } from './browserIngest.ts';
import type { BrowserRawParseResult } from './browserRawParse.ts';
import { corpusFrom, parseableTexts, stdlibCorpus } from './corpus.ts';
import type { Corpus } from './corpus.ts';
import type { NodeIngestResult, ParseStageResult } from './nodeIngest.ts';
import { measureRawParse } from './rawParse.ts';
import { syntheticCorpus } from './syntheticRepo.ts';
import { buildReport, renderReport } from './report.ts';
import type { BenchReport, CorpusInfo, Outcome } from './report.ts';
import { roundFigures } from './rounds.ts';
import { formatInteger, formatSeconds } from './stats.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function log(line: string): void {
  process.stderr.write(`[bench:ingest] ${line}\n`);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One round: (a) the raw parse in Node, (a2) in chromium, (b) end to end in Node, (c) in
 * chromium; the report takes its ratios against this round's own raw parses.
 */
async function measureRound(
  args: BenchArgs,
  corpus: Corpus & { zipPath: string },
  texts: ReturnType<typeof parseableTexts>,
  corpusInfo: Omit<CorpusInfo, 'lines'>,
): Promise<BenchReport> {
  log('(a) raw parse, one thread');
  const raw = await measureRawParse(texts);
  log(`    ${formatInteger(raw.files)} files in ${formatSeconds(raw.ms)}: ${formatInteger(raw.filesPerSecond)} files/s`);

  let browserRaw: Outcome<BrowserRawParseResult>;
  if (!args.browser) {
    browserRaw = { ok: false, skipped: true, reason: '--no-browser' };
  } else {
    log('(a2) raw parse in chromium, one thread (a dedicated worker of a bench page)');
    try {
      const { measureBrowserRawParse } = await import('./browserRawParse.ts');
      const value = await measureBrowserRawParse({ repoRoot: REPO_ROOT, files: texts, timeoutMs: args.timeoutSeconds * 1000, log: (l) => log(`    ${l}`) });
      browserRaw = { ok: true, value };
      const warmup = value.warmupMs.map((ms) => formatSeconds(ms)).join(', ');
      log(`    ${formatInteger(value.files)} files in ${formatSeconds(value.ms)} (warm-up pass ${warmup}): ${formatInteger(value.filesPerSecond)} files/s`);
    } catch (error) {
      browserRaw = { ok: false, reason: message(error) };
      log(`    failed: ${browserRaw.reason}`);
    }
  }

  log('(b) end to end in Node (a fresh process, as the CLI runs)');
  let node: Outcome<NodeIngestResult>;
  try {
    // Loaded here, not at the top: a broken pipeline module must not cost the other measurements.
    const { measureNodeIngestInChild } = await import('./nodeIngest.ts');
    node = { ok: true, value: await measureNodeIngestInChild({ name: corpus.name, zipPath: corpus.zipPath, threads: args.threads }) };
    log(`    ${formatInteger(node.value.summary.files)} files in ${formatSeconds(node.value.wallMs)}`);
  } catch (error) {
    node = { ok: false, reason: message(error) };
    log(`    failed: ${node.reason}`);
  }

  log('(b2) the parse stage alone in Node (a fresh process; files in memory, no read, stitch or store)');
  let parseStage: Outcome<ParseStageResult>;
  try {
    const { measureParseStageInChild } = await import('./nodeIngest.ts');
    parseStage = { ok: true, value: await measureParseStageInChild({ name: corpus.name, zipPath: corpus.zipPath, threads: args.threads }) };
    log(`    ${formatInteger(parseStage.value.files)} files in ${formatSeconds(parseStage.value.wallMs)}`);
  } catch (error) {
    parseStage = { ok: false, reason: message(error) };
    log(`    failed: ${parseStage.reason}`);
  }

  let browser: Outcome<BrowserIngestResult>;
  if (!args.browser) {
    browser = { ok: false, skipped: true, reason: '--no-browser' };
  } else {
    log('(c) end to end in chromium (the built app)');
    try {
      const { measureBrowserIngest } = await import('./browserIngest.ts');
      const value = await measureBrowserIngest({ repoRoot: REPO_ROOT, distDir: args.dist, zipPath: corpus.zipPath, timeoutMs: args.timeoutSeconds * 1000, log: (l) => log(`    ${l}`), traceV8: args.traceV8 });
      browser = { ok: true, value };
      log(`    ${formatInteger(value.files)} files in ${formatSeconds(value.wallMs)}`);
    } catch (error) {
      browser = { ok: false, reason: message(error) };
      log(`    failed: ${browser.reason}`);
    }
  }

  return buildReport(
    { ...corpusInfo, lines: raw.lines },
    { cpus: cpus().length, cpuModel: cpus()[0]?.model.trim() ?? 'unknown', node: process.version, platform: `${process.platform} ${process.arch}` },
    raw,
    node,
    browser,
    browserRaw,
    parseStage,
  );
}

async function main(): Promise<void> {
  const args = parseBenchArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return;
  }
  if (args.incremental) {
    const { runIncrementalBench } = await import('./incrementalIngest.ts');
    await runIncrementalBench(args);
    return;
  }
  const options = { noTests: args.noTests, limit: args.limit };
  log(args.synthetic ? `corpus: ${args.synthetic} real files under varied paths` : args.target ? `corpus: ${args.target}` : 'corpus: the system Python stdlib');
  const corpus = args.synthetic ? syntheticCorpus(args.synthetic) : args.target ? corpusFrom(args.target, options) : stdlibCorpus(options);
  const texts = parseableTexts(corpus.files);
  log(`${formatInteger(corpus.files.length)} files (${formatInteger(texts.length)} parseable), zip ${formatInteger(corpus.zip.byteLength)} bytes`);

  const corpusInfo = {
    name: corpus.name,
    source: corpus.source,
    noTests: args.noTests,
    files: corpus.files.length,
    parseableFiles: texts.length,
    bytes: corpus.files.reduce((sum, f) => sum + f.data.byteLength, 0),
    zipBytes: corpus.zip.byteLength,
  };
  // The zip both end-to-end runs read: the Node one in a process of its own, chromium's by upload.
  const dir = mkdtempSync(join(tmpdir(), 'bench-zip-'));
  const zipPath = join(dir, `${corpus.name}.zip`);
  writeFileSync(zipPath, corpus.zip);
  const reports: BenchReport[] = [];
  try {
    for (let round = 1; round <= args.repeat; round++) {
      if (args.repeat > 1) log(`round ${round} of ${args.repeat}`);
      reports.push(await measureRound(args, { ...corpus, zipPath }, texts, corpusInfo));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const report = reports[0]!;
  if (reports.length > 1) report.rounds = reports.map(roundFigures);
  console.log(args.json ? JSON.stringify(report, null, 2) : renderReport(report));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:ingest failed: ${message(error)}\n`);
    process.exit(1);
  },
);
