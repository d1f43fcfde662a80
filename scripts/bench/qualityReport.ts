/**
 * @file The quality benchmark's table and target checks (issue 4): method x package NDCG@10,
 * Recall@10, MRR@10, reranker calls and ms per query; the MCTS quality-against-calls curve beside
 * rerank-all; target 1 (the default method beats plain BM25 by >= 0.10 NDCG@10, averaged per
 * package) and target 2 (MCTS at the largest curve point whose reranker calls stay within 15% of
 * rerank-all's keeps >= 95% of rerank-all's NDCG@10, per package and averaged).
 * "Within 15%" is read strictly: at most 0.15 x rerank-all's calls (a budget), per package.
 * Runs in: Node (bench).
 */
import type { EvalReport, SearchMethod } from '../../src/core/agent/searchService.ts';

export interface PackageReport {
  package: string;
  report: EvalReport;
  buildMs: number;
}

export const CALL_BUDGET = 0.15;
export const KEEP_SHARE = 0.95;
export const MARGIN = 0.1;

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

export interface TargetSummary {
  defaultMinusBm25: number | null;
  target1: boolean | null;
  /** Mean over packages of NDCG(MCTS at matched point) / NDCG(rerank-all). */
  keptShare: number | null;
  target2: boolean | null;
}

export function summarise(packages: readonly PackageReport[], defaultMethod: SearchMethod = 'auto'): TargetSummary {
  const avg = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length);
  const diffs = packages.flatMap((p) => {
    const d = p.report.methods[defaultMethod];
    const b = p.report.methods.bm25;
    return d && b ? [d.ndcg - b.ndcg] : [];
  });
  const defaultMinusBm25 = avg(diffs);
  const shares = packages.flatMap((p) => {
    const point = matchedPoint(p.report);
    const all = p.report.methods['rerank-all'];
    if (!point || !all) return [];
    return [all.ndcg === 0 ? 1 : point.ndcg / all.ndcg];
  });
  const keptShare = avg(shares);
  return {
    defaultMinusBm25,
    target1: defaultMinusBm25 === null ? null : defaultMinusBm25 >= MARGIN,
    keptShare,
    target2: keptShare === null ? null : keptShare >= KEEP_SHARE,
  };
}

export function renderQualityReport(packages: readonly PackageReport[], methods: readonly SearchMethod[]): string {
  const lines: string[] = [];
  const names = packages.map((p) => p.package);
  lines.push(`Quality on docstring eval sets (k = ${packages[0]?.report.k ?? 10}); queries: ${packages.map((p) => `${p.package} ${p.report.queries}`).join(', ')}`);
  const header = `${'method'.padEnd(11)} ${'metric'.padEnd(7)} ${names.map((n) => n.padStart(9)).join(' ')} ${'mean'.padStart(9)}`;
  lines.push(header, '-'.repeat(header.length));
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
        return (m ? show(m) : '-').padStart(9);
      });
      const values = packages.flatMap((p) => (p.report.methods[method] ? [value(p.report.methods[method]!)] : []));
      const mean = values.length === 0 ? '-' : label === 'calls' || label === 'ms' ? (values.reduce((s, x) => s + x, 0) / values.length).toFixed(label === 'ms' ? 1 : 0) : f3(values.reduce((s, x) => s + x, 0) / values.length);
      lines.push(`${(label === 'NDCG' ? method : '').padEnd(11)} ${label.padEnd(7)} ${cells.join(' ')} ${mean.padStart(9)}`);
    }
  }
  lines.push('', 'MCTS quality against reranker calls (NDCG@k / calls per query), rerank-all last:');
  for (const p of packages) {
    const all = p.report.methods['rerank-all'];
    const points = (p.report.curve ?? []).map((c) => `T=${c.iterations}: ${f3(c.ndcg)} / ${c.reranker_calls.toFixed(0)}`);
    if (all) points.push(`rerank-all: ${f3(all.ndcg)} / ${all.reranker_calls.toFixed(0)}`);
    const point = matchedPoint(p.report);
    lines.push(`  ${p.package.padEnd(10)} ${points.join('  ')}${point ? `  [matched T=${point.iterations}]` : ''}`);
  }
  const s = summarise(packages);
  lines.push('');
  lines.push(
    `Target 1 (auto - bm25 NDCG@10 >= ${MARGIN}, mean per package): ${s.defaultMinusBm25 === null ? 'n/a' : s.defaultMinusBm25.toFixed(3)} -> ${s.target1 === null ? 'n/a' : s.target1 ? 'MET' : 'NOT MET'}`,
  );
  lines.push(
    `Target 2 (MCTS at <= ${CALL_BUDGET * 100}% of rerank-all's calls keeps >= ${KEEP_SHARE * 100}% of its NDCG@10): ${s.keptShare === null ? 'n/a' : `${(s.keptShare * 100).toFixed(1)}%`} -> ${s.target2 === null ? 'n/a' : s.target2 ? 'MET' : 'NOT MET'}`,
  );
  return lines.join('\n');
}
