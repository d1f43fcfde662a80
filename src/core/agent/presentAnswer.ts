/**
 * @file Turns a ranking into the answer a person reads (app and CLI alike; evaluation reads the
 * raw ranking): names as the code imports them (nodes.import_name, graph/displayName.ts), a relevance on a 0..1 scale where the method has
 * an absolute one, definitions the question names exactly first, one row per duplicated name
 * (its other locations listed), tests and fixtures after the code (or hidden), "nothing
 * relevant found" when no result reaches RELEVANCE_THRESHOLD, and why the search stopped early,
 * said for its reader (the app's controls or the CLI's flags).
 * Runs in: the repo worker (app), in-process (cli). Layer src/core.
 */
import { displayName } from '../graph/displayName.ts';
import { isTestPath } from '../ingest/testPaths.ts';
import type { NodeKind } from '../graph/types.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { sqlString } from '../store/sqlConnection.ts';
import { nodeFields } from '../reads/nodeFields.ts';
import { NODE_REF_COLUMNS } from '../reads/nodeLookups.ts';
import type { NodeRef } from '../reads/nodeLookups.ts';
import { identifierTokens } from './ruleCypher.ts';
import type { SearchHit, SearchMethod, SearchResponse, SearchStop, TestsMode } from './searchService.ts';
import { NODE_ROWS_TABLE } from '../store/schema.ts';

/**
 * Results under this relevance are not shown. Chosen on the demo with the built-in models:
 * nonsense questions score 0-2 %, a question sharing one stray word with the code about 16 %,
 * answerable questions 30 % and more at the top.
 */
export const RELEVANCE_THRESHOLD = 0.15;

/** How many more results to ask the engine for, so tests moved down or hidden leave k rows. */
export const PRESENT_DEPTH = 3;

const CANDIDATE_KINDS: readonly NodeKind[] = ['Class', 'Function', 'Method'];

/** Who reads the answer: the app (its controls are named) or the CLI (its flags are). */
export type Audience = 'app' | 'cli';

export interface PresentOptions {
  /** Who reads it: decides how the early-stop sentence says what to raise. */
  audience: Audience;
  /** The method that ranked (decides the relevance scale); 'auto' = the router's MCTS. */
  method: SearchMethod;
  k: number;
  tests?: TestsMode;
  /** Extra notes (a fallback the caller took). */
  notes?: string[];
}

type NodeInfo = NodeRef;

/** At most this many node rows per read. */
const MAX_INFOS = 500;

/**
 * Node rows matching `where`, by id, at most MAX_INFOS. `byIds`: `where` lists ids, so the list
 * bounds the rows and the cap is applied here: in duckdb-wasm an id list under ORDER BY + LIMIT
 * scans the whole table (about 400 ms on 929k nodes, against 8 ms without the LIMIT).
 */
async function nodeInfos(conn: Pick<SqlConnection, 'query'>, where: string, byIds = false): Promise<NodeInfo[]> {
  const rows = await conn.query(
    `SELECT n.id, n.kind, n.name, n.qualified_name, n.import_name, n.file_path, n.start_line
     FROM ${NODE_ROWS_TABLE} n WHERE ${where} ORDER BY n.id${byIds ? '' : ` LIMIT ${MAX_INFOS}`}`,
  );
  return rows.slice(0, MAX_INFOS).map((r) => nodeFields(r, NODE_REF_COLUMNS));
}

/** Relevance on 0..1 for methods with an absolute score scale; undefined for rank-only ones. */
export function relevanceOf(method: SearchMethod, path: SearchResponse['route']['path'], score: number): number | undefined {
  if (path === 'cypher') return 1;
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  if (method === 'auto' || method === 'mcts') return clamp(score / 10); // rewards are clamp(x10, 0, 10)
  if (method === 'rerank-all' || method === 'dense' || method === 'dense-code') return clamp(score);
  return undefined; // bm25 and fusion rank without an absolute scale
}

/** Candidates the question names exactly (identifier tokens, capitalised words included). */
async function exactMatches(conn: Pick<SqlConnection, 'query'>, question: string): Promise<NodeInfo[]> {
  const names = identifierTokens(question, { capitalised: true }).map((t) => t.text.split('.').pop() ?? t.text);
  if (names.length === 0) return [];
  const kinds = CANDIDATE_KINDS.map(sqlString).join(', ');
  return nodeInfos(conn, `n.kind IN (${kinds}) AND n.name IN (${[...new Set(names)].map(sqlString).join(', ')})`);
}

/**
 * "Stopped early at iteration 4,796 of 20,000: ..." (null when the budget simply ran out). What
 * to raise is said as the reader can do it: Advanced and the Paper preset in the app, the
 * `--pair-budget N` and `--preset paper` flags in the CLI.
 */
