/**
 * @file The retrieval engine: one in-memory snapshot of a stored graph (nodes, edges in
 * both directions, description and code embedding matrices, document texts) read once from
 * DuckDB, then every method runs on it without SQL: 'mcts' (Algorithm 1, runMcts), 'bm25',
 * 'dense' (description embeddings), 'dense-code' (code embeddings), 'rerank-all' (the
 * cross-encoder over every candidate) and 'fusion' (RANGER + BM25 by reciprocal rank fusion of
 * the MCTS ranking and the BM25 ranking, K = 60). 'auto' (the router) lives in the agent layer.
 *
 * Candidates and document texts: see searchDocuments.ts (Function / Method / Class only).
 * MCTS walks the whole graph (Repo, Modules and the rest are path nodes) over the description
 * embeddings (the code set when there is no description set); only candidates are returned.
 * Stats: reranker_calls = (query, document) pairs scored, embed_calls = query embeddings made.
 *
 * hiddenDocstrings (auto-built eval sets): the node texts are recomputed without those
 * docstrings (searchDocuments.ts), SIMILAR edges touching those nodes are dropped (they were
 * computed from vectors that saw the docstring), and embeddings are recomputed in memory: for the
 * built-in lexical embedder the idf is refitted on the stripped corpus and every vector redone
 * (the same texts embedGraph uses); for another embedder only the affected nodes are re-embedded.
 * Runs in: everywhere. Layer src/core.
 */
import type { SearchHit, SearchRequest, SearchResponse, SearchStop } from '../agent/searchService.ts';
import { AppError, throwIfAborted } from '../errors.ts';
import type { NodeKind } from '../graph/types.ts';
import { LEXICAL_EMBEDDER_INFO, LexicalEmbedder } from '../models/lexicalEmbedder.ts';
import type { Embedder, Reranker } from '../models/types.ts';
import { EMBEDDABLE_KINDS, embedQuery, nodeText } from '../semantic/embedGraph.ts';
import type { EmbeddingSetInfo, SemanticSource } from '../semantic/semanticService.ts';
import { idListSql, listEmbeddingSets, readEmbeddingRows, readEmbeddingSet } from '../store/embeddingStore.ts';
import { nodeRowsByIds } from '../store/nodeRowsByIds.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { buildBm25Index, scoreBm25 } from './bm25.ts';
import type { Bm25Index } from './bm25.ts';
import { buildGraphSnapshot, countKind } from './graphSnapshot.ts';
import type { GraphSnapshot } from './graphSnapshot.ts';
import { fuseFirstStage } from './firstStage.ts';
import { querySimilarities, runMcts } from './mcts.ts';
import { guidedParams, runGuidedMcts } from './mctsGuided.ts';
import { presetParams } from './mctsParams.ts';
import type { MctsParams, MctsPreset } from './mctsParams.ts';
import { graphFingerprint } from './graphFingerprint.ts';
import type { GraphFingerprint, MctsEvent, MctsTrace } from './mctsTrace.ts';
import { reciprocalRankFusion } from './rankFusion.ts';
import { createSignalTable } from './rerankSignals.ts';
import { bm25Text, hideDocstrings, isCandidateKind, rerankText } from './searchDocuments.ts';
import type { SearchEdge, SearchNode } from './searchDocuments.ts';
import { searchTokens } from './tokens.ts';

export interface SearchModels {
  /** The embedding_sets model id whose vectors the engine reads. */
  embedderId: string;
  /** The query embedder for a source (the built-in: loadBuiltinEmbedder(conn, source)). */
  queryEmbedder(source: SemanticSource): Promise<Embedder>;
  reranker: Reranker;
  /** Said once with the first answer from these models (the built-in vectors were computed for it). */
  note?: string;
}

export interface SearchEngineOptions {
  /** Node ids whose docstrings no method may see (CodeSearchNet-style eval sets). */
  hiddenDocstrings?: ReadonlySet<number>;
  /**
   * Part of a big graph to search (scopedSearch.ts): only these nodes and the edges between
   * them are read, stored vectors of these nodes alone, and a source without a stored set of
   * the built-in embedder gets lexical vectors fitted and computed here, in memory.
   */
  scope?: { nodeIds: readonly number[]; fingerprint: GraphFingerprint };
}

