/**
 * @file `ranger search --db <file> "<question>" [--method auto|mcts|bm25|dense|dense-code|
 * rerank-all|fusion] [--k 10] [--iterations T] [--seed S] [--trace <file>]` (DESIGN.md section 9)
 * -> {path, cypher, results:[{id, kind, qualified_name, file_path, start_line, score}],
 * stats:{reranker_calls, embed_calls, ms}} (the text output also names the embedder). Also the engine set-up `eval` shares: the
 * embedding model is the one the database was embedded with (embedding_sets: the shipped neural
 * set when there is one and the model loads, else the built-in lexical set, else the newest set), the reranker the built-in lexical cross-encoder stand-in;
 * 'auto' goes through the router (answerQuestion) with no LLM: rule-based Cypher, else MCTS.
 * Runs in: Node (cli).
 */
import { writeFileSync } from 'node:fs';
import { answerQuestion } from '../core/agent/answerQuestion.ts';
import { SEARCH_METHODS } from '../core/agent/searchService.ts';
import type { SearchMethod, SearchRequest, SearchResponse } from '../core/agent/searchService.ts';
import { AppError } from '../core/errors.ts';
import { LEXICAL_EMBEDDER_INFO } from '../core/models/lexicalEmbedder.ts';
import { LexicalReranker } from '../core/models/lexicalReranker.ts';
import { BUILTIN_NEURAL_EMBEDDER, embedderDisplayName } from '../core/models/modelSpec.ts';
import type { Embedder } from '../core/models/types.ts';
import type { MctsParams } from '../core/search/mctsParams.ts';
import type { MctsTrace } from '../core/search/mctsTrace.ts';
import { createSearchEngine } from '../core/search/searchEngine.ts';
import type { SearchEngine, SearchEngineOptions, SearchModels, SearchRunOptions } from '../core/search/searchEngine.ts';
import { loadBuiltinEmbedder } from '../core/semantic/embedGraph.ts';
import type { SemanticSource } from '../core/semantic/semanticService.ts';
import { listEmbeddingSets } from '../core/store/embeddingStore.ts';
import type { SqlConnection } from '../core/store/sqlConnection.ts';
import { openNodeDatabase } from '../adapters/node/duckdbNode.ts';
import { createNodeEmbedder, resolveModelArg } from '../adapters/node/nodeModels.ts';
import { UsageError } from './args.ts';
import type { ParsedArgs } from './args.ts';

export interface SearchOutput {
  path: SearchResponse['route']['path'];
  cypher: string | null;
  results: { id: number; kind: string; qualified_name: string; file_path: string | null; start_line: number | null; score: number }[];
  stats: { reranker_calls: number; embed_calls: number; ms: number };
  /** The embedding set's model that scored the answer, as labelled ("built-in neural, offline" for ours). */
  embedder?: string;
}

/** The models for a database: its embedding set's model (query side) and the built-in reranker. */
export async function searchModelsFor(conn: SqlConnection): Promise<SearchModels> {
  const sets = await listEmbeddingSets(conn);
  if (sets.length === 0) throw new AppError('INPUT_INVALID', 'This database has no embeddings: run `ranger embed --db <file>` first.');
  const builtin = sets.find((s) => s.model === LEXICAL_EMBEDDER_INFO.id);
  let chosen = builtin ?? [...sets].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  const embedders = new Map<SemanticSource, Promise<Embedder>>();
  const shipped = sets.find((s) => s.model === BUILTIN_NEURAL_EMBEDDER.id);
  if (shipped) {
    // Our shipped neural set first; when its model cannot load, the lexical set (if stored) answers.
    const neural = await createNodeEmbedder(BUILTIN_NEURAL_EMBEDDER, { onFallback: (message) => process.stderr.write(`Note: ${message}\n`) });
    if (neural.info.id === BUILTIN_NEURAL_EMBEDDER.id) {
      chosen = shipped;
      for (const source of ['description', 'code'] as const) embedders.set(source, Promise.resolve(neural));
    } else if (!builtin) {
      throw new AppError('MODEL_UNAVAILABLE', `${BUILTIN_NEURAL_EMBEDDER.label} could not load and this database has no built-in lexical embeddings: run \`ranger embed --db <file> --model lexical\`.`);
    }
  }
  return {
    embedderId: chosen.model,
    queryEmbedder(source) {
      let embedder = embedders.get(source);
      if (!embedder) {
        embedder = chosen.builtin && chosen.model === LEXICAL_EMBEDDER_INFO.id
          ? loadBuiltinEmbedder(conn, source)
          : createNodeEmbedder(resolveModelArg(chosen.model, 'embedder'));
        embedders.set(source, embedder);
      }
      return embedder;
    },
    reranker: new LexicalReranker(),
  };
}

