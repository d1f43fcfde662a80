/**
 * @file Tests of the embed benchmark's report: ratios against the built-in of the same run,
 * ratio formatting, per-source timings, the chromium run plan, and the rendered text.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { browserRunPlan } from './browserModels.ts';
import { formatRatio, renderEmbedReport, throughputRows } from './embedReport.ts';
import type { EmbedBenchReport } from './embedReport.ts';
import type { RunOutcome } from './modelThroughput.ts';
import { sourceTimings } from './nodeSemantic.ts';

function run(task: 'embed' | 'rerank', model: string, env: string, device: string, perSecond: number, partial = false): RunOutcome {
  const items = partial ? 50 : 100;
  return {
    ok: true,
    run: {
      task,
      model,
      builtin: model.startsWith('builtin:'),
      env,
      device,
      loadMs: 10,
      timed: { items, total: 100, ms: (items * 1000) / perSecond, units: 4, passes: partial ? 0 : 1, partial },
      perSecond,
    },
  };
}

const OUTCOMES: RunOutcome[] = [
  run('embed', 'builtin:lexical', 'Node', 'js', 1000),
  run('embed', 'fixtures/tiny-embedder', 'Node', 'cpu', 50),
  run('rerank', 'builtin:lexical-reranker', 'Node', 'js', 400),
  run('rerank', 'fixtures/tiny-reranker', 'Node', 'cpu', 100),
  run('embed', 'builtin:lexical', 'chromium', 'js', 500),
  run('embed', 'fixtures/tiny-embedder', 'chromium', 'webgpu', 5, true),
  { ok: false, task: 'rerank', model: 'fixture', env: 'chromium', device: 'wasm', error: 'boom' },
];

describe('throughputRows', () => {
  it('divides by the built-in of the same task, here and in Node', () => {
    const rows = throughputRows(OUTCOMES);
    expect(rows.map((r) => [r.vsBuiltinHere, r.vsBuiltinNode])).toEqual([
      [1, 1],
      [0.05, 0.05],
      [1, 1],
      [0.25, 0.25],
      [1, 0.5],
      [0.01, 0.005],
      [null, null],
    ]);
  });

  it('has no ratio where the baseline is missing', () => {
    const rows = throughputRows([run('embed', 'fixtures/tiny-embedder', 'chromium', 'wasm', 10)]);
    expect(rows[0]!.vsBuiltinHere).toBeNull();
    expect(rows[0]!.vsBuiltinNode).toBeNull();
  });
});

describe('formatRatio', () => {
  it('keeps two significant digits below 0.1', () => {
    expect(formatRatio(1)).toBe('1.00x');
    expect(formatRatio(0.25)).toBe('0.25x');
    expect(formatRatio(0.05)).toBe('0.050x');
    expect(formatRatio(0.0012)).toBe('0.0012x');
    expect(formatRatio(0)).toBe('0x');
    expect(formatRatio(null)).toBe('-');
  });
});

describe('sourceTimings', () => {
  it('times each source from its first report to the next source, fit apart', () => {
    const seen = [
      { source: 'description' as const, phase: 'fit', at: 100 },
      { source: 'description' as const, phase: 'embed', at: 130 },
      { source: 'code' as const, phase: 'fit', at: 400 },
      { source: 'code' as const, phase: 'embed', at: 420 },
    ];
    const sets = [
      { model: 'builtin:lexical', source: 'description' as const, dim: 8, count: 10, builtin: true, createdAt: '', fallbackTexts: 2 },
      { model: 'builtin:lexical', source: 'code' as const, dim: 8, count: 9, builtin: true, createdAt: '', fallbackTexts: 0 },
    ];
    expect(sourceTimings(seen, sets, 1000)).toEqual([
      { source: 'description', count: 10, dim: 8, ms: 300, fitMs: 30, fallbackTexts: 2 },
      { source: 'code', count: 9, dim: 8, ms: 600, fitMs: 20, fallbackTexts: 0 },
    ]);
  });
});

describe('browserRunPlan', () => {
  it('runs the built-ins first, then the fixture models on each device', () => {
    const plan = (webgpu: boolean) => browserRunPlan(webgpu).map((r) => `${r.task}:${r.model}:${r.device}`);
    expect(plan(true)).toEqual(['embed:builtin:js', 'embed:fixture:wasm', 'embed:fixture:webgpu', 'rerank:builtin:js', 'rerank:fixture:wasm', 'rerank:fixture:webgpu']);
    expect(plan(false)).toEqual(['embed:builtin:js', 'embed:fixture:wasm', 'rerank:builtin:js', 'rerank:fixture:wasm']);
  });
});

describe('renderEmbedReport', () => {
  it('prints the throughput table with ratios, failures, and skipped parts', () => {
    const report: EmbedBenchReport = {
      machine: { cpus: 2, cpuModel: 'cpu', node: 'v20', platform: 'linux x64' },
      sample: { texts: 100, meanChars: 500, maxChars: 4000, source: 'stdlib', pairs: 100, queries: 20, budgetSeconds: 60 },
      throughput: throughputRows(OUTCOMES),
      browser: { skipped: true, error: '--no-browser' },
      semantic: [{ corpus: 'stdlib', result: { ok: false, reason: 'no python' } }],
      app: { ok: false, skipped: true, reason: '--no-app' },
    };
    const text = renderEmbedReport(report);
    expect(text).toMatch(/embed\s+fixtures\/tiny-embedder\s+Node\s+cpu\s+100\s+2\.00 s\s+50\.0 texts\/s\s+0\.050x\s+0\.050x/);
    expect(text).toMatch(/fixtures\/tiny-embedder\s+chromium\s+webgpu\s+50 of 100 .* 0\.010x\s+0\.0050x/);
    expect(text).toContain('rerank fixture (chromium wasm) failed: boom');
    expect(text).toMatch(/stdlib\s+-\s+-\s+-\s+-\s+failed: no python/);
    expect(text).toContain('skipped: --no-app');
    expect(text).toContain('chromium skipped: --no-browser');
  });
});
