/**
 * @file SearchService: the contract of question answering as the UI sees it through
 * the repo worker and as the CLI prints it — the router (RANGER 3.1, Fig. 1: Cypher Path 1,
 * MCTS Path 2), the baselines on the same candidates, Cypher on DuckDB, and in-app evaluation.
 * Plain data in and out (comlink); MCTS trace events stream through a listener.
 * Runs in: the repo worker (app), in-process (cli). Layer src/core.
 */
import type { WireError } from '../errors.ts';
import type { Row } from '../pipeline/repoService.ts';
import type { MctsParams, MctsPreset } from '../search/mctsParams.ts';
import type { GraphFingerprint, MctsEvent, MctsTrace } from '../search/mctsTrace.ts';
import type { RunInfo } from '../store/runStore.ts';
import type { NodeKind } from '../graph/types.ts';

/** docs/cli.md method names; 'auto' is the router (what the app does by default). */
export const SEARCH_METHODS = ['auto', 'mcts', 'bm25', 'dense', 'dense-code', 'rerank-all', 'fusion'] as const;
export type SearchMethod = (typeof SEARCH_METHODS)[number];

export interface SearchRequest {
  question: string;
  method: SearchMethod;
  /** Results returned (default 10). */
  k?: number;
  /** MCTS parameters over the preset's (A.4 default, or the RepoQA column). */
  preset?: MctsPreset;
  params?: Partial<MctsParams>;
  /** Values for $name parameters in the router's Cypher (method 'auto'), as a JSON object. */
  cypherParams?: Record<string, unknown>;
  /** Tests and fixtures: ranked after the code (default) or hidden (presentAnswer.ts). */
  tests?: TestsMode;
  /** Method 'auto': search the question as text even when it reads as Cypher (typedCypher.ts). */
  asText?: boolean;
}

export const TESTS_MODES = ['after', 'hide'] as const;
export type TestsMode = (typeof TESTS_MODES)[number];

/** Another definition of the same name, folded into one result row. */
export interface HitLocation {
  id: number;
  file_path: string | null;
  start_line: number | null;
}

/** One ranked result; `parts` names each component of the score (MCTS: rewardPart, simPart). */
export interface SearchHit {
  id: number;
  kind: NodeKind;
  name: string;
  qualified_name: string;
  file_path: string | null;
  start_line: number | null;
  score: number;
  parts?: Record<string, number>;
  /** The name as code imports it ('black.mode.Mode'; nodes.import_name), where its language has one. */
  import_name?: string;
  /** 0..1 on the method's absolute scale (MCTS score / 10, reranker probability, cosine); none for rank-only scores. */
  relevance?: number;
  /** The node lies in a test or fixture file (ranked after code unless hidden). */
  is_test?: boolean;
  /** The question names this node exactly (ranked first). */
  exact?: boolean;
  /** Other definitions with the same name and kind, shown as one row. */
  duplicates?: HitLocation[];
}

/** Which path answered and why (the UI always shows it). */
export interface RouteInfo {
  /**
   * 'cypher' = Path 1, 'mcts' = Path 2, 'cypher+mcts' = Path 1's hits first and Path 2's results
   * after them (a question about more than the names it mentions), 'baseline' = a baseline method
   * asked for directly.
   */
  path: 'cypher' | 'mcts' | 'cypher+mcts' | 'baseline';
  /** The Cypher that was tried (Path 1, or Path 1 before falling back), null when none. */
  cypher: string | null;
  /** Who wrote the Cypher: the LLM with the schema prompt, the rule-based generator, or the person (typed in the question). */
  generator: 'llm' | 'rules' | 'user' | null;
  /** Plain sentence: "rules found `CatalogSearch` in the graph", "Cypher returned no rows", ... */
  reason: string;
  cypherError?: WireError;
  /** 'cypher+mcts': how many of the first results are Path 1's hits. */
  pathOneHits?: number;
}

export interface SearchStats {
  /** (query, document) pairs scored by the cross-encoder for this query, whatever the batching. */
  reranker_calls: number;
  embed_calls: number;
  ms: number;
  /** The embedding set's model the dense scores came from (absent for Cypher answers). */
  embedder?: string;
  /**
   * The model whose vectors an embedding was still building when this answer was given, where the
   * answer read other vectors or only part of that model's sets (the app's notes say which).
   */
  vectorsPending?: string;
  /** MCTS: why the search stopped (the iteration budget, or nothing left to expand). */
  stop?: SearchStop;
}

export interface SearchStop {
  /** iterations: ran all T; exhausted: the tree held every reachable node; budget: the reranker-pair budget was spent. */
  reason: 'iterations' | 'exhausted' | 'budget';
  /** Iterations run. */
  iterations: number;
  /** Iterations asked for (T). */
  planned: number;
}

