/**
 * @file `npm run bench:ingest -- --incremental [<v2 zip|dir>] [--from <v1 zip|dir>] [--no-tests]`:
 * the time of an incremental re-index against a full index of the same new version, in one run,
 * in Node (indexRepository + the worker_threads parse pool + a @duckdb/node-api file):
 * v1 indexed, described (structural) and embedded (built-in lexical, SIMILAR edges); then v2
 * incrementally into that database, and v2 fully into a fresh one, then described and embedded
 * there too (what a full index must redo to reach the state the incremental one keeps). Prints
 * the wall times, the ratios, what changed and what was kept. Defaults: v1 = the Debian python3's stdlib
 * (/usr/bin/python3), v2 = the stdlib of the `python3` on PATH (pyenv 3.11.7 here).
 * Runs in: Node (tsx).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { parseFilesInThreads } from '../../src/adapters/node/parsePool.ts';
import { describeGraph } from '../../src/core/describe/describeGraph.ts';
import { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import { indexRepository } from '../../src/core/pipeline/indexRepository.ts';
import type { IndexSummary } from '../../src/core/pipeline/repoService.ts';
import { embedGraph } from '../../src/core/semantic/embedGraph.ts';
import { computeSimilarEdges } from '../../src/core/semantic/similarEdges.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { corpusFrom, pythonStdlibDir } from './corpus.ts';
import type { Corpus, CorpusOptions } from './corpus.ts';
import { formatInteger, formatSeconds } from './stats.ts';
import { nodeZipCodec } from '../../src/adapters/node/nodeZipCodec.ts';

export interface IncrementalBenchArgs {
  target: string | null;
  from: string | null;
  noTests: boolean;
  limit?: number;
  threads?: number;
  json: boolean;
}

function log(line: string): void {
  process.stderr.write(`[bench:ingest --incremental] ${line}\n`);
}

/** Describe (structural), embed (built-in lexical) and SIMILAR edges, timed. */
async function timedSemantic(conn: SqlConnection): Promise<number> {
  const started = performance.now();
  await describeGraph(conn, null);
  await embedGraph(conn, new LexicalEmbedder());
  await computeSimilarEdges(conn, { model: 'builtin:lexical', source: 'code' });
  return performance.now() - started;
}

async function timedIndex(conn: SqlConnection, corpus: Corpus, threads: number | undefined, incremental: boolean): Promise<{ ms: number; summary: IndexSummary }> {
  const started = performance.now();
  const summary = await indexRepository(
    { kind: 'zip', name: 'stdlib.zip', data: corpus.zip },
    { parseFiles: (files, onProgress, signal, onParsed) => parseFilesInThreads(files, onProgress, signal, threads, onParsed), codec: nodeZipCodec, conn },
    incremental ? { incremental: { previous: conn } } : {},
  );
  return { ms: performance.now() - started, summary };
}

export async function runIncrementalBench(args: IncrementalBenchArgs): Promise<void> {
  const options: CorpusOptions = { noTests: args.noTests, limit: args.limit };
  const v1 = corpusFrom(args.from ?? pythonStdlibDir('/usr/bin/python3'), options);
  const v2 = corpusFrom(args.target ?? pythonStdlibDir('python3'), options);
  log(`v1: ${v1.source}, ${formatInteger(v1.files.length)} files`);
  log(`v2: ${v2.source}, ${formatInteger(v2.files.length)} files`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-incremental-'));
  try {
    const conn = await openNodeDatabase(join(dir, 'incremental.duckdb'));
    let first, incremental, full, semanticMs;
    try {
      first = await timedIndex(conn, v1, args.threads, false);
      log(`v1 full index: ${formatSeconds(first.ms)}; describe + embed (built-ins) ...`);
      await timedSemantic(conn);
      incremental = await timedIndex(conn, v2, args.threads, true);
      log(`v2 incremental: ${formatSeconds(incremental.ms)}`);
    } finally {
      await conn.close();
    }
    const fresh = await openNodeDatabase(join(dir, 'full.duckdb'));
    try {
      full = await timedIndex(fresh, v2, args.threads, false);
      log(`v2 full index: ${formatSeconds(full.ms)}; describe + embed again ...`);
      semanticMs = await timedSemantic(fresh);
      log(`v2 describe + embed + SIMILAR: ${formatSeconds(semanticMs)}`);
    } finally {
      await fresh.close();
    }
    const changes = incremental.summary.changes!;
    const report = {
      v1: { source: v1.source, files: v1.files.length, fullIndexMs: Math.round(first.ms) },
      v2: { source: v2.source, files: v2.files.length },
      incrementalMs: Math.round(incremental.ms),
      fullMs: Math.round(full.ms),
      ratio: Number((incremental.ms / full.ms).toFixed(3)),
      fullWithSemanticMs: Math.round(full.ms + semanticMs),
      ratioWithSemantic: Number((incremental.ms / (full.ms + semanticMs)).toFixed(3)),
      incrementalPhaseMs: incremental.summary.phaseMs,
      fullPhaseMs: full.summary.phaseMs,
      changes,
    };
    if (args.json) {
      console.log(JSON.stringify(report, null, 2));
      return;
    }
    const line = (c: { added: number; removed: number; changed: number; unchanged: number }) =>
      `${c.added} added, ${c.removed} removed, ${c.changed} changed, ${c.unchanged} unchanged`;
    console.log(
      [
        `Incremental re-index vs full index of the same new version (Node, @duckdb/node-api file)`,
        `  v1 ${v1.source}: ${formatInteger(v1.files.length)} files`,
        `  v2 ${v2.source}: ${formatInteger(v2.files.length)} files`,
        `  incremental v1 -> v2: ${formatSeconds(incremental.ms)}  (phases ${JSON.stringify(incremental.summary.phaseMs)})`,
        `  full index of v2:     ${formatSeconds(full.ms)}  (phases ${JSON.stringify(full.summary.phaseMs)})`,
        `  full index + describe + embed + SIMILAR of v2: ${formatSeconds(full.ms + semanticMs)}`,
        `  ratio incremental / full index: ${report.ratio}; incremental / (full + semantic redo): ${report.ratioWithSemantic}`,
        `  files: ${line(changes.files)}; parsed ${formatInteger(changes.parsed)}`,
        `  nodes: ${line(changes.nodes)}`,
        `  kept:  ${formatInteger(changes.kept.descriptions)} descriptions, ${formatInteger(changes.kept.embeddings)} embedding rows`,
      ].join('\n'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
