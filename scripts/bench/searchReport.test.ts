/**
 * @file The search benchmark's report: ratios against the SQL baseline, pooled Cypher figures,
 * verdicts, MCTS per-iteration arithmetic, and the text carrying them.
 * Runs in: Node (vitest).
 */
import { SEARCH_BUDGETS } from './latency.ts';
import { describe, expect, it } from 'vitest';
import type { FamilyTimings } from './cypherTiming.ts';
import type { SearchTiming } from './mctsTiming.ts';
import { renderSearchReport, summarizeBuiltins, summarizeEnvironment, summarizeMctsSize } from './searchReport.ts';
import type { SearchBenchReport } from './searchReport.ts';

function family(id: string, ms: number[]): FamilyTimings {
  return { family: id, ms, compileMs: ms.map(() => 0.5), cpuMs: ms.map((x) => x / 2), rows: ms.map(() => 2), errors: [] };
}

function search(partial: Partial<SearchTiming>): SearchTiming {
  return {
    query: 'q',
    iterations: 200,
    totalMs: 0,
    totalCpuMs: 0,
    runMs: 0,
    embedMs: 0,
    rerankMs: 0,
    rerankPairs: 0,
    rerankCalls: 0,
    outsideModelsMs: 0,
    setupMs: 0,
    loopMs: 0,
    rankMs: 0,
    loopOutsideModelsMs: 0,
    outsideModelsCpuMs: 0,
    afterSetupOutsideModelsCpuMs: 0,
    visited: 0,
    exhausted: false,
    ...partial,
  };
}

const env = summarizeEnvironment({
  env: 'Node',
  notes: ['test'],
  openMs: 1000,
  loadMs: 2000,
  timings: { wallMs: 100, families: [family('sql-point', [2, 2, 2]), family('entity', [4, 6, 8]), family('union', [30, 40, 50])] },
});

describe('summarizeEnvironment', () => {
  it('divides each p50 by the point lookup and pools only the Cypher families', () => {
    expect(env.families.map((f) => [f.family, f.latency.p50, f.vsBaseline])).toEqual([
      ['sql-point', 2, 1],
      ['entity', 6, 3],
      ['union', 40, 20],
    ]);
    expect(env.allCypher.n).toBe(6);
    expect(env.allCypher.p50).toBe(19);
    expect(env.verdict).toBe('PASS');
    expect(env.allCypherCpuP50).toBe(9.5);
    expect(env.cpuVerdict).toBe('PASS');
  });
});

describe('summarizeMctsSize and summarizeBuiltins', () => {
  it('takes medians of per-iteration time outside the reranker', () => {
    const searches = [
      search({ iterations: 100, outsideModelsMs: 30, loopOutsideModelsMs: 10 }),
      search({ iterations: 200, outsideModelsMs: 200, loopOutsideModelsMs: 40 }),
      search({ iterations: 200, outsideModelsMs: 100, loopOutsideModelsMs: 20 }),
    ];
    const s = summarizeMctsSize({ nodes: 10, edges: 9, modules: 2, embeddedNodes: 9, kInit: 1, kMin: 20, setup: { generateMs: 0, fitMs: 0, embedMs: 0, snapshotMs: 0 }, searches });
    expect(s.perIterationWhole).toBe(0.5);
    expect(s.perIterationLoop).toBe(0.1);
    expect(s.verdictWhole).toBe('FAIL');
    expect(s.verdictLoop).toBe('PASS');
  });

  it('compares the median search with the median exhaustive rerank', () => {
    const b = summarizeBuiltins({
      nodes: 10,
      iterations: 200,
      setup: { generateMs: 0, fitMs: 0, embedMs: 0, snapshotMs: 0 },
      searches: [search({ totalMs: 300 }), search({ totalMs: 1200 }), search({ totalMs: 400 })],
      exhaustive: [{ query: 'q', pairs: 9, ms: 800, cpuMs: 1 }],
    });
    expect(b.total.p50).toBe(400);
    expect(b.vsExhaustive).toBe(0.5);
    expect(b.verdict).toBe('PASS');
    expect(b.verdictMax).toBe('FAIL');
  });
});

describe('renderSearchReport', () => {
  it('prints the tables and every budget line, failures included', () => {
    const report: SearchBenchReport = {
      machine: { cpus: 2, cpuModel: 'cpu', node: 'v20', platform: 'linux x64', loadAverage: [1, 2, 3], loadAverageEnd: [1, 1, 1] },
      settings: { reps: 3, seed: 1, queries: 2, iterations: 200 },
      budgets: { cypherP50Ms: 20, cypherP50MsBigGraph: 100, mctsMsPerIteration: 0.5, mcts200BuiltinsMs: 1000 },
      graph: { nodes: 100, edges: 250, byKind: { Repo: 1 }, byType: { USES: 3 }, generateMs: 10, fingerprint: 'abc' },
      cypher: { node: env, browser: { skipped: true, error: '--no-browser' } },
      mcts: [{ nodes: 100, error: 'boom' }],
      builtins: { nodes: 100, error: 'not run' },
    };
    const text = renderSearchReport(report);
    expect(text).toContain('A.6 UNION of whole nodes');
    expect(text).toMatch(/Budget: Cypher p50 < 20 ms in Node on duckdb-wasm \(every Cypher query together\): 19\.0 ms PASS; chromium beside it: n\/a\./);
    expect(text).toContain('chromium skipped: --no-browser');
    expect(text).toContain('100 nodes failed: boom');
    expect(text).toContain('(c) built-ins run on 100 nodes failed: not run');
    expect(text).toContain('never changes the exit code');
    expect(text).not.toContain('A big graph');
  });

  it('on an indexed database (--db): its path, the big-graph budget, and the native engine beside', () => {
    const report: SearchBenchReport = {
      machine: { cpus: 2, cpuModel: 'cpu', node: 'v20', platform: 'linux x64', loadAverage: [1, 2, 3], loadAverageEnd: [1, 1, 1] },
      settings: { reps: 3, seed: 1, queries: 2, iterations: 200 },
      budgets: SEARCH_BUDGETS,
      graph: { source: 'big.duckdb', nodes: 929_372, edges: 2_046_049, byKind: { Repo: 1 }, byType: { USES: 3 }, generateMs: 10, fingerprint: 'abc' },
      cypher: { node: env, native: { ...env, notes: ['native'] }, browser: { skipped: true, error: '--db: the chromium page builds its own synthetic graph' } },
      mcts: [{ nodes: 100, error: 'boom' }],
      builtins: { nodes: 100, error: 'not run' },
    };
    const text = renderSearchReport(report);
    expect(text).toContain('on 929,372 nodes (big.duckdb)');
    expect(text).toMatch(/A big graph \(over 200,000 nodes; docs\/budgets\.md: p50 < 100 ms at 50,000 files\): 19\.0 ms PASS/);
    expect(text).toMatch(/Node, native DuckDB \(the CLI's engine\) on the same file: every Cypher query p50 19\.0 ms/);
  });
});