export interface SearchRunOptions {
  signal?: AbortSignal;
  onEvent?: (event: MctsEvent) => void;
}

export type SearchRunResult = SearchResponse & { trace?: MctsTrace };

export interface SearchEngine {
  readonly embedderId: string;
  readonly snapshot: GraphSnapshot;
  /** Node rows in snapshot index order (docstrings hidden where asked). */
  readonly nodes: readonly SearchNode[];
  /** Snapshot indices of the candidates (Function, Method, Class). */
  readonly candidates: Int32Array;
  /** Fingerprint of the graph the engine was built from (written into every trace). */
  readonly fingerprint: GraphFingerprint;
  node(id: number): SearchNode | undefined;
  /** Set when the engine computed the vectors it reads (a scope with no stored set): says so. */
  readonly vectorsNote?: string;
  /** A.4 parameters for this graph (N = Module nodes) with overrides. */
  mctsParams(preset?: MctsPreset, params?: Partial<MctsParams>): MctsParams;
  run(request: SearchRequest, options?: SearchRunOptions): Promise<SearchRunResult>;
}

export const DEFAULT_K = 10;
const RERANK_BATCH = 256;
/** Texts per embedder call when vectors are recomputed for hidden docstrings. */
const EMBED_BATCH = 256;
const FUSION_DEPTH = 1000;

interface SourceMatrix {
  dim: number;
  /** nodeCount x dim, rows L2-normalised, zero rows for nodes without a vector. */
  matrix: Float32Array;
}

const NODE_COLUMNS =
  'id, kind, name, qualified_name, import_name, module_name, class_name, file_path, start_line, end_line, signature, docstring, code, description, member_descriptions, requirement';

async function readNodes(conn: SqlConnection, scope?: readonly number[]): Promise<SearchNode[]> {
  const rows = scope ? await nodeRowsByIds(conn, scope, NODE_COLUMNS.split(', ')) : await conn.query(`SELECT ${NODE_COLUMNS} FROM nodes ORDER BY id`);
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind as NodeKind,
    name: String(r.name ?? ''),
    qualified_name: String(r.qualified_name ?? r.name ?? ''),
    import_name: (r.import_name as string | null) ?? null,
    module_name: (r.module_name as string | null) ?? null,
    class_name: (r.class_name as string | null) ?? null,
    file_path: (r.file_path as string | null) ?? null,
    start_line: r.start_line === null || r.start_line === undefined ? null : Number(r.start_line),
    end_line: r.end_line === null || r.end_line === undefined ? null : Number(r.end_line),
    signature: (r.signature as string | null) ?? null,
    docstring: (r.docstring as string | null) ?? null,
    code: (r.code as string | null) ?? null,
    description: (r.description as string | null) ?? null,
    member_descriptions: (r.member_descriptions as string | null) ?? null,
    requirement: (r.requirement as string | null) ?? null,
  }));
}

async function readEdges(conn: SqlConnection, scope?: readonly number[]): Promise<SearchEdge[]> {
  const list = scope ? idListSql(scope) : '';
  const rows = await conn.query(`SELECT src, dst, type FROM edges${scope ? ` WHERE src IN (SELECT unnest(${list})) AND dst IN (SELECT unnest(${list}))` : ''}`);
  return rows.map((r) => ({ src: Number(r.src), dst: Number(r.dst), type: String(r.type) }));
}

function isEmbeddable(node: SearchNode): boolean {
  if ((EMBEDDABLE_KINDS as readonly string[]).includes(node.kind)) return true;
  return (node.kind === 'Field' || node.kind === 'GlobalVariable') && (node.code ?? '').trim() !== '';
}

function normaliseRows(matrix: Float32Array, dim: number): void {
  for (let row = 0; row < matrix.length; row += dim) {
    let sum = 0;
    for (let d = 0; d < dim; d++) sum += matrix[row + d] ** 2;
    if (sum === 0) continue;
    const scale = 1 / Math.sqrt(sum);
    for (let d = 0; d < dim; d++) matrix[row + d] *= scale;
  }
}

