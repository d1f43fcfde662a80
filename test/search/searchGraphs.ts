/**
 * @file Graph fixtures shared by the MCTS tests (src/core/search, src/ui/graph, src/ui/player):
 * the hand-made 10-node graph Algorithm 1 is worked out on by hand (mcts.test.ts), the generated
 * module graphs the guided engine runs on (Repo 1 -> modules -> functions, 2-d embeddings, a fused
 * first stage), and a real Algorithm 1 run on a seeded random graph, replayed, for the player's
 * canvas; and uctBefore, a node's UCT read from a replay. Every reranker here is a FAKE standing
 * in for the cross-encoder model, outside the product: scriptedReranker (test/fakes, a fixed score
 * per document text) and hashReranker (a score from the text's characters).
 */
import type { NodeKind } from '../../src/core/graph/types.ts';
import type { Reranker } from '../../src/core/models/types.ts';
import { fuseFirstStage } from '../../src/core/search/firstStage.ts';
import type { FirstStage } from '../../src/core/search/firstStage.ts';
import { buildGraphSnapshot } from '../../src/core/search/graphSnapshot.ts';
import type { GraphSnapshot } from '../../src/core/search/graphSnapshot.ts';
import { runMcts, uct } from '../../src/core/search/mcts.ts';
import type { MctsQuery } from '../../src/core/search/mcts.ts';
import { runGuidedMcts } from '../../src/core/search/mctsGuided.ts';
import type { GuidedInputs, GuidedParams } from '../../src/core/search/mctsGuided.ts';
import type { MctsParams } from '../../src/core/search/mctsParams.ts';
import { buildReplay, cursorAt, stateAt } from '../../src/core/search/mctsReplay.ts';
import type { Replay } from '../../src/core/search/mctsReplay.ts';
import { createPrng } from '../../src/core/search/prng.ts';
import { scriptedReranker } from '../fakes/scriptedReranker.ts';

// ---------------------------------------------------------------------------------------------
// The hand-made graph.

/** name, id, kind, embedding row (unnormalised on purpose for some; X has none), FAKE reranker score. */
export const HAND_NODES: readonly (readonly [string, number, NodeKind, readonly [number, number], number])[] = [
  ['R', 1, 'Repo', [0, 1], 0],
  ['M1', 11, 'Module', [0.8, 0.6], 0.5],
  ['M2', 12, 'Module', [6, 8], 0.3],
  ['M3', 13, 'Module', [0, 2], 0.05],
  ['M4', 14, 'Module', [1, 0], 1.4],
  ['M5', 15, 'Module', [-0.6, 0.8], -0.2],
  ['F1', 21, 'Function', [0.28, 0.96], 0.1],
  ['F2', 22, 'Function', [0.96, 0.28], 0.9],
  ['F3', 23, 'Function', [0.6, 0.8], 0.8],
  ['X', 30, 'Function', [0, 0], 1],
];
export const HAND_EDGES: readonly (readonly [number, number])[] = [
  [1, 11], [1, 12], [13, 1], [1, 14], [15, 1],
  [11, 21], [22, 11], [11, 30], [12, 23], [22, 23], [22, 23],
];
export const HAND_PARAMS: MctsParams = { iterations: 20, kInit: 4, kMin: 1, c: 0.5, alpha: 0.5, budget: Infinity, seed: 7 };
/** The FAKE reranker's score for a text the hand-made graph does not name. */
export const HAND_FALLBACK = 0.5;

/** A fresh query for the hand-made graph (its embedding points at M4). */
export function handQuery(): MctsQuery {
  return { text: 'where is addition', embedding: new Float32Array([2, 0]) };
}

/** The hand-made graph's name of a node id (`#id` for an id it lacks). */
export const handName = (id: number): string => HAND_NODES.find((n) => n[1] === id)?.[0] ?? `#${id}`;

/** The hand-made graph as a snapshot; a node's document text is its name, scored by `scores`. */
export function handGraph(): { snapshot: GraphSnapshot; docText: (i: number) => string; scores: Record<string, number> } {
  const snapshot = buildGraphSnapshot(
    { nodes: HAND_NODES.map(([, id, kind]) => ({ id, kind })), edges: HAND_EDGES.map(([src, dst]) => ({ src, dst })) },
    { dim: 2, matrix: new Float32Array(HAND_NODES.flatMap(([, , , row]) => row)) },
  );
  const scores = Object.fromEntries(HAND_NODES.map(([name, , , , score]) => [name, score]));
  return { snapshot, docText: (i) => HAND_NODES[i]![0], scores };
}

