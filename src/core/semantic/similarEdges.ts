/**
 * @file SIMILAR edges (CodeRAG 3.2, GraphCodeAgent 3.2: an edge where the cosine of two code
 * elements' embeddings exceeds eps) without an O(n^2) blow-up: every node proposes its at most k
 * most similar nodes with cosine >= eps; an edge is kept when either end proposed it (so a node
 * can end up with more than k edges, from others' proposals). Up to `exactLimit` vectors every
 * pair is compared (exact top-k; 4000 by default, fewer for dense 1024-d vectors so the n^2/2 dot
 * products stay within EXACT_BUDGET; sparse vectors, the lexical built-in's, use their non-zeros
 * only); above it, random-hyperplane LSH (SimHash): `tables` signatures
 * of `bits` bits from sparse +-1 hyperplanes (hyperplaneDensity: 16 coordinates each for dense
 * vectors, more for sparse ones, so signatures are cheap for 1024-d vectors), nodes sharing a signature in any table are candidates, the exact cosine decides.
 * A bucket larger than `bucketCap` (clustered embeddings) is ordered randomly and each member is
 * compared with its bucketCap nearest members in that order only. Deterministic for a seed.
 * Runs in: everywhere. Layer src/core.
 */
import { throwIfAborted } from '../errors.ts';
import type { EmbedProgress, SemanticSource, SimilarInfo } from './semanticService.ts';
import { listEmbeddingSets, readEmbeddingSet } from '../store/embeddingStore.ts';
import { edgesToArrow } from '../store/arrowTables.ts';
import { refreshGraphDigest } from '../store/derivedTables.ts';
import { sqlString, tableExists } from '../store/sqlConnection.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { inTransaction } from '../store/transaction.ts';

export const DEFAULT_SIMILAR_EPS = 0.8;
export const DEFAULT_SIMILAR_K = 5;
export const DEFAULT_EXACT_LIMIT = 4000;
export const SIMILAR_META_KEY = 'similar';

export interface SimilarPairOptions {
  eps?: number;
  k?: number;
  /** Exact all-pairs up to this many vectors, LSH above (default defaultExactLimit: 4000, fewer for dense wide vectors). */
  exactLimit?: number;
  seed?: number;
  /** LSH: signatures (hash tables), bits per signature, bucket cap (defaults 24, 16, 32). */
  tables?: number;
  bits?: number;
  bucketCap?: number;
}

export interface SimilarPair {
  src: number;
  dst: number;
  cosine: number;
}

export interface SimilarPairsResult {
  pairs: SimilarPair[];
  method: 'exact' | 'lsh';
  /** Cosines computed (the work done; n(n-1)/2 for exact). */
  candidates: number;
}

/** Progress of the pair search, in rows (vectors) processed. */
type Step = { done: number; total: number };

/** Bounded top-k lists per row (unsorted; the minimum is found by a scan of k). */
class TopK {
  readonly scores: Float32Array;
  readonly others: Int32Array;
  readonly counts: Uint8Array;
  constructor(
    n: number,
    readonly k: number,
  ) {
    this.scores = new Float32Array(n * k);
    this.others = new Int32Array(n * k);
    this.counts = new Uint8Array(n);
  }

  offer(row: number, other: number, score: number): void {
    const base = row * this.k;
    const count = this.counts[row];
    if (count < this.k) {
      this.scores[base + count] = score;
      this.others[base + count] = other;
      this.counts[row] = count + 1;
      return;
    }
    let min = 0;
    for (let s = 1; s < this.k; s++) if (this.scores[base + s] < this.scores[base + min]) min = s;
    if (score > this.scores[base + min]) {
      this.scores[base + min] = score;
      this.others[base + min] = other;
    }
  }
}

function inverseNorms(matrix: Float32Array, n: number, dim: number): Float64Array {
  const inv = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    let sum = 0;
    const base = r * dim;
    for (let c = 0; c < dim; c++) sum += matrix[base + c] * matrix[base + c];
    inv[r] = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  }
  return inv;
}

