/** @file The benchmark report: ratios against the raw parse, verdicts, JSON and table forms. */
import { describe, expect, it } from 'vitest';
import type { BrowserIngestResult } from './browserIngest.ts';
import type { NodeIngestResult } from './nodeIngest.ts';
import type { RawParseResult } from './rawParse.ts';
import { buildReport, renderReport } from './report.ts';
import type { CorpusInfo } from './report.ts';
import { throughput } from './stats.ts';

const corpus: CorpusInfo = { name: 'py', source: '/lib', noTests: false, files: 100, parseableFiles: 100, lines: 50_000, bytes: 2e6, zipBytes: 5e5 };
const machine = { cpus: 2, cpuModel: 'cpu', node: 'v20', platform: 'linux x64' };
const raw: RawParseResult = { ...throughput(100, 50_000, 2e6, 1000), initMs: 40, filesWithErrors: 1, slowest: { path: 'a.py', ms: 90 }, peakRssBytes: 150e6 };

function nodeResult(wallMs: number, files = 100): NodeIngestResult {
  return {
    wallMs,
    openMs: 100,
    threads: 2,
    summary: { repoId: 'py', repoName: 'py', files, skipped: 0, nodes: { Module: files, Function: 400 }, edges: { CONTAINS: 500 }, unresolved: 30, filesWithSyntaxErrors: 1, ms: wallMs },
    phaseMs: { read: 100, parse: 800, stitch: 50, store: 50 },
    peakRssBytes: 300e6,
    hwmBytes: 320e6,
    peakHeapUsedBytes: 100e6,
    dbBytes: 5e6,
  };
}

const browserResult: BrowserIngestResult = {
  wallMs: 4000,
  files: 100,
  nodes: 500,
  edges: 500,
  appMs: 3900,
  appPhaseMs: null,
  jsHeapPeakBytes: 50e6,
  jsHeapSamples: 16,
  rendererRssPeakBytes: 600e6,
  rendererRssSumPeakBytes: 700e6,
  rendererHwmBytes: 650e6,
  renderers: 1,
  chromiumVersion: '156',
  externalRequests: [],
  pageErrors: [],
};

describe('buildReport', () => {
  it('compares end-to-end files/s with the raw parse and gives verdicts', () => {
    const report = buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: true, value: browserResult });
    expect(report.ratios.node.value).toBeCloseTo(0.625);
    expect(report.ratios.node.verdict).toBe('PASS');
    expect(report.ratios.browser.value).toBeCloseTo(0.25);
    expect(report.ratios.browser.verdict).toBe('FAIL');
    expect(JSON.parse(JSON.stringify(report)).node.throughput.filesPerSecond).toBeCloseTo(62.5);
    expect(report.graphsAgree).toBe(true);
  });

  it('notices when chromium and Node disagree on the graph', () => {
    const report = buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: true, value: { ...browserResult, edges: 499 } });
    expect(report.graphsAgree).toBe(false);
    expect(renderReport(report)).toContain('WARNING: totals differ from Node.');
  });

  it('leaves lines/s out when the pipeline indexed a different number of files', () => {
    const report = buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1000, 98) }, { ok: false, skipped: true, reason: '--no-browser' });
    expect('throughput' in report.node && report.node.throughput.lines).toBe(0);
    expect(report.ratios.browser).toEqual({ value: null, verdict: 'n/a' });
    expect(report.graphsAgree).toBeNull();
  });

  it('renders the table with both budget lines and the failure reasons', () => {
    const text = renderReport(
      buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: false, reason: 'dist/index.html is missing' }),
    );
    expect(text).toMatch(/raw parse \(Node, 1 thread\)\s+100\s+1\.00 s\s+100\s+50,000\s+100%/);
    expect(text).toMatch(/end to end \(Node, 2 parse threads\)\s+100\s+1\.60 s\s+63\s+31,250\s+63%\s+PASS/);
    expect(text).toContain('Node:     63% PASS');
    expect(text).toContain('chromium: - n/a');
    expect(text).toContain('chromium end to end failed: dist/index.html is missing');
  });

  it('renders the goal line of issue 14: both ratios against 100% and the renderer peak against 2 GB', () => {
    const text = renderReport(buildReport(corpus, machine, raw, { ok: true, value: nodeResult(900) }, { ok: true, value: browserResult }));
    expect(text).toContain('Goal (issue 14): end to end >= 100% of raw parse: Node PASS, chromium FAIL; renderer memory < 2048 MB: PASS (620 MB).');
  });
});
