/**
 * @file The search benchmark's report: per-family latency summaries with ratios against the SQL
 * point lookup of the same environment, MCTS per-iteration figures, the built-ins run, the
 * budget verdicts of docs/budgets.md (printed, never an exit code), as JSON and as text.
 * Pure: takes what was measured.
 * Runs in: Node (bench, tests).
 */
import { BIG_GRAPH_NODES } from '../../src/core/search/bigGraph.ts';
import type { FamilyTimings, WorkloadTimings } from './cypherTiming.ts';
import { QUERY_FAMILIES } from './cypherWorkload.ts';
import { mean, percentile, SEARCH_BUDGETS, summarize, underBudget } from './latency.ts';
import type { LatencySummary, Verdict } from './latency.ts';
import type { ExhaustiveTiming, SearchTiming } from './mctsTiming.ts';
import { formatInteger, formatTable } from './stats.ts';

export const BASELINE_FAMILY = 'sql-point';

export interface FamilySummary {
  family: string;
  label: string;
  language: 'cypher' | 'sql';
  latency: LatencySummary;
  /** CPU ms per query (NaN where the environment has no CPU clock). */
  cpuP50: number;
  compileP50: number;
  meanRows: number;
  /** p50 over the baseline's p50 (same environment). */
  vsBaseline: number | null;
  errors: string[];
}

export interface EnvironmentSummary {
  env: string;
  notes: string[];
  openMs: number;
  loadMs: number;
  wallMs: number;
  families: FamilySummary[];
  /** Every timed Cypher query together (baselines left out). */
  allCypher: LatencySummary;
  /** Their CPU ms (NaN without a CPU clock). */
  allCypherCpuP50: number;
  verdict: Verdict;
  /** The verdict the CPU p50 would give: what the budget looks like without the machine's load. */
  cpuVerdict: Verdict;
}

export type Attempt<T> = { ok: true; value: T } | { ok: false; skipped?: boolean; reason: string };

export interface CypherEnvironmentInput {
  env: string;
  notes: string[];
  openMs: number;
  loadMs: number;
  timings: WorkloadTimings;
}

function familySummaries(timings: WorkloadTimings): FamilySummary[] {
  const byId = new Map<string, FamilyTimings>(timings.families.map((f) => [f.family, f]));
  const baseline = byId.get(BASELINE_FAMILY);
  const baselineP50 = baseline ? percentile(baseline.ms, 0.5) : Number.NaN;
  return QUERY_FAMILIES.filter((f) => byId.has(f.id)).map((f) => {
    const t = byId.get(f.id)!;
    const latency = summarize(t.ms);
    return {
      family: f.id,
      label: f.label,
      language: f.language,
      latency,
      cpuP50: percentile(t.cpuMs ?? [], 0.5),
      compileP50: percentile(t.compileMs, 0.5),
      meanRows: mean(t.rows),
      vsBaseline: baselineP50 > 0 && Number.isFinite(latency.p50) ? latency.p50 / baselineP50 : null,
      errors: t.errors,
    };
  });
}

export function summarizeEnvironment(input: CypherEnvironmentInput): EnvironmentSummary {
  const families = familySummaries(input.timings);
  // The lookup budget covers the A.5-A.7 kind; the newer forms are printed beside it.
  const cypherFamilies = input.timings.families.filter((t) => {
    const family = QUERY_FAMILIES.find((f) => f.id === t.family);
    return family?.language === 'cypher' && !family.newForm;
  });
  const allCypher = summarize(cypherFamilies.flatMap((t) => t.ms));
  const allCypherCpuP50 = percentile(cypherFamilies.flatMap((t) => t.cpuMs ?? []), 0.5);
  return {
    env: input.env,
    notes: input.notes,
    openMs: input.openMs,
    loadMs: input.loadMs,
    wallMs: input.timings.wallMs,
    families,
    allCypher,
    allCypherCpuP50,
    verdict: underBudget(allCypher.p50, SEARCH_BUDGETS.cypherP50Ms),
    cpuVerdict: underBudget(allCypherCpuP50, SEARCH_BUDGETS.cypherP50Ms),
  };
}