function dotRows(m: Float32Array, a: number, b: number, dim: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let c = 0;
  for (; c + 3 < dim; c += 4) {
    s0 += m[a + c] * m[b + c];
    s1 += m[a + c + 1] * m[b + c + 1];
    s2 += m[a + c + 2] * m[b + c + 2];
    s3 += m[a + c + 3] * m[b + c + 3];
  }
  for (; c < dim; c++) s0 += m[a + c] * m[b + c];
  return s0 + s1 + s2 + s3;
}

/** mulberry32: small seeded PRNG, uint32 per call. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

interface SearchState {
  n: number;
  dim: number;
  matrix: Float32Array;
  inv: Float64Array;
  eps: number;
  top: TopK;
  candidates: number;
  /** Non-zero coordinates per row (CSR) when the vectors are sparse (the lexical built-in); else null. */
  sparse: { start: Int32Array; coord: Int32Array } | null;
}

/** CSR of the non-zero coordinates when fewer than a quarter of the entries are non-zero. */
function sparseRows(matrix: Float32Array, n: number, dim: number): SearchState['sparse'] {
  let nonZero = 0;
  for (let i = 0; i < matrix.length; i++) if (matrix[i] !== 0) nonZero++;
  if (nonZero * 4 >= matrix.length || n === 0) return null;
  const start = new Int32Array(n + 1);
  const coord = new Int32Array(nonZero);
  let at = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < dim; c++) if (matrix[r * dim + c] !== 0) coord[at++] = c;
    start[r + 1] = at;
  }
  return { start, coord };
}

/** Average multiply-adds per dot product (for the exact-search budget). */
function dotCost(state: Pick<SearchState, 'n' | 'dim' | 'sparse'>): number {
  return state.sparse ? Math.max(1, state.sparse.start[state.n] / state.n) : state.dim;
}

function dot(state: SearchState, i: number, j: number): number {
  const { matrix, dim, sparse } = state;
  if (!sparse) return dotRows(matrix, i * dim, j * dim, dim);
  // Walk the shorter row's non-zeros against the other row, dense.
  const [a, b] = sparse.start[i + 1] - sparse.start[i] <= sparse.start[j + 1] - sparse.start[j] ? [i, j] : [j, i];
  let sum = 0;
  const aBase = a * dim;
  const bBase = b * dim;
  for (let e = sparse.start[a]; e < sparse.start[a + 1]; e++) {
    const c = sparse.coord[e];
    sum += matrix[aBase + c] * matrix[bBase + c];
  }
  return sum;
}

function consider(state: SearchState, i: number, j: number): void {
  state.candidates++;
  const cos = dot(state, i, j) * state.inv[i] * state.inv[j];
  if (cos >= state.eps) {
    state.top.offer(i, j, cos);
    state.top.offer(j, i, cos);
  }
}

/** Exact search up to this many multiply-adds (about a second or two of plain JS). */
export const EXACT_BUDGET = 2e9;

/**
 * The default exact limit: 4000 vectors, fewer when n^2/2 dot products of this cost would pass
 * EXACT_BUDGET (dense 1024-d vectors: about 1,400; sparse lexical ones keep 4000).
 */
export function defaultExactLimit(costPerDot: number): number {
  return Math.min(DEFAULT_EXACT_LIMIT, Math.floor(Math.sqrt((2 * EXACT_BUDGET) / Math.max(1, costPerDot))));
}

const ROW_BLOCK = 64;

function* exactSearch(state: SearchState): Generator<Step> {
  const { n } = state;
  for (let start = 0; start < n; start += ROW_BLOCK) {
    const end = Math.min(n, start + ROW_BLOCK);
    // Rows of one block against every later row, column block by column block (cache reuse).
    for (let jStart = start; jStart < n; jStart += ROW_BLOCK) {
      const jEnd = Math.min(n, jStart + ROW_BLOCK);
      for (let i = start; i < end; i++) {
        for (let j = Math.max(jStart, i + 1); j < jEnd; j++) consider(state, i, j);
      }
    }
    yield { done: end, total: n };
  }
}

/**
 * Coordinates per hyperplane: enough that a vector with `nonZero` non-zero coordinates (on
 * average) meets about 8 of them, so projections are rarely exactly 0 (sparse lexical vectors),
 * and no more (dense neural vectors: 16 coordinates, a sum of 16 terms is already near Gaussian).
 */
