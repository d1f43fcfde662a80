/**
 * @file Raw tree-sitter parse throughput on one thread: Parser.parse and tree.delete() per
 * file, nothing else (no extraction, no queries): the denominator of the ingest budget.
 * Grammars come from @vscode/tree-sitter-wasm through core createParsers (nodeParsers.ts).
 * Runs in: Node main thread (bench).
 */
import { performance } from 'node:perf_hooks';
import type { Language } from '../../src/core/ingest/types.ts';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { readProcMemory, resetPeakRss } from './procMemory.ts';
import { countLines, throughput } from './stats.ts';
import type { Throughput } from './stats.ts';

export interface ParseInput {
  path: string;
  language: Language;
  text: string;
  bytes: number;
}

export interface RawParseResult extends Throughput {
  /** Parser.init + loading every grammar. */
  initMs: number;
  filesWithErrors: number;
  slowest: { path: string; ms: number } | null;
  /** Peak RSS of this process during the parse (VmHWM after a reset), or null. */
  peakRssBytes: number | null;
}

export async function measureRawParse(files: readonly ParseInput[]): Promise<RawParseResult> {
  const initStarted = performance.now();
  const parsers = await createNodeParsers();
  const initMs = performance.now() - initStarted;
  const lines = files.reduce((sum, f) => sum + countLines(f.text), 0);
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);

  const peakKnown = resetPeakRss();
  let filesWithErrors = 0;
  let slowest: { path: string; ms: number } | null = null;
  const started = performance.now();
  for (const file of files) {
    const fileStarted = performance.now();
    const tree = parsers.parse(file.language, file.text);
    if (tree.rootNode.hasError) filesWithErrors++;
    tree.delete();
    const ms = performance.now() - fileStarted;
    if (!slowest || ms > slowest.ms) slowest = { path: file.path, ms };
  }
  const ms = performance.now() - started;
  return {
    ...throughput(files.length, lines, bytes, ms),
    initMs,
    filesWithErrors,
    slowest,
    peakRssBytes: peakKnown ? (readProcMemory()?.hwmBytes ?? null) : null,
  };
}
