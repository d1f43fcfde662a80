/**
 * @file RANGER Algorithm 1 (A.1) read as docs/retrieval.md says: UCT selection that descends
 * while the node has children and is fully expanded, bi-encoder ranked expansion of width k
 * (k_init halving to k_min, progressive widening), batched cross-encoder simulation (x10,
 * clamped to [0, 10]), backpropagation of N and R, final score from simulation rewards (line 29).
 * Beyond the printed text: a subtree with nothing left to expand is marked exhausted and UCT skips
 * it (otherwise a dead leaf would be selected forever); the search stops early once the root is
 * exhausted. Without an embedding matrix every node counts as embedded with sim 0.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError, throwIfAborted } from '../errors.ts';
import type { Reranker } from '../models/types.ts';
import { kindCode, neighboursOf } from './graphSnapshot.ts';
import type { GraphSnapshot } from './graphSnapshot.ts';
import { initialWidth, nextWidth, validateMctsParams } from './mctsParams.ts';
import type { MctsParams } from './mctsParams.ts';
import { roundSim, TRACE_VERSION } from './mctsTrace.ts';
import type { MctsEvent, MctsStats, MctsTrace, RankedNode, SelectEvent } from './mctsTrace.ts';
import { createPrng } from './prng.ts';

export interface MctsQuery {
  text: string;
  /** Query embedding from the same embedder as the snapshot's matrix (normalised here). */
  embedding: Float32Array;
}

export interface MctsOptions {
  signal?: AbortSignal;
  onTrace?: (event: MctsEvent) => void;
  /**
   * Scores nodes by snapshot index in place of `reranker.score(query, docs)`: the engine passes
   * it when its reranker reads the engine's signals beyond the text (the learned reranker).
   */
  scoreNodes?: (query: string, nodes: readonly number[]) => Promise<number[]>;
}

export interface MctsResult {
  ranking: RankedNode[];
  trace: MctsTrace;
  stats: MctsStats;
}

/** Cosine similarity of the query with every node (0 where a node has no embedding). */
export function querySimilarities(snapshot: GraphSnapshot, embedding: Float32Array): Float64Array {
  const sim = lazySimilarity(snapshot, embedding);
  const sims = new Float64Array(snapshot.nodeCount);
  for (let i = 0; i < snapshot.nodeCount; i++) sims[i] = sim(i);
  return sims;
}

/**
 * Cosine similarity of the query with node i, computed on first use and cached: MCTS needs it
 * only for the neighbours it considers, so a query costs O(touched x dim), not O(n x dim).
 */
export function lazySimilarity(snapshot: GraphSnapshot, embedding: Float32Array): (i: number) => number {
  const matrix = snapshot.embeddings;
  if (!matrix) return () => 0;
  const dim = snapshot.dim;
  if (embedding.length !== dim) {
    throw new AppError('INPUT_INVALID', `Query embedding has ${embedding.length} dimensions, the graph ${dim}.`);
  }
  let norm = 0;
  for (const x of embedding) norm += x * x;
  if (norm === 0) return () => 0;
  const scale = 1 / Math.sqrt(norm);
  const cache = new Float64Array(snapshot.nodeCount);
  const known = new Uint8Array(snapshot.nodeCount);
  return (i) => {
    if (known[i]) return cache[i];
    let dot = 0;
    const row = i * dim;
    for (let d = 0; d < dim; d++) dot += matrix[row + d] * embedding[d];
    known[i] = 1;
    cache[i] = dot * scale;
    return cache[i];
  };
}

export function findRootIndex(snapshot: GraphSnapshot, rootIndex?: number): number {
  if (rootIndex !== undefined) {
    if (!Number.isInteger(rootIndex) || rootIndex < 0 || rootIndex >= snapshot.nodeCount) {
      throw new AppError('CONFIG_INVALID', `MCTS root index ${rootIndex} is outside the graph.`);
    }
    return rootIndex;
  }
  const repo = snapshot.kinds.indexOf(kindCode('Repo'));
  if (repo < 0) throw new AppError('INPUT_INVALID', 'The graph has no Repo node to start MCTS from.');
  return repo;
}

export function uct(reward: number, visits: number, parentVisits: number, c: number): number {
  const n = Math.max(1, visits);
  return reward / n + c * Math.sqrt((2 * Math.log(Math.max(1, parentVisits))) / n);
}

export function clampReward(score: number): number {
  return Number.isFinite(score) ? Math.min(10, Math.max(0, score * 10)) : 0;
}

