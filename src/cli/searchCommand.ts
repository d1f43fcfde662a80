/**
 * @file `ranger search --db <file> "<question>" [--method auto|mcts|bm25|dense|dense-code|
 * rerank-all|fusion] [--k 10] [--iterations T] [--seed S] [--preset default|paper|repoqa]
 * [--pair-budget N] [--model <id|folder>] [--reranker lexical|learned|<id>] [--trace <file>] [--tests after|hide]`
 * (docs/cli.md) -> {path, cypher, results:[{id, kind, qualified_name, file_path,
 * start_line, score, import_name?, relevance?, is_test?, exact?, duplicates?}], stats:{reranker_calls,
 * embed_calls, ms, stop?}, notes}: the ranking as presentAnswer shows it. Path 1 reads no vectors;
 * Path 2 on a graph without any computes the built-in ones first. An MCTS run is stored in `runs`
 * (the app's run list) and `--trace` writes the same JSON as the app's export (trace version 2).
 * Also the engine set-up `eval` shares: the embedding model is `--model` (a stored set's model id,
 * or what `embed --model` took: a preset, an id or a folder) or, without it, the one the database
 * was embedded with (embedding_sets: the shipped neural set when there is one and its model loads,
 * else the built-in lexical set, else the newest set); the reranker the offline preset's built-in one;
 * 'auto' goes through the router with no LLM: rule-based Cypher, else MCTS. Answering and the
 * models' choice are core/usecases/ (searchQuestion, chooseSearchModels), as in the app.
 * Runs in: Node (cli).
 */
import { writeFileSync } from 'node:fs';
import { answerQuestion } from '../core/agent/answerQuestion.ts';
import type { SearchRunner } from '../core/agent/answerQuestion.ts';
import { SEARCH_METHODS, TESTS_MODES } from '../core/agent/searchService.ts';
import type { SearchHit, SearchMethod, SearchRequest, SearchResponse, SearchStop, TestsMode } from '../core/agent/searchService.ts';
import { AppError } from '../core/errors.ts';
import { createBuiltinReranker } from '../core/models/builtinReranker.ts';
import { BUILTIN_NEURAL_EMBEDDER, DEFAULT_PRESET_ID, embedderDisplayName, presetById } from '../core/models/modelSpec.ts';
import type { Row } from '../core/store/sqlConnection.ts';
import { formatRows } from './format.ts';
import type { Reranker } from '../core/models/types.ts';
import type { MctsParams } from '../core/search/mctsParams.ts';
import type { MctsTrace } from '../core/search/mctsTrace.ts';
import { createSearchEngine } from '../core/search/searchEngine.ts';
import type { SearchEngine, SearchEngineOptions, SearchModels, SearchRunOptions } from '../core/search/searchEngine.ts';
import { BUILTIN_EMBEDDER_ID } from '../core/search/searchVectors.ts';
import type { EmbeddingSetInfo } from '../core/semantic/semanticService.ts';
import { MCTS_PRESETS } from '../core/search/mctsParams.ts';
import type { MctsPreset } from '../core/search/mctsParams.ts';
import { listEmbeddingSets } from '../core/store/embeddingStore.ts';
import type { SqlConnection } from '../core/store/sqlConnection.ts';
import { chooseSearchModels } from '../core/usecases/searchModels.ts';
import { searchQuestion } from '../core/usecases/searchQuestion.ts';
import { openNodeDatabase } from '../adapters/node/duckdbNode.ts';
import { createNodeEmbedder, createNodeReranker, resolveModelArg } from '../adapters/node/nodeModels.ts';
import { parseInteger, UsageError } from './args.ts';
import type { ParsedArgs } from './args.ts';
import { displayName } from '../core/graph/displayName.ts';

export interface SearchOutput {
  path: SearchResponse['route']['path'];
  cypher: string | null;
  /** import_name: the name code imports it by, where its language has one; relevance: 0..1 where the method has a scale. */
  results: (Pick<SearchHit, 'id' | 'kind' | 'qualified_name' | 'file_path' | 'start_line' | 'score'> &
    Partial<Pick<SearchHit, 'import_name' | 'relevance' | 'is_test' | 'exact' | 'duplicates'>>)[];
  stats: { reranker_calls: number; embed_calls: number; ms: number; stop?: SearchStop };
  /** Plain sentences: nothing relevant found, hidden tests, early stop, built-in vectors computed. */
  notes: string[];
  /** The embedding set's model that scored the answer, as labelled ("built-in neural, offline" for ours). */
  embedder?: string;
  /** Cypher typed as the question: its rows, as the `cypher` command prints them. */
  rows?: Row[];
  /** The id of the MCTS run stored in `runs` (when MCTS ran); the MCP server reports it, the CLI's JSON keeps docs/cli.md's shape. */
  run_id?: number;
}

/**
 * The embedding set to search with: `model` matched against the stored sets' model ids, first
 * as given, then as `embed --model` resolves it (preset, id or folder -> its id); without
 * `model` the built-in set when there is one, else the newest. Returns the set and the
 * `--model` argument to load its query embedder from (null: the stored id itself).
 */