export function stopSentence(stop: SearchStop | undefined, audience: Audience): string | null {
  if (!stop || stop.reason === 'iterations') return null;
  const n = (x: number) => x.toLocaleString('en');
  const why =
    stop.reason === 'exhausted'
      ? 'the search tree already held every node it could reach, so more iterations would add nothing'
      : audience === 'cli'
        ? 'the reranker-pair budget was spent (raise it with --pair-budget N, or run all iterations with --preset paper)'
        : 'the reranker-pair budget was spent (raise it under Advanced, or choose the Paper preset to run all iterations)';
  return `Stopped early at iteration ${n(stop.iterations)} of ${n(stop.planned)}: ${why}.`;
}

/** See the file header. `response.results` should be the engine's top k x PRESENT_DEPTH. */
export async function presentAnswer(conn: Pick<SqlConnection, 'query'>, question: string, response: SearchResponse, options: PresentOptions): Promise<SearchResponse> {
  const path = response.route.path;
  const notes = [...(options.notes ?? []), ...(response.notes ?? [])];
  const ids = response.results.map((h) => h.id);
  const infos = ids.length > 0 ? await nodeInfos(conn, `n.id IN (${ids.join(', ')})`, true) : [];
  const exact = path === 'cypher' ? [] : await exactMatches(conn, question);
  const infoById = new Map([...infos, ...exact].map((i) => [i.id, i] as const));
  const exactIds = new Set(exact.map((i) => i.id));

  const decorate = (hit: SearchHit): SearchHit => {
    const imported = infoById.get(hit.id)?.import_name ?? hit.import_name ?? null;
    const relevance = exactIds.has(hit.id) ? 1 : relevanceOf(options.method, path, hit.score);
    return {
      ...hit,
      ...(imported !== null ? { import_name: imported } : {}),
      ...(relevance !== undefined ? { relevance } : {}),
      is_test: hit.file_path !== null && isTestPath(hit.file_path),
      ...(exactIds.has(hit.id) ? { exact: true } : {}),
    };
  };
  const top = response.results[0]?.score ?? 1;
  const injected: SearchHit[] = exact
    .filter((i) => !response.results.some((h) => h.id === i.id))
    .map((i) => ({ id: i.id, kind: i.kind, name: i.name, qualified_name: i.qualified_name, file_path: i.file_path, start_line: i.start_line, score: top }));
  let hits = [...injected, ...response.results].map(decorate);
  hits.sort((a, b) => Number(b.exact ?? false) - Number(a.exact ?? false)); // stable: exact names first

  let weak = 0;
  let best = 0;
  if (path !== 'cypher' && hits.some((h) => h.relevance !== undefined)) {
    best = Math.max(0, ...hits.map((h) => h.relevance ?? 0));
    const kept = hits.filter((h) => h.exact || h.relevance === undefined || h.relevance >= RELEVANCE_THRESHOLD);
    weak = hits.length - kept.length;
    hits = kept;
  }

  hits = groupDuplicates(hits);
  const tests = options.tests ?? 'after';
  const testCount = hits.filter((h) => h.is_test).length;
  if (tests === 'hide') hits = hits.filter((h) => !h.is_test);
  else hits = [...hits.filter((h) => !h.is_test), ...hits.filter((h) => h.is_test)];
  hits = hits.slice(0, options.k);

  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const nothingRelevant = path !== 'cypher' && hits.length === 0 && weak > 0;
  if (nothingRelevant) notes.unshift(`Nothing relevant found: the best match scored ${pct(best)}, below the ${pct(RELEVANCE_THRESHOLD)} a result needs to be shown.`);
  else if (weak > 0 && hits.length < options.k) notes.push(`Weaker matches (below ${pct(RELEVANCE_THRESHOLD)} relevance) left out.`);
  if (tests === 'hide' && testCount > 0) notes.push(`${testCount} result${testCount === 1 ? '' : 's'} in tests or fixtures hidden.`);
  const stop = stopSentence(response.stats.stop, options.audience);
  if (stop) notes.push(stop);
  return { ...response, results: hits, ...(notes.length > 0 ? { notes } : {}), ...(nothingRelevant ? { nothingRelevant } : {}) };
}

/** One row per kind + display name; the later rows become its `duplicates`. */
export function groupDuplicates(hits: readonly SearchHit[]): SearchHit[] {
  const rows = new Map<string, SearchHit>();
  for (const hit of hits) {
    const key = `${hit.kind} ${displayName(hit)}`;
    const first = rows.get(key);
    if (!first) rows.set(key, { ...hit });
    else first.duplicates = [...(first.duplicates ?? []), { id: hit.id, file_path: hit.file_path, start_line: hit.start_line }];
  }
  return [...rows.values()];
}