export function hyperplaneDensity(dim: number, nonZero: number): number {
  const want = Math.ceil((8 * dim) / Math.max(1, nonZero));
  return Math.max(1, Math.min(dim, Math.max(16, Math.min(want, Math.ceil(dim / 4)))));
}

/**
 * Sparse +-1 hyperplanes in two layouts: per plane (coordinate, sign) lists for dense vectors
 * (sequential sums), and per coordinate (plane, sign) lists for sparse ones (zeros skipped).
 */
interface Hyperplanes {
  perPlane: number;
  coord: Int32Array;
  coordSign: Float32Array;
  start: Int32Array;
  plane: Int32Array;
  sign: Float32Array;
}

function sparseHyperplanes(dim: number, planes: number, perPlane: number, random: () => number): Hyperplanes {
  const coord = new Int32Array(planes * perPlane);
  const coordSign = new Float32Array(planes * perPlane);
  const perCoord = new Int32Array(dim + 1);
  for (let e = 0; e < coord.length; e++) {
    coord[e] = random() % dim;
    coordSign[e] = random() & 1 ? 1 : -1;
    perCoord[coord[e] + 1]++;
  }
  const start = new Int32Array(dim + 1);
  for (let c = 0; c < dim; c++) start[c + 1] = start[c] + perCoord[c + 1];
  const fill = start.slice(0, dim);
  const plane = new Int32Array(coord.length);
  const sign = new Float32Array(coord.length);
  for (let e = 0; e < coord.length; e++) {
    const at = fill[coord[e]]++;
    plane[at] = Math.floor(e / perPlane);
    sign[at] = coordSign[e];
  }
  return { perPlane, coord, coordSign, start, plane, sign };
}

/** Projections of row `base` onto every hyperplane, into `proj`. */
function project(hp: Hyperplanes, matrix: Float32Array, base: number, dim: number, dense: boolean, proj: Float32Array): void {
  if (dense) {
    const { perPlane, coord, coordSign } = hp;
    for (let p = 0, e = 0; p < proj.length; p++) {
      let sum = 0;
      for (let end = e + perPlane; e < end; e++) sum += coordSign[e] * matrix[base + coord[e]];
      proj[p] = sum;
    }
    return;
  }
  proj.fill(0);
  for (let c = 0; c < dim; c++) {
    const x = matrix[base + c];
    if (x === 0) continue;
    for (let e = hp.start[c]; e < hp.start[c + 1]; e++) proj[hp.plane[e]] += hp.sign[e] * x;
  }
}

