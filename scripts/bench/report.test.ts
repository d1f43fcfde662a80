/** @file The benchmark report: ratios against the raw parse, verdicts, JSON and table forms, repeated rounds. */
import { describe, expect, it } from 'vitest';
import type { BrowserIngestResult } from './browserIngest.ts';
import type { BrowserRawParseResult } from './browserRawParse.ts';
import type { NodeIngestResult } from './nodeIngest.ts';
import type { RawParseResult } from './rawParse.ts';
import { buildReport, goalArithmetic, renderReport } from './report.ts';
import type { CorpusInfo } from './report.ts';
import { roundFigures, spread } from './rounds.ts';
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
    cpu: { totalMs: 2600, mainMs: 400, otherLiveMs: 500, exitedMs: 1700 },
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
  chromiumCpuMs: 7000,
  chromiumVersion: '156',
  externalRequests: [],
  pageErrors: [],
};

const browserRaw: BrowserRawParseResult = {
  ...throughput(100, 50_000, 2e6, 1250),
  fetchMs: 30,
  initMs: 20,
  languages: ['python'],
  filesWithErrors: 1,
  slowest: { path: 'b.py', ms: 70 },
  warmupMs: [1600],
  buildMs: 500,
  chromiumVersion: '150',
  hardwareConcurrency: 2,
  rendererHwmBytes: 200 * 1024 * 1024,
  parseStage: { ms: 1000, files: 100, workers: 2, cpuMs: 1900 },
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
    expect(text).toMatch(/end to end \(Node, 2 parse threads\)\s+100\s+1\.60 s\s+63\s+31,250\s+63%\s+-\s+PASS/);
    expect(text).toContain('Node:     63% PASS');
    expect(text).toContain('chromium: - n/a');
    expect(text).toContain('chromium end to end failed: dist/index.html is missing');
  });

  it("renders the Node index's CPU by thread, and says so when it could not be read", () => {
    const text = renderReport(buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: false, skipped: true, reason: '--no-browser' }));
    expect(text).toContain('  CPU: 2.60 s in all (1.63 cores busy; 2.60 x the raw parse (100 % on 2 cores allows at most 2.00 x)): main thread 0.40 s, parse workers 1.70 s, the other threads 0.50 s (V8 compiles and GC, DuckDB, libuv).');
    const blind = renderReport(buildReport(corpus, machine, raw, { ok: true, value: { ...nodeResult(1600), cpu: null } }, { ok: false, skipped: true, reason: '--no-browser' }));
    expect(blind).toContain('  CPU: not read (no /proc).');
  });

  it('renders a traced run: what V8 spent, and the CPU of each kind of thread', () => {
    const worker = (cpuMs: number, wasmLazyCompiles: number) => ({ name: 'DedicatedWorker thread', cpuMs, wasmLazyCompiles });
    const v8Work = {
      wasmTopTierMs: 980, turbofanMs: 1020, maglevMs: 440, backgroundGcMs: 650, wasmLazyCompiles: 6664, wasmLazyMs: 190, helperThreads: 2,
      threads: [worker(3240, 0), worker(3170, 12), { name: 'ThreadPoolForegroundWorker', cpuMs: 1450, wasmLazyCompiles: 0 }, worker(1480, 6650), { name: 'ThreadPoolForegroundWorker', cpuMs: 830, wasmLazyCompiles: 0 }, { name: 'CrRendererMain', cpuMs: 410, wasmLazyCompiles: 0 }],
    };
    const text = renderReport(buildReport(corpus, machine, raw, { ok: true, value: nodeResult(900) }, { ok: true, value: { ...browserResult, v8Work } }));
    expect(text).toContain('JS optimizing compiles 1.46 s (TurboFan 1.02 s, Maglev 0.44 s), background GC 0.65 s; 6,664 lazy wasm compiles 0.19 s');
    expect(text).toContain(
      "CPU by thread (traced): 3 dedicated workers 3.24 s, 3.17 s, 1.48 s (6,650 lazy wasm compiles: duckdb-wasm's); 2 helper threads (every process) 2.28 s; renderer main 0.41 s; all 6 named threads 10.58 s = 10.58 x the raw parse (100 % on 2 cores allows at most 2.00 x).",
    );
  });

  it('renders the ingest goal line: each end to end against its own parse stage, and the renderer peak against 2 GB', () => {
    const stage = { files: 100, wallMs: 900, threads: 2, cpuMs: 1700 };
    const text = renderReport(buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1000) }, { ok: true, value: browserResult }, { ok: true, value: browserRaw }, { ok: true, value: stage }));
    // Node: 0.90 s / 1.00 s; chromium: 1.00 s / 4.00 s.
    expect(text).toContain('Goal: each end to end against its own parse stage alone (docs/budgets.md): Node 90% (goal 85%): PASS, chromium 25% (goal 75%): FAIL; renderer memory < 2048 MB: PASS (620 MB).');
    expect(text).toMatch(/end to end \(Node, 2 parse threads\)\s+100\s+1\.00 s\s+100\s+50,000\s+100%\s+90%\s+PASS/);
    expect(text).toMatch(/end to end \(chromium, app\)\s+100\s+4\.00 s\s+25\s+12,500\s+25%\s+31%\s+25%\s+FAIL/);
    const unmeasured = renderReport(buildReport(corpus, machine, raw, { ok: true, value: nodeResult(900) }, { ok: true, value: browserResult }));
    expect(unmeasured).toContain('Node n/a, chromium n/a; renderer memory');
    expect(unmeasured).not.toContain('CPU arithmetic');
  });

  it("works out each goal's CPU: what it allows, what the parse stage alone leaves, what the rest took", () => {
    expect(goalArithmetic(0.85, 900, 1700, 2600, 2)).toEqual({
      goalWallMs: expect.closeTo(900 / 0.85, 6),
      allowedCpuMs: expect.closeTo((2 * 900) / 0.85, 6),
      stageCpuMs: 1700,
      leftCpuMs: expect.closeTo((2 * 900) / 0.85 - 1700, 6),
      restCpuMs: 900,
    });
    const stage = { files: 100, wallMs: 900, threads: 2, cpuMs: 1700 };
    const text = renderReport(buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: true, value: browserResult }, { ok: true, value: browserRaw }, { ok: true, value: stage }));
    expect(text).toContain(
      "  CPU arithmetic (Node): 85% of the parse stage's 0.90 s allows an end to end of 1.06 s, at most 2.12 s of CPU on 2 cores with none ever idle; " +
        "the parse stage alone spent 1.70 s, which leaves 0.42 s of CPU for the rest (read, stitch, store, and V8's compiles and GC for them); " +
        "this run's end to end spent 2.60 s, 0.90 s beyond the parse stage: 2.15 x what the goal leaves.",
    );
    expect(text).toContain("  CPU arithmetic (chromium, every process): 75% of the parse stage's 1.00 s allows an end to end of 1.33 s, at most 2.67 s of CPU on 2 cores");
    expect(text).toContain('this run\'s end to end spent 7.00 s, 5.10 s beyond the parse stage: 6.65 x what the goal leaves.');
    const fits = renderReport(buildReport(corpus, machine, raw, { ok: true, value: { ...nodeResult(1000), cpu: { totalMs: 1800, mainMs: 100, otherLiveMs: 0, exitedMs: 1700 } } }, { ok: false, skipped: true, reason: '--no-browser' }, undefined, { ok: true, value: stage }));
    expect(fits).toContain('spent 1.80 s, 0.10 s beyond the parse stage: within what the goal leaves.');
    const full = renderReport(buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: false, skipped: true, reason: '--no-browser' }, undefined, { ok: true, value: { ...stage, cpuMs: 2200 } }));
    expect(full).toContain('which leaves nothing for the rest;');
    expect(full).toContain('more than the goal leaves.');
    const blind = renderReport(buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: true, value: { ...browserResult, chromiumCpuMs: null } }, { ok: true, value: browserRaw }, { ok: true, value: stage }));
    expect(blind).toContain('  CPU arithmetic (chromium, every process): not read (no /proc).');
  });

  it('divides chromium end to end by the chromium raw parse too, and keeps the Node-raw ratios', () => {
    const report = buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: true, value: browserResult }, { ok: true, value: browserRaw });
    expect(report.ratios.browser.value).toBeCloseTo(0.25);
    expect(report.ratios.browserVsChromiumRaw.value).toBeCloseTo(0.3125);
    expect(report.ratios.browserVsChromiumRaw.verdict).toBe('FAIL');
    expect(report.ratios.chromiumRawVsNodeRaw).toBeCloseTo(0.8);
    expect(report.rawParsesAgree).toBe(true);
    const json = JSON.parse(JSON.stringify(report));
    expect(json.browserRaw.filesPerSecond).toBeCloseTo(80);
    expect(json.raw.filesPerSecond).toBeCloseTo(100);
  });

  it('renders the chromium raw row, both denominators of the chromium row and the two raw times', () => {
    const text = renderReport(
      buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: true, value: browserResult }, { ok: true, value: browserRaw }),
    );
    expect(text).toMatch(/raw parse \(chromium worker, 1 thread\)\s+100\s+1\.25 s\s+80\s+40,000\s+80%\s+100%\s+200 MB renderer RSS/);
    expect(text).toMatch(/end to end \(chromium, app\)\s+100\s+4\.00 s\s+25\s+12,500\s+25%\s+31%\s+25%\s+FAIL/);
    expect(text).toContain("chromium against chromium's own raw parse: 31% FAIL");
    expect(text).toContain('Raw parse time: Node 1.00 s, chromium 1.25 s');
    expect(text).toContain('warm-up pass 1.60 s, reported pass 1.25 s');
    expect(text).not.toContain('WARNING');
  });

  it("renders the app's parse stage alone against both raw parses, and says when it failed", () => {
    const report = buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: true, value: browserResult }, { ok: true, value: browserRaw });
    expect(report.ratios.browserParseStage).toBeCloseTo(1.25);
    expect(report.ratios.browserParseStageVsNodeRaw).toBeCloseTo(1);
    const text = renderReport(report);
    expect(text).toMatch(/parse stage alone \(chromium, 2 workers\)\s+100\s+1\.00 s\s+100\s+-\s+100%\s+125%/);
    expect(text).toContain("warmed up first as the app does, on the files in memory; no read, stitch or store): 1.00 s, 125% of chromium's raw parse. The app's end to end cannot pass this ceiling; it reaches 25% of it.");
    expect(report.ratios.browserVsParseStage).toBeCloseTo(0.25);
    expect(roundFigures(report).browserParseStage).toBeCloseTo(1.25);
    const failed = buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: true, value: browserResult }, { ok: true, value: { ...browserRaw, parseStage: { error: 'no answer within 900 s' } } });
    expect(failed.ratios.browserParseStage).toBeNull();
    expect(renderReport(failed)).toContain("The app's parse stage alone failed: no answer within 900 s");
  });

  it('warns when the two raw parses disagree and reports a failed or skipped chromium raw parse', () => {
    const disagree = renderReport(
      buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: true, value: browserResult }, { ok: true, value: { ...browserRaw, filesWithErrors: 3 } }),
    );
    expect(disagree).toContain('WARNING: the chromium raw parse');
    const failed = buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: true, value: browserResult }, { ok: false, reason: 'no answer within 900 s' });
    expect(failed.ratios.browserVsChromiumRaw).toEqual({ value: null, verdict: 'n/a' });
    expect(failed.ratios.browser.value).toBeCloseTo(0.25);
    expect(failed.rawParsesAgree).toBeNull();
    expect(renderReport(failed)).toContain('chromium raw parse failed: no answer within 900 s');
    const skipped = renderReport(buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: false, skipped: true, reason: '--no-browser' }, { ok: false, skipped: true, reason: '--no-browser' }));
    expect(skipped).toMatch(/raw parse \(chromium worker, 1 thread\).*skipped \(below\)/);
    expect(skipped).toContain('chromium raw parse skipped: --no-browser');
  });
});

