/**
 * @file The raw parse benchmark's chromium worker: chromium's counterpart of rawParse.ts. Fetches
 * the corpus (a JSON file the Node driver wrote beside the built page), loads the grammars it
 * needs from the bundled wasm assets as the app's parse workers do (createBrowserParsers), then,
 * on this one thread, times Parser.parse + tree.delete() per file in corpus order, nothing else.
 * The loop runs PASSES times and the last pass is the measurement: the first pass warms up
 * V8's wasm tiering (Liftoff, then TurboFan).
 * Then, asked apart (the driver reads the renderer's memory in between), the parse stage alone
 * as the app runs it: the app's pool of parse workers (parseWorkerPool.ts, prewarmed first, as the
 * app prewarms them) on the same files, already in memory: no read, stitch or store. That is the ceiling of the app's end to end.
 * Runs in: chromium (module worker of scripts/bench/parsePages/parse-bench.html).
 */
import { expose } from 'comlink';
import { createBrowserParsers } from '../../../src/adapters/browser/grammarUrls.ts';
import { browserPoolSize, parseFilesInBrowserWorkers, prewarmParseWorkers } from '../../../src/adapters/browser/parseWorkerPool.ts';
import type { SourceFile } from '../../../src/core/ingest/types.ts';
import { parsePass } from '../parsePass.ts';
import type { ParseInput, ParsePass } from '../parsePass.ts';
import { countLines, throughput } from '../stats.ts';
import type { Throughput } from '../stats.ts';

/** Passes over the corpus; the last one is reported, the earlier ones are warm-up. */
export const PASSES = 2;

export interface ParseRunRequest {
  /** Absolute URL of the corpus: a JSON array of ParseInput, in parse order. */
  corpusUrl: string;
}

/** The app's parse pool alone on the corpus (measureParseStage). */
export interface ParseStageRun {
  ms: number;
  files: number;
  workers: number;
}

export interface ParseRunResult extends Throughput {
  /** Fetching and decoding the corpus JSON (not timed into the parse). */
  fetchMs: number;
  /** Parser.init + loading the grammars the corpus needs. */
  initMs: number;
  languages: string[];
  filesWithErrors: number;
  slowest: { path: string; ms: number } | null;
  /** Times of the warm-up passes, in order (the reported pass is not in it). */
  warmupMs: number[];
}

/**
 * The app's parse pool on `files`, timed from the first batch to the last FileIR decoded here,
 * on workers the app's own prewarmParseWorkers started and warmed up beforehand, as the app does
 * before a repository is dropped.
 */
async function measureParseStage(files: readonly ParseInput[]): Promise<ParseStageRun> {
  const workers = browserPoolSize();
  await prewarmParseWorkers(workers); // nothing left to do after prepareParseStage
  const sources: SourceFile[] = files.map((f) => ({ ...f, sha256: '', notes: [] }));
  const started = performance.now();
  const irs = await parseFilesInBrowserWorkers(sources, () => {}, undefined, undefined, workers);
  return { ms: performance.now() - started, files: irs.length, workers };
}

/** The corpus of the last run, for parseStage. */
let corpus: ParseInput[] = [];

const api = {
  /**
   * Starts and warms up the app's parse workers for parseStage, apart from it, so that the
   * driver can read the CPU of the parse stage alone (the app's workers are warm before a
   * repository comes too).
   */
  prepareParseStage: (): Promise<void> => prewarmParseWorkers(browserPoolSize()),

  /** The app's parse pool alone on the corpus of the last run. */
  parseStage(): Promise<ParseStageRun> {
    if (corpus.length === 0) throw new Error('run first: no corpus loaded');
    return measureParseStage(corpus);
  },

  async run(request: ParseRunRequest): Promise<ParseRunResult> {
    const fetchStarted = performance.now();
    const response = await fetch(request.corpusUrl);
    if (!response.ok) throw new Error(`corpus: HTTP ${response.status} ${request.corpusUrl}`);
    const files = (await response.json()) as ParseInput[];
    corpus = files;
    const fetchMs = performance.now() - fetchStarted;

    const initStarted = performance.now();
    const languages = [...new Set(files.map((f) => f.language))];
    const parsers = await createBrowserParsers();
    await parsers.load(languages);
    const initMs = performance.now() - initStarted;
    const lines = files.reduce((sum, f) => sum + countLines(f.text), 0);
    const bytes = files.reduce((sum, f) => sum + f.bytes, 0);

    const passes: ParsePass[] = [];
    for (let i = 0; i < PASSES; i++) passes.push(parsePass(parsers, files));
    const measured = passes[passes.length - 1]!;
    return {
      ...throughput(files.length, lines, bytes, measured.ms),
      fetchMs,
      initMs,
      languages,
      filesWithErrors: measured.filesWithErrors,
      slowest: measured.slowest,
      warmupMs: passes.slice(0, -1).map((p) => p.ms),
    };
  },
};

export type ParseBenchWorkerApi = typeof api;

expose(api);
