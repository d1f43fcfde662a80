/**
 * @file One raw parse pass over a corpus on this thread: Parser.parse and tree.delete() per file,
 * nothing else. Shared by the Node raw parse (rawParse.ts) and its chromium worker
 * (parsePages/parseBenchWorker.ts), so both baselines time the same loop.
 * Runs in: Node (bench) and chromium (bench page worker); no Node APIs.
 */
import type { Language } from '../../src/core/ingest/types.ts';
import type { Parsers } from '../../src/core/parse/treeSitter.ts';

export interface ParseInput {
  path: string;
  language: Language;
  text: string;
  bytes: number;
}

export interface ParsePass {
  ms: number;
  filesWithErrors: number;
  slowest: { path: string; ms: number } | null;
}

export function parsePass(parsers: Pick<Parsers, 'parse'>, files: readonly ParseInput[]): ParsePass {
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
  return { ms: performance.now() - started, filesWithErrors, slowest };
}
