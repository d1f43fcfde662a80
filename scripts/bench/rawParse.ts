/**
 * @file Raw tree-sitter parse throughput on one thread: Parser.parse and tree.delete() per
 * file, nothing else (no extraction, no queries): the denominator of the ingest budget.
 * Grammars come from @vscode/tree-sitter-wasm through core createParsers (nodeParsers.ts).
 * Runs in: Node main thread (bench).
 */
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { readProcMemory, resetPeakRss } from './procMemory.ts';
import { countLines, throughput } from './stats.ts';
import type { Throughput } from './stats.ts';
import { parsePass } from './parsePass.ts';
import type { ParseInput } from './parsePass.ts';

export type { ParseInput } from './parsePass.ts';

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
  const { ms, filesWithErrors, slowest } = parsePass(parsers, files);
  return {
    ...throughput(files.length, lines, bytes, ms),
    initMs,
    filesWithErrors,
    slowest,
    peakRssBytes: peakKnown ? (readProcMemory()?.hwmBytes ?? null) : null,
  };
}
