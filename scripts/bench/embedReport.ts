/**
 * @file The embed benchmark's report: one JSON document (--json) and tables for people. Pure:
 * takes the measured results, computes the ratios against the baseline of the same run (the
 * built-in lexical model of the same task, in the same environment, and in Node) and formats.
 * Runs in: Node (bench, tests).
 */
import type { AppSemanticRun } from './appSemantic.ts';
import type { BrowserModelsResult } from './browserModels.ts';
import type { SampleStats } from './embedSample.ts';
import type { RunOutcome, ThroughputRun } from './modelThroughput.ts';
import type { SemanticCorpusResult } from './nodeSemantic.ts';
import { formatInteger, formatMegabytes, formatSeconds, formatTable, ratio } from './stats.ts';

export type Part<T> = { ok: true; value: T } | { ok: false; skipped?: boolean; reason: string };

export interface ThroughputRow {
  outcome: RunOutcome;
  /** perSecond / the built-in's perSecond for the same task in the same environment. */
  vsBuiltinHere: number | null;
  /** perSecond / the built-in's perSecond for the same task in Node. */
  vsBuiltinNode: number | null;
}

export interface EmbedBenchReport {
  machine: { cpus: number; cpuModel: string; node: string; platform: string; loadAverageStart?: number; loadAverageEnd?: number };
  sample: SampleStats & { source: string; pairs: number; queries: number; budgetSeconds: number };
  throughput: ThroughputRow[];
  browser: Omit<BrowserModelsResult, 'runs'> | { skipped?: boolean; error: string };
  semantic: { corpus: string; result: Part<SemanticCorpusResult> }[];
  app: Part<AppSemanticRun>;
}

function isBuiltinRun(outcome: RunOutcome, task: 'embed' | 'rerank', env: string): outcome is { ok: true; run: ThroughputRun } {
  return outcome.ok && outcome.run.builtin && outcome.run.task === task && outcome.run.env === env;
}

/** Rows with their ratios against the built-in of the same task (same environment, and Node). */
export function throughputRows(outcomes: readonly RunOutcome[]): ThroughputRow[] {
  const baseline = (task: 'embed' | 'rerank', env: string): number | null => {
    const found = outcomes.find((o) => isBuiltinRun(o, task, env));
    return found && found.ok ? found.run.perSecond : null;
  };
  return outcomes.map((outcome) => {
    if (!outcome.ok) return { outcome, vsBuiltinHere: null, vsBuiltinNode: null };
    const { task, env, perSecond } = outcome.run;
    const here = baseline(task, env);
    const node = baseline(task, 'Node');
    return {
      outcome,
      vsBuiltinHere: here === null ? null : ratio(perSecond, here),
      vsBuiltinNode: node === null ? null : ratio(perSecond, node),
    };
  });
}

/** A ratio as '1.00x', '0.012x', '-' when unknown (more digits below 0.1 so small ones stay readable). */
export function formatRatio(value: number | null): string {
  if (value === null) return '-';
  if (value === 0) return '0x';
  const digits = value >= 0.1 ? 2 : Math.min(6, 1 - Math.floor(Math.log10(value)));
  return `${value.toFixed(digits)}x`;
}

/** A rate with one decimal below 100, whole numbers above. */
export function formatRate(value: number): string {
  return value < 100 ? value.toFixed(1) : formatInteger(value);
}

function throughputTable(rows: readonly ThroughputRow[]): string {
  const table: string[][] = [['task', 'model', 'where', 'device', 'items', 'time', 'rate', 'vs built-in here', 'vs built-in Node', 'load + warm-up']];
  for (const { outcome, vsBuiltinHere, vsBuiltinNode } of rows) {
    if (!outcome.ok) {
      table.push([outcome.task, outcome.model, outcome.env, outcome.device, '-', '-', 'failed', '-', '-', '-']);
      continue;
    }
    const r = outcome.run;
    const unit = r.task === 'embed' ? 'texts/s' : 'pairs/s';
    table.push([
      r.task,
      r.builtin ? `${r.model} (built-in)` : r.model,
      r.env,
      r.device,
      r.timed.partial ? `${formatInteger(r.timed.items)} of ${formatInteger(r.timed.total)}` : r.timed.passes > 1 ? `${r.timed.passes} x ${formatInteger(r.timed.total)}` : formatInteger(r.timed.items),
      formatSeconds(r.timed.ms),
      `${formatRate(r.perSecond)} ${unit}`,
      formatRatio(vsBuiltinHere),
      formatRatio(vsBuiltinNode),
      formatSeconds(r.loadMs),
    ]);
  }
  return formatTable(table);
}