describe('the parse stage alone (the ceiling of the Node end to end)', () => {
  const stage = { files: 100, wallMs: 900, threads: 2, cpuMs: 1700 };

  it('divides it by the Node raw parse and renders its row and its CPU against the raw parse', () => {
    const report = buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: false, skipped: true, reason: '--no-browser' }, undefined, { ok: true, value: stage });
    expect(report.ratios.parseStage).toBeCloseTo(1000 / 900);
    const text = renderReport(report);
    expect(text).toMatch(/parse stage alone \(Node, 2 threads\)\s+100\s+0\.90 s\s+111\s+55,556\s+111%/);
    expect(text).toContain('no read, stitch or store): 0.90 s, 111% of the raw parse, 1.70 s CPU = 1.70 x the raw parse (100 % on 2 cores allows at most 2.00 x). The end to end cannot pass this ceiling; it reaches 56% of it.');
    expect(report.ratios.nodeVsParseStage).toBeCloseTo(900 / 1600);
    expect(roundFigures(report).parseStage).toBeCloseTo(1000 / 900);
  });

  it('says when it failed, says nothing when it was not measured, and tells an unread CPU', () => {
    const failed = buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: false, skipped: true, reason: '--no-browser' }, undefined, { ok: false, reason: 'thread crashed' });
    expect(failed.ratios.parseStage).toBeNull();
    expect(renderReport(failed)).toContain('Node parse stage failed: thread crashed');
    const unmeasured = renderReport(buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: false, skipped: true, reason: '--no-browser' }));
    expect(unmeasured).not.toMatch(/parse stage alone \(Node|Node parse stage/);
    const blind = renderReport(buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: false, skipped: true, reason: '--no-browser' }, undefined, { ok: true, value: { ...stage, cpuMs: null } }));
    expect(blind).toContain('111% of the raw parse, CPU not read (no /proc). The end to end cannot pass this ceiling; it reaches 56% of it.');
    const alone = buildReport(corpus, machine, raw, { ok: false, reason: 'worker crashed' }, { ok: false, skipped: true, reason: '--no-browser' }, undefined, { ok: true, value: stage });
    expect(alone.ratios.nodeVsParseStage).toBeNull();
    expect(renderReport(alone)).toContain('The end to end cannot pass this ceiling.');
  });
});