export interface MctsSizeInput {
  nodes: number;
  edges: number;
  modules: number;
  embeddedNodes: number;
  kInit: number;
  kMin: number;
  setup: { generateMs: number; fitMs: number; embedMs: number; snapshotMs: number };
  searches: SearchTiming[];
}

export interface MctsSizeSummary extends MctsSizeInput {
  /** Medians over the searches. */
  iterations: number;
  pairs: number;
  runMs: number;
  rerankMs: number;
  setupMs: number;
  rankMs: number;
  /** (runMcts - reranker) / iterations: everything outside model calls. */
  perIterationWhole: number;
  /** (loop - reranker) / iterations: the iterations alone. */
  perIterationLoop: number;
  verdictWhole: Verdict;
  verdictLoop: Verdict;
  /** CPU-time versions: whole run, and after setup (loop + rank), minus the reranker's CPU time. */
  cpuPerIterationWhole: number;
  cpuPerIterationAfterSetup: number;
}

function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

export function summarizeMctsSize(input: MctsSizeInput): MctsSizeSummary {
  const s = input.searches;
  const perIterationWhole = median(s.map((x) => x.outsideModelsMs / Math.max(1, x.iterations)));
  const perIterationLoop = median(s.map((x) => x.loopOutsideModelsMs / Math.max(1, x.iterations)));
  return {
    ...input,
    iterations: median(s.map((x) => x.iterations)),
    pairs: median(s.map((x) => x.rerankPairs)),
    runMs: median(s.map((x) => x.runMs)),
    rerankMs: median(s.map((x) => x.rerankMs)),
    setupMs: median(s.map((x) => x.setupMs)),
    rankMs: median(s.map((x) => x.rankMs)),
    perIterationWhole,
    perIterationLoop,
    verdictWhole: underBudget(perIterationWhole, SEARCH_BUDGETS.mctsMsPerIteration),
    verdictLoop: underBudget(perIterationLoop, SEARCH_BUDGETS.mctsMsPerIteration),
    cpuPerIterationWhole: median(s.map((x) => x.outsideModelsCpuMs / Math.max(1, x.iterations))),
    cpuPerIterationAfterSetup: median(s.map((x) => x.afterSetupOutsideModelsCpuMs / Math.max(1, x.iterations))),
  };
}

export interface BuiltinsInput {
  nodes: number;
  iterations: number;
  setup: { generateMs: number; fitMs: number; embedMs: number; snapshotMs: number };
  searches: SearchTiming[];
  exhaustive: ExhaustiveTiming[];
}

export interface BuiltinsSummary extends BuiltinsInput {
  total: LatencySummary;
  /** Median CPU ms of a search (NaN without a CPU clock). */
  totalCpuP50: number;
  exhaustiveP50: number;
  /** Median MCTS total over median exhaustive rerank. */
  vsExhaustive: number | null;
  verdict: Verdict;
  /** Verdict of the slowest search. */
  verdictMax: Verdict;
}

export function summarizeBuiltins(input: BuiltinsInput): BuiltinsSummary {
  const total = summarize(input.searches.map((s) => s.totalMs));
  const exhaustiveP50 = median(input.exhaustive.map((e) => e.ms));
  return {
    ...input,
    total,
    totalCpuP50: median(input.searches.map((s) => s.totalCpuMs)),
    exhaustiveP50,
    vsExhaustive: exhaustiveP50 > 0 ? total.p50 / exhaustiveP50 : null,
    verdict: underBudget(total.p50, SEARCH_BUDGETS.mcts200BuiltinsMs),
    verdictMax: underBudget(total.max, SEARCH_BUDGETS.mcts200BuiltinsMs),
  };
}

export interface GraphInfo {
  /** 'synthetic (seed N)' or the indexed database's path (`--db`). */
  source?: string;
  nodes: number;
  edges: number;
  byKind: Record<string, number>;
  byType: Record<string, number>;
  generateMs: number;
  fingerprint: string;
}

