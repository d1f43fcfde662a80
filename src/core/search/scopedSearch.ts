/**
 * @file Path 2 on a big graph (docs/retrieval.md, "Big graphs"): above BIG_GRAPH_NODES nodes a
 * question is searched over its neighbourhood instead of the whole graph, so the answer takes
 * seconds and memory stays flat however big the repository is. The neighbourhood, chosen in
 * DuckDB: the candidates (Function, Method, Class) whose name, signature or docstring hold the
 * question's words (their lowercased texts stored with the graph: store/derivedTables.ts), scored by the rarest words matched (a name match counts double), the
 * SEED_COUNT best; their neighbours in the code graph (every edge type), the best seeds' first;
 * and the containers of all of them up to the Repo, so the walk starts at the root as on a
 * small graph. At most SCOPE_NODES nodes (containers past it). The search engine is then built over those nodes
 * alone (searchEngine.ts `scope`): stored vectors of those nodes, or built-in lexical ones
 * computed in memory for them. The whole graph's fingerprint, for traces, is read once per
 * connection and graph (in SQL on a big graph, graphFingerprint.ts).
 * Runs in: everywhere. Layer src/core.
 */
import type { SearchRequest } from '../agent/searchService.ts';
import { MEMBER_EDGE_TYPES, SEARCH_TEXTS_TABLE } from '../store/derivedTables.ts';
import { idListSql } from '../store/embeddingStore.ts';
import { NODE_ROWS_TABLE } from '../store/schema.ts';
import { sqlString } from '../store/sqlConnection.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { isBigGraph } from './bigGraph.ts';
import { readGraphFingerprint } from './graphFingerprint.ts';
import type { GraphFingerprint } from './mctsTrace.ts';
import { createSearchEngine } from './searchEngine.ts';
import type { SearchEngine, SearchModels, SearchRunOptions, SearchRunResult } from './searchEngine.ts';
import { searchTokens } from './tokens.ts';

/** Candidates matched by the question's words that seed the neighbourhood. */
export const SEED_COUNT = 400;
/** The neighbourhood's size limit. */
export const SCOPE_NODES = 6_000;
/** Question words used for the seeds (the rarest kept when a question has more). */
const MAX_TERMS = 12;

/** The question's words for matching: lowercased pieces of two letters or more, unique. */
export function seedTerms(question: string): string[] {
  return [...new Set(searchTokens(question).filter((t) => t.length >= 2))];
}

/**
 * The SEED_COUNT best candidates for `terms`: each matched word adds its idf
 * (ln(1 + N / (1 + df)) over the candidates), twice when the name holds it.
 */
export async function seedCandidates(conn: SqlConnection, terms: readonly string[]): Promise<number[]> {
  if (terms.length === 0) return [];
  const words = terms.slice(0, MAX_TERMS);
  const hits = words.map((t, i) => `contains(txt, ${sqlString(t)})::INTEGER AS m${i}, contains(nm, ${sqlString(t)})::INTEGER AS n${i}`).join(', ');
  const dfs = words.map((_, i) => `sum(m${i}) AS d${i}`).join(', ');
  const idf = (i: number) => `ln(1 + df.total / (1 + df.d${i}))`;
  const score = words.map((_, i) => `(m${i} + n${i}) * ${idf(i)}`).join(' + ');
  const any = words.map((_, i) => `m${i}`).join(' + ');
  const rows = await conn.query(`
    WITH c AS MATERIALIZED (SELECT id, ${hits} FROM ${SEARCH_TEXTS_TABLE}),
    df AS (SELECT count(*) AS total, ${dfs} FROM c)
    SELECT id, ${score} AS score FROM c, df WHERE ${any} > 0 ORDER BY score DESC, id LIMIT ${SEED_COUNT}`);
  return rows.map((r) => Number(r.id));
}

/** Neighbours of `ids` over every edge type, each listed once, in the order of the seeds they touch. */
async function neighbours(conn: SqlConnection, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rank = new Map(ids.map((id, i) => [id, i] as const));
  const list = idListSql(ids);
  const rows = await conn.query(`
    SELECT src AS a, dst AS b FROM edges WHERE src IN (SELECT unnest(${list}))
    UNION ALL SELECT dst AS a, src AS b FROM edges WHERE dst IN (SELECT unnest(${list}))`);
  const pairs = rows.map((r) => ({ seed: rank.get(Number(r.a)) ?? ids.length, id: Number(r.b) }));
  pairs.sort((x, y) => x.seed - y.seed || x.id - y.id);
  return [...new Set(pairs.map((p) => p.id))];
}

/** The containers of `ids` up to the root (CONTAINS, HAS_METHOD, HAS_FIELD upwards). */
async function containers(conn: SqlConnection, ids: readonly number[]): Promise<number[]> {
  const seen = new Set(ids);
  const found: number[] = [];
  let frontier = [...ids];
  while (frontier.length > 0) {
    const rows = await conn.query(`SELECT DISTINCT src FROM edges WHERE type IN ${MEMBER_EDGE_TYPES} AND dst IN (SELECT unnest(${idListSql(frontier)}))`);
    frontier = rows.map((r) => Number(r.src)).filter((id) => !seen.has(id));
    for (const id of frontier) seen.add(id);
    found.push(...frontier);
  }
  return found;
}