export async function openSearchEngine(conn: SqlConnection, options: SearchEngineOptions = {}): Promise<SearchEngine> {
  return createSearchEngine(conn, await searchModelsFor(conn), options);
}

/** The default method ('auto'): the router (Path 1 Cypher from the rule-based generator, else MCTS). */
export function autoRoute(conn: SqlConnection, engine: SearchEngine) {
  return (request: SearchRequest, options: SearchRunOptions): Promise<SearchResponse & { trace?: MctsTrace }> =>
    answerQuestion(conn, engine, request.question, { llm: null }, request, options);
}

export interface SearchCommandOptions {
  method?: SearchMethod;
  k?: number;
  iterations?: number;
  seed?: number;
  /** Writes the MCTS trace (JSON) here when MCTS ran. */
  tracePath?: string;
}

export function toSearchOutput(response: SearchResponse): SearchOutput {
  return {
    path: response.route.path,
    cypher: response.route.cypher,
    results: response.results.map((r) => ({ id: r.id, kind: r.kind, qualified_name: r.qualified_name, file_path: r.file_path, start_line: r.start_line, score: r.score })),
    stats: { reranker_calls: response.stats.reranker_calls, embed_calls: response.stats.embed_calls, ms: response.stats.ms },
    ...(response.stats.embedder ? { embedder: embedderDisplayName(response.stats.embedder) } : {}),
  };
}

export async function runSearch(dbPath: string, question: string, options: SearchCommandOptions = {}): Promise<SearchOutput> {
  const started = performance.now();
  const conn = await openNodeDatabase(dbPath, { mustExist: true });
  try {
    const engine = await openSearchEngine(conn);
    const params: Partial<MctsParams> = {};
    if (options.iterations !== undefined) params.iterations = options.iterations;
    if (options.seed !== undefined) params.seed = options.seed;
    const request: SearchRequest = { question, method: options.method ?? 'auto', k: options.k ?? 10, params };
    const response: SearchResponse & { trace?: MctsTrace } =
      request.method === 'auto' ? await autoRoute(conn, engine)(request, {}) : await engine.run(request);
    if (options.tracePath !== undefined) {
      if (!response.trace) throw new AppError('INPUT_INVALID', `--trace: method '${request.method}' ran no MCTS (path ${response.route.path}), so there is no trace.`);
      writeFileSync(options.tracePath, JSON.stringify(response.trace));
    }
    const output = toSearchOutput(response);
    output.stats.ms = Math.round(performance.now() - started);
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

export function parseInteger(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be a whole number >= ${min} (got '${value}')`);
  return n;
}

export function formatSearch(output: SearchOutput): string {
  const lines = output.results.map(
    (r, i) => `${String(i + 1).padStart(3)}. ${r.score.toFixed(3).padStart(8)}  ${r.kind.padEnd(8)} ${r.qualified_name}  ${r.file_path ?? '?'}:${r.start_line ?? '?'}`,
  );
  const s = output.stats;
  return [
    `path: ${output.path}${output.cypher ? `  cypher: ${output.cypher}` : ''}`,
    ...(lines.length > 0 ? lines : ['(no results)']),
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
    tracePath: args.values.trace,
  });
  // The JSON keeps DESIGN.md's {path, cypher, results, stats}; the text names the embedder.
  const { embedder: _embedder, ...json } = output;
  return { json, text: formatSearch(output) };
}