describe('rounds (--repeat)', () => {
  const stage = { files: 100, wallMs: 900, threads: 2, cpuMs: 1700 };

  it('takes each round against its own raw parses and gives the goal on the medians', () => {
    // Three rounds whose raw parses differ: 1.0 s, 0.8 s, 1.1 s in Node; the ratios follow them.
    const reports = [
      buildReport(corpus, machine, raw, { ok: true, value: nodeResult(1600) }, { ok: true, value: browserResult }, { ok: true, value: browserRaw }, { ok: true, value: stage }),
      buildReport(corpus, machine, { ...raw, ...throughput(100, 50_000, 2e6, 800) }, { ok: true, value: nodeResult(1000) }, { ok: true, value: { ...browserResult, wallMs: 2000 } }, { ok: true, value: { ...browserRaw, ...throughput(100, 50_000, 2e6, 1000) } }, { ok: true, value: stage }),
      buildReport(corpus, machine, { ...raw, ...throughput(100, 50_000, 2e6, 1100) }, { ok: false, reason: 'worker crashed' }, { ok: true, value: { ...browserResult, wallMs: 1000 } }, { ok: false, reason: 'timeout' }),
    ];
    const rounds = reports.map(roundFigures);
    expect(rounds[1]).toMatchObject({ rawMs: 800, browserRawMs: 1000, nodeMs: 1000, browserMs: 2000 });
    expect(rounds[1]!.node).toBeCloseTo(0.8);
    expect(rounds[1]!.browserVsChromiumRaw).toBeCloseTo(0.5);
    expect(rounds[2]).toMatchObject({ nodeMs: null, node: null, browserRawMs: null, browserVsChromiumRaw: null });
    expect(rounds[2]!.browser).toBeCloseTo(1.1);

    const report = { ...reports[0]!, rounds };
    const text = renderReport(report);
    expect(text).toContain('Rounds (3;');
    expect(text).toMatch(/\n3 +1\.10 s +- +- +1\.00 s +- +110% +-/);
    // Node: 62.5 % and 80 % -> 71 %; chromium vs Node raw: 25 %, 40 %, 110 % -> 40 %; own: 31 %, 50 % -> 41 %.
    expect(text).toMatch(/\nmedian +1\.00 s +1\.13 s +1\.30 s +2\.00 s +71% +40% +41%/);
    expect(text).toMatch(/\nrange +0\.80 s-1\.10 s .* 25%-110%/);
    // Against each round's own parse stage (0.90 s in Node, 1.00 s in chromium): Node 56 % and 90 % -> 73 %;
    // chromium 25 % and 50 % -> 38 %.
    expect(rounds[1]!.nodeVsParseStage).toBeCloseTo(0.9);
    expect(rounds[1]!.browserVsParseStage).toBeCloseTo(0.5);
    expect(text).toContain('Goal on the medians (each end to end / its own parse stage alone): Node FAIL (73% against 85%), chromium FAIL (38% against 75%).');
    const nodeOnly = reports.map((r) => ({ ...roundFigures(r), browserMs: null, browserRawMs: null, browser: null, browserVsChromiumRaw: null, browserVsParseStage: null }));
    expect(renderReport({ ...reports[0]!, rounds: nodeOnly })).toContain('Node FAIL (73% against 85%), chromium n/a.');
    expect(renderReport(reports[0]!)).not.toContain('Rounds');
  });

  it('spread: median of an odd and an even count, nulls left out, none at all', () => {
    expect(spread([3, null, 1, 2])).toEqual({ median: 2, min: 1, max: 3, count: 3 });
    expect(spread([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4, count: 4 });
    expect(spread([null, null])).toBeNull();
  });
});
