/**
 * @file The ingest benchmark's report: one JSON document (--json) and a table for people.
 * Pure: takes the measured results, computes ratios and the budget verdicts, formats.
 * Runs in: Node (bench, tests).
 */
import type { BrowserIngestResult } from './browserIngest.ts';
import type { BrowserRawParseResult } from './browserRawParse.ts';
import type { ParseStageRun } from './parsePages/parseBenchWorker.ts';
import type { ThreadCpu, V8WorkSummary } from './v8Trace.ts';
import type { NodeIngestResult, ParseStageResult } from './nodeIngest.ts';
import type { RawParseResult } from './rawParse.ts';
import { renderRounds } from './rounds.ts';
import type { RoundFigures } from './rounds.ts';
import {
  BUDGET_RATIO,
  budgetVerdict,
  formatInteger,
  formatMegabytes,
  formatPercent,
  formatSeconds,
  formatTable,
  ratio,
  throughput,
} from './stats.ts';
import type { Throughput, Verdict } from './stats.ts';

export interface CorpusInfo {
  name: string;
  source: string;
  noTests: boolean;
  files: number;
  parseableFiles: number;
  lines: number;
  bytes: number;
  zipBytes: number;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; skipped?: boolean; reason: string };

export interface BenchReport {
  corpus: CorpusInfo;
  machine: { cpus: number; cpuModel: string; node: string; platform: string };
  /** Raw parse in Node, one thread: the denominator of every ratio of earlier reports. */
  raw: RawParseResult;
  /** Raw parse in chromium, one dedicated worker (second pass): the chromium-side denominator. */
  browserRaw: BrowserRawParseResult | { skipped?: boolean; error: string };
  node: (NodeIngestResult & { throughput: Throughput }) | { error: string };
  browser: (BrowserIngestResult & { throughput: Throughput }) | { skipped?: boolean; error: string };
  /** The Node parse stage alone (measureParseStage): the ceiling of the end to end. */
  parseStage: (ParseStageResult & { throughput: Throughput }) | { skipped?: boolean; error: string };
  /** Node and chromium indexed the same corpus: do their file / node / edge totals agree? */
  graphsAgree: boolean | null;
  /** Both raw parses read the same files and found the same number with ERROR nodes. */
  rawParsesAgree: boolean | null;
  ratios: {
    threshold: number;
    /** Node end to end / Node raw parse (files/s). */
    node: { value: number | null; verdict: Verdict };
    /** chromium end to end / Node raw parse (files/s). */
    browser: { value: number | null; verdict: Verdict };
    /** chromium end to end / chromium raw parse (files/s). */
    browserVsChromiumRaw: { value: number | null; verdict: Verdict };
    /** chromium raw parse / Node raw parse (files/s). */
    chromiumRawVsNodeRaw: number | null;
    /** The Node parse stage alone / Node raw parse (files/s). */
    parseStage: number | null;
    /** The app's parse stage alone in chromium / chromium raw parse, and / Node raw parse (files/s). */
    browserParseStage: number | null;
    browserParseStageVsNodeRaw: number | null;
    /** Each end to end / its own parse stage alone (files/s): how much of its ceiling it reaches. */
    nodeVsParseStage: number | null;
    browserVsParseStage: number | null;
  };
  /** Every round's figures, the first (detailed above) included, when --repeat ran more than one. */
  rounds?: RoundFigures[];
}