/** Per-node search-tree state, indexed by snapshot node index. */
interface Tree {
  inTree: Uint8Array;
  parent: Int32Array;
  children: Map<number, number[]>;
  /** Children not yet exhausted. */
  live: Int32Array;
  fullyExpanded: Uint8Array;
  exhausted: Uint8Array;
  visits: Float64Array;
  reward: Float64Array;
  simVisits: Float64Array;
  simReward: Float64Array;
}

function createTree(n: number, root: number): Tree {
  const tree: Tree = {
    inTree: new Uint8Array(n),
    parent: new Int32Array(n).fill(-1),
    children: new Map(),
    live: new Int32Array(n),
    fullyExpanded: new Uint8Array(n),
    exhausted: new Uint8Array(n),
    visits: new Float64Array(n),
    reward: new Float64Array(n),
    simVisits: new Float64Array(n),
    simReward: new Float64Array(n),
  };
  tree.inTree[root] = 1;
  return tree;
}

export async function runMcts(
  snapshot: GraphSnapshot,
  query: MctsQuery,
  reranker: Reranker,
  docText: (nodeIndex: number) => string,
  params: MctsParams,
  options: MctsOptions = {},
): Promise<MctsResult> {
  validateMctsParams(params);
  const { signal, onTrace } = options;
  throwIfAborted(signal);
  const root = findRootIndex(snapshot, params.rootIndex);
  const sim = lazySimilarity(snapshot, query.embedding);
  const embedded = (u: number) => snapshot.embeddings === null || snapshot.hasEmbedding[u] === 1;
  const ids = snapshot.ids;
  const tree = createTree(snapshot.nodeCount, root);
  const random = createPrng(params.seed);
  const events: MctsEvent[] = [];
  const emit = (event: MctsEvent) => {
    events.push(event);
    onTrace?.(event);
  };
  const stats: MctsStats = { iterationsRun: 0, rerankerCalls: 0, rerankerBatches: 0, treeSize: 1, visited: 0, exhausted: false, rerankerMs: 0 };

  /** Unvisited neighbours with embeddings (line 11-12); monotone, so "none" is cached. */
  const hasExpandable = (v: number): boolean => {
    if (tree.fullyExpanded[v]) return false;
    for (const u of neighboursOf(snapshot, v)) if (!tree.inTree[u] && embedded(u)) return true;
    tree.fullyExpanded[v] = 1;
    return false;
  };
  /** Marks v exhausted and every ancestor left without live children; returns them (trace). */
  const markExhausted = (v: number): number[] => {
    const marked: number[] = [];
    for (let node = v; ; ) {
      tree.exhausted[node] = 1;
      marked.push(ids[node]);
      const p = tree.parent[node];
      if (p < 0) return marked;
      tree.live[p]--;
      if (tree.live[p] > 0 || hasExpandable(p)) return marked;
      node = p;
    }
  };
  const selectChild = (curr: number): number => {
    let best = -Infinity;
    let ties: number[] = [];
    for (const u of tree.children.get(curr) ?? []) {
      if (tree.exhausted[u]) continue;
      const value = uct(tree.reward[u], tree.visits[u], tree.visits[curr], params.c);
      if (value > best + 1e-12) {
        best = value;
        ties = [u];
      } else if (Math.abs(value - best) <= 1e-12) ties.push(u);
    }
    return ties.length === 1 ? ties[0] : ties[Math.floor(random() * ties.length)];
  };

  let k = initialWidth(params);
  for (let t = 1; t <= params.iterations; t++) {
    throwIfAborted(signal);
    if (tree.exhausted[root]) {
      stats.exhausted = true;
      break;
    }
    stats.iterationsRun = t;
    // (A) Selection: descend while curr has (live) children and is fully expanded.
    let curr = root;
    const path = [root];
    while (tree.live[curr] > 0 && !hasExpandable(curr)) {
      curr = selectChild(curr);
      path.push(curr);
    }
    const select: SelectEvent = { phase: 'select', iteration: t, path: path.map((i) => ids[i]), expandAt: ids[curr] };
    if (!hasExpandable(curr)) {
      // Lines 8-9 (over-visited leaf: nearest expandable ancestor) and 13-14 (nothing to expand).
      const ancestor = tree.visits[curr] >= 2 ? path.slice(0, -1).reverse().find(hasExpandable) : undefined;
      if (ancestor === undefined) {
        const exhausted = markExhausted(curr);
        emit({ ...select, expandAt: null, reason: tree.visits[curr] >= 2 ? 'over-visited leaf' : 'no expandable neighbours', exhausted });
        continue;
      }
      select.redirect = { from: ids[curr], reason: 'over-visited leaf' };
      curr = ancestor;
      select.expandAt = ids[curr];
    }
    emit(select);

    // (B) Expansion: top-k unvisited neighbours by bi-encoder similarity.
    const candidates = [...neighboursOf(snapshot, curr)].filter((u) => !tree.inTree[u] && embedded(u));
    candidates.sort((a, b) => sim(b) - sim(a) || a - b);
    const added = candidates.slice(0, k);
    const siblings = tree.children.get(curr) ?? [];
    tree.children.set(curr, siblings);
    for (const u of added) {
      tree.inTree[u] = 1;
      tree.parent[u] = curr;
      siblings.push(u);
      tree.live[curr]++;
    }
    stats.treeSize += added.length;
    const usedK = k;
    k = nextWidth(k, params.kMin);
    emit({
      phase: 'expand',
      iteration: t,
      at: ids[curr],
      k: usedK,
      nextK: k,
      children: added.map((u) => ({ id: ids[u], sim: sim(u) })),
      pool: candidates.length,
      unchosen: candidates.slice(usedK).map((u) => roundSim(sim(u))),
    });

    // (C) Batched cross-encoder simulation.
    const scoringStarted = performance.now();
    const scores = options.scoreNodes ? await options.scoreNodes(query.text, added) : await reranker.score(query.text, added.map(docText));
    const scoringMs = performance.now() - scoringStarted;
    stats.rerankerMs = (stats.rerankerMs ?? 0) + scoringMs;
    throwIfAborted(signal);
    if (scores.length !== added.length) {
      throw new AppError('UNKNOWN', `Reranker returned ${scores.length} scores for ${added.length} documents.`);
    }
    stats.rerankerCalls += added.length;
    stats.rerankerBatches++;
    const rewards = scores.map(clampReward);
    emit({ phase: 'simulate', iteration: t, rewards: added.map((u, i) => ({ id: ids[u], score: scores[i], reward: rewards[i] })), ms: Math.round(scoringMs * 100) / 100 });

    // (D) Batched backpropagation along the path from each child to the root.
    added.forEach((u, i) => {
      tree.simReward[u] += rewards[i];
      tree.simVisits[u] += 1;
      for (let v = u; v >= 0; v = tree.parent[v]) {
        tree.visits[v] += 1;
        tree.reward[v] += rewards[i];
      }
    });
    const touched = [...added];
    for (let v = curr; v >= 0; v = tree.parent[v]) touched.push(v);
    emit({ phase: 'backprop', iteration: t, nodes: touched.map((v) => ({ id: ids[v], N: tree.visits[v], R: tree.reward[v] })) });
  }
  if (tree.exhausted[root]) stats.exhausted = true;

  const ranking = rankVisited(tree, sim, ids, params);
  stats.visited = ranking.visitedCount;
  stats.rerankerMs = Math.round((stats.rerankerMs ?? 0) * 100) / 100;
  const trace: MctsTrace = {
    version: TRACE_VERSION,
    query: query.text,
    params: { ...pickParams(params), budget: Number.isFinite(params.budget) ? params.budget : null, variant: 'algorithm1' },
    rootId: ids[root],
    rootSim: sim(root),
    stats: { ...stats },
    events,
    top: ranking.top.map((r) => r.id),
  };
  return { ranking: ranking.top, trace, stats };
}