function semanticTable(parts: EmbedBenchReport['semantic']): string {
  const table: string[][] = [['corpus', 'phase', 'items', 'time', 'rate', 'notes']];
  for (const { corpus, result } of parts) {
    if (!result.ok) {
      table.push([corpus, '-', '-', '-', '-', `${result.skipped ? 'skipped' : 'failed'}: ${result.reason.slice(0, 80)}`]);
      continue;
    }
    const r = result.value;
    const rate = (n: number, ms: number, unit: string) => (ms > 0 ? `${formatRate((n * 1000) / ms)} ${unit}` : '-');
    table.push([corpus, 'index (Node, parse pool)', `${formatInteger(r.files)} files`, formatSeconds(r.indexMs), rate(r.files, r.indexMs, 'files/s'), `graph: ${formatInteger(r.nodes)} nodes, ${formatInteger(r.edges)} edges`]);
    table.push([
      corpus,
      'describe (structural)',
      `${formatInteger(r.describe.described)} nodes`,
      formatSeconds(r.describe.ms),
      rate(r.describe.described, r.describe.ms, 'nodes/s'),
      r.describe.state === 'done' ? '' : `state ${r.describe.state}`,
    ]);
    for (const s of r.embed.sources) {
      table.push([
        corpus,
        `embed ${s.source} (lexical)`,
        `${formatInteger(s.count)} nodes`,
        formatSeconds(s.ms),
        rate(s.count, s.ms, 'nodes/s'),
        `fit ${formatSeconds(s.fitMs)}, dim ${s.dim}${s.fallbackTexts > 0 ? `, ${formatInteger(s.fallbackTexts)} fallback texts` : ''}`,
      ]);
    }
    table.push([
      corpus,
      `SIMILAR (${r.similar.info.source}, ${r.similar.info.method})`,
      `${formatInteger(r.similar.vectors)} vectors`,
      formatSeconds(r.similar.ms),
      rate(r.similar.vectors, r.similar.ms, 'vectors/s'),
      `${formatInteger(r.similar.info.edges)} edges (cos >= ${r.similar.info.eps}, k ${r.similar.info.k})`,
    ]);
    table.push([
      corpus,
      'describe + embed + SIMILAR',
      `${formatInteger(r.describe.described)} nodes`,
      formatSeconds(r.semanticMs),
      rate(r.describe.described, r.semanticMs, 'nodes/s'),
      `peak RSS ${formatMegabytes(r.peakRssBytes ?? r.sampledPeakRssBytes)} (${formatMegabytes(r.startRssBytes)} before describe), db ${formatMegabytes(r.dbBytes)}`,
    ]);
  }
  return formatTable(table);
}

