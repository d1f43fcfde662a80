/**
 * @file The quality benchmark's table and target checks: method x repo
 * NDCG@10, Recall@10, MRR@10, reranker calls and ms per query; the MCTS quality-against-pairs
 * curves beside rerank-all (Algorithm 1 'paper' over iterations T, the default guided variant
 * over pair budgets); target 1 (the default method beats plain BM25 by >= 0.15 NDCG@10, averaged
 * per repo) and target 2 (MCTS at the largest curve point whose reranker pairs stay within 15% of
 * rerank-all's keeps >= 95% of rerank-all's NDCG@10, per repo and averaged), for the default
 * variant and, for comparison, for Algorithm 1.
 * "Within 15%" is read strictly: at most 0.15 x rerank-all's pairs (a budget), per repo.
 * Runs in: Node (bench).
 */
import type { EvalReport, MethodReport, SearchMethod } from '../../src/core/agent/searchService.ts';

/** One point of the guided variant's curve: a pair budget (share of the candidates). */
export interface BudgetPoint {
  share: number;
  pairBudget: number;
  ndcg: number;
  recall: number;
  mrr: number;
  reranker_calls: number;
}

/** One reranker's answers on one repo: auto, mcts and rerank-all, its budget curve, its CPU per pair. */
export interface RerankerRun {
  reranker: string;
  methods: Partial<Record<SearchMethod, MethodReport>>;
  budgetCurve?: BudgetPoint[];
  /** Milliseconds per (query, document) pair scored, Node, this run (null: none scored). */
  msPerPair: number | null;
}

export interface PackageReport {
  package: string;
  /** The language of its sources ('python', 'go', ...). */
  language?: string;
  /** The rerankers compared (the first one answered every method of `report`). */
  rerankers?: RerankerRun[];
  /** Methods at their defaults; `curve` is Algorithm 1 ('paper') over iterations. */
  report: EvalReport;
  buildMs: number;
  /** Function + Method + Class nodes (rerank-all's pairs per query). */
  candidates?: number;
  /** The default (guided) MCTS over pair budgets. */
  budgetCurve?: BudgetPoint[];
}

export const CALL_BUDGET = 0.15;
export const KEEP_SHARE = 0.95;
export const MARGIN = 0.15;

function f3(x: number | undefined): string {
  return x === undefined ? '   -  ' : x.toFixed(3);
}

/** Largest curve point with reranker calls <= budget x rerank-all's (null without one). */
export function matchedPoint(report: EvalReport, budget = CALL_BUDGET) {
  const all = report.methods['rerank-all'];
  if (!all || !report.curve) return null;
  const within = report.curve.filter((p) => p.reranker_calls <= budget * all.reranker_calls);
  return within.length === 0 ? null : within.reduce((a, b) => (b.iterations > a.iterations ? b : a));
}

/** Largest budget point with reranker pairs <= budget x rerank-all's (null without one). */
export function matchedBudgetPoint(p: PackageReport, budget = CALL_BUDGET): BudgetPoint | null {
  const all = p.report.methods['rerank-all'];
  if (!all || !p.budgetCurve) return null;
  const within = p.budgetCurve.filter((b) => b.reranker_calls <= budget * all.reranker_calls);
  return within.length === 0 ? null : within.reduce((a, b) => (b.pairBudget > a.pairBudget ? b : a));
}

export interface TargetSummary {
  defaultMinusBm25: number | null;
  target1: boolean | null;
  /** Mean over repos of NDCG(default MCTS at its matched budget point) / NDCG(rerank-all); Algorithm 1's when there is no budget curve. */
  keptShare: number | null;
  target2: boolean | null;
  /** The same for Algorithm 1 ('paper') at its matched iteration count. */
  paperKeptShare: number | null;
}

export function summarise(packages: readonly PackageReport[], defaultMethod: SearchMethod = 'auto'): TargetSummary {
  const avg = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length);
  const diffs = packages.flatMap((p) => {
    const d = p.report.methods[defaultMethod];
    const b = p.report.methods.bm25;
    return d && b ? [d.ndcg - b.ndcg] : [];
  });
  const defaultMinusBm25 = avg(diffs);
  // A repo whose curve has no point within the budget keeps 0% (its cheapest point already costs more).
  const share = (point: { ndcg: number } | null, p: PackageReport, hasCurve: boolean) => {
    const all = p.report.methods['rerank-all'];
    if (!all || !hasCurve) return [];
    return [!point ? 0 : all.ndcg === 0 ? 1 : point.ndcg / all.ndcg];
  };
  const paperKeptShare = avg(packages.flatMap((p) => share(matchedPoint(p.report), p, (p.report.curve ?? []).length > 0)));
  const hasBudgetCurve = packages.some((p) => p.budgetCurve);
  const keptShare = hasBudgetCurve ? avg(packages.flatMap((p) => share(matchedBudgetPoint(p), p, (p.budgetCurve ?? []).length > 0))) : paperKeptShare;
  return {
    defaultMinusBm25,
    target1: defaultMinusBm25 === null ? null : defaultMinusBm25 >= MARGIN,
    keptShare,
    target2: keptShare === null ? null : keptShare >= KEEP_SHARE,
    paperKeptShare,
  };
}