export interface SearchResponse {
  route: RouteInfo;
  results: SearchHit[];
  /** Path 1 rows as Cypher returned them (columns as named in RETURN). */
  rows?: Row[];
  columns?: string[];
  stats: SearchStats;
  /** Stored run id (table `runs`); its full trace comes from trace(runId). */
  runId?: number;
  /** Plain sentences about the answer ("nothing relevant found ...", hidden tests, fallbacks). */
  notes?: string[];
  /** True when no result reached the relevance threshold (results is then empty). */
  nothingRelevant?: boolean;
  /**
   * The MCTS trace without its events (they were streamed to the listener, once): the UI puts
   * the streamed events under it; traceEvents says how many there are.
   */
  traceHead?: Omit<MctsTrace, 'events'>;
  traceEvents?: number;
}

export interface CypherResult {
  sql: string;
  columns: string[];
  rows: Row[];
  /** Node ids found in the rows (whole nodes and id columns), for the subgraph highlight. */
  nodeIds: number[];
  ms: number;
  /** The answer had more rows than the cap: `rows` are its first `maxRows` (console queries). */
  truncated?: boolean;
  maxRows?: number;
}

/** A console query's bounds (src/core/store/boundedQuery.ts); missing ones take the defaults. */
export interface ConsoleBounds {
  maxRows?: number;
  timeoutMs?: number;
}

/** One eval query (docs/cli.md JSONL), with relevant definitions by file and line. */
export interface EvalQuery {
  query: string;
  relevant: { file: string; line: number; grade?: number }[];
}

export interface EvalSet {
  name: string;
  queries: EvalQuery[];
  /** Auto-built sets: node ids whose docstrings must be hidden from every method (CodeSearchNet way). */
  hiddenDocstrings?: number[];
}

export interface MethodReport {
  ndcg: number;
  recall: number;
  mrr: number;
  reranker_calls: number;
  ms: number;
  /** 'auto' only: how many queries each path answered, and Path 1's own hits scored alone (NDCG@k, 0 where it gave none). */
  routes?: Partial<Record<RouteInfo['path'], number>>;
  pathOneNdcg?: number;
}

export interface EvalReport {
  queries: number;
  k: number;
  methods: Partial<Record<SearchMethod, MethodReport>>;
  /** Quality against MCTS iterations (the paper's Fig. 3): one point per iteration count. */
  curve?: { iterations: number; ndcg: number; recall: number; mrr: number; reranker_calls: number }[];
}

export interface EvalOptions {
  set: EvalSet;
  methods: SearchMethod[];
  k?: number;
  preset?: MctsPreset;
  params?: Partial<MctsParams>;
  /** Iteration counts for the curve (e.g. [10, 25, 50, 100, 200]); none = no curve. */
  curve?: number[];
}

export interface EvalProgress {
  method: SearchMethod | 'curve';
  done: number;
  total: number;
}

export interface SearchService {
  search(request: SearchRequest, onEvent?: (event: MctsEvent) => void): Promise<SearchResponse>;
  cancelSearch(): Promise<void>;
  /** Runs user Cypher (read-only subset) on the active graph, within bounds (a row cap, a time limit). */
  cypher(query: string, params?: Record<string, unknown>, bounds?: ConsoleBounds): Promise<CypherResult>;
  /** Runs one read-only SQL statement of the SQL console, within bounds. */
  consoleSql(sql: string, bounds?: ConsoleBounds): Promise<{ rows: Row[]; truncated: boolean; maxRows: number; ms: number }>;
  /** Interrupts the console query in flight (Cypher or SQL); it fails with CANCELLED. */
  cancelQuery(): Promise<void>;
  /** The stored trace of a run (downloadable JSON, the player's replay). */
  trace(runId: number): Promise<MctsTrace>;
  /** Stored MCTS runs of the open database, newest first (summaries only). */
  listRuns(): Promise<RunInfo[]>;
  /** Stores an imported trace as a run; returns its id. */
  saveTrace(trace: MctsTrace, source: string): Promise<number>;
  /** The open graph's fingerprint (is a trace from this graph?). */
  graphFingerprint(): Promise<GraphFingerprint>;
  /** CodeSearchNet-style set from the loaded repo: first docstring sentence -> its definition. */
  buildEvalSet(options: { limit?: number; seed?: number; pathPrefix?: string }): Promise<EvalSet>;
  runEval(options: EvalOptions, onProgress?: (p: EvalProgress) => void): Promise<EvalReport>;
}