function* lshSearch(state: SearchState, tables: number, bits: number, bucketCap: number, seed: number): Generator<Step> {
  const { n, dim, matrix } = state;
  const random = prng(seed);
  const planes = tables * bits;
  let nonZero = 0;
  for (let i = 0; i < matrix.length; i++) if (matrix[i] !== 0) nonZero++;
  const hp = sparseHyperplanes(dim, planes, hyperplaneDensity(dim, nonZero / Math.max(1, n)), random);
  // Signatures: sig[t * n + i], bit b = sign of <x_i, plane t*bits+b> (0 counts as positive).
  const sig = new Uint32Array(tables * n);
  const proj = new Float32Array(planes);
  for (let i = 0; i < n; i++) {
    const base = i * dim;
    let nz = 0;
    for (let c = 0; c < dim; c++) if (matrix[base + c] !== 0) nz++;
    // Per-plane sums cost planes * perPlane; per-coordinate ones nz * planes * perPlane / dim.
    project(hp, matrix, base, dim, nz * 4 > dim, proj);
    for (let t = 0; t < tables; t++) {
      let s = 0;
      for (let b = 0; b < bits; b++) if (proj[t * bits + b] >= 0) s |= 1 << b;
      sig[t * n + i] = s >>> 0;
    }
  }
  // Per table: rows ordered by (signature, random tie-break); bucket bounds per position.
  const order = new Int32Array(tables * n);
  const position = new Int32Array(tables * n);
  const bucketStart = new Int32Array(tables * n);
  const bucketEnd = new Int32Array(tables * n);
  // Sort keys signature * 2^shift + rank, rank a random permutation of the rows (random order
  // inside a bucket); a plain Float64Array sort (no comparator) is native and fast.
  const shift = Math.max(1, Math.ceil(Math.log2(n + 1)));
  if (bits + shift > 53) throw new RangeError(`similarPairs: ${bits} bits for ${n} rows exceed 53-bit sort keys`);
  const key = new Float64Array(n);
  const rank = Int32Array.from({ length: n }, (_, i) => i);
  const rowOfRank = new Int32Array(n);
  const rows = new Int32Array(n);
  for (let t = 0; t < tables; t++) {
    for (let i = n - 1; i > 0; i--) {
      const j = random() % (i + 1);
      const tmp = rank[i];
      rank[i] = rank[j];
      rank[j] = tmp;
    }
    for (let i = 0; i < n; i++) {
      rowOfRank[rank[i]] = i;
      key[i] = sig[t * n + i] * 2 ** shift + rank[i];
    }
    key.sort();
    const mask = 2 ** shift;
    for (let p = 0; p < n; p++) rows[p] = rowOfRank[key[p] % mask];
    order.set(rows, t * n);
    let s = 0;
    for (let p = 1; p <= n; p++) {
      if (p === n || sig[t * n + rows[p]] !== sig[t * n + rows[s]]) {
        for (let q = s; q < p; q++) {
          position[t * n + rows[q]] = q;
          bucketStart[t * n + q] = s;
          bucketEnd[t * n + q] = p;
        }
        s = p;
      }
    }
  }
  const seen = new Int32Array(n).fill(-1);
  const half = Math.max(1, bucketCap >> 1);
  for (let i = 0; i < n; i++) {
    for (let t = 0; t < tables; t++) {
      const p = position[t * n + i];
      let from = bucketStart[t * n + p];
      let to = bucketEnd[t * n + p];
      if (to - from > bucketCap + 1) {
        from = Math.max(from, p - half);
        to = Math.min(to, p + half + 1);
      }
      for (let q = from; q < to; q++) {
        const j = order[t * n + q];
        if (j <= i || seen[j] === i) continue;
        seen[j] = i;
        consider(state, i, j);
      }
    }
    if ((i + 1) % 1024 === 0 || i + 1 === n) yield { done: i + 1, total: n };
  }
}

interface PairSearch {
  steps: Generator<Step>;
  finish(): SimilarPairsResult;
}

function startSearch(ids: Int32Array, matrix: Float32Array, dim: number, options: SimilarPairOptions): PairSearch {
  const n = ids.length;
  if (matrix.length !== n * dim) throw new RangeError(`similarPairs: matrix has ${matrix.length} floats, want ${n} x ${dim}`);
  const eps = options.eps ?? DEFAULT_SIMILAR_EPS;
  const k = options.k ?? DEFAULT_SIMILAR_K;
  if (!(k >= 1 && k <= 255 && Number.isInteger(k))) throw new RangeError(`k must be an integer in 1..255, got ${k}`);
  const sparse = sparseRows(matrix, n, dim);
  const exactLimit = options.exactLimit ?? defaultExactLimit(dotCost({ n, dim, sparse }));
  const method = n <= exactLimit ? 'exact' : 'lsh';
  const state: SearchState = { n, dim, matrix, inv: inverseNorms(matrix, n, dim), eps, top: new TopK(n, k), candidates: 0, sparse };
  const steps =
    method === 'exact'
      ? exactSearch(state)
      : lshSearch(state, options.tables ?? 24, Math.min(31, options.bits ?? 16), options.bucketCap ?? 32, options.seed ?? 1);
  return {
    steps,
    finish(): SimilarPairsResult {
      const { top } = state;
      const found = new Map<number, SimilarPair>();
      for (let i = 0; i < n; i++) {
        for (let s = 0; s < top.counts[i]; s++) {
          const j = top.others[i * k + s];
          const [a, b] = ids[i] < ids[j] ? [i, j] : [j, i];
          const pairKey = a * n + b;
          if (!found.has(pairKey)) found.set(pairKey, { src: ids[a], dst: ids[b], cosine: top.scores[i * k + s] });
        }
      }
      const pairs = [...found.values()].filter((p) => p.src !== p.dst);
      pairs.sort((x, y) => x.src - y.src || x.dst - y.dst);
      return { pairs, method, candidates: state.candidates };
    },
  };
}