/** Stored vectors of a catalogued set laid out by snapshot index. */
async function storedMatrix(
  conn: SqlConnection,
  set: EmbeddingSetInfo,
  indexOf: ReadonlyMap<number, number>,
  n: number,
  scope?: readonly number[],
): Promise<SourceMatrix> {
  const stored = scope ? await readEmbeddingRows(conn, set, scope) : await readEmbeddingSet(conn, set);
  const { dim } = stored;
  const matrix = new Float32Array(n * dim);
  stored.ids.forEach((id, row) => {
    const i = indexOf.get(id);
    if (i !== undefined) matrix.set(stored.matrix.subarray(row * dim, (row + 1) * dim), i * dim);
  });
  return { dim, matrix };
}

/** Recomputes vectors after hiding docstrings (see the file header). */
async function recomputeMatrix(
  source: SemanticSource,
  nodes: readonly SearchNode[],
  affected: ReadonlySet<number>,
  embedder: Embedder,
  stored: SourceMatrix,
): Promise<void> {
  const rows: number[] = [];
  const texts: string[] = [];
  nodes.forEach((node, i) => {
    if (!isEmbeddable(node)) return;
    const { text } = nodeText(node, source);
    if (text.trim() === '') return;
    rows.push(i);
    texts.push(text);
  });
  let todo = rows.map((_, j) => j);
  if (embedder instanceof LexicalEmbedder) embedder.fit(texts);
  else todo = todo.filter((j) => affected.has(nodes[rows[j]].id));
  for (let start = 0; start < todo.length; start += EMBED_BATCH) {
    const batch = todo.slice(start, start + EMBED_BATCH);
    const vectors = await embedder.embed(batch.map((j) => texts[j]), 'document');
    batch.forEach((j, b) => {
      if (vectors[b].length !== stored.dim) throw new AppError('INPUT_INVALID', `Embedder gives ${vectors[b].length} dimensions, the stored set ${stored.dim}.`);
      stored.matrix.set(vectors[b], rows[j] * stored.dim);
    });
  }
  const embedded = new Set(rows);
  for (const i of nodes.keys()) if (affected.has(nodes[i].id) && !embedded.has(i)) stored.matrix.fill(0, i * stored.dim, (i + 1) * stored.dim);
}