function appTable(run: AppSemanticRun): string {
  const table: string[][] = [['corpus', 'phase', 'items', 'time', 'rate', 'notes']];
  for (const entry of run.results) {
    if (!entry.ok) {
      table.push([entry.corpus, '-', '-', '-', '-', `failed: ${entry.reason.slice(0, 100)}`]);
      continue;
    }
    const r = entry.value;
    const rate = (n: number, ms: number, unit: string) => (ms > 0 ? `${formatRate((n * 1000) / ms)} ${unit}` : '-');
    const phases = Object.entries(r.embed.phaseMs)
      .map(([phase, ms]) => `${phase} ~${formatSeconds(ms)}`)
      .join(', ');
    table.push([r.corpus, 'index (app)', `${formatInteger(r.files)} files`, formatSeconds(r.indexMs), rate(r.files, r.indexMs, 'files/s'), `graph: ${formatInteger(r.nodes)} nodes`]);
    table.push([r.corpus, 'describe (structural)', `${formatInteger(r.describe.done)} nodes`, formatSeconds(r.describe.ms), rate(r.describe.done, r.describe.ms, 'nodes/s'), r.describe.done === r.describe.total ? '' : `out of ${formatInteger(r.describe.total)}`]);
    table.push([r.corpus, 'embed + SIMILAR (lexical)', `${formatInteger(r.embed.vectors)} vectors`, formatSeconds(r.embed.ms), rate(r.embed.vectors, r.embed.ms, 'vectors/s'), phases]);
    table.push([
      r.corpus,
      'describe + embed + SIMILAR',
      `${formatInteger(r.describe.done)} nodes`,
      formatSeconds(r.describe.ms + r.embed.ms),
      rate(r.describe.done, r.describe.ms + r.embed.ms, 'nodes/s'),
      `SIMILAR ${r.similar.edges === null ? '?' : formatInteger(r.similar.edges)} edges (${r.similar.method ?? '?'}), renderer RSS ${formatMegabytes(r.rendererRssPeakBytes)}`,
    ]);
  }
  return formatTable(table);
}

export function renderEmbedReport(report: EmbedBenchReport): string {
  const { machine, sample, browser } = report;
  const out: string[] = [];
  out.push(
    `Machine: ${machine.cpus} x ${machine.cpuModel}, Node ${machine.node}, ${machine.platform}` +
      (machine.loadAverageStart !== undefined ? `; load average ${machine.loadAverageStart.toFixed(1)} at the start, ${machine.loadAverageEnd?.toFixed(1) ?? '-'} at the end` : ''),
    `Sample: ${formatInteger(sample.texts)} function snippets from ${sample.source} (mean ${formatInteger(sample.meanChars)} chars, max ${formatInteger(sample.maxChars)}); ` +
      `rerank: ${sample.queries} queries x ${formatInteger(sample.pairs / Math.max(1, sample.queries))} documents = ${formatInteger(sample.pairs)} pairs; ` +
      `budget ${sample.budgetSeconds > 0 ? `${sample.budgetSeconds} s` : 'none'} per measurement.`,
  );
  if ('error' in browser) out.push(`chromium ${browser.skipped ? 'skipped' : 'failed'}: ${browser.error}`);
  else {
    out.push(
      `chromium ${browser.chromiumVersion} (hardwareConcurrency ${browser.hardwareConcurrency}), WebGPU adapter: ${browser.webgpu ? (browser.adapter ?? 'yes') : 'none'}; ` +
        `renderer peak RSS ${formatMegabytes(browser.rendererHwmBytes)}.`,
    );
    if (browser.pageErrors.length > 0) out.push(`  Page errors: ${browser.pageErrors.slice(0, 3).join(' | ')}`);
  }
  out.push('', '(a) Throughput (baseline: the built-in lexical model of the same task, same run)', throughputTable(report.throughput));
  for (const row of report.throughput) {
    if (!row.outcome.ok) out.push(`  ${row.outcome.task} ${row.outcome.model} (${row.outcome.env} ${row.outcome.device}) failed: ${row.outcome.error.slice(0, 300)}`);
  }
  out.push('', '(b) Describe + embed with the built-ins in Node (@duckdb/node-api, the CLI path)', semanticTable(report.semantic));
  out.push('', '(c) Describe + embed with the built-ins in chromium (the built app, offline preset)');
  if (report.app.ok) {
    out.push(appTable(report.app.value));
    const errors = report.app.value.results.flatMap((r) => (r.ok ? r.value.pageErrors : []));
    if (errors.length > 0) out.push(`  Page errors: ${errors.slice(0, 3).join(' | ')}`);
  } else out.push(`  ${report.app.skipped ? 'skipped' : 'failed'}: ${report.app.reason}`);
  out.push(
    '',
    'Notes: rates are items per second of wall time from the caller (chromium: measured on the page, so the',
    'models worker round trips are included). The fixture models have random weights and one layer: their',
    'rates show the transformers.js / onnxruntime path, not a real model. No figure is judged; the exit code is 0.',
  );
  return out.join('\n');
}
