/** @file Quality report: matched curve point (15% call budget), target summaries, table rendering. */
import { describe, expect, it } from 'vitest';
import type { EvalReport } from '../../src/core/agent/searchService.ts';
import { keptByRun, matchedBudgetPoint, matchedPoint, renderLanguages, renderQualityReport, renderRerankers, summarise } from './qualityReport.ts';
import type { RerankerRun } from './qualityReport.ts';

const m = (ndcg: number, calls = 0) => ({ ndcg, recall: ndcg, mrr: ndcg, reranker_calls: calls, ms: 1 });

function report(auto: number, bm25: number, all: number, curve: [number, number, number][]): EvalReport {
  return {
    queries: 3,
    k: 10,
    methods: { auto: m(auto, 100), bm25: m(bm25), 'rerank-all': m(all, 1000) },
    curve: curve.map(([iterations, ndcg, calls]) => ({ iterations, ndcg, recall: ndcg, mrr: ndcg, reranker_calls: calls })),
  };
}

describe('quality report', () => {
  it('picks the largest iteration count within 15% of rerank-all calls', () => {
    const r = report(0.5, 0.3, 0.4, [[10, 0.2, 50], [50, 0.39, 150], [100, 0.45, 151]]);
    expect(matchedPoint(r)?.iterations).toBe(50);
    expect(matchedPoint(report(0, 0, 0.4, [[10, 0.2, 500]]))).toBeNull();
  });
  it('summarises both targets over packages', () => {
    const packages = [
      { package: 'a', report: report(0.5, 0.3, 0.4, [[50, 0.39, 150]]), buildMs: 1 },
      { package: 'b', report: report(0.4, 0.35, 0.5, [[50, 0.45, 100]]), buildMs: 1 },
    ];
    const s = summarise(packages);
    expect(s.defaultMinusBm25).toBeCloseTo(0.125, 12);
    expect(s.target1).toBe(false);
    expect(s.paperKeptShare).toBeCloseTo((0.39 / 0.4 + 0.45 / 0.5) / 2, 12);
    expect(s.keptShare).toBeCloseTo((0.39 / 0.4 + 0.45 / 0.5) / 2, 12);
    expect(s.target2).toBe(false);
    const text = renderQualityReport(packages, ['auto', 'bm25', 'rerank-all']);
    expect(text).toMatch(/Target 1 .*0\.125 -> NOT MET/);
    expect(text).toMatch(/Target 2 .*-> NOT MET/);
    expect(text).toContain('[matched T=50');
  });
  it('reads target 2 from the guided budget curve when there is one', () => {
    const point = (share: number, ndcg: number, calls: number) => ({ share, pairBudget: share * 1000, ndcg, recall: ndcg, mrr: ndcg, reranker_calls: calls });
    const packages = [
      { package: 'a', candidates: 1000, report: report(0.6, 0.3, 0.4, [[50, 0.2, 150]]), buildMs: 1, budgetCurve: [point(0.05, 0.3, 50), point(0.15, 0.4, 150), point(0.25, 0.41, 250)] },
      { package: 'b', candidates: 1000, report: report(0.6, 0.35, 0.5, [[50, 0.25, 100]]), buildMs: 1, budgetCurve: [point(0.05, 0.45, 50), point(0.1, 0.49, 100)] },
    ];
    expect(matchedBudgetPoint(packages[0])?.share).toBe(0.15);
    const s = summarise(packages);
    expect(s.keptShare).toBeCloseTo((0.4 / 0.4 + 0.49 / 0.5) / 2, 12);
    expect(s.target2).toBe(true);
    expect(s.paperKeptShare).toBeCloseTo((0.2 / 0.4 + 0.25 / 0.5) / 2, 12);
    expect(s.target1).toBe(true);
    const text = renderQualityReport(packages, ['auto', 'bm25', 'rerank-all']);
    expect(text).toContain('[matched 15% = 100.0%]');
    expect(text).toMatch(/Target 2 .*-> MET/);
  });
  it('counts a repo whose cheapest curve point is over the budget as keeping 0%', () => {
    const packages = [
      { package: 'a', report: report(0.5, 0.3, 0.4, [[5, 0.3, 300]]), buildMs: 1 },
      { package: 'b', report: report(0.4, 0.35, 0.5, [[5, 0.45, 100]]), buildMs: 1 },
    ];
    expect(summarise(packages).keptShare).toBeCloseTo(0.45, 12);
    expect(renderQualityReport(packages, ['auto'])).toContain('[no T within the budget: 0%]');
  });
  it('prints each reranker per repo and each language with its means, kept shares and ms per pair', () => {
    const point = (share: number, ndcg: number, calls: number) => ({ share, pairBudget: share * 1000, ndcg, recall: ndcg, mrr: ndcg, reranker_calls: calls });
    const run = (reranker: string, auto: number, all: number, kept: number, ms: number): RerankerRun => ({
      reranker,
      methods: { auto: m(auto, 100), mcts: m(auto, 100), 'rerank-all': m(all, 1000) },
      budgetCurve: [point(0.15, kept, 150), point(0.25, 0.9, 250)],
      msPerPair: ms,
    });
    expect(keptByRun(run('lexical', 0.5, 0.4, 0.44, 0.2))).toBeCloseTo(1.1, 12);
    expect(keptByRun({ ...run('lexical', 0.5, 0.4, 0.44, 0.2), budgetCurve: [point(0.25, 0.9, 250)] })).toBe(0);
    const packages = [
      { package: 'a', language: 'python', report: report(0.5, 0.3, 0.4, []), buildMs: 1, rerankers: [run('lexical', 0.5, 0.4, 0.4, 0.2), run('learned', 0.6, 0.55, 0.55, 0.3)] },
      { package: 'b', language: 'go', report: report(0.4, 0.2, 0.5, []), buildMs: 1, rerankers: [run('lexical', 0.4, 0.5, 0.25, 0.1), run('learned', 0.5, 0.6, 0.6, 0.1)] },
    ];
    const rows = renderRerankers(packages)!;
    expect(rows).toMatch(/a\s+learned\s+0\.600\s+0\.600\s+0\.550\s+100\.0%\s+0\.3000/);
    expect(rows).toMatch(/mean\s+lexical\s+0\.450\s+0\.450\s+0\.450\s+75\.0%\s+0\.1500/);
    const languages = renderLanguages(packages)!;
    expect(languages).toMatch(/python\s+1\s+0\.300/);
    expect(languages).toMatch(/go\s+1\s+0\.200/);
    expect(languages).toContain('rr-all learned');
    expect(renderQualityReport(packages, ['auto'])).toContain('Per language');
    expect(renderRerankers([{ package: 'c', report: report(0.1, 0.1, 0.1, []), buildMs: 1 }])).toBeNull();
  });
});
