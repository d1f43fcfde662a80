/**
 * @file End-to-end ingest in Node through the CLI's path: indexRepository (unzip + filter +
 * decode, parse on the worker_threads pool, stitch, store) into a @duckdb/node-api database
 * file in a temp folder. Timed from the zip bytes in memory to the committed database; phase
 * times come from the pipeline's own progress reports; its CPU is split by thread (cpuClock.ts
 * cpuSplit). Memory: this process's RSS (worker threads included) sampled every 250 ms, and its
 * VmHWM after a reset. bench:ingest runs it in a fresh Node process each time
 * (measureNodeIngestInChild), as the CLI runs: no code compiled by an earlier measurement.
 * measureParseStage times the parse stage alone, the ceiling of the end to end.
 * Runs in: Node (bench).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { defaultPoolSize, parseFilesInThreads, parseThreadScript } from '../../src/adapters/node/parsePool.ts';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { indexRepository } from '../../src/core/pipeline/indexRepository.ts';
import { ingestZip } from '../../src/core/ingest/ingest.ts';
import type { Phase } from '../../src/core/progress.ts';
import type { IndexSummary } from '../../src/core/pipeline/repoService.ts';
import { readProcMemory, resetPeakRss, startSampler, trackProcessUsage } from './procMemory.ts';
import { phaseDurations } from './stats.ts';
import { nodeZipCodec } from '../../src/adapters/node/nodeZipCodec.ts';
import { cpuSnapshot, cpuSplit } from './cpuClock.ts';
import { bundleForNode } from '../../src/adapters/node/nodeBundle.mjs';
import type { CpuSplit } from './cpuClock.ts';

const SAMPLE_MS = 250;

export interface NodeIngestOptions {
  name: string;
  zip: Uint8Array;
  /** Parse threads; default: the pool's own default (availableParallelism, at most 8). */
  threads?: number;
}

export interface NodeIngestResult {
  wallMs: number;
  /** Opening the database file (not part of wallMs). */
  openMs: number;
  threads: number;
  summary: IndexSummary;
  /** Wall time of each phase, from its first progress report to the next phase's first. */
  phaseMs: Partial<Record<Phase, number>>;
  peakRssBytes: number;
  /** VmHWM after a reset: the exact peak, or null where /proc is missing. */
  hwmBytes: number | null;
  peakHeapUsedBytes: number;
  dbBytes: number;
  /** The index's CPU by thread (null where /proc is missing). */
  cpu: CpuSplit | null;
}

export async function measureNodeIngest(options: NodeIngestOptions): Promise<NodeIngestResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-ingest-'));
  const dbPath = join(dir, 'bench.duckdb');
  const threads = options.threads ?? defaultPoolSize();
  try {
    const openStarted = performance.now();
    const conn = await openNodeDatabase(dbPath);
    const openMs = performance.now() - openStarted;
    try {
      const { rss, heap, sample } = trackProcessUsage();
      const phases: { phase: Phase; at: number }[] = [];
      const peakKnown = resetPeakRss();
      sample();
      const stopSampling = startSampler(SAMPLE_MS, sample);
      const cpuBefore = cpuSnapshot();
      const started = performance.now();
      let summary: IndexSummary;
      try {
        summary = await indexRepository(
          { kind: 'zip', name: `${options.name}.zip`, data: options.zip },
          {
            parseFiles: (files, onProgress, signal, onParsed) => parseFilesInThreads(files, onProgress, signal, threads, onParsed),
            codec: nodeZipCodec,
            conn,
            // A new file, as `ranger index` writes one (indexCommand.ts): the loads commit as they come.
            freshDatabase: true,
          },
          {
            onProgress: (progress) => {
              if (phases.at(-1)?.phase !== progress.phase) phases.push({ phase: progress.phase, at: performance.now() });
              sample();
            },
          },
        );
      } finally {
        await stopSampling();
      }
      const ended = performance.now();
      const cpuAfter = cpuSnapshot();
      sample();
      return {
        wallMs: ended - started,
        openMs,
        threads,
        summary,
        phaseMs: phaseDurations(phases, ended),
        peakRssBytes: rss.peak,
        hwmBytes: peakKnown ? (readProcMemory()?.hwmBytes ?? null) : null,
        peakHeapUsedBytes: heap.peak,
        dbBytes: statSync(dbPath).size,
        cpu: cpuBefore && cpuAfter ? cpuSplit(cpuBefore, cpuAfter, process.pid) : null,
      };
    } finally {
      await conn.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ParseStageResult {
  files: number;
  wallMs: number;
  threads: number;
  /** All threads' CPU from the pool's start to its end (null where /proc is missing). */
  cpuMs: number | null;
}

/**
 * The parse stage alone, as the index runs it: the worker_threads pool (start-up, parse, extract
 * and encode in the threads, decode here) on the zip's files read into memory beforehand, with
 * no read, stitch or store around it. The most the end to end could reach if all the rest cost
 * nothing: on 2 cores, its own CPU bounds it.
 */
export async function measureParseStage(options: NodeIngestOptions): Promise<ParseStageResult> {
  const { files } = await ingestZip(`${options.name}.zip`, options.zip, { codec: nodeZipCodec });
  await parseThreadScript(); // bundled before the clock starts
  const threads = options.threads ?? defaultPoolSize();
  const cpuBefore = cpuSnapshot();
  const started = performance.now();
  const irs = await parseFilesInThreads(files, undefined, undefined, threads);
  const wallMs = performance.now() - started;
  const cpuAfter = cpuSnapshot();
  return { files: irs.length, wallMs, threads, cpuMs: cpuBefore && cpuAfter ? cpuAfter.processMs - cpuBefore.processMs : null };
}

/** What the child process measures: the whole index or the parse stage alone. */
export const CHILD_MEASUREMENTS = ['index', 'parse-stage'] as const;
export type ChildMeasurement = (typeof CHILD_MEASUREMENTS)[number];

type ChildOptions = { name: string; zipPath: string; threads?: number };

/** nodeIngestChild.ts bundled, once per benchmark run (every round's child runs it). */
let childScript: Promise<URL> | undefined;

/**
 * measureNodeIngest (or measureParseStage) in a fresh Node process on the zip at `zipPath`, as
 * the CLI runs it: bundled for plain Node (nodeIngestChild.ts through nodeBundle.mjs, as `npm run
 * ranger` bundles the CLI), so neither it nor its parse threads load TypeScript through tsx, and
 * its main thread compiles the pipeline's code anew, whatever ran before in this process (a raw
 * parse, an earlier round). Rejects with the child's last output when it fails.
 */
export function measureNodeIngestInChild(options: ChildOptions): Promise<NodeIngestResult> {
  return runChild<NodeIngestResult>('index', options);
}

export function measureParseStageInChild(options: ChildOptions): Promise<ParseStageResult> {
  return runChild<ParseStageResult>('parse-stage', options);
}

async function runChild<T>(measurement: ChildMeasurement, options: ChildOptions): Promise<T> {
  childScript ??= bundleForNode('bench-node-ingest', 'scripts/bench/nodeIngestChild.ts');
  const child = fileURLToPath(await childScript);
  const dir = mkdtempSync(join(tmpdir(), 'bench-node-'));
  const out = join(dir, 'result.json');
  const args = [child, options.zipPath, options.name, String(options.threads ?? 0), out, measurement];
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) =>
        error ? reject(new Error(`the Node ${measurement} failed (${error.code ?? error.signal}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`)) : resolve(),
      );
    });
    return JSON.parse(readFileSync(out, 'utf8')) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