export interface SearchBenchReport {
  machine: { cpus: number; cpuModel: string; node: string; platform: string; loadAverage: number[]; loadAverageEnd: number[] };
  settings: { reps: number; seed: number; queries: number; iterations: number };
  budgets: typeof SEARCH_BUDGETS;
  graph: GraphInfo;
  cypher: {
    node: EnvironmentSummary | { error: string };
    /** `--db`: the same workload in the CLI's native DuckDB. */
    native?: EnvironmentSummary | { error: string };
    browser: (EnvironmentSummary & { fingerprint: string; sameWorkload: boolean; chromiumVersion: string; pageErrors: string[] }) | { skipped: boolean; error: string };
  };
  mcts: (MctsSizeSummary | { nodes: number; error: string })[];
  builtins: BuiltinsSummary | { nodes: number; error: string };
}

const ms = (value: number | null | undefined, digits = 1): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '-' : `${value.toFixed(digits)}`;
const times = (value: number | null): string => (value === null || !Number.isFinite(value) ? '-' : `${value.toFixed(1)}x`);
const seconds = (value: number): string => `${(value / 1000).toFixed(1)} s`;

function familyTable(node: EnvironmentSummary | null, browser: EnvironmentSummary | null): string {
  const rows: string[][] = [['query family', 'Node p50', 'p95', 'mean', 'vs SQL', 'CPU p50', 'chromium p50', 'p95', 'mean', 'vs SQL', 'rows', 'Node p50 < 20']];
  const families = (node ?? browser)?.families ?? [];
  for (const f of families) {
    const b = browser?.families.find((x) => x.family === f.family) ?? null;
    const n = node?.families.find((x) => x.family === f.family) ?? null;
    rows.push([
      f.label,
      ms(n?.latency.p50),
      ms(n?.latency.p95),
      ms(n?.latency.mean),
      f.family === BASELINE_FAMILY ? '1.0x' : times(n?.vsBaseline ?? null),
      ms(n?.cpuP50),
      ms(b?.latency.p50),
      ms(b?.latency.p95),
      ms(b?.latency.mean),
      f.family === BASELINE_FAMILY ? '1.0x' : times(b?.vsBaseline ?? null),
      ms(f.meanRows),
      QUERY_FAMILIES.find((x) => x.id === f.family)?.newForm ? '(not a lookup)' : f.language === 'cypher' && n ? underBudget(n.latency.p50, SEARCH_BUDGETS.cypherP50Ms) : '',
    ]);
  }
  const all = (e: EnvironmentSummary | null) => (e ? [ms(e.allCypher.p50), ms(e.allCypher.p95), ms(e.allCypher.mean)] : ['-', '-', '-']);
  rows.push(['every Cypher lookup together', ...all(node), '', ms(node?.allCypherCpuP50), ...all(browser), '', '', node ? node.verdict : 'n/a']);
  return formatTable(rows);
}

