/**
 * @file Guided MCTS, the engine's default: Algorithm 1's four phases with three
 * changes that make it spend its reranker pairs on candidates instead of on the Repo's Modules.
 * (1) A reranker-pair budget is a first-class limit: no expansion ever scores more pairs than
 * are left, and the search stops when none are left (or after T iterations). (2) Seeding: the
 * first iteration expands the Repo root with the best first-stage candidates (BM25 and dense
 * fused, RANGER's future work) instead of its Module neighbours, k_init of them (a share of the
 * budget). (3) Graph expansion walks candidates: a node's expansion adds its `width` best unscored
 * Function / Method / Class neighbours, stepping through non-candidate neighbours (Module, File,
 * Field, ...) to theirs; every node is scored once (cached rewards). The root stays an arm of the
 * UCT choice: "more seeds" is valued by the mean reward of the last seed batch, so when graph
 * neighbours pay less than the next first-stage candidates, the search goes back to the list.
 * Final score as Algorithm 1 line 29 over scored nodes: alpha * reward + (1 - alpha) * sim * 10.
 * Trace events have Algorithm 1's shapes (select / expand / simulate / backprop), so the player
 * replays them; params carry k_init = seeds and k_min = width.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError, throwIfAborted } from '../errors.ts';
import type { Reranker } from '../models/types.ts';
import { clampReward, findRootIndex, lazySimilarity, uct } from './mcts.ts';
import type { MctsOptions, MctsQuery, MctsResult } from './mcts.ts';
import { neighboursOf } from './graphSnapshot.ts';
import type { GraphSnapshot } from './graphSnapshot.ts';
import { TRACE_VERSION } from './mctsTrace.ts';
import type { MctsEvent, MctsStats, MctsTrace, RankedNode, SelectEvent } from './mctsTrace.ts';
import type { MctsParams } from './mctsParams.ts';
import { createPrng } from './prng.ts';

export interface GuidedParams {
  /** Most iterations T. */
  iterations: number;
  /** Most (query, document) pairs the reranker may score. */
  pairBudget: number;
  /** First-stage candidates scored in the first iteration (k_init). */
  seeds: number;
  /** Children per later expansion, and seeds per later root expansion (k_min). */
  width: number;
  c: number;
  alpha: number;
  /** Ranked nodes returned (Infinity: all scored). */
  budget: number;
  seed: number;
  rootIndex?: number;
}

export interface GuidedInputs {
  snapshot: GraphSnapshot;
  query: MctsQuery;
  reranker: Reranker;
  docText: (nodeIndex: number) => string;
  /** Candidates (snapshot indices) best first by the first stage (BM25 + dense fused). */
  seedOrder: readonly number[];
  /** First-stage score in [0, 1] by snapshot index (orders graph expansions with sim). */
  prior: ArrayLike<number>;
  isCandidate: (nodeIndex: number) => boolean;
}

export function validateGuidedParams(p: GuidedParams): void {
  const bad = (what: string) => new AppError('CONFIG_INVALID', `MCTS parameter ${what}.`);
  if (!Number.isInteger(p.iterations) || p.iterations < 0) throw bad('T must be a whole number >= 0');
  if (!Number.isInteger(p.pairBudget) || p.pairBudget < 0) throw bad('pair budget must be a whole number >= 0');
  if (!Number.isInteger(p.seeds) || p.seeds < 1) throw bad('k_init (seeds) must be a whole number >= 1');
  if (!Number.isInteger(p.width) || p.width < 1) throw bad('k_min (width) must be a whole number >= 1');
  if (!(p.c >= 0) || !Number.isFinite(p.c)) throw bad('c must be a finite number >= 0');
  if (!(p.alpha >= 0 && p.alpha <= 1)) throw bad('alpha must lie in [0, 1]');
  if (!(p.budget >= 0)) throw bad('B must be >= 0');
}