export function chooseEmbeddingSet(sets: readonly EmbeddingSetInfo[], model?: string): { chosen: EmbeddingSetInfo; loadArg: string | null } {
  if (sets.length === 0) throw new AppError('INPUT_INVALID', 'This database has no embeddings: run `ranger embed --db <file>` first.');
  if (model === undefined) {
    const builtin = sets.find((s) => s.model === BUILTIN_EMBEDDER_ID);
    return { chosen: builtin ?? [...sets].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0], loadArg: null };
  }
  const exact = sets.find((s) => s.model === model);
  if (exact) return { chosen: exact, loadArg: null };
  const resolved = resolveModelArg(model, 'embedder').id;
  const byResolved = sets.find((s) => s.model === resolved);
  if (byResolved) return { chosen: byResolved, loadArg: model };
  const stored = [...new Set(sets.map((s) => s.model))].join(', ');
  throw new AppError('INPUT_INVALID', `--model ${model}: this database has no embeddings of ${resolved} (it has ${stored}); run \`ranger embed --db <file> --model ${model}\` first.`);
}

/**
 * The models for a database (core/usecases/searchModels.ts): the embedding set `--model` names
 * (chooseEmbeddingSet), or without it our shipped neural set when its model loads, else the
 * built-in lexical set, else the newest set (none: the built-in set is computed and stored first,
 * as the app does); and `reranker`, by default the offline preset's built-in one.
 */
export async function searchModelsFor(conn: SqlConnection, model?: string, reranker?: Reranker): Promise<SearchModels> {
  const stored = await listEmbeddingSets(conn);
  const choice = model === undefined ? null : chooseEmbeddingSet(stored, model);
  const newest = [...stored].filter((s) => s.model !== BUILTIN_NEURAL_EMBEDDER.id).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  const preferred = choice ? [choice.chosen.model] : [BUILTIN_NEURAL_EMBEDDER.id, BUILTIN_EMBEDDER_ID, newest?.model];
  return chooseSearchModels(conn, {
    preferred,
    loadEmbedder: (id) =>
      createNodeEmbedder(resolveModelArg(choice?.loadArg ?? id, 'embedder'), { onFallback: (message) => process.stderr.write(`Note: ${message}\n`) }),
    reranker: reranker ?? createBuiltinReranker(presetById(DEFAULT_PRESET_ID)!.reranker),
  });
}

/** The reranker `--reranker` names (undefined: the offline preset's built-in one). */
export async function rerankerArg(value: string | undefined): Promise<Reranker | undefined> {
  return value === undefined ? undefined : createNodeReranker(resolveModelArg(value, 'reranker'));
}

export async function openSearchEngine(conn: SqlConnection, options: SearchEngineOptions & { model?: string; reranker?: Reranker } = {}): Promise<SearchEngine> {
  const { model, reranker, ...engineOptions } = options;
  return createSearchEngine(conn, await searchModelsFor(conn, model, reranker), engineOptions);
}

/** The default method ('auto'): the router (Path 1 Cypher from the rule-based generator, else MCTS). */
export function autoRoute(conn: SqlConnection, engine: SearchRunner) {
  return (request: SearchRequest, options: SearchRunOptions): Promise<SearchResponse & { trace?: MctsTrace }> =>
    answerQuestion(conn, engine, request.question, { llm: null }, request, options);
}

export interface SearchCommandOptions {
  method?: SearchMethod;
  k?: number;
  iterations?: number;
  seed?: number;
  preset?: MctsPreset;
  pairBudget?: number;
  /** Embedding set (model id or `embed --model` argument) when the database holds several. */
  model?: string;
  /** Reranker (`lexical`, `learned`, a preset, a hub id or a folder); default the offline preset's. */
  reranker?: string;
  /** Writes the MCTS trace (JSON) here when MCTS ran. */
  tracePath?: string;
  tests?: TestsMode;
  /** Search the question as text even when it reads as Cypher. */
  asText?: boolean;
}

export function toSearchOutput(response: SearchResponse): SearchOutput {
  return {
    path: response.route.path,
    cypher: response.route.cypher,
    results: response.results.map((r) => ({
      id: r.id,
      kind: r.kind,
      qualified_name: r.qualified_name,
      file_path: r.file_path,
      start_line: r.start_line,
      score: r.score,
      ...pick(r, ['import_name', 'relevance', 'is_test', 'exact', 'duplicates']),
    })),
    stats: { reranker_calls: response.stats.reranker_calls, embed_calls: response.stats.embed_calls, ms: response.stats.ms, ...(response.stats.stop ? { stop: response.stats.stop } : {}) },
    notes: response.notes ?? [],
    ...(response.stats.embedder ? { embedder: embedderDisplayName(response.stats.embedder) } : {}),
    ...(response.route.generator === 'user' ? { rows: response.rows ?? [] } : {}),
  };
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((key) => value[key] !== undefined).map((key) => [key, value[key]])) as Partial<Pick<T, K>>;
}