/** SIMILAR pairs of a set of vectors (rows of `matrix`, ids[i] for row i): undirected, src < dst. */
export function similarPairs(ids: Int32Array, matrix: Float32Array, dim: number, options: SimilarPairOptions = {}): SimilarPairsResult {
  const search = startSearch(ids, matrix, dim, options);
  for (const _ of search.steps);
  return search.finish();
}

/** similarPairs in slices: yields to the event loop between row blocks, so a cancel gets through. */
export async function similarPairsAsync(
  ids: Int32Array,
  matrix: Float32Array,
  dim: number,
  options: SimilarPairOptions & { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<SimilarPairsResult> {
  const search = startSearch(ids, matrix, dim, options);
  let last = Date.now();
  for (const step of search.steps) {
    if (Date.now() - last > 50) {
      await new Promise((done) => setTimeout(done, 0));
      last = Date.now();
      throwIfAborted(options.signal);
      options.onProgress?.(step.done, step.total);
    }
  }
  throwIfAborted(options.signal);
  return search.finish();
}

export interface ComputeSimilarOptions extends SimilarPairOptions {
  model: string;
  /** Default: 'code' when that set exists (both papers embed code), else 'description'. */
  source?: SemanticSource;
  signal?: AbortSignal;
  onProgress?: (p: EmbedProgress) => void;
}

/**
 * Replaces every SIMILAR edge in `edges` by those of the stored set (model, source); detail is
 * the cosine with 3 decimals. Records the parameters under meta 'similar' (JSON SimilarInfo).
 */
export async function computeSimilarEdges(conn: SqlConnection, options: ComputeSimilarOptions): Promise<SimilarInfo> {
  const sets = (await listEmbeddingSets(conn)).filter((s) => s.model === options.model);
  const source = options.source ?? (sets.some((s) => s.source === 'code') ? 'code' : 'description');
  const set = sets.find((s) => s.source === source);
  const stored = set ? await readEmbeddingSet(conn, set) : null;
  if (!stored) throw new Error(`No ${source} embeddings of model ${options.model}: run embed first`);
  const eps = options.eps ?? DEFAULT_SIMILAR_EPS;
  const k = options.k ?? DEFAULT_SIMILAR_K;
  const total = stored.ids.length;
  options.onProgress?.({ phase: 'similar', source, done: 0, total });
  const result = await similarPairsAsync(stored.ids, stored.matrix, stored.dim, {
    ...options,
    eps,
    k,
    onProgress: (done) => options.onProgress?.({ phase: 'similar', source, done, total }),
  });
  throwIfAborted(options.signal);
  const info: SimilarInfo = { model: options.model, source, eps, k, edges: result.pairs.length, method: result.method };
  await inTransaction(conn, async () => {
    await conn.run("DELETE FROM edges WHERE type = 'SIMILAR'");
    if (result.pairs.length > 0) {
      await conn.insertArrow(
        'edges',
        edgesToArrow(result.pairs.map((p) => ({ src: p.src, dst: p.dst, type: 'SIMILAR', detail: p.cosine.toFixed(3) }))),
      );
    }
    await refreshGraphDigest(conn);
    await conn.run(`DELETE FROM meta WHERE key = ${sqlString(SIMILAR_META_KEY)}`);
    await conn.run(`INSERT INTO meta VALUES (${sqlString(SIMILAR_META_KEY)}, ${sqlString(JSON.stringify(info))})`);
  });
  options.onProgress?.({ phase: 'similar', source, done: total, total });
  return info;
}

/** The parameters of the stored SIMILAR edges; null when none were computed. */
export async function readSimilarInfo(conn: SqlConnection): Promise<SimilarInfo | null> {
  if (!(await tableExists(conn, 'meta'))) return null;
  const rows = await conn.query(`SELECT value FROM meta WHERE key = ${sqlString(SIMILAR_META_KEY)}`);
  return rows.length > 0 ? (JSON.parse(String(rows[0].value)) as SimilarInfo) : null;
}