export async function runGuidedMcts(inputs: GuidedInputs, params: GuidedParams, options: MctsOptions = {}): Promise<MctsResult> {
  validateGuidedParams(params);
  const { snapshot, query, reranker, docText, seedOrder, prior, isCandidate } = inputs;
  const { signal, onTrace } = options;
  throwIfAborted(signal);
  const root = findRootIndex(snapshot, params.rootIndex);
  const n = snapshot.nodeCount;
  const sim = lazySimilarity(snapshot, query.embedding);
  const ids = snapshot.ids;
  const random = createPrng(params.seed);
  const inTree = new Uint8Array(n);
  const expanded = new Uint8Array(n);
  const exhausted = new Uint8Array(n);
  const parent = new Int32Array(n).fill(-1);
  const children = new Map<number, number[]>();
  const visits = new Float64Array(n);
  const reward = new Float64Array(n);
  const simReward = new Float64Array(n);
  inTree[root] = 1;
  const events: MctsEvent[] = [];
  const emit = (event: MctsEvent) => {
    events.push(event);
    onTrace?.(event);
  };
  const stats: MctsStats = { iterationsRun: 0, rerankerCalls: 0, rerankerBatches: 0, treeSize: 1, visited: 0, exhausted: false };
  let nextSeed = 0;
  let lastSeedMean = 0;
  let seedBatches = 0;

  const nextSeeds = (count: number): number[] => {
    const out: number[] = [];
    while (out.length < count && nextSeed < seedOrder.length) {
      const u = seedOrder[nextSeed++];
      if (!inTree[u]) out.push(u);
    }
    return out;
  };
  const seedsLeft = () => {
    while (nextSeed < seedOrder.length && inTree[seedOrder[nextSeed]]) nextSeed++;
    return nextSeed < seedOrder.length;
  };
  /** Unscored candidates one hop away, or two through a non-candidate node (not the root). */
  const expansionOf = (v: number): number[] => {
    const found = new Set<number>();
    for (const u of neighboursOf(snapshot, v)) {
      if (u === root) continue;
      if (isCandidate(u)) {
        if (!inTree[u]) found.add(u);
        continue;
      }
      for (const w of neighboursOf(snapshot, u)) if (w !== v && isCandidate(w) && !inTree[w]) found.add(w);
    }
    const order = [...found];
    order.sort((a, b) => prior[b] + sim(b) - (prior[a] + sim(a)) || a - b);
    return order;
  };
  /** A node whose expansion found nothing is left out of UCT; its parent may widen again. */
  const markExhausted = (v: number): void => {
    exhausted[v] = 1;
  };
  /** UCT over live children; at the root the "more seeds" arm competes (returned as -1). */
  const selectChild = (curr: number): number => {
    let best = -Infinity;
    let ties: number[] = [];
    const consider = (u: number, value: number) => {
      if (value > best + 1e-12) {
        best = value;
        ties = [u];
      } else if (Math.abs(value - best) <= 1e-12) ties.push(u);
    };
    for (const u of children.get(curr) ?? []) if (!exhausted[u]) consider(u, uct(reward[u], visits[u], visits[curr], params.c));
    if (curr === root && seedsLeft()) consider(-1, uct(lastSeedMean * seedBatches, seedBatches, visits[root], params.c));
    if (ties.length === 0) return -1;
    return ties.length === 1 ? ties[0] : ties[Math.floor(random() * ties.length)];
  };

  let pairsLeft = params.pairBudget;
  for (let t = 1; t <= params.iterations && pairsLeft > 0; t++) {
    throwIfAborted(signal);
    stats.iterationsRun = t;
    // (A) Selection: the first iteration seeds the root; later ones descend by UCT through
    // expanded nodes; choosing the root's "more seeds" arm expands the root again.
    let curr = root;
    const path = [root];
    let added: number[] = [];
    let k = params.width;
    if (t === 1) k = params.seeds;
    else {
      for (;;) {
        const next = selectChild(curr);
        if (next < 0) break;
        curr = next;
        path.push(curr);
        if (!expanded[curr]) break;
      }
      if (curr === root && !seedsLeft()) {
        stats.exhausted = true;
        break;
      }
    }
    const select: SelectEvent = { phase: 'select', iteration: t, path: path.map((i) => ids[i]), expandAt: ids[curr] };
    // (B) Expansion.
    const take = Math.min(k, pairsLeft);
    if (curr === root) added = nextSeeds(take);
    else {
      expanded[curr] = 1;
      added = expansionOf(curr).slice(0, take);
      if (added.length === 0) {
        markExhausted(curr);
        emit({ ...select, expandAt: null, reason: 'no expandable neighbours' });
        continue;
      }
    }
    if (added.length === 0) {
      stats.exhausted = true;
      break;
    }
    emit(select);
    const siblings = children.get(curr) ?? [];
    children.set(curr, siblings);
    for (const u of added) {
      inTree[u] = 1;
      parent[u] = curr;
      siblings.push(u);
    }
    stats.treeSize += added.length;
    emit({ phase: 'expand', iteration: t, at: ids[curr], k: take, nextK: params.width, children: added.map((u) => ({ id: ids[u], sim: sim(u) })) });

    // (C) Batched cross-encoder simulation, each node once.
    const scores = options.scoreNodes ? await options.scoreNodes(query.text, added) : await reranker.score(query.text, added.map(docText));
    throwIfAborted(signal);
    if (scores.length !== added.length) throw new AppError('UNKNOWN', `Reranker returned ${scores.length} scores for ${added.length} documents.`);
    pairsLeft -= added.length;
    stats.rerankerCalls += added.length;
    stats.rerankerBatches++;
    const rewards = scores.map(clampReward);
    emit({ phase: 'simulate', iteration: t, rewards: added.map((u, i) => ({ id: ids[u], score: scores[i], reward: rewards[i] })) });
    if (curr === root) {
      lastSeedMean = rewards.reduce((s, r) => s + r, 0) / rewards.length;
      seedBatches++;
    }

    // (D) Batched backpropagation.
    added.forEach((u, i) => {
      simReward[u] = rewards[i];
      for (let v = u; v >= 0; v = parent[v]) {
        visits[v] += 1;
        reward[v] += rewards[i];
      }
    });
    const touched = [...added];
    for (let v = curr; v >= 0; v = parent[v]) touched.push(v);
    emit({ phase: 'backprop', iteration: t, nodes: touched.map((v) => ({ id: ids[v], N: visits[v], R: reward[v] })) });
  }

  const all: (RankedNode & { index: number })[] = [];
  for (let v = 0; v < n; v++) {
    // Every visited node, the root included, as Algorithm 1 line 28 ranks them (the replay derives the same).
    if (!inTree[v] || visits[v] <= 0) continue;
    const simN = v === root ? 0 : 1;
    const rewardPart = params.alpha * simReward[v];
    const simPart = (1 - params.alpha) * sim(v) * 10;
    all.push({ id: ids[v], index: v, score: rewardPart + simPart, rewardPart, simPart, sim: sim(v), N: visits[v], R: reward[v], simN, simR: simReward[v] });
  }
  all.sort((a, b) => b.score - a.score || a.index - b.index);
  stats.visited = all.length;
  const ranking: RankedNode[] = all.slice(0, Math.min(all.length, params.budget)).map(({ index: _index, ...node }) => node);
  const trace: MctsTrace = {
    version: TRACE_VERSION,
    query: query.text,
    params: {
      iterations: params.iterations,
      kInit: params.seeds,
      kMin: params.width,
      c: params.c,
      alpha: params.alpha,
      budget: Number.isFinite(params.budget) ? params.budget : null,
      seed: params.seed,
      variant: 'guided',
      pairBudget: params.pairBudget,
    },
    rootId: ids[root],
    rootSim: sim(root),
    stats: { ...stats },
    events,
    top: ranking.map((r) => r.id),
  };
  return { ranking, trace, stats };
}