export async function createSearchEngine(conn: SqlConnection, models: SearchModels, options: SearchEngineOptions = {}): Promise<SearchEngine> {
  const hidden = options.hiddenDocstrings ?? new Set<number>();
  const scope = options.scope?.nodeIds;
  const original = await readNodes(conn, scope);
  const storedEdges = await readEdges(conn, scope);
  let edges = storedEdges;
  const nodes = hidden.size > 0 ? hideDocstrings(original, edges, hidden) : original;
  if (hidden.size > 0) edges = edges.filter((e) => e.type !== 'SIMILAR' || (!hidden.has(e.src) && !hidden.has(e.dst)));
  const affected = new Set(nodes.filter((node, i) => node !== original[i]).map((node) => node.id));
  const indexOf = new Map(nodes.map((node, i) => [node.id, i] as const));
  const n = nodes.length;

  const matrices = new Map<SemanticSource, SourceMatrix | null>();
  /** Query embedders fitted here (a scope without stored built-in vectors). */
  const fitted = new Map<SemanticSource, LexicalEmbedder>();
  const sets = await listEmbeddingSets(conn);
  for (const source of ['description', 'code'] as const) {
    const set = sets.find((s) => s.model === models.embedderId && s.source === source);
    let stored: SourceMatrix | null = null;
    if (set && affected.size > 0) {
      const embedder = await models.queryEmbedder(source);
      // The built-in is refitted and redone whole: no need to read the stored vectors.
      stored = embedder instanceof LexicalEmbedder ? { dim: set.dim, matrix: new Float32Array(n * set.dim) } : await storedMatrix(conn, set, indexOf, n, scope);
      await recomputeMatrix(source, nodes, affected, embedder, stored);
    } else if (set) stored = await storedMatrix(conn, set, indexOf, n, scope);
    else if (scope && models.embedderId === LEXICAL_EMBEDDER_INFO.id) {
      // Fitted on the scope's texts: the whole graph's vectors are never computed for one question.
      const embedder = new LexicalEmbedder();
      stored = { dim: embedder.dim, matrix: new Float32Array(n * embedder.dim) };
      await recomputeMatrix(source, nodes, new Set(), embedder, stored);
      fitted.set(source, embedder);
    }
    if (stored) normaliseRows(stored.matrix, stored.dim);
    matrices.set(source, stored);
  }
  const walkSource: SemanticSource = matrices.get('description') ? 'description' : 'code';
  const walk = matrices.get(walkSource) ?? null;
  const snapshot = buildGraphSnapshot({ nodes, edges }, walk ?? undefined);
  const candidateList: number[] = [];
  nodes.forEach((node, i) => {
    if (isCandidateKind(node.kind)) candidateList.push(i);
  });
  const candidates = Int32Array.from(candidateList);
  const moduleCount = countKind(snapshot, 'Module');
  const fingerprint = options.scope?.fingerprint ?? graphFingerprint(original, storedEdges);
  const traceOf = (result: { trace: MctsTrace }, method: string): MctsTrace => ({
    ...result.trace,
    method,
    models: { embedder: models.embedderId, reranker: models.reranker.info.id },
    graph: fingerprint,
  });

  let bm25: Bm25Index | null = null;
  const bm25Index = (): Bm25Index => (bm25 ??= buildBm25Index(candidateList.map((i) => bm25Text(nodes[i])), { tokenize: searchTokens }));
  const rerankDocs: (string | undefined)[] = new Array(n);
  const docText = (i: number): string => (rerankDocs[i] ??= rerankText(nodes[i]));

  const queryVector = async (source: SemanticSource, text: string): Promise<Float32Array> =>
    embedQuery(fitted.get(source) ?? (await models.queryEmbedder(source)), text);

  const hit = (i: number, score: number, parts?: Record<string, number>): SearchHit => {
    const node = nodes[i];
    return {
      id: node.id,
      kind: node.kind,
      name: node.name,
      qualified_name: node.qualified_name,
      ...(node.import_name ? { import_name: node.import_name } : {}),
      file_path: node.file_path,
      start_line: node.start_line,
      score,
      ...(parts ? { parts } : {}),
    };
  };

  /** Candidates by a per-node score array, best first (ties: lower index). */
  const topCandidates = (scores: ArrayLike<number>, k: number, positiveOnly = false): number[] => {
    const order = candidateList.filter((i) => !positiveOnly || scores[i] > 0);
    order.sort((a, b) => scores[b] - scores[a] || a - b);
    return order.slice(0, k);
  };

  const mctsParams = (preset?: MctsPreset, params?: Partial<MctsParams>): MctsParams => ({
    ...presetParams(moduleCount, preset),
    ...stripUndefined(params ?? {}),
  });

  /** BM25 scores of the question laid out by snapshot index (0 for non-candidates). */
  const bm25ByNode = (question: string): Float64Array => {
    const scores = scoreBm25(bm25Index(), question);
    const byNode = new Float64Array(n);
    candidateList.forEach((i, doc) => (byNode[i] = scores[doc]));
    return byNode;
  };

  /** The guided variant's seeds: BM25 and every dense source fused (first stage, no reranker). */
  async function firstStage(question: string, walkEmbedding: Float32Array) {
    const bm25Scores = bm25ByNode(question);
    const rankings = [topCandidates(bm25Scores, FUSION_DEPTH, true)];
    const cosines = new Map<SemanticSource, Float64Array>();
    let embedCalls = 0;
    for (const source of ['description', 'code'] as const) {
      const matrix = matrices.get(source);
      if (!matrix) continue;
      const vector = source === walkSource ? walkEmbedding : await queryVector(source, question);
      if (source !== walkSource) embedCalls++;
      cosines.set(source, cosineAll(matrix, vector));
      rankings.push(topCandidates(cosines.get(source)!, FUSION_DEPTH));
    }
    const stage = fuseFirstStage(rankings, n);
    /** The learned reranker's per-node scorer over this query's scores (null: the reranker reads text alone). */
    // The learned reranker (and its relevance gate) learned from both sources' cosines: when one
    // set is missing (an embedding cancelled between the two, `embed --sources code`), the other
    // stands in for it, or every question would look unrelated to the repository.
    const description = cosines.get('description') ?? cosines.get('code') ?? null;
    const code = cosines.get('code') ?? cosines.get('description') ?? null;
    const scoreNodes = signalScorer({ bm25: bm25Scores, dense: description, code, prior: stage.prior });
    return { ...stage, embedCalls, scoreNodes };
  }

  function signalScorer(scores: Parameters<typeof createSignalTable>[0]) {
    const { reranker } = models;
    if (!reranker.scoreWithSignals) return null;
    const signalsOf = createSignalTable(scores, candidates, snapshot);
    return (query: string, indices: readonly number[]): Promise<number[]> =>
      reranker.scoreWithSignals!(query, indices.map(docText), indices.map(signalsOf));
  }

  async function runMctsRanking(request: SearchRequest, options: SearchRunOptions) {
    const embedding = walk ? await queryVector(walkSource, request.question) : new Float32Array(0);
    const query = { text: request.question, embedding };
    const runOptions = { signal: options.signal, onTrace: options.onEvent };
    let result;
    let planned: number;
    let embedCalls = walk ? 1 : 0;
    if ((request.preset ?? 'default') === 'default') {
      const stage = await firstStage(request.question, embedding);
      embedCalls += stage.embedCalls;
      const params = guidedParams(candidateList.length, stripUndefined(request.params ?? {}));
      const inputs = { snapshot, query, reranker: models.reranker, docText, seedOrder: stage.order, prior: stage.prior, isCandidate: (i: number) => isCandidateKind(nodes[i].kind) };
      result = await runGuidedMcts(inputs, params, { ...runOptions, ...(stage.scoreNodes ? { scoreNodes: stage.scoreNodes } : {}) });
      planned = params.iterations;
    } else {
      const params = mctsParams(request.preset, request.params);
      // A reranker that reads the engine's signals gets them here too (the first stage is computed for it alone).
      const stage = models.reranker.scoreWithSignals ? await firstStage(request.question, embedding) : null;
      embedCalls += stage?.embedCalls ?? 0;
      result = await runMcts(snapshot, query, models.reranker, docText, params, { ...runOptions, ...(stage?.scoreNodes ? { scoreNodes: stage.scoreNodes } : {}) });
      planned = params.iterations;
    }
    const ranked = result.ranking.filter((r) => isCandidateKind(nodes[indexOf.get(r.id)!].kind));
    const { exhausted, iterationsRun } = result.stats;
    const stop: SearchStop = { reason: exhausted ? 'exhausted' : iterationsRun < planned ? 'budget' : 'iterations', iterations: iterationsRun, planned };
    return { result, ranked, embedCalls, stop };
  }

  async function run(request: SearchRequest, options: SearchRunOptions = {}): Promise<SearchRunResult> {
    const started = performance.now();
    throwIfAborted(options.signal);
    const k = request.k ?? DEFAULT_K;
    if (!Number.isInteger(k) || k < 1) throw new AppError('INPUT_INVALID', `k must be a whole number >= 1 (got ${k}).`);
    const method = request.method;
    let results: SearchHit[] = [];
    let rerankerCalls = 0;
    let embedCalls = 0;
    let trace: MctsTrace | undefined;
    let stop: SearchStop | undefined;
    switch (method) {
      case 'mcts': {
        const { result, ranked, embedCalls: e, stop: s } = await runMctsRanking(request, options);
        stop = s;
        results = ranked.slice(0, k).map((r) => hit(indexOf.get(r.id)!, r.score, { rewardPart: r.rewardPart, simPart: r.simPart }));
        rerankerCalls = result.stats.rerankerCalls;
        embedCalls = e;
        trace = traceOf(result, 'mcts');
        break;
      }
      case 'bm25': {
        const byNode = bm25ByNode(request.question);
        results = topCandidates(byNode, k, true).map((i) => hit(i, byNode[i]));
        break;
      }
      case 'dense':
      case 'dense-code': {
        const source: SemanticSource = method === 'dense' ? 'description' : 'code';
        const matrix = matrices.get(source);
        if (!matrix) throw new AppError('INPUT_INVALID', `No ${source} embeddings of ${models.embedderId} in this database: run embed first.`);
        const sims = cosineAll(matrix, await queryVector(source, request.question));
        embedCalls = 1;
        results = topCandidates(sims, k).map((i) => hit(i, sims[i]));
        break;
      }
      case 'rerank-all': {
        const scores = new Float64Array(n);
        let scoreNodes: ((query: string, indices: readonly number[]) => Promise<number[]>) | null = null;
        if (models.reranker.scoreWithSignals) {
          const stage = await firstStage(request.question, walk ? await queryVector(walkSource, request.question) : new Float32Array(0));
          embedCalls = (walk ? 1 : 0) + stage.embedCalls;
          scoreNodes = stage.scoreNodes;
        }
        for (let start = 0; start < candidateList.length; start += RERANK_BATCH) {
          throwIfAborted(options.signal);
          const batch = candidateList.slice(start, start + RERANK_BATCH);
          const out = scoreNodes ? await scoreNodes(request.question, batch) : await models.reranker.score(request.question, batch.map(docText));
          batch.forEach((i, b) => (scores[i] = out[b]));
        }
        rerankerCalls = candidateList.length;
        results = topCandidates(scores, k).map((i) => hit(i, scores[i]));
        break;
      }
      case 'fusion': {
        const { result, ranked, embedCalls: e, stop: s } = await runMctsRanking(request, options);
        stop = s;
        const bm25Order = topCandidates(bm25ByNode(request.question), FUSION_DEPTH, true).map((i) => nodes[i].id);
        const fused = reciprocalRankFusion([ranked.map((r) => r.id), bm25Order]);
        results = fused.slice(0, k).map((f) => hit(indexOf.get(f.id)!, f.score));
        rerankerCalls = result.stats.rerankerCalls;
        embedCalls = e;
        trace = traceOf(result, 'fusion');
        break;
      }
      default:
        throw new AppError('INPUT_INVALID', `The engine does not run method '${String(method)}' (the router answers 'auto').`);
    }
    const mcts = method === 'mcts';
    const route = {
      path: mcts ? ('mcts' as const) : ('baseline' as const),
      cypher: null,
      generator: null,
      reason: mcts ? 'MCTS asked for directly (Path 2 without the router)' : `baseline '${method}' asked for directly`,
    };
    if (trace) trace.route = { path: route.path, cypher: null, reason: route.reason };
    return {
      route,
      results,
      stats: { reranker_calls: rerankerCalls, embed_calls: embedCalls, ms: Math.round(performance.now() - started), embedder: models.embedderId, ...(stop ? { stop } : {}) },
      ...(trace ? { trace } : {}),
    };
  }

  return {
    embedderId: models.embedderId,
    ...(fitted.size > 0 ? { vectorsNote: 'built-in lexical vectors computed for them' } : {}),
    snapshot,
    nodes,
    candidates,
    fingerprint,
    node: (id) => {
      const i = indexOf.get(id);
      return i === undefined ? undefined : nodes[i];
    },
    mctsParams,
    run,
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Cosine of a query with every row of a normalised matrix. */
function cosineAll(source: SourceMatrix, query: Float32Array): Float64Array {
  const { dim, matrix } = source;
  if (query.length !== dim) throw new AppError('INPUT_INVALID', `Query embedding has ${query.length} dimensions, the stored set ${dim}.`);
  const snapshotLike = { nodeCount: matrix.length / dim, embeddings: matrix, dim } as GraphSnapshot;
  return querySimilarities(snapshotLike, query);
}