function total(counts: Partial<Record<string, number>>): number {
  return Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

/** The app's summary (files, nodes, edges) equals the Node pipeline's. */
export function sameTotals(node: NodeIngestResult, browser: BrowserIngestResult): boolean {
  const s = node.summary;
  return s.files === browser.files && total(s.nodes) === browser.nodes && total(s.edges) === browser.edges;
}

/** Throughput of an end-to-end run; lines only when it indexed exactly the raw parse's files. */
export function endToEndThroughput(files: number, wallMs: number, raw: RawParseResult): Throughput {
  const sameFiles = files === raw.files;
  return throughput(files, sameFiles ? raw.lines : 0, sameFiles ? raw.bytes : 0, wallMs);
}

/** The app's parse stage alone, measured with chromium's raw parse; null when it failed. */
function appParseStage(browserRaw: BrowserRawParseResult): (ParseStageRun & { cpuMs: number | null }) | null {
  return 'error' in browserRaw.parseStage ? null : browserRaw.parseStage;
}

function stageFilesPerSecond(stage: ParseStageRun): number {
  return throughput(stage.files, 0, 0, stage.ms).filesPerSecond;
}

export function buildReport(
  corpus: CorpusInfo,
  machine: BenchReport['machine'],
  raw: RawParseResult,
  node: Outcome<NodeIngestResult>,
  browser: Outcome<BrowserIngestResult>,
  browserRaw: Outcome<BrowserRawParseResult> = { ok: false, skipped: true, reason: 'not measured' },
  parseStage: Outcome<ParseStageResult> = { ok: false, skipped: true, reason: 'not measured' },
): BenchReport {
  const nodePart = node.ok
    ? { ...node.value, throughput: endToEndThroughput(node.value.summary.files, node.value.wallMs, raw) }
    : { error: node.reason };
  const browserPart = browser.ok
    ? { ...browser.value, throughput: endToEndThroughput(browser.value.files, browser.value.wallMs, raw) }
    : { skipped: browser.skipped ?? false, error: browser.reason };
  const nodeRatio = 'throughput' in nodePart ? ratio(nodePart.throughput.filesPerSecond, raw.filesPerSecond) : null;
  const browserRatio = 'throughput' in browserPart ? ratio(browserPart.throughput.filesPerSecond, raw.filesPerSecond) : null;
  const browserRawPart = browserRaw.ok ? browserRaw.value : { skipped: browserRaw.skipped ?? false, error: browserRaw.reason };
  const parseStagePart = parseStage.ok
    ? { ...parseStage.value, throughput: endToEndThroughput(parseStage.value.files, parseStage.value.wallMs, raw) }
    : { skipped: parseStage.skipped ?? false, error: parseStage.reason };
  const browserStage = browserRaw.ok ? appParseStage(browserRaw.value) : null;
  const browserStageRate = browserStage ? stageFilesPerSecond(browserStage) : null;
  const chromiumRawRatio =
    browserRaw.ok && 'throughput' in browserPart ? ratio(browserPart.throughput.filesPerSecond, browserRaw.value.filesPerSecond) : null;
  return {
    corpus,
    machine,
    raw,
    browserRaw: browserRawPart,
    node: nodePart,
    browser: browserPart,
    parseStage: parseStagePart,
    graphsAgree: node.ok && browser.ok ? sameTotals(node.value, browser.value) : null,
    rawParsesAgree: browserRaw.ok ? browserRaw.value.files === raw.files && browserRaw.value.filesWithErrors === raw.filesWithErrors : null,
    ratios: {
      threshold: BUDGET_RATIO,
      node: { value: nodeRatio, verdict: budgetVerdict(nodeRatio) },
      browser: { value: browserRatio, verdict: budgetVerdict(browserRatio) },
      browserVsChromiumRaw: { value: chromiumRawRatio, verdict: budgetVerdict(chromiumRawRatio) },
      chromiumRawVsNodeRaw: browserRaw.ok ? ratio(browserRaw.value.filesPerSecond, raw.filesPerSecond) : null,
      parseStage: 'throughput' in parseStagePart ? ratio(parseStagePart.throughput.filesPerSecond, raw.filesPerSecond) : null,
      browserParseStage: browserRaw.ok && browserStageRate !== null ? ratio(browserStageRate, browserRaw.value.filesPerSecond) : null,
      browserParseStageVsNodeRaw: browserStageRate !== null ? ratio(browserStageRate, raw.filesPerSecond) : null,
      nodeVsParseStage: 'throughput' in nodePart && 'throughput' in parseStagePart ? ratio(nodePart.throughput.filesPerSecond, parseStagePart.throughput.filesPerSecond) : null,
      browserVsParseStage: 'throughput' in browserPart && browserStageRate !== null ? ratio(browserPart.throughput.filesPerSecond, browserStageRate) : null,
    },
  };
}

/**
 * The ingest goals (docs/budgets.md): each end to end at least this share of its own parse stage
 * alone (the pool on files in memory: what the end to end would take if the read, the stitch and
 * the store cost nothing), and a big repo's tab under 2 GB.
 */
export const CEILING_GOALS = { node: 0.85, browser: 0.75 } as const;
const RENDERER_GOAL_BYTES = 2 * 1024 * 1024 * 1024;

/** What a ceiling goal allows in CPU, and what the end to end spent beyond its parse stage. */
export interface GoalArithmetic {
  /** The longest end to end that meets the goal: the parse stage's wall time / the goal. */
  goalWallMs: number;
  /** The CPU that wall holds on `cores` cores, none of them ever idle. */
  allowedCpuMs: number;
  /** What the parse stage alone spent (the end to end's parse costs no less). */
  stageCpuMs: number;
  /** What the goal leaves for the rest: read, stitch, store and V8's compiles and GC for them. */
  leftCpuMs: number;
  /** What the rest took in this run: the end to end's CPU less the parse stage's. */
  restCpuMs: number;
}

export function goalArithmetic(goal: number, stageWallMs: number, stageCpuMs: number, endToEndCpuMs: number, cores: number): GoalArithmetic {
  const goalWallMs = stageWallMs / goal;
  const allowedCpuMs = goalWallMs * cores;
  return { goalWallMs, allowedCpuMs, stageCpuMs, leftCpuMs: allowedCpuMs - stageCpuMs, restCpuMs: endToEndCpuMs - stageCpuMs };
}

/**
 * The goal's CPU arithmetic in words: on a machine whose cores the parse stage alone nearly
 * fills, a goal the rest of the index does not fit beside cannot be met by overlapping it.
 */
function goalArithmeticLine(label: string, goal: number, stageWallMs: number, stageCpuMs: number | null, endToEndCpuMs: number | null, cores: number): string {
  if (stageCpuMs === null || endToEndCpuMs === null) return `  CPU arithmetic (${label}): not read (no /proc).`;
  const a = goalArithmetic(goal, stageWallMs, stageCpuMs, endToEndCpuMs, cores);
  const left = a.leftCpuMs > 0 ? `which leaves ${formatSeconds(a.leftCpuMs)} of CPU for the rest (read, stitch, store, and V8's compiles and GC for them)` : 'which leaves nothing for the rest';
  const verdict =
    a.restCpuMs <= a.leftCpuMs ? 'within what the goal leaves' : a.leftCpuMs > 0 ? `${(a.restCpuMs / a.leftCpuMs).toFixed(2)} x what the goal leaves` : 'more than the goal leaves';
  return (
    `  CPU arithmetic (${label}): ${formatPercent(goal)} of the parse stage's ${formatSeconds(stageWallMs)} allows an end to end of ${formatSeconds(a.goalWallMs)}, ` +
    `at most ${formatSeconds(a.allowedCpuMs)} of CPU on ${cores} cores with none ever idle; the parse stage alone spent ${formatSeconds(a.stageCpuMs)}, ${left}; ` +
    `this run's end to end spent ${formatSeconds(endToEndCpuMs)}, ${formatSeconds(a.restCpuMs)} beyond the parse stage: ${verdict}.`
  );
}

/** "67% (goal 85%): FAIL", or "n/a" where a run is missing. */
function ceilingGoalText(value: number | null, goal: number): string {
  return value === null ? 'n/a' : `${formatPercent(value)} (goal ${formatPercent(goal)}): ${budgetVerdict(value, goal)}`;
}

function v8WorkLine(work: V8WorkSummary): string {
  const compiles = work.turbofanMs + work.maglevMs;
  return (
    `  V8 during the index (traced, so slower than untraced; CPU): on ${work.helperThreads} helper threads wasm top-tier compiles ${formatSeconds(work.wasmTopTierMs)}, ` +
    `JS optimizing compiles ${formatSeconds(compiles)} (TurboFan ${formatSeconds(work.turbofanMs)}, Maglev ${formatSeconds(work.maglevMs)}), ` +
    `background GC ${formatSeconds(work.backgroundGcMs)}; ${formatInteger(work.wasmLazyCompiles)} lazy wasm compiles ${formatSeconds(work.wasmLazyMs)} on the calling threads.`
  );
}

/**
 * An index's CPU against its raw parse's time: at 100 % of the raw parse on `cores` cores, the
 * whole index (parse included) may spend at most `cores` times the raw parse, and only if no core
 * is ever idle. Unlike the ratio, this does not move with how fast the machine parses.
 */
function cpuBudgetText(cpuMs: number, rawMs: number, cores: number): string {
  return `${(cpuMs / rawMs).toFixed(2)} x the raw parse (100 % on ${cores} cores allows at most ${cores.toFixed(2)} x)`;
}

/** The Node index's CPU by thread: the pool's workers have ended by then, so they are the rest. */
function nodeCpuLine(node: NodeIngestResult, rawMs: number, cores: number): string {
  const cpu = node.cpu;
  if (!cpu) return '  CPU: not read (no /proc).';
  return (
    `  CPU: ${formatSeconds(cpu.totalMs)} in all (${(cpu.totalMs / node.wallMs).toFixed(2)} cores busy; ${cpuBudgetText(cpu.totalMs, rawMs, cores)}): main thread ${formatSeconds(cpu.mainMs)}, ` +
    `parse workers ${formatSeconds(cpu.exitedMs)}, the other threads ${formatSeconds(cpu.otherLiveMs)} (V8 compiles and GC, DuckDB, libuv).`
  );
}

/**
 * The parse stage alone (files in memory; no read, stitch or store): what the end to end could
 * reach if all the rest cost nothing, and its CPU against the raw parse's time.
 */
function parseStageLine(stage: ParseStageResult, ratios: BenchReport['ratios'], rawMs: number, cores: number): string {
  const cpu = stage.cpuMs === null ? 'CPU not read (no /proc)' : `${formatSeconds(stage.cpuMs)} CPU = ${cpuBudgetText(stage.cpuMs, rawMs, cores)}`;
  return (
    `Node parse stage alone (the pool on files already in memory: start-up, parse, extract, encode, decode; no read, stitch or store): ` +
    `${formatSeconds(stage.wallMs)}, ${formatPercent(ratios.parseStage)} of the raw parse, ${cpu}. The end to end cannot pass this ceiling` +
    (ratios.nodeVsParseStage === null ? '.' : `; it reaches ${formatPercent(ratios.nodeVsParseStage)} of it.`)
  );
}

/** Where the traced index's CPU went, thread by thread (busy time of each named thread). */
function threadCpuLine(work: V8WorkSummary, rawMs: number, cores: number): string {
  const sum = (threads: readonly ThreadCpu[]) => threads.reduce((total, t) => total + t.cpuMs, 0);
  const workers = work.threads.filter((t) => t.name.startsWith('DedicatedWorker'));
  const duckdb = workers.reduce<ThreadCpu | null>((most, t) => (t.wasmLazyCompiles > (most?.wasmLazyCompiles ?? 0) ? t : most), null);
  const helpers = work.threads.filter((t) => t.name.startsWith('ThreadPool'));
  const main = work.threads.filter((t) => t.name === 'CrRendererMain');
  const workerText = workers.map((t) => formatSeconds(t.cpuMs) + (t === duckdb ? ` (${formatInteger(t.wasmLazyCompiles)} lazy wasm compiles: duckdb-wasm's)` : '')).join(', ');
  const all = sum(work.threads);
  return (
    `  CPU by thread (traced): ${workers.length} dedicated workers ${workerText || '-'}; ${helpers.length} helper threads (every process) ${formatSeconds(sum(helpers))}; ` +
    `renderer main ${formatSeconds(sum(main))}; all ${work.threads.length} named threads ${formatSeconds(all)} = ${cpuBudgetText(all, rawMs, cores)}.`
  );
}

function rendererPeak(browser: BrowserIngestResult): number {
  return browser.rendererHwmBytes ?? browser.rendererRssPeakBytes ?? 0;
}

function slowestText(slowest: { path: string; ms: number } | null): string {
  return slowest ? `${slowest.path} (${slowest.ms.toFixed(0)} ms)` : '-';
}

function rates(t: Throughput | null): [string, string] {
  if (!t) return ['-', '-'];
  return [formatInteger(t.filesPerSecond), t.lines > 0 ? formatInteger(t.linesPerSecond) : '-'];
}

/** The report as text: corpus line, a throughput table, the budget lines, notes. */
export function renderReport(report: BenchReport): string {
  const { corpus, raw, browserRaw, node, browser, ratios, machine } = report;
  const out: string[] = [];
  out.push(
    `Corpus: ${corpus.name}${corpus.noTests ? ' (test folders excluded)' : ''} from ${corpus.source}`,
    `  ${formatInteger(corpus.files)} files (${formatInteger(corpus.parseableFiles)} parseable), ` +
      `${formatInteger(corpus.lines)} lines, ${formatMegabytes(corpus.bytes)}, zip ${formatMegabytes(corpus.zipBytes)}`,
    `Machine: ${machine.cpus} x ${machine.cpuModel}, Node ${machine.node}, ${machine.platform}`,
    '',
  );
  const nodeOk = 'throughput' in node ? node : null;
  const browserOk = 'throughput' in browser ? browser : null;
  const browserRawOk = 'error' in browserRaw ? null : browserRaw;
  const rows: string[][] = [['measurement', 'files', 'time', 'files/s', 'lines/s', 'vs Node raw', 'vs chromium raw', 'vs own parse stage', 'budget', 'peak memory']];
  rows.push([
    'raw parse (Node, 1 thread)',
    formatInteger(raw.files),
    formatSeconds(raw.ms),
    ...rates(raw),
    '100%',
    '',
    '',
    '',
    `${formatMegabytes(raw.peakRssBytes)} RSS`,
  ]);
  rows.push(
    browserRawOk
      ? [
          'raw parse (chromium worker, 1 thread)',
          formatInteger(browserRawOk.files),
          formatSeconds(browserRawOk.ms),
          ...rates(browserRawOk),
          formatPercent(ratios.chromiumRawVsNodeRaw),
          '100%',
          '',
          '',
          `${formatMegabytes(browserRawOk.rendererHwmBytes)} renderer RSS`,
        ]
      : ['raw parse (chromium worker, 1 thread)', '-', '-', '-', '-', '-', '-', '', '', 'skipped' in browserRaw && browserRaw.skipped ? 'skipped (below)' : 'failed (below)'],
  );
  rows.push(
    nodeOk
      ? [
          `end to end (Node, ${nodeOk.threads} parse threads)`,
          formatInteger(nodeOk.summary.files),
          formatSeconds(nodeOk.wallMs),
          ...rates(nodeOk.throughput),
          formatPercent(ratios.node.value),
          '',
          formatPercent(ratios.nodeVsParseStage),
          ratios.node.verdict,
          `${formatMegabytes(nodeOk.hwmBytes ?? nodeOk.peakRssBytes)} RSS`,
        ]
      : ['end to end (Node)', '-', '-', '-', '-', '-', '', '-', 'n/a', 'failed (below)'],
  );
  const stage = 'throughput' in report.parseStage ? report.parseStage : null;
  if (stage) {
    rows.push([`parse stage alone (Node, ${stage.threads} threads)`, formatInteger(stage.files), formatSeconds(stage.wallMs), ...rates(stage.throughput), formatPercent(ratios.parseStage), '', '100%', '', '']);
  }
  const browserStage = browserRawOk ? appParseStage(browserRawOk) : null;
  if (browserStage) {
    rows.push([
      `parse stage alone (chromium, ${browserStage.workers} workers)`,
      formatInteger(browserStage.files),
      formatSeconds(browserStage.ms),
      formatInteger(stageFilesPerSecond(browserStage)),
      '-',
      formatPercent(ratios.browserParseStageVsNodeRaw),
      formatPercent(ratios.browserParseStage),
      '100%',
      '',
      '',
    ]);
  }
  rows.push(
    browserOk
      ? [
          'end to end (chromium, app)',
          formatInteger(browserOk.files),
          formatSeconds(browserOk.wallMs),
          ...rates(browserOk.throughput),
          formatPercent(ratios.browser.value),
          formatPercent(ratios.browserVsChromiumRaw.value),
          formatPercent(ratios.browserVsParseStage),
          ratios.browser.verdict,
          `${formatMegabytes(browserOk.rendererHwmBytes ?? browserOk.rendererRssPeakBytes)} renderer RSS`,
        ]
      : ['end to end (chromium, app)', '-', '-', '-', '-', '-', '-', '-', 'n/a', 'skipped' in browser && browser.skipped ? 'skipped (below)' : 'failed (below)'],
  );
  out.push(formatTable(rows), '');
  out.push(`Budget: end to end >= ${formatPercent(ratios.threshold)} of raw parse files/s (docs/budgets.md).`);
  out.push(`  Node:     ${formatPercent(ratios.node.value)} ${ratios.node.verdict}`);
  out.push(`  chromium: ${formatPercent(ratios.browser.value)} ${ratios.browser.verdict}`);
  out.push(`  chromium against chromium's own raw parse: ${formatPercent(ratios.browserVsChromiumRaw.value)} ${ratios.browserVsChromiumRaw.verdict}`);
  out.push(
    'Goal: each end to end against its own parse stage alone (docs/budgets.md): ' +
      `Node ${ceilingGoalText(ratios.nodeVsParseStage, CEILING_GOALS.node)}, chromium ${ceilingGoalText(ratios.browserVsParseStage, CEILING_GOALS.browser)}; ` +
      `renderer memory < ${formatMegabytes(RENDERER_GOAL_BYTES)}: ` +
      (browserOk ? (rendererPeak(browserOk) < RENDERER_GOAL_BYTES ? 'PASS' : 'FAIL') : 'n/a') +
      (browserOk ? ` (${formatMegabytes(rendererPeak(browserOk))})` : '') + '.',
  );
  if (nodeOk && stage) {
    out.push(goalArithmeticLine('Node', CEILING_GOALS.node, stage.wallMs, stage.cpuMs, nodeOk.cpu?.totalMs ?? null, machine.cpus));
  }
  if (browserOk && browserStage) {
    out.push(goalArithmeticLine('chromium, every process', CEILING_GOALS.browser, browserStage.ms, browserStage.cpuMs, browserOk.chromiumCpuMs, machine.cpus));
  }
  out.push('');
  out.push(
    `Raw parse: grammars loaded in ${formatSeconds(raw.initMs)}; ${raw.filesWithErrors} files with ERROR nodes; ` +
      `slowest ${slowestText(raw.slowest)}.`,
  );
  if (browserRawOk) {
    const warmup = browserRawOk.warmupMs.map((ms) => formatSeconds(ms)).join(', ');
    out.push(
      `Raw parse time: Node ${formatSeconds(raw.ms)}, chromium ${formatSeconds(browserRawOk.ms)} ` +
        `(chromium files/s = ${formatPercent(ratios.chromiumRawVsNodeRaw)} of Node's).`,
      `  chromium ${browserRawOk.chromiumVersion} (hardwareConcurrency ${browserRawOk.hardwareConcurrency}), one dedicated worker: ` +
        `corpus fetched in ${formatSeconds(browserRawOk.fetchMs)}, grammars (${browserRawOk.languages.join(', ')}) loaded in ${formatSeconds(browserRawOk.initMs)}; ` +
        `warm-up pass ${warmup || '-'}, reported pass ${formatSeconds(browserRawOk.ms)}; ` +
        `${browserRawOk.filesWithErrors} files with ERROR nodes; slowest ${slowestText(browserRawOk.slowest)}.`,
    );
    out.push(
      'error' in browserRawOk.parseStage
        ? `  The app's parse stage alone failed: ${browserRawOk.parseStage.error}`
        : `  The app's parse stage alone (its pool of ${browserRawOk.parseStage.workers} parse workers, started and warmed up first as the app does, on the files in memory; no read, stitch or store): ` +
            `${formatSeconds(browserRawOk.parseStage.ms)}, ${formatPercent(ratios.browserParseStage)} of chromium's raw parse. The app's end to end cannot pass this ceiling` +
            (ratios.browserVsParseStage === null ? '.' : `; it reaches ${formatPercent(ratios.browserVsParseStage)} of it.`),
    );
    if (report.rawParsesAgree === false) out.push('  WARNING: the chromium raw parse read other files or found ERROR nodes in another number of files than Node.');
    if (browserRawOk.pageErrors.length > 0) out.push(`  Page errors: ${browserRawOk.pageErrors.slice(0, 3).join(' | ')}`);
  }
  if (nodeOk) {
    const phases = Object.entries(nodeOk.phaseMs)
      .map(([phase, ms]) => `${phase} ${formatSeconds(ms)}`)
      .join(', ');
    const s = nodeOk.summary;
    const nodes = total(s.nodes);
    const edges = total(s.edges);
    out.push(
      `Node end to end: ${phases}; database opened in ${formatSeconds(nodeOk.openMs)} (not counted), ` +
        `file ${formatMegabytes(nodeOk.dbBytes)}.`,
      `  ${formatInteger(s.files)} files, ${s.skipped} skipped, ${formatInteger(nodes)} nodes, ${formatInteger(edges)} edges, ` +
        `${formatInteger(s.unresolved)} unresolved, ${s.filesWithSyntaxErrors} files with syntax errors; ` +
        `pipeline's own ms ${formatInteger(s.ms)}.`,
      `  Memory: RSS peak ${formatMegabytes(nodeOk.hwmBytes)} (VmHWM, worker threads included), ` +
        `${formatMegabytes(nodeOk.peakRssBytes)} sampled; main-thread heap ${formatMegabytes(nodeOk.peakHeapUsedBytes)}.`,
      nodeCpuLine(nodeOk, raw.ms, machine.cpus),
    );
  }
  if (stage) out.push(parseStageLine(stage, ratios, raw.ms, machine.cpus));
  if (browserOk) {
    out.push(
      `chromium ${browserOk.chromiumVersion}: app reports ${formatInteger(browserOk.files)} files, ${formatInteger(browserOk.nodes)} nodes, ` +
        `${formatInteger(browserOk.edges)} edges in ${formatSeconds(browserOk.appMs)} (its own clock); ` +
        `${report.graphsAgree === null ? '' : report.graphsAgree ? 'same totals as Node.' : 'WARNING: totals differ from Node.'}`,
      ...(browserOk.appPhaseMs
        ? [`  Phases (app clock): ${Object.entries(browserOk.appPhaseMs).map(([phase, ms]) => `${phase} ${formatSeconds(ms)}`).join(', ')}.`]
        : []),
      `  Memory: renderer RSS peak ${formatMegabytes(browserOk.rendererHwmBytes)} (VmHWM, largest of ${browserOk.renderers} renderers), ` +
        `${formatMegabytes(browserOk.rendererRssPeakBytes)} sampled (all renderers together ${formatMegabytes(browserOk.rendererRssSumPeakBytes)}); page JS heap ${formatMegabytes(browserOk.jsHeapPeakBytes)} ` +
        `(${browserOk.jsHeapSamples} samples; workers and wasm memory are not in it).`,
    );
    if (browserOk.v8Work) out.push(v8WorkLine(browserOk.v8Work), threadCpuLine(browserOk.v8Work, browserRawOk?.ms ?? raw.ms, machine.cpus));
    if (browserOk.externalRequests.length > 0) out.push(`  WARNING: ${browserOk.externalRequests.length} requests left localhost.`);
    if (browserOk.pageErrors.length > 0) out.push(`  Page errors: ${browserOk.pageErrors.slice(0, 3).join(' | ')}`);
  }
  if ('error' in node) out.push(`Node end to end failed: ${node.error}`);
  if ('error' in report.parseStage && !report.parseStage.skipped) out.push(`Node parse stage failed: ${report.parseStage.error}`);
  if ('error' in browserRaw) out.push(`chromium raw parse ${browserRaw.skipped ? 'skipped' : 'failed'}: ${browserRaw.error}`);
  if ('error' in browser) out.push(`chromium end to end ${browser.skipped ? 'skipped' : 'failed'}: ${browser.error}`);
  if (report.rounds && report.rounds.length > 1) out.push('', renderRounds(report.rounds, CEILING_GOALS), '');
  out.push(
    "Ratios: 'vs Node raw' divides by this run's raw parse in Node (one thread), for both environments; " +
      "'vs chromium raw' divides by this run's raw parse in a chromium worker (one thread, second pass). " +
      'The budget column uses the Node raw parse; the goal, each end to end\'s own parse stage alone.',
  );
  return out.join('\n');
}