/** Defaults of the guided variant (chosen on the bench:quality curve and checked on its tuning split, see docs/retrieval.md). */
export const GUIDED_DEFAULTS = Object.freeze({
  /** Pair budget as a share of the candidates (rerank-all's pairs). */
  pairShare: 0.1,
  /** The budget never goes below this many pairs (small repos). */
  minPairs: 20,
  /** Share of the pair budget scored as first-stage seeds in iteration 1. */
  seedShare: 0.5,
  width: 5,
  c: 1,
  alpha: 0.8,
  iterations: 200,
});

/** Guided parameters for a graph of `candidateCount` candidates, with Algorithm 1-named overrides (k_init = seeds, k_min = width). */
export function guidedParams(candidateCount: number, overrides: Partial<MctsParams> = {}): GuidedParams {
  const d = GUIDED_DEFAULTS;
  const pairBudget = overrides.pairBudget ?? Math.max(d.minPairs, Math.round(d.pairShare * candidateCount));
  const seeds = overrides.kInit ?? Math.max(1, Math.round(d.seedShare * pairBudget));
  return {
    iterations: overrides.iterations ?? d.iterations,
    pairBudget,
    seeds: Math.max(1, seeds),
    width: overrides.kMin ?? d.width,
    c: overrides.c ?? d.c,
    alpha: overrides.alpha ?? d.alpha,
    budget: overrides.budget ?? Infinity,
    seed: overrides.seed ?? 1,
    ...(overrides.rootIndex !== undefined ? { rootIndex: overrides.rootIndex } : {}),
  };
}