export function renderQualityReport(packages: readonly PackageReport[], methods: readonly SearchMethod[]): string {
  const lines: string[] = [];
  const names = packages.map((p) => p.package);
  lines.push(`Quality on docstring eval sets (k = ${packages[0]?.report.k ?? 10}); queries: ${packages.map((p) => `${p.package} ${p.report.queries}`).join(', ')}`);
  const width = Math.max(9, ...names.map((n) => n.length));
  const header = `${'method'.padEnd(11)} ${'metric'.padEnd(7)} ${names.map((n) => n.padStart(width)).join(' ')} ${'mean'.padStart(9)}`;
  lines.push(header, '-'.repeat(header.length));
  if (packages.some((p) => p.candidates !== undefined)) {
    lines.push(`${''.padEnd(11)} ${'cands'.padEnd(7)} ${packages.map((p) => String(p.candidates ?? '-').padStart(width)).join(' ')}`);
    lines.push(`${''.padEnd(11)} ${'queries'.padEnd(7)} ${packages.map((p) => String(p.report.queries).padStart(width)).join(' ')}`);
  }
  const metrics = [
    ['NDCG', (m: NonNullable<EvalReport['methods'][SearchMethod]>) => f3(m.ndcg), (m: NonNullable<EvalReport['methods'][SearchMethod]>) => m.ndcg],
    ['Recall', (m: NonNullable<EvalReport['methods'][SearchMethod]>) => f3(m.recall), (m: NonNullable<EvalReport['methods'][SearchMethod]>) => m.recall],
    ['MRR', (m: NonNullable<EvalReport['methods'][SearchMethod]>) => f3(m.mrr), (m: NonNullable<EvalReport['methods'][SearchMethod]>) => m.mrr],
    ['calls', (m: NonNullable<EvalReport['methods'][SearchMethod]>) => m.reranker_calls.toFixed(0), (m: NonNullable<EvalReport['methods'][SearchMethod]>) => m.reranker_calls],
    ['ms', (m: NonNullable<EvalReport['methods'][SearchMethod]>) => m.ms.toFixed(1), (m: NonNullable<EvalReport['methods'][SearchMethod]>) => m.ms],
  ] as const;
  for (const method of methods) {
    for (const [label, show, value] of metrics) {
      const cells = packages.map((p) => {
        const m = p.report.methods[method];
        return (m ? show(m) : '-').padStart(width);
      });
      const values = packages.flatMap((p) => (p.report.methods[method] ? [value(p.report.methods[method]!)] : []));
      const mean = values.length === 0 ? '-' : label === 'calls' || label === 'ms' ? (values.reduce((s, x) => s + x, 0) / values.length).toFixed(label === 'ms' ? 1 : 0) : f3(values.reduce((s, x) => s + x, 0) / values.length);
      lines.push(`${(label === 'NDCG' ? method : '').padEnd(11)} ${label.padEnd(7)} ${cells.join(' ')} ${mean.padStart(9)}`);
    }
  }
  const nameWidth = Math.max(10, ...names.map((n) => n.length));
  if (packages.some((p) => p.budgetCurve)) {
    lines.push('', 'Default MCTS (guided) quality against reranker pairs (NDCG@k / pairs per query at a pair budget of x% of the candidates), rerank-all last:');
    for (const p of packages) {
      const all = p.report.methods['rerank-all'];
      const points = (p.budgetCurve ?? []).map((b) => `${(b.share * 100).toFixed(0)}%: ${f3(b.ndcg)} / ${b.reranker_calls.toFixed(0)}`);
      if (all) points.push(`rerank-all: ${f3(all.ndcg)} / ${all.reranker_calls.toFixed(0)}`);
      const point = matchedBudgetPoint(p);
      const kept = point && all && all.ndcg > 0 ? ` = ${((point.ndcg / all.ndcg) * 100).toFixed(1)}%` : '';
      lines.push(`  ${p.package.padEnd(nameWidth)} ${points.join('  ')}${point ? `  [matched ${(point.share * 100).toFixed(0)}%${kept}]` : ''}`);
    }
  }
  lines.push('', "Algorithm 1 ('paper' preset) quality against reranker pairs (NDCG@k / pairs per query), rerank-all last:");
  for (const p of packages) {
    const all = p.report.methods['rerank-all'];
    const points = (p.report.curve ?? []).map((c) => `T=${c.iterations}: ${f3(c.ndcg)} / ${c.reranker_calls.toFixed(0)}`);
    if (all) points.push(`rerank-all: ${f3(all.ndcg)} / ${all.reranker_calls.toFixed(0)}`);
    const point = matchedPoint(p.report);
    const kept = point && all && all.ndcg > 0 ? ` = ${((point.ndcg / all.ndcg) * 100).toFixed(1)}%` : '';
    const none = all && (p.report.curve ?? []).length > 0 ? '  [no T within the budget: 0%]' : '';
    lines.push(`  ${p.package.padEnd(nameWidth)} ${points.join('  ')}${point ? `  [matched T=${point.iterations}${kept}]` : none}`);
  }
  const s = summarise(packages);
  lines.push('');
  lines.push(
    `Target 1 (auto - bm25 NDCG@10 >= ${MARGIN}, mean per repo): ${s.defaultMinusBm25 === null ? 'n/a' : s.defaultMinusBm25.toFixed(3)} -> ${s.target1 === null ? 'n/a' : s.target1 ? 'MET' : 'NOT MET'}`,
  );
  lines.push(
    `Target 2 (default MCTS at <= ${CALL_BUDGET * 100}% of rerank-all's pairs keeps >= ${KEEP_SHARE * 100}% of its NDCG@10, mean per repo): ${s.keptShare === null ? 'n/a' : `${(s.keptShare * 100).toFixed(1)}%`} -> ${s.target2 === null ? 'n/a' : s.target2 ? 'MET' : 'NOT MET'}`,
  );
  const rerankers = renderRerankers(packages);
  if (rerankers) lines.push('', rerankers);
  const languages = renderLanguages(packages);
  if (languages) lines.push('', languages);
  const router = routerAgainstPaths(packages);
  if (router) lines.push(router);
  lines.push(`  Algorithm 1 ('paper') at its matched T (0% where even its smallest T costs more) keeps ${s.paperKeptShare === null ? 'n/a' : `${(s.paperKeptShare * 100).toFixed(1)}%`} of rerank-all's NDCG@10 (mean per repo).`);
  return lines.join('\n');
}