export async function runSearch(dbPath: string, question: string, options: SearchCommandOptions = {}): Promise<SearchOutput> {
  const started = performance.now();
  const conn = await openNodeDatabase(dbPath, { mustExist: true });
  try {
    const params: Partial<MctsParams> = {};
    if (options.iterations !== undefined) params.iterations = options.iterations;
    if (options.seed !== undefined) params.seed = options.seed;
    if (options.pairBudget !== undefined) params.pairBudget = options.pairBudget;
    const request: SearchRequest = { question, method: options.method ?? 'auto', k: options.k, preset: options.preset, params, asText: options.asText, tests: options.tests };
    const deps = { models: async () => searchModelsFor(conn, options.model, await rerankerArg(options.reranker)), routerLlm: async () => null };
    // Every MCTS run is stored in `runs`, as the app does: the app's run list shows CLI runs too.
    const { response, trace, runId } = await searchQuestion(conn, request, deps, { audience: 'cli', runSource: 'cli' });
    // Cypher typed as the question that does not run: its positioned error, not a search in its place.
    if (response.route.generator === 'user' && response.route.cypherError) {
      throw new AppError('INPUT_INVALID', `${response.route.cypherError.message} (the question reads as Cypher; add --as-text to search these words instead)`);
    }
    if (options.tracePath !== undefined) {
      if (!trace) throw new AppError('INPUT_INVALID', `--trace: method '${request.method}' ran no MCTS (path ${response.route.path}), so there is no trace.`);
      writeFileSync(options.tracePath, JSON.stringify(trace));
    }
    const output = toSearchOutput(response);
    output.stats.ms = Math.round(performance.now() - started);
    if (runId !== undefined) output.run_id = runId;
    return output;
  } finally {
    await conn.close();
  }
}

export function parseMethod(value: string | undefined): SearchMethod | undefined {
  if (value === undefined) return undefined;
  if (!(SEARCH_METHODS as readonly string[]).includes(value)) throw new UsageError(`--method takes one of ${SEARCH_METHODS.join(', ')} (got '${value}')`);
  return value as SearchMethod;
}

export function parseTests(value: string | undefined): TestsMode | undefined {
  if (value === undefined) return undefined;
  if (!(TESTS_MODES as readonly string[]).includes(value)) throw new UsageError(`--tests takes one of ${TESTS_MODES.join(', ')} (got '${value}')`);
  return value as TestsMode;
}

export function parsePreset(value: string | undefined): MctsPreset | undefined {
  if (value === undefined) return undefined;
  if (!(MCTS_PRESETS as readonly string[]).includes(value)) throw new UsageError(`--preset takes one of ${MCTS_PRESETS.join(', ')} (got '${value}')`);
  return value as MctsPreset;
}

export function formatSearch(output: SearchOutput): string {
  const lines = output.results.flatMap((r, i) => {
    const score = r.relevance !== undefined ? `${Math.round(r.relevance * 100)}%` : r.score.toFixed(3);
    const tags = [r.exact ? 'exact name' : '', r.is_test ? 'test' : ''].filter(Boolean).map((t) => `[${t}]`).join(' ');
    const where = (loc: { file_path: string | null; start_line: number | null }) => `${loc.file_path ?? '?'}:${loc.start_line ?? '?'}`;
    return [
      `${String(i + 1).padStart(3)}. ${score.padStart(6)}  ${r.kind.padEnd(8)} ${displayName(r)}  ${where(r)}${tags ? `  ${tags}` : ''}`,
      ...(r.duplicates ?? []).map((d) => `${' '.repeat(30)}also ${where(d)}`),
    ];
  });
  const s = output.stats;
  return [
    `path: ${output.path}${output.cypher ? `  cypher: ${output.cypher}` : ''}`,
    ...(output.rows ? [formatRows(output.rows)] : []),
    ...(lines.length > 0 ? lines : output.rows ? [] : ['(no results)']),
    ...output.notes,
    `reranker calls ${s.reranker_calls}, query embeddings ${s.embed_calls}, ${s.ms} ms${output.embedder ? `, embedder ${output.embedder}` : ''}`,
  ].join('\n');
}

export async function searchCommand(args: ParsedArgs): Promise<{ json: unknown; text: string }> {
  if (args.positionals.length !== 1) throw new UsageError("'search' takes exactly one \"<question>\" argument (quote it)");
  const db = args.values.db;
  if (!db) throw new UsageError("'search' needs --db <file>");
  const output = await runSearch(db, args.positionals[0], {
    method: parseMethod(args.values.method),
    k: parseInteger('k', args.values.k, 1),
    iterations: parseInteger('iterations', args.values.iterations, 0),
    seed: parseInteger('seed', args.values.seed, 0),
    preset: parsePreset(args.values.preset),
    pairBudget: parseInteger('pair-budget', args.values['pair-budget'], 0),
    model: args.values.model,
    reranker: args.values.reranker,
    tracePath: args.values.trace,
    tests: parseTests(args.values.tests),
    asText: args.switches.has('as-text'),
  });
  // The JSON keeps docs/cli.md's {path, cypher, results, stats}; the text names the embedder.
  const { embedder: _embedder, run_id: _runId, ...json } = output;
  return { json, text: formatSearch(output) };
}