export interface Neighbourhood {
  /** Every node id of the neighbourhood, ascending. */
  nodeIds: number[];
  /** Candidates the question's words matched. */
  seeds: number;
}

/** The nodes a question is searched over on a big graph (see the file header). */
export async function questionNeighbourhood(conn: SqlConnection, question: string, limit = SCOPE_NODES): Promise<Neighbourhood> {
  const seeds = await seedCandidates(conn, seedTerms(question));
  const picked = new Set(seeds);
  for (const id of await neighbours(conn, seeds)) {
    if (picked.size >= limit) break;
    picked.add(id);
  }
  // Containers join past the limit: without them the walk could not reach the nodes.
  for (const id of await containers(conn, [...picked])) picked.add(id);
  if (picked.size === 0) for (const row of await conn.query(`SELECT id FROM ${NODE_ROWS_TABLE} WHERE kind IN ('Repo', 'Module') ORDER BY id LIMIT 1000`)) picked.add(Number(row.id));
  return { nodeIds: [...picked].sort((a, b) => a - b), seeds: seeds.length };
}

const fingerprints = new WeakMap<SqlConnection, { stamp: string; fingerprint: Promise<GraphFingerprint> }>();

/** readGraphFingerprint, kept per connection until the graph's counts or highest id change. */
async function wholeGraphFingerprint(conn: SqlConnection): Promise<GraphFingerprint> {
  const [row] = await conn.query(`SELECT (SELECT count(*) FROM ${NODE_ROWS_TABLE}) AS n, (SELECT max(id) FROM ${NODE_ROWS_TABLE}) AS hi, (SELECT count(*) FROM edges) AS e`);
  const stamp = `${row?.n}/${row?.hi}/${row?.e}`;
  const known = fingerprints.get(conn);
  if (known?.stamp === stamp) return known.fingerprint;
  const fingerprint = readGraphFingerprint(conn);
  fingerprints.set(conn, { stamp, fingerprint });
  fingerprint.catch(() => fingerprints.delete(conn));
  return fingerprint;
}

export interface ScopedRunner {
  run(request: SearchRequest, options?: SearchRunOptions): Promise<SearchRunResult>;
}

/** The sentence an answer from a neighbourhood carries. */
export function scopeNote(total: number, scope: Neighbourhood, vectors: string): string {
  return `This graph has ${total.toLocaleString('en-US')} nodes, so the search ran over the ${scope.nodeIds.length.toLocaleString('en-US')} around the question's ${scope.seeds} best name and docstring matches (${vectors}).`;
}

/** An engine over a neighbourhood alone, its traces carrying the whole graph's fingerprint. */
async function engineOver(conn: SqlConnection, models: SearchModels, scope: Neighbourhood): Promise<SearchEngine> {
  return createSearchEngine(conn, models, { scope: { nodeIds: scope.nodeIds, fingerprint: await wholeGraphFingerprint(conn) } });
}

/**
 * A runner that searches each question over its neighbourhood. `onNote` hears the sentence each
 * answer should carry.
 */
export function scopedSearchRunner(conn: SqlConnection, models: SearchModels, total: number, onNote?: (note: string) => void): ScopedRunner {
  return {
    async run(request, options = {}) {
      const scope = await questionNeighbourhood(conn, request.question);
      const engine = await engineOver(conn, models, scope);
      const vectors = engine.vectorsNote ?? `stored vectors of ${models.embedderId}`;
      onNote?.(scopeNote(total, scope, vectors));
      return engine.run(request, options);
    },
  };
}

/** What an MCTS the agent asks for is about: its question, and the nodes it starts from. */
export interface SearchFocus {
  question: string;
  anchors: readonly number[];
}

/**
 * The question's neighbourhood (questionNeighbourhood) with the anchors, their neighbours (up
 * to SCOPE_NODES more) and their containers: a walk rooted at an anchor finds its way there.
 */
export async function focusNeighbourhood(conn: SqlConnection, focus: SearchFocus): Promise<Neighbourhood> {
  const around = await questionNeighbourhood(conn, focus.question);
  if (focus.anchors.length === 0) return around;
  const picked = new Set(around.nodeIds);
  const added: number[] = [];
  for (const id of [...focus.anchors, ...(await neighbours(conn, focus.anchors))]) {
    if (added.length >= SCOPE_NODES) break;
    if (!picked.has(id)) added.push(id);
    picked.add(id);
  }
  for (const id of await containers(conn, added)) picked.add(id);
  return { nodeIds: [...picked].sort((a, b) => a - b), seeds: around.seeds };
}

/**
 * The engines the agent's mcts tool runs on: on a graph of at most BIG_GRAPH_NODES nodes the
 * whole graph's (`whole`: the caller's cached one); on a bigger one an engine over each call's
 * focus (focusNeighbourhood), as Path 2 searches there, since the whole graph's rows and their
 * lexical vectors take gigabytes (the CLI's agent at 50,000 files: 5.3 GB).
 */
export function focusedEngines(conn: SqlConnection, whole: () => Promise<SearchEngine>, models: () => Promise<SearchModels>): (focus: SearchFocus) => Promise<SearchEngine> {
  let big: Promise<boolean> | null = null;
  return async (focus) => {
    if (!(await (big ??= isBigGraph(conn)))) return whole();
    return engineOver(conn, await models(), await focusNeighbourhood(conn, focus));
  };
}