function renderCypher(report: SearchBenchReport, out: string[]): void {
  const { node, browser } = report.cypher;
  const nodeOk = 'families' in node ? node : null;
  const browserOk = 'families' in browser ? browser : null;
  out.push(
    `(a) Cypher lookups of the A.5-A.7 kind on ${formatInteger(report.graph.nodes)} nodes${report.graph.source ? ` (${report.graph.source})` : ''}: ms per query (compile + read-only guard + query + rows),`,
    `    ${report.settings.reps} timed queries per family with names drawn from the graph, after one untimed warm-up query per family;`,
    '    "vs SQL": p50 over the SQL point lookup\'s p50 in the same environment; "CPU p50": Node process CPU ms per query.',
    '',
    familyTable(nodeOk, browserOk),
    '',
    `Budget: Cypher p50 < ${SEARCH_BUDGETS.cypherP50Ms} ms in Node on duckdb-wasm (every Cypher query together):` +
      ` ${nodeOk ? `${ms(nodeOk.allCypher.p50)} ms ${nodeOk.verdict}` : 'n/a'}; chromium beside it: ${browserOk ? `${ms(browserOk.allCypher.p50)} ms ${browserOk.verdict}` : 'n/a'}.`,
  );
  if (nodeOk && report.graph.nodes > BIG_GRAPH_NODES) {
    const big = SEARCH_BUDGETS.cypherP50MsBigGraph;
    out.push(`  A big graph (over ${formatInteger(BIG_GRAPH_NODES)} nodes; docs/budgets.md: p50 < ${big} ms at 50,000 files): ${ms(nodeOk.allCypher.p50)} ms ${underBudget(nodeOk.allCypher.p50, big)}.`);
  }
  if (nodeOk) out.push(`  In Node CPU time (what an idle core would take): p50 ${ms(nodeOk.allCypherCpuP50)} ms ${nodeOk.cpuVerdict}.`);
  if (nodeOk) {
    const failing = nodeOk.families.filter((f) => f.language === 'cypher' && underBudget(f.latency.p50, SEARCH_BUDGETS.cypherP50Ms) === 'FAIL');
    out.push(`  Node families over budget: ${failing.length === 0 ? 'none' : failing.map((f) => f.family).join(', ')}.`);
    out.push(
      `  Node: ${nodeOk.notes.join('; ')}; opened in ${seconds(nodeOk.openMs)}, writeGraph ${seconds(nodeOk.loadMs)}; ` +
        `compile + guard p50 ${ms(median(nodeOk.families.filter((f) => f.language === 'cypher').map((f) => f.compileP50)), 2)} ms.`,
    );
  } else out.push(`  Node run failed: ${(node as { error: string }).error}`);
  if (browserOk) {
    out.push(
      `  chromium ${browserOk.chromiumVersion}: ${browserOk.notes.join('; ')}; opened in ${seconds(browserOk.openMs)}, writeGraph ${seconds(browserOk.loadMs)}; ` +
        `graph + workload fingerprint ${browserOk.fingerprint} ${browserOk.sameWorkload ? '(same as Node)' : `(DIFFERS from Node's ${report.graph.fingerprint})`}.`,
    );
    if (browserOk.pageErrors.length > 0) out.push(`  Page errors: ${browserOk.pageErrors.slice(0, 3).join(' | ')}`);
  } else out.push(`  chromium ${(browser as { skipped: boolean }).skipped ? 'skipped' : 'failed'}: ${(browser as { error: string }).error}`);
  const native = report.cypher.native;
  if (native && 'families' in native) {
    out.push(`  Node, native DuckDB (the CLI's engine) on the same file: every Cypher query p50 ${ms(native.allCypher.p50)} ms, p95 ${ms(native.allCypher.p95)} ms ${native.verdict}; ${native.notes.join('; ')}.`);
  } else if (native) out.push(`  Node, native DuckDB: failed: ${native.error}`);
  const errors = [...(nodeOk?.families ?? []), ...(browserOk?.families ?? []), ...(native && 'families' in native ? native.families : [])].filter((f) => f.errors.length > 0);
  for (const f of errors) out.push(`  ERRORS in ${f.family}: ${f.errors.length} (first: ${f.errors[0]})`);
}

function renderMcts(report: SearchBenchReport, out: string[]): void {
  out.push(
    `(b) MCTS (Algorithm 1, A.4 defaults, T = ${report.settings.iterations}) ms per iteration outside model calls: medians over ${report.settings.queries} docstring queries;`,
    '    built-in lexical reranker, its score() calls timed and subtracted.',
    '',
  );
  const rows: string[][] = [['nodes', 'modules', 'k_init', 'iterations', 'pairs', 'runMcts ms', 'rerank ms', 'setup ms', 'rank ms', 'ms/it whole', 'ms/it loop', 'budget whole', 'budget loop', 'CPU ms/it whole', 'after setup']];
  const failed: string[] = [];
  for (const size of report.mcts) {
    if ('error' in size) {
      failed.push(`  ${formatInteger(size.nodes)} nodes failed: ${size.error}`);
      continue;
    }
    rows.push([
      formatInteger(size.nodes),
      formatInteger(size.modules),
      String(size.kInit),
      ms(size.iterations, 0),
      formatInteger(size.pairs),
      ms(size.runMs),
      ms(size.rerankMs),
      ms(size.setupMs),
      ms(size.rankMs),
      ms(size.perIterationWhole, 3),
      ms(size.perIterationLoop, 3),
      size.verdictWhole,
      size.verdictLoop,
      ms(size.cpuPerIterationWhole, 3),
      ms(size.cpuPerIterationAfterSetup, 3),
    ]);
  }
  out.push(formatTable(rows), ...failed, '');
  out.push(
    `Budget: < ${SEARCH_BUDGETS.mctsMsPerIteration} ms per iteration outside model calls. "whole" = (runMcts - reranker) / iterations, so it carries the`,
    '  one-off setup (the query-similarity pass over every node x dim, tree arrays) and the final ranking; "loop" = the iterations',
    '  alone (first to last trace event, minus the reranker). Setup and rank are split off with the trace events runMcts emits.',
    '  CPU columns: the same in process CPU time (after setup = loop + rank), untouched by waiting for a core.',
  );
  for (const size of report.mcts) {
    if ('error' in size) continue;
    out.push(
      `  ${formatInteger(size.nodes)} nodes: ${formatInteger(size.edges)} edges, ${formatInteger(size.embeddedNodes)} embedded; once per graph: generate ${seconds(size.setup.generateMs)}, ` +
        `fit ${seconds(size.setup.fitMs)}, embed ${seconds(size.setup.embedMs)}, snapshot ${seconds(size.setup.snapshotMs)}.`,
    );
  }
}

function renderBuiltins(report: SearchBenchReport, out: string[]): void {
  const b = report.builtins;
  if ('error' in b) {
    out.push(`(c) built-ins run on ${formatInteger(b.nodes)} nodes failed: ${b.error}`);
    return;
  }
  out.push(
    `(c) ${b.iterations} MCTS iterations with the built-in lexical embedder + reranker on ${formatInteger(b.nodes)} nodes: wall time of a search`,
    '    (embed the query + runMcts); baseline: exhaustive rerank of every embedded node by the same reranker, same query.',
    '',
  );
  const rows: string[][] = [['query', 'iterations', 'total ms', 'CPU ms', 'embed ms', 'rerank ms', 'outside ms', 'pairs', 'exhaustive ms', 'exh. pairs', 'vs exhaustive']];
  b.searches.forEach((s, i) => {
    const e = b.exhaustive[i];
    rows.push([
      s.query.length > 40 ? `${s.query.slice(0, 39)}…` : s.query,
      String(s.iterations),
      ms(s.totalMs),
      ms(s.totalCpuMs),
      ms(s.embedMs, 2),
      ms(s.rerankMs),
      ms(s.outsideModelsMs),
      formatInteger(s.rerankPairs),
      ms(e?.ms),
      e ? formatInteger(e.pairs) : '-',
      times(e && e.ms > 0 ? s.totalMs / e.ms : null),
    ]);
  });
  out.push(formatTable(rows), '');
  out.push(
    `Budget: ${b.iterations} iterations with the built-ins < ${SEARCH_BUDGETS.mcts200BuiltinsMs / 1000} s on ${formatInteger(b.nodes)} nodes: median ${ms(b.total.p50)} ms ${b.verdict}, ` +
      `slowest ${ms(b.total.max)} ms ${b.verdictMax}; median CPU ${ms(b.totalCpuP50)} ms; median vs exhaustive rerank ${times(b.vsExhaustive)}.`,
    `  Once per graph (not in the search time): generate ${seconds(b.setup.generateMs)}, fit ${seconds(b.setup.fitMs)}, embed ${seconds(b.setup.embedMs)}, snapshot ${seconds(b.setup.snapshotMs)}.`,
  );
}

export function renderSearchReport(report: SearchBenchReport): string {
  const { machine, graph } = report;
  const out: string[] = [
    `Machine: ${machine.cpus} x ${machine.cpuModel}, Node ${machine.node}, ${machine.platform}; load average at start ${machine.loadAverage.map((x) => x.toFixed(1)).join(' ')}, at the end ${machine.loadAverageEnd.map((x) => x.toFixed(1)).join(' ')}`,
    `Synthetic graph: ${formatInteger(graph.nodes)} nodes, ${formatInteger(graph.edges)} edges (${(graph.edges / Math.max(1, graph.nodes)).toFixed(2)} per node), generated in ${seconds(graph.generateMs)}, seed ${report.settings.seed}`,
    `  nodes: ${Object.entries(graph.byKind).map(([k, n]) => `${k} ${formatInteger(n)}`).join(', ')}`,
    `  edges: ${Object.entries(graph.byType).map(([k, n]) => `${k} ${formatInteger(n)}`).join(', ')}`,
    '',
  ];
  renderCypher(report, out);
  out.push('');
  renderMcts(report, out);
  out.push('');
  renderBuiltins(report, out);
  out.push('', 'Verdicts are printed only: a FAIL never changes the exit code.');
  return out.join('\n');
}
