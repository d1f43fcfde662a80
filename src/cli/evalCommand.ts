/**
 * @file `ranger eval --db <file> --queries <jsonl> [--methods auto,mcts,bm25,dense,dense-code,
 * rerank-all,fusion] [--k 10] [--iterations T] [--k-min K] [--alpha A] [--c C] [--seed S]
 * [--preset default|paper|repoqa] [--pair-budget N] [--model <id|folder>] [--reranker lexical|learned|<id>]`
 * (docs/cli.md) -> {queries: n, methods: {<method>: {ndcg, recall, mrr, reranker_calls,
 * ms}}}: metrics at k averaged over queries, reranker calls and ms as means per query.
 * `--queries auto` (or `--eval-set auto`) builds a CodeSearchNet-style set from the database's
 * docstrings (`--prefix json/` to keep one package, `--limit N` to sample N with --seed) and
 * hides those docstrings from every method. `--curve 10,25,50` adds `curve` (quality against
 * MCTS iterations); `--save-queries <file>` writes the set used as JSONL. `--model` picks the
 * embedding set when the database holds several (as `search`).
 * Runs in: Node (cli).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { SEARCH_METHODS } from '../core/agent/searchService.ts';
import type { EvalReport, EvalSet, MethodReport, SearchMethod } from '../core/agent/searchService.ts';
import { buildDocstringEvalSet, parseEvalJsonl, toEvalJsonl } from '../core/eval/evalSet.ts';
import { runEval } from '../core/eval/runEval.ts';
import { refuseWholeGraphEval } from '../core/search/bigGraph.ts';
import type { MctsParams, MctsPreset } from '../core/search/mctsParams.ts';
import { openNodeDatabase } from '../adapters/node/duckdbNode.ts';
import { parseInteger, parseNumber, UsageError } from './args.ts';
import type { ParsedArgs } from './args.ts';
import { autoRoute, openSearchEngine, parsePreset, rerankerArg } from './searchCommand.ts';

export interface EvalOutput {
  queries: number;
  methods: Partial<Record<SearchMethod, MethodReport>>;
  curve?: EvalReport['curve'];
}

export interface EvalCommandOptions {
  /** A JSONL file, or 'auto' for a docstring set built from the database. */
  queries: string;
  prefix?: string;
  limit?: number;
  methods?: SearchMethod[];
  k?: number;
  params?: Partial<MctsParams>;
  curve?: number[];
  preset?: MctsPreset;
  /** Embedding set (model id or `embed --model` argument). */
  model?: string;
  /** Reranker (`lexical`, `learned`, ...); default the offline preset's. */
  reranker?: string;
  saveQueries?: string;
  onProgress?: (line: string) => void;
}

export async function runEvalCommand(dbPath: string, options: EvalCommandOptions): Promise<EvalOutput> {
  const conn = await openNodeDatabase(dbPath, { mustExist: true });
  try {
    await refuseWholeGraphEval(conn);
    let set: EvalSet;
    if (options.queries === 'auto') {
      set = await buildDocstringEvalSet(conn, { pathPrefix: options.prefix, limit: options.limit, seed: options.params?.seed });
    } else {
      set = parseEvalJsonl(readFileSync(options.queries, 'utf8'), basename(options.queries));
    }
    if (options.saveQueries) writeFileSync(options.saveQueries, toEvalJsonl(set));
    const engine = await openSearchEngine(conn, { hiddenDocstrings: new Set(set.hiddenDocstrings ?? []), model: options.model, reranker: await rerankerArg(options.reranker) });
    const report = await runEval(
      engine,
      { set, methods: options.methods ?? [...SEARCH_METHODS], k: options.k, preset: options.preset, params: options.params, curve: options.curve },
      autoRoute(conn, engine),
      (p) => options.onProgress?.(`[${p.method}] ${p.done}/${p.total}`),
    );
    const output: EvalOutput = { queries: report.queries, methods: report.methods };
    if (report.curve) output.curve = report.curve;
    return output;
  } finally {
    await conn.close();
  }
}

