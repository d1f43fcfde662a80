/**
 * @file `ranger embed --db <file> [--model <preset|id|folder>] [--sources description,code]
 * [--eps 0.8] [--k 5]`: embeds every embeddable node's description and code texts (built-in
 * lexical embedder unless --model says otherwise, docs/cli.md), stores them per model
 * and source, then recomputes SIMILAR edges (CodeRAG / GraphCodeAgent: cosine >= eps, at most k
 * proposals per node) with the app's rule (core/usecases/embedAndLink.ts): --eps and --k, else
 * what the graph was last linked with, else 0.8 and 5; from the set just embedded of the source
 * last linked, else the code set, else the description set.
 * Output: {model, sets, similar, ms}. `embedAfterIndex` is what `index` runs after the graph is
 * stored (docs/cli.md): the same with the offline default, for the sources the index left
 * without vectors (core/semantic/autoEmbed.ts).
 * Runs in: Node (cli).
 */
import { graphNodeCount } from '../core/search/bigGraph.ts';
import { autoEmbedDecision } from '../core/semantic/autoEmbed.ts';
import { ALL_SOURCES } from '../core/semantic/embedGraph.ts';
import type { EmbedSetResult } from '../core/semantic/embedGraph.ts';
import type { EmbedProgress, SemanticSource, SimilarInfo } from '../core/semantic/semanticService.ts';
import { embedAndLink } from '../core/usecases/embedAndLink.ts';
import { listEmbeddingSets } from '../core/store/embeddingStore.ts';
import { openNodeDatabase } from '../adapters/node/duckdbNode.ts';
import { createNodeEmbedder, resolveModelArg } from '../adapters/node/nodeModels.ts';
import { timeLeft } from '../core/semantic/timeLeft.ts';
import type { PhaseStart } from '../core/semantic/timeLeft.ts';
import { parseNumber, UsageError } from './args.ts';
import type { ParsedArgs } from './args.ts';

export interface EmbedOutput {
  model: string;
  label: string;
  builtin: boolean;
  /** Why the built-in lexical embedder stood in for the shipped neural one, when it did. */
  fallback?: string;
  sets: EmbedSetResult[];
  similar: SimilarInfo;
  ms: number;
}

export interface EmbedCommandOptions {
  model?: string;
  sources?: readonly SemanticSource[];
  /** SIMILAR thresholds (default: those the graph was last linked with, else 0.8 and 5). */
  eps?: number;
  k?: number;
  /** Folder of `public` models (default <repo>/public/models). */
  modelsDir?: string;
  onProgress?: (p: EmbedProgress) => void;
  signal?: AbortSignal;
}

export async function runEmbed(dbPath: string, options: EmbedCommandOptions = {}): Promise<EmbedOutput> {
  const started = Date.now();
  const spec = resolveModelArg(options.model, 'embedder');
  let fallback: string | undefined;
  const embedder = await createNodeEmbedder(spec, { modelsDir: options.modelsDir, signal: options.signal, onFallback: (message) => (fallback = message) });
  const conn = await openNodeDatabase(dbPath, { mustExist: true });
  try {
    const { sets, similar } = await embedAndLink(conn, embedder, {
      sources: options.sources ?? ALL_SOURCES,
      batchSize: spec.batchSize,
      similar: { eps: options.eps, k: options.k },
      signal: options.signal,
      onProgress: options.onProgress,
    });
    const label = embedder.info.id === spec.id ? spec.label : embedder.info.label;
    return { model: embedder.info.id, label, builtin: embedder.info.builtin, ...(fallback ? { fallback } : {}), sets, similar, ms: Date.now() - started };
  } finally {
    await conn.close();
  }
}

/** What `index` did about vectors: the embedding, or why none was needed. */
export type EmbedAfterIndex = EmbedOutput | { skipped: string };

/**
 * After `index`: embeds with the offline default (the shipped neural embedder; the lexical one
 * stands in, said so, when it cannot load) the sources the graph has no up-to-date vectors of:
 * all after a full index or an incremental one that changed nodes, none when nothing changed.
 */
