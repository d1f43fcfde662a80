/**
 * @file Describe + embed end to end in Node with the built-ins, on one corpus, on the CLI's path:
 * index the zip into a @duckdb/node-api database file (indexRepository + the worker_threads
 * parse pool, as nodeIngest does), then on the same connection describeGraph (structural,
 * no LLM), embedGraph with the built-in lexical embedder (description + code sets) and
 * computeSimilarEdges (the code set, as `ranger embed` does). Each phase is timed; memory is this
 * process's VmHWM after a reset once the index is stored (plus RSS sampled every 250 ms).
 * Runs in: Node (bench).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { createNodeEmbedder } from '../../src/adapters/node/nodeModels.ts';
import { parseFilesInThreads } from '../../src/adapters/node/parsePool.ts';
import { describeGraph } from '../../src/core/describe/describeGraph.ts';
import { BUILTIN_EMBEDDER } from '../../src/core/models/modelSpec.ts';
import { indexRepository } from '../../src/core/pipeline/indexRepository.ts';
import type { IndexSummary } from '../../src/core/pipeline/repoService.ts';
import { embedGraph } from '../../src/core/semantic/embedGraph.ts';
import type { EmbedSetResult } from '../../src/core/semantic/embedGraph.ts';
import type { SemanticSource, SimilarInfo } from '../../src/core/semantic/semanticService.ts';
import { computeSimilarEdges } from '../../src/core/semantic/similarEdges.ts';
import { readProcMemory, resetPeakRss, startSampler, trackProcessUsage } from './procMemory.ts';
import { nodeZipCodec } from '../../src/adapters/node/nodeZipCodec.ts';

const SAMPLE_MS = 250;

export interface SemanticCorpusInput {
  name: string;
  zip: Uint8Array;
  log: (line: string) => void;
}

export interface EmbedSourceTiming {
  source: SemanticSource;
  /** Vectors stored. */
  count: number;
  dim: number;
  /** From the source's first progress report to the next source's (fit + embed + store). */
  ms: number;
  /** The 'fit' phase alone (idf of the lexical embedder). */
  fitMs: number;
  /** Description set only: nodes embedded from name + signature + docstring. */
  fallbackTexts: number;
}

export interface SemanticCorpusResult {
  corpus: string;
  files: number;
  nodes: number;
  edges: number;
  indexMs: number;
  describe: { ms: number; described: number; total: number; state: string };
  embed: { ms: number; sources: EmbedSourceTiming[] };
  similar: { ms: number; info: SimilarInfo; vectors: number };
  /** describe + embed + similar. */
  semanticMs: number;
  /** VmHWM after a reset taken once the index was stored: describe + embed + similar. */
  peakRssBytes: number | null;
  /** RSS when that reset was taken (what the process already held: the index run, earlier parts). */
  startRssBytes: number;
  /** Largest RSS sampled over the whole corpus run (index included). */
  sampledPeakRssBytes: number;
  peakHeapUsedBytes: number;
  dbBytes: number;
}

function total(counts: Partial<Record<string, number>>): number {
  return Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

/** Per-source timings from the embed progress reports (first report of each source). */
export function sourceTimings(
  firstSeen: readonly { source: SemanticSource; phase: string; at: number }[],
  sets: readonly EmbedSetResult[],
  endMs: number,
): EmbedSourceTiming[] {
  return sets.map((set) => {
    const mine = firstSeen.filter((e) => e.source === set.source);
    const start = mine[0]?.at ?? endMs;
    const next = firstSeen.find((e) => e.at > start && e.source !== set.source)?.at ?? endMs;
    const fit = mine.find((e) => e.phase === 'fit')?.at;
    const embed = mine.find((e) => e.phase === 'embed')?.at;
    return {
      source: set.source,
      count: set.count,
      dim: set.dim,
      ms: next - start,
      fitMs: fit !== undefined && embed !== undefined ? embed - fit : 0,
      fallbackTexts: set.fallbackTexts,
    };
  });
}

export async function measureNodeSemantic(input: SemanticCorpusInput): Promise<SemanticCorpusResult> {
  const { log } = input;
  const dir = mkdtempSync(join(tmpdir(), 'bench-embed-'));
  const dbPath = join(dir, 'bench.duckdb');
  const { rss, heap, sample } = trackProcessUsage();
  const stopSampling = startSampler(SAMPLE_MS, sample);
  try {
    const conn = await openNodeDatabase(dbPath);
    try {
      let started = performance.now();
      const summary: IndexSummary = await indexRepository(
        { kind: 'zip', name: `${input.name}.zip`, data: input.zip },
        { parseFiles: (files, onProgress, signal, onParsed) => parseFilesInThreads(files, onProgress, signal, undefined, onParsed), codec: nodeZipCodec, conn },
        { onProgress: () => sample() },
      );
      const indexMs = performance.now() - started;
      log(`index: ${summary.files} files, ${total(summary.nodes)} nodes in ${(indexMs / 1000).toFixed(1)} s`);

      const peakKnown = resetPeakRss();
      const startRssBytes = process.memoryUsage().rss;
      started = performance.now();
      const described = await describeGraph(conn, null, { onProgress: () => sample() });
      const describeMs = performance.now() - started;
      log(`describe: ${described.done} / ${described.total} nodes in ${(describeMs / 1000).toFixed(1)} s`);

      const embedder = await createNodeEmbedder(BUILTIN_EMBEDDER);
      const firstSeen: { source: SemanticSource; phase: string; at: number }[] = [];
      started = performance.now();
      const sets = await embedGraph(conn, embedder, {
        onProgress: (p) => {
          if (p.source && !firstSeen.some((e) => e.source === p.source && e.phase === p.phase)) firstSeen.push({ source: p.source, phase: p.phase, at: performance.now() });
          sample();
        },
      });
      const embedEnded = performance.now();
      const embedMs = embedEnded - started;
      log(`embed: ${sets.map((s) => `${s.source} ${s.count}`).join(', ')} vectors in ${(embedMs / 1000).toFixed(1)} s`);

      const source: SemanticSource = sets.some((s) => s.source === 'code') ? 'code' : 'description';
      started = performance.now();
      const info = await computeSimilarEdges(conn, { model: embedder.info.id, source, onProgress: () => sample() });
      await conn.run('CHECKPOINT');
      const similarMs = performance.now() - started;
      log(`SIMILAR: ${info.edges} edges (${info.method}) in ${(similarMs / 1000).toFixed(1)} s`);
      sample();
      const hwm = peakKnown ? (readProcMemory()?.hwmBytes ?? null) : null;
      return {
        corpus: input.name,
        files: summary.files,
        nodes: total(summary.nodes),
        edges: total(summary.edges),
        indexMs,
        describe: { ms: describeMs, described: described.done, total: described.total, state: described.state },
        embed: { ms: embedMs, sources: sourceTimings(firstSeen, sets, embedEnded) },
        similar: { ms: similarMs, info, vectors: sets.find((s) => s.source === source)?.count ?? 0 },
        semanticMs: describeMs + embedMs + similarMs,
        peakRssBytes: hwm,
        startRssBytes,
        sampledPeakRssBytes: rss.peak,
        peakHeapUsedBytes: heap.peak,
        dbBytes: statSync(dbPath).size,
      };
    } finally {
      await conn.close();
    }
  } finally {
    await stopSampling();
    rmSync(dir, { recursive: true, force: true });
  }
}