export function parseMethods(value: string | undefined): SearchMethod[] | undefined {
  if (value === undefined) return undefined;
  const methods = value.split(',').map((m) => m.trim()).filter((m) => m !== '');
  const bad = methods.filter((m) => !(SEARCH_METHODS as readonly string[]).includes(m));
  if (methods.length === 0 || bad.length > 0) throw new UsageError(`--methods takes a list of ${SEARCH_METHODS.join(', ')} (got '${value}')`);
  return [...new Set(methods)] as SearchMethod[];
}

function parseCurve(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const points = value.split(',').map((v) => parseInteger('curve', v.trim(), 0)!);
  return points;
}

export function formatEval(output: EvalOutput): string {
  const f = (x: number) => x.toFixed(3);
  const lines = [`${output.queries} queries`, 'method       NDCG   Recall  MRR    rerank calls  ms/query'];
  for (const [method, m] of Object.entries(output.methods)) {
    lines.push(`${method.padEnd(12)} ${f(m.ndcg)}  ${f(m.recall)}   ${f(m.mrr)}  ${m.reranker_calls.toFixed(0).padStart(12)}  ${m.ms.toFixed(1).padStart(8)}`);
  }
  for (const p of output.curve ?? []) {
    lines.push(`mcts T=${String(p.iterations).padEnd(5)} ${f(p.ndcg)}  ${f(p.recall)}   ${f(p.mrr)}  ${p.reranker_calls.toFixed(0).padStart(12)}`);
  }
  return lines.join('\n');
}

export async function evalCommand(args: ParsedArgs): Promise<{ json: unknown; text: string }> {
  if (args.positionals.length > 0) throw new UsageError("'eval' takes no positional arguments");
  const db = args.values.db;
  if (!db) throw new UsageError("'eval' needs --db <file>");
  const queries = args.values.queries ?? args.values['eval-set'];
  if (!queries) throw new UsageError("'eval' needs --queries <jsonl> (or --eval-set auto)");
  if (args.values['eval-set'] !== undefined && args.values['eval-set'] !== 'auto') throw new UsageError("--eval-set takes 'auto'");
  if ((args.values.prefix !== undefined || args.values.limit !== undefined) && queries !== 'auto') {
    throw new UsageError('--prefix and --limit apply to --eval-set auto only');
  }
  const params: Partial<MctsParams> = {};
  const iterations = parseInteger('iterations', args.values.iterations, 0);
  const kMin = parseInteger('k-min', args.values['k-min'], 1);
  const alpha = parseNumber('alpha', args.values.alpha, (n) => n >= 0 && n <= 1, 'a number in [0, 1]');
  const c = parseNumber('c', args.values.c, (n) => n >= 0, 'a number >= 0');
  const seed = parseInteger('seed', args.values.seed, 0);
  const pairBudget = parseInteger('pair-budget', args.values['pair-budget'], 0);
  if (pairBudget !== undefined) params.pairBudget = pairBudget;
  if (iterations !== undefined) params.iterations = iterations;
  if (kMin !== undefined) params.kMin = kMin;
  if (alpha !== undefined) params.alpha = alpha;
  if (c !== undefined) params.c = c;
  if (seed !== undefined) params.seed = seed;
  const quiet = args.switches.has('json') || process.stderr.isTTY !== true;
  const output = await runEvalCommand(db, {
    queries,
    prefix: args.values.prefix,
    limit: parseInteger('limit', args.values.limit, 1),
    methods: parseMethods(args.values.methods),
    k: parseInteger('k', args.values.k, 1),
    params,
    curve: parseCurve(args.values.curve),
    preset: parsePreset(args.values.preset),
    model: args.values.model,
    reranker: args.values.reranker,
    saveQueries: args.values['save-queries'],
    onProgress: quiet ? undefined : (line) => process.stderr.write(`\r\x1b[K${line}`),
  });
  if (!quiet) process.stderr.write('\r\x1b[K');
  return { json: output, text: formatEval(output) };
}