function pickParams({ iterations, kInit, kMin, c, alpha, seed }: MctsParams) {
  return { iterations, kInit, kMin, c, alpha, seed };
}

/** Lines 28-30: visited nodes (N > 0) scored alpha * R_sim/max(1, N_sim) + (1 - alpha) * sim * 10. */
function rankVisited(tree: Tree, sim: (i: number) => number, ids: Float64Array, params: MctsParams) {
  const all: (RankedNode & { index: number })[] = [];
  for (let v = 0; v < tree.visits.length; v++) {
    if (!tree.inTree[v] || tree.visits[v] <= 0) continue;
    const rewardPart = (params.alpha * tree.simReward[v]) / Math.max(1, tree.simVisits[v]);
    const simPart = (1 - params.alpha) * sim(v) * 10;
    all.push({
      id: ids[v],
      index: v,
      score: rewardPart + simPart,
      rewardPart,
      simPart,
      sim: sim(v),
      N: tree.visits[v],
      R: tree.reward[v],
      simN: tree.simVisits[v],
      simR: tree.simReward[v],
    });
  }
  all.sort((a, b) => b.score - a.score || a.index - b.index);
  const top: RankedNode[] = all.slice(0, Math.min(all.length, params.budget)).map(({ index: _index, ...node }) => node);
  return { top, visitedCount: all.length };
}