/** Algorithm 1 on the hand-made graph (HAND_PARAMS with `params` over them), replayed. */
export async function handRun(params: Partial<MctsParams> = {}): Promise<Replay> {
  const { snapshot, docText, scores } = handGraph();
  const { trace } = await runMcts(snapshot, handQuery(), scriptedReranker(scores, HAND_FALLBACK), docText, { ...HAND_PARAMS, ...params });
  return buildReplay(trace);
}

// ---------------------------------------------------------------------------------------------
// Generated module graphs: Repo 1 -> modules 10 + m -> functions; only functions are candidates.

export interface GraphNode {
  id: number;
  kind: NodeKind;
}

export interface ModuleGraphShape {
  modules: number;
  /** Functions per module. */
  functions: number;
  functionId: (m: number, f: number) => number;
  /** The ids function f of module m USES. */
  uses: (m: number, f: number) => number[];
  /** Function ids appended after the modules (reached only through `uses`). */
  extra?: number[];
  /** The second coordinate of a node's embedding row [1, x]. */
  embedding: (id: number) => number;
  /** The first stage's order of the candidates, compared by node index. */
  firstStage: (a: number, b: number, nodes: readonly GraphNode[]) => number;
  /** The FAKE reranker's score per document text (a node's id); `fallback` for the rest. */
  scores: (nodes: readonly GraphNode[]) => Record<string, number>;
  fallback: number;
  query: { text: string; embedding: number[] };
}

export interface ModuleGraph {
  nodes: GraphNode[];
  snapshot: GraphSnapshot;
  /** Node index by id. */
  index: Map<number, number>;
  /** Indices of the functions. */
  candidates: number[];
  stage: FirstStage;
  scores: Record<string, number>;
  docText: (i: number) => string;
  /** A fresh FAKE reranker (scriptedReranker over `scores`). */
  reranker: () => Reranker & { seen: string[] };
  /** A fresh copy of the shape's query. */
  query: () => MctsQuery;
  /** The guided engine's inputs: the query, the first stage's seeds and prior, functions as candidates. */
  inputs: (reranker: Reranker) => GuidedInputs;
}

export function moduleGraph(shape: ModuleGraphShape): ModuleGraph {
  const nodes: GraphNode[] = [{ id: 1, kind: 'Repo' }];
  const edges: { src: number; dst: number; type: string }[] = [];
  for (let m = 0; m < shape.modules; m++) {
    nodes.push({ id: 10 + m, kind: 'Module' });
    edges.push({ src: 1, dst: 10 + m, type: 'CONTAINS' });
    for (let f = 0; f < shape.functions; f++) {
      const id = shape.functionId(m, f);
      nodes.push({ id, kind: 'Function' });
      edges.push({ src: 10 + m, dst: id, type: 'CONTAINS' });
      for (const dst of shape.uses(m, f)) edges.push({ src: id, dst, type: 'USES' });
    }
  }
  for (const id of shape.extra ?? []) nodes.push({ id, kind: 'Function' });
  const matrix = new Float32Array(nodes.length * 2);
  nodes.forEach((node, i) => matrix.set([1, shape.embedding(node.id)], i * 2));
  const snapshot = buildGraphSnapshot({ nodes, edges }, { dim: 2, matrix });
  const index = new Map(nodes.map((node, i) => [node.id, i] as const));
  const candidates = nodes.flatMap((node, i) => (node.kind === 'Function' ? [i] : []));
  const stage = fuseFirstStage([[...candidates].sort((a, b) => shape.firstStage(a, b, nodes))], nodes.length);
  const scores = shape.scores(nodes);
  const docText = (i: number) => String(nodes[i]!.id);
  const query = (): MctsQuery => ({ text: shape.query.text, embedding: new Float32Array(shape.query.embedding) });
  const inputs = (reranker: Reranker): GuidedInputs => ({
    snapshot,
    query: query(),
    reranker,
    docText,
    seedOrder: stage.order,
    prior: stage.prior,
    isCandidate: (i) => nodes[i]!.kind === 'Function',
  });
  return { nodes, snapshot, index, candidates, stage, scores, docText, reranker: () => scriptedReranker(scores, shape.fallback), query, inputs };
}

/** The relevant node of guidedGraph: hangs off 100 only, and the first stage ranks it last. */
export const GUIDED_TARGET = 999;
export const GUIDED_PARAMS: GuidedParams = { iterations: 50, pairBudget: 12, seeds: 4, width: 2, c: 1, alpha: 0.8, budget: Infinity, seed: 3 };
export const guidedName = (id: number): string => `fn${id}`;

/**
 * Repo 1 -> 4 modules (10 + m) -> 8 functions each (100 + 10m + f); f0 USES the next module's f7
 * and 100 USES GUIDED_TARGET. First stage: the functions by id, GUIDED_TARGET last (100 first);
 * FAKE scores 0.9 for 100, 1 for the target, 0.1 for the rest.
 */