/**
 * The router held against its two paths (mean NDCG@10 per repo): auto must not score below the
 * better of Path 1 alone (its own hits, nothing where it gives none) and Path 2 alone (mcts).
 */
export function routerAgainstPaths(packages: readonly PackageReport[]): string | null {
  const rows = packages.flatMap((p) => {
    const auto = p.report.methods.auto;
    const mcts = p.report.methods.mcts;
    return auto && mcts && auto.pathOneNdcg !== undefined ? [{ auto, mcts }] : [];
  });
  if (rows.length === 0) return null;
  const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const auto = avg(rows.map((r) => r.auto.ndcg));
  const pathOne = avg(rows.map((r) => r.auto.pathOneNdcg ?? 0));
  const pathTwo = avg(rows.map((r) => r.mcts.ndcg));
  const count = (path: 'cypher' | 'cypher+mcts' | 'mcts') => rows.reduce((s, r) => s + (r.auto.routes?.[path] ?? 0), 0);
  const better = Math.max(pathOne, pathTwo);
  return (
    `Target 3 (auto >= the better of its two paths, mean NDCG@10 per repo): auto ${f3(auto)}, Path 1 alone ${f3(pathOne)}, ` +
    `Path 2 alone (mcts) ${f3(pathTwo)} -> ${auto >= better - 1e-9 ? 'MET' : 'NOT MET'}; queries by path: ` +
    `Path 1 ${count('cypher')}, Path 1 then 2 ${count('cypher+mcts')}, Path 2 ${count('mcts')}`
  );
}

/** Share of rerank-all's NDCG@10 the run's MCTS keeps at its largest budget point within 15% of rerank-all's pairs. */
export function keptByRun(run: RerankerRun): number | null {
  const all = run.methods['rerank-all'];
  if (!all || !run.budgetCurve || run.budgetCurve.length === 0) return null;
  const within = run.budgetCurve.filter((b) => b.reranker_calls <= CALL_BUDGET * all.reranker_calls);
  if (within.length === 0) return 0;
  const point = within.reduce((a, b) => (b.pairBudget > a.pairBudget ? b : a));
  return all.ndcg === 0 ? 1 : point.ndcg / all.ndcg;
}