export async function embedAfterIndex(
  dbPath: string,
  options: { changedNodes?: number; modelsDir?: string; onProgress?: (p: EmbedProgress) => void } = {},
): Promise<EmbedAfterIndex> {
  const spec = resolveModelArg(undefined, 'embedder');
  const conn = await openNodeDatabase(dbPath, { mustExist: true });
  let sets;
  let nodes;
  try {
    sets = await listEmbeddingSets(conn);
    nodes = await graphNodeCount(conn);
  } finally {
    await conn.close();
  }
  const decision = autoEmbedDecision({ enabled: true, busy: false, origin: 'index', embedder: { id: spec.id, label: spec.label }, sets, changedNodes: options.changedNodes, nodes });
  if (!decision.embed) return { skipped: decision.reason };
  return runEmbed(dbPath, { sources: decision.sources, modelsDir: options.modelsDir, onProgress: options.onProgress });
}

export function parseSources(value: string | undefined): SemanticSource[] | undefined {
  if (value === undefined) return undefined;
  const sources = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const bad = sources.filter((s) => !(ALL_SOURCES as readonly string[]).includes(s));
  if (sources.length === 0 || bad.length > 0) throw new UsageError(`--sources takes description,code (got '${value}')`);
  return [...new Set(sources)] as SemanticSource[];
}

function progressLine(p: EmbedProgress): string {
  return `[${p.phase}${p.source ? ` ${p.source}` : ''}] ${p.done}/${p.total}`;
}

/** Progress on stderr (a line that rewrites itself on a terminal, the finished phases otherwise). */
export function embedProgressPrinter(): (p: EmbedProgress) => void {
  const tty = process.stderr.isTTY === true;
  let last = '';
  let phase: PhaseStart | null = null;
  return (p) => {
    const key = `${p.phase}/${p.source ?? ''}/${p.total}`;
    if (phase?.key !== key) phase = { key, at: Date.now(), done: p.done };
    const left = timeLeft(phase, Date.now(), p.done, p.total);
    const line = `${progressLine(p)}${left ? ` ${left}` : ''}`;
    if (tty) process.stderr.write(`\r\x1b[K${line}`);
    else if (p.done === p.total && line !== last) process.stderr.write(`${line}\n`);
    last = line;
  };
}

/** The readable lines of an embedding (the `embed` command's text, and `index`'s after the graph). */
export function embedLines(output: EmbedOutput): string[] {
  const s = output.similar;
  return [
    ...(output.fallback ? [`Note: ${output.fallback}`] : []),
    `Embedded with ${output.label}${output.builtin ? ' [built-in, not a neural model]' : ''} in ${output.ms.toLocaleString('en-US')} ms`,
    ...output.sets.map(
      (set) =>
        `  ${set.source.padEnd(11)} ${set.count.toLocaleString('en-US')} vectors x ${set.dim}${set.fallbackTexts > 0 ? ` (${set.fallbackTexts} without a description: name + signature + docstring)` : ''}`,
    ),
    `  SIMILAR     ${s.edges.toLocaleString('en-US')} edges from ${s.source} (cosine >= ${s.eps}, k = ${s.k}, ${s.method})`,
  ];
}

/** The CLI command: parsed args in, {json, text} out; progress on stderr without --json. */
export async function embedCommand(args: ParsedArgs): Promise<{ json: unknown; text: string }> {
  if (args.positionals.length > 0) throw new UsageError("'embed' takes no positional arguments");
  const db = args.values.db;
  if (!db) throw new UsageError("'embed' needs --db <file>");
  const eps = parseNumber('eps', args.values.eps, (n) => n > 0 && n <= 1, 'a number in (0, 1]');
  const k = parseNumber('k', args.values.k, (n) => Number.isInteger(n) && n >= 1 && n <= 255, 'an integer in 1..255');
  const sources = parseSources(args.values.sources);
  const quiet = args.switches.has('json');
  const tty = process.stderr.isTTY === true;
  const onProgress = quiet ? undefined : embedProgressPrinter();
  let output: EmbedOutput;
  try {
    output = await runEmbed(db, { model: args.values.model, modelsDir: args.values['models-dir'], sources, eps, k, onProgress });
  } finally {
    if (!quiet && tty) process.stderr.write('\r\x1b[K');
  }
  return { json: output, text: embedLines(output).join('\n') };
}
