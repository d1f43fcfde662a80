/**
 * @file Tree walking cost on one thread (`npx tsx scripts/bench/cursorWalk.bench.ts [<zip|dir>]
 * [--no-tests] [--limit N]`): the trees of the corpus (default: the system Python stdlib) are
 * parsed once, then walked in pre-order reading each node's type id with web-tree-sitter's own
 * TreeCursor, with the direct cursor (core/parse/fastCursor.ts) and with the flat cursor
 * (core/parse/flatTree.ts: one pass over the tree's memory, then array reads); then the languages'
 * extractors run on the same trees, and their FileIRs are encoded as a parse worker posts them
 * (detachCode + encodeFileIR): a parse worker's work, step by step; the extractors run a second
 * time on the same trees, with their code compiled by then. Prints each time, its ratio to the
 * raw parse of the same run and the CPU that V8's helper threads spent meanwhile (on Linux:
 * TurboFan compiling the step's hot functions, concurrent GC).
 * Runs in: Node (tsx).
 */
import { performance } from 'node:perf_hooks';
import type { Tree, TreeCursor } from 'web-tree-sitter';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { openCursor, openWasmCursor } from '../../src/core/parse/fastCursor.ts';
import { walkCursor } from '../../src/core/parse/treeSitter.ts';
import type { SyntaxCursor } from '../../src/core/parse/syntaxCursor.ts';
import { detachCode } from '../../src/core/parse/fileIR.ts';
import type { FileIR } from '../../src/core/parse/fileIR.ts';
import { encodeFileIR } from '../../src/core/parse/fileIRCodec.ts';
import { corpusFrom, parseableTexts, stdlibCorpus } from './corpus.ts';
import { formatInteger, formatPercent, formatSeconds, formatTable } from './stats.ts';
import { threadCpuMs } from './cpuClock.ts';
import { extractorFor } from '../../src/core/languages/implementations.ts';

function walk(cursor: SyntaxCursor | TreeCursor): number {
  let visited = 0;
  walkCursor(cursor, (at) => {
    visited += at.nodeTypeId >= 0 ? 1 : 0;
    return true;
  });
  return visited;
}

/** Compiles a step started are still finishing on helper threads this long after it. */
const SETTLE_MS = 300;

interface Step {
  ms: number;
  /** CPU of the process's other threads from the step's start until SETTLE_MS after it (null: no /proc). */
  helperMs: number | null;
}

async function timed(run: () => void): Promise<Step> {
  const before = threadCpuMs();
  const started = performance.now();
  run();
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const after = threadCpuMs();
  return { ms, helperMs: before && after ? after.others - before.others : null };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const limitAt = args.indexOf('--limit');
  const options = { noTests: args.includes('--no-tests'), limit: limitAt >= 0 ? Number(args[limitAt + 1]) : undefined };
  const target = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--limit');
  const corpus = target ? corpusFrom(target, options) : stdlibCorpus(options);
  const files = parseableTexts(corpus.files);
  const parsers = await createNodeParsers();
  const trees: Tree[] = [];
  const parse = await timed(() => {
    for (const file of files) trees.push(parsers.parse(file.language, file.text));
  });
  let nodes = 0;
  const library = await timed(() => {
    for (const tree of trees) nodes = walk(tree.walk());
  });
  let directNodes = 0;
  const direct = await timed(() => {
    for (const tree of trees) directNodes += walk(openWasmCursor(tree));
  });
  let flatNodes = 0;
  const flat = await timed(() => {
    for (const tree of trees) flatNodes += walk(openCursor(tree));
  });
  if (flatNodes !== directNodes) throw new Error(`the flat cursor visited ${flatNodes} nodes, the direct one ${directNodes}`);
  const irs: FileIR[] = [];
  const extract = await timed(() => {
    files.forEach((file, i) => irs.push(extractorFor(file.language).extract(trees[i]!, file)));
  });
  const encode = await timed(() => {
    files.forEach((file, i) => encodeFileIR(detachCode(irs[i]!, file.text)));
  });
  const extractAgain = await timed(() => {
    files.forEach((file, i) => extractorFor(file.language).extract(trees[i]!, file));
  });
  for (const tree of trees) tree.delete();
  const row = (name: string, step: Step) => [
    name,
    formatSeconds(step.ms),
    formatPercent(step.ms / parse.ms),
    step.helperMs === null ? 'n/a' : formatSeconds(step.helperMs),
  ];
  console.log(`${corpus.name}: ${formatInteger(files.length)} files, ${formatInteger(directNodes)} nodes (last file ${formatInteger(nodes)})`);
  console.log(
    formatTable([
      ['one thread', 'time', 'vs raw parse', 'V8 helper threads (CPU)'],
      row('raw parse', parse),
      row('walk, library TreeCursor', library),
      row('walk, direct cursor', direct),
      row('walk, flat cursor (fill + moves)', flat),
      row('extract (all extractors)', extract),
      row('encode (detachCode + encodeFileIR)', encode),
      row('extract again (compiled code)', extractAgain),
    ]),
  );
}

void main();