const mean = (xs: readonly number[]) => (xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length);
const cell = (x: number | null, width: number, digits = 3) => (x === null ? '-' : x.toFixed(digits)).padStart(width);

/** Per reranker and repo: auto, mcts, rerank-all NDCG@10, the MCTS kept share, ms per pair. */
export function renderRerankers(packages: readonly PackageReport[]): string | null {
  const names = [...new Set(packages.flatMap((p) => (p.rerankers ?? []).map((r) => r.reranker)))];
  if (names.length === 0) return null;
  const lines = ['NDCG@10 per reranker (auto, default MCTS, rerank-all; kept: MCTS at <= 15% of the pairs over rerank-all; ms/pair: Node CPU):'];
  const width = Math.max(10, ...packages.map((p) => p.package.length));
  lines.push(`  ${'repo'.padEnd(width)} ${'reranker'.padEnd(9)} ${'auto'.padStart(6)} ${'mcts'.padStart(6)} ${'rr-all'.padStart(6)} ${'kept'.padStart(7)} ${'ms/pair'.padStart(8)}`);
  const row = (label: string, runs: readonly RerankerRun[], name: string) => {
    const of = (m: SearchMethod) => mean(runs.flatMap((r) => (r.methods[m] ? [r.methods[m]!.ndcg] : [])));
    const kept = mean(runs.flatMap((r) => keptByRun(r) ?? []));
    const ms = mean(runs.flatMap((r) => (r.msPerPair === null ? [] : [r.msPerPair])));
    return `  ${label.padEnd(width)} ${name.padEnd(9)} ${cell(of('auto'), 6)} ${cell(of('mcts'), 6)} ${cell(of('rerank-all'), 6)} ${kept === null ? '      -' : `${(kept * 100).toFixed(1)}%`.padStart(7)} ${cell(ms, 8, 4)}`;
  };
  for (const p of packages) for (const r of p.rerankers ?? []) lines.push(row(p.package, [r], r.reranker));
  for (const name of names) lines.push(row('mean', packages.flatMap((p) => (p.rerankers ?? []).filter((r) => r.reranker === name)), name));
  return lines.join('\n');
}

/** Per language, means over its repos: BM25, dense, auto / MCTS / rerank-all per reranker, kept share, ms per pair. */
export function renderLanguages(packages: readonly PackageReport[]): string | null {
  const languages = [...new Set(packages.map((p) => p.language ?? 'python'))];
  const names = [...new Set(packages.flatMap((p) => (p.rerankers ?? []).map((r) => r.reranker)))];
  if (names.length === 0) return null;
  const head = ['bm25', 'dense', ...names.flatMap((n) => [`auto ${n}`, `mcts ${n}`, `rr-all ${n}`, `kept ${n}`, `ms/pair ${n}`])];
  const width = Math.max(...head.map((h) => h.length)) + 1;
  const lines = [`Per language (mean NDCG@10 over its repos):`, `  ${'language'.padEnd(12)} ${'repos'.padStart(5)} ${head.map((h) => h.padStart(width)).join('')}`];
  for (const language of languages) {
    const group = packages.filter((p) => (p.language ?? 'python') === language);
    const base = (m: SearchMethod) => cell(mean(group.flatMap((p) => (p.report.methods[m] ? [p.report.methods[m]!.ndcg] : []))), width);
    const cells = [base('bm25'), base('dense')];
    for (const name of names) {
      const runs = group.flatMap((p) => (p.rerankers ?? []).filter((r) => r.reranker === name));
      const of = (m: SearchMethod) => cell(mean(runs.flatMap((r) => (r.methods[m] ? [r.methods[m]!.ndcg] : []))), width);
      const kept = mean(runs.flatMap((r) => keptByRun(r) ?? []));
      const ms = mean(runs.flatMap((r) => (r.msPerPair === null ? [] : [r.msPerPair])));
      cells.push(of('auto'), of('mcts'), of('rerank-all'), (kept === null ? '-' : `${(kept * 100).toFixed(1)}%`).padStart(width), cell(ms, width, 4));
    }
    lines.push(`  ${language.padEnd(12)} ${String(group.length).padStart(5)} ${cells.join('')}`);
  }
  return lines.join('\n');
}