export function guidedGraph(queryText = 'q'): ModuleGraph {
  return moduleGraph({
    modules: 4,
    functions: 8,
    functionId: (m, f) => 100 + 10 * m + f,
    uses: (m, f) => (f === 0 ? [100 + 10 * ((m + 1) % 4) + 7, ...(m === 0 ? [GUIDED_TARGET] : [])] : []),
    extra: [GUIDED_TARGET],
    embedding: (id) => (id % 7) / 7,
    firstStage: (a, b, nodes) => (nodes[a]!.id === GUIDED_TARGET ? 1 : nodes[b]!.id === GUIDED_TARGET ? -1 : nodes[a]!.id - nodes[b]!.id),
    scores: () => ({ '100': 0.9, [String(GUIDED_TARGET)]: 1 }),
    fallback: 0.1,
    query: { text: queryText, embedding: [1, 0] },
  });
}

/** The guided default on guidedGraph (GUIDED_PARAMS with `params` over them), asked where the total is computed, replayed. */
export async function guidedRun(params: Partial<GuidedParams> = {}): Promise<Replay> {
  const g = guidedGraph('where is the total computed');
  const { trace } = await runGuidedMcts(g.inputs(g.reranker()), { ...GUIDED_PARAMS, ...params });
  return buildReplay(trace);
}

/**
 * Repo 1 -> 6 modules (10 + m) -> 12 functions each (100 + 20m + f); every third function USES one
 * of the next module's. The first stage, the embeddings and the FAKE scores are scrambled by id.
 */
export function compareGraph(): ModuleGraph {
  return moduleGraph({
    modules: 6,
    functions: 12,
    functionId: (m, f) => 100 + 20 * m + f,
    uses: (m, f) => (f % 3 === 0 ? [100 + 20 * ((m + 1) % 6) + ((f + 5) % 12)] : []),
    embedding: (id) => ((id * 37) % 11) / 11,
    firstStage: (a, b, nodes) => ((nodes[a]!.id * 13) % 17) - ((nodes[b]!.id * 13) % 17) || a - b,
    scores: (nodes) => Object.fromEntries(nodes.map((node) => [String(node.id), ((node.id * 29) % 23) / 23])),
    fallback: 0.1,
    query: { text: 'where are prices discounted', embedding: [1, 0.3] },
  });
}

// ---------------------------------------------------------------------------------------------
// A real run on a seeded random graph, for the player's canvas.

/** FAKE cross-encoder: a score from the text's characters. */
export const hashReranker: Reranker = {
  info: { id: 'test:hash', label: 'hash fake reranker', builtin: true },
  score: async (_q, docs) => docs.map((d) => ([...d].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 997, 7) % 10) / 9),
};

export interface RandomRunShape {
  /** The graph's random seed. */
  seed: number;
  nodes: number;
  /** Modules under the repo; every other node is a function under a random module that uses a random node. */
  modules: number;
  iterations: number;
  kInit: number;
}

/** Algorithm 1 (hashReranker, 8-d random embeddings) on a random graph of the given shape, replayed. */
export async function randomRunReplay({ seed, nodes: n, modules, iterations, kInit }: RandomRunShape): Promise<Replay> {
  const random = createPrng(seed);
  const nodes = Array.from({ length: n }, (_, i) => ({ id: i + 1, kind: (i === 0 ? 'Repo' : i <= modules ? 'Module' : 'Function') as NodeKind }));
  const edges: { src: number; dst: number }[] = [];
  for (let i = 1; i <= modules; i++) edges.push({ src: 1, dst: i + 1 });
  for (let i = modules + 1; i < n; i++) edges.push({ src: 2 + Math.floor(random() * modules), dst: i + 1 }, { src: i + 1, dst: 1 + Math.floor(random() * n) });
  const snapshot = buildGraphSnapshot({ nodes, edges }, { dim: 8, matrix: new Float32Array(n * 8).map(() => random() - 0.5) });
  const params = { iterations, kInit, kMin: 4, c: 0.3, alpha: 0.5, budget: Infinity, seed: 3 };
  const { trace } = await runMcts(snapshot, { text: 'q', embedding: new Float32Array(8).fill(0.2) }, hashReranker, (i) => `doc ${i}`, params);
  return buildReplay(trace);
}

// ---------------------------------------------------------------------------------------------
// Reading a replay.

/** The UCT of a node as mcts.ts computes it, at the state of `replay` before the select of `iteration`. */
export function uctBefore(replay: Replay, iteration: number, id: number): number {
  const state = stateAt(replay, cursorAt(replay, iteration, 'select') - 1);
  const i = replay.indexOf.get(id)!;
  return uct(state.R[i]!, state.N[i]!, state.N[replay.parent[i]!]!, replay.trace.params.c);
}
