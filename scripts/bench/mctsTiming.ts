/**
 * @file MCTS timing for the search benchmark: a synthetic graph turned into what a search
 * works on (the built-in lexical embedder fitted on and applied to embedGraph's description
 * texts, a CSR snapshot with that matrix, reranker documents of name, signature, docstring and
 * code), then runMcts with A.4's defaults and the model calls wrapped and timed, so that the
 * time outside them can be told apart. Also the exhaustive-rerank baseline (every embedded node
 * scored by the same reranker).
 * Runs in: Node (bench); environment-neutral apart from the clock.
 */
import type { Graph, NodeRow } from '../../src/core/graph/types.ts';
import { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import { LexicalReranker } from '../../src/core/models/lexicalReranker.ts';
import type { Embedder, Reranker } from '../../src/core/models/types.ts';
import { buildGraphSnapshot } from '../../src/core/search/graphSnapshot.ts';
import type { GraphSnapshot } from '../../src/core/search/graphSnapshot.ts';
import { runMcts } from '../../src/core/search/mcts.ts';
import { defaultMctsParams } from '../../src/core/search/mctsParams.ts';
import type { MctsParams } from '../../src/core/search/mctsParams.ts';
import { EMBEDDABLE_KINDS, MAX_CODE_CHARS, nodeText } from '../../src/core/semantic/embedGraph.ts';
import { createPrng } from '../../src/core/search/prng.ts';

type Clock = () => number;

export interface MctsPrepared {
  nodes: number;
  edges: number;
  snapshot: GraphSnapshot;
  /** Reranker document of each snapshot index. */
  docs: string[];
  embedder: LexicalEmbedder;
  params: MctsParams;
  moduleCount: number;
  embeddedNodes: number;
  setup: { fitMs: number; embedMs: number; snapshotMs: number };
}

/** embedGraph's rule: Function/Method/Class/Module, and Field/GlobalVariable with code. */
function embeddable(node: NodeRow): boolean {
  return (EMBEDDABLE_KINDS as readonly string[]).includes(node.kind) || ((node.kind === 'Field' || node.kind === 'GlobalVariable') && (node.code ?? '').trim() !== '');
}

/** What the cross-encoder reads for a node: its kind and names, signature, docstring, code (cut as embedGraph cuts it). */
export function rerankDocument(node: NodeRow): string {
  return [`${node.kind} ${node.qualified_name}`, node.signature, node.docstring, node.code?.slice(0, MAX_CODE_CHARS)]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join('\n');
}

export function prepareMcts(graph: Graph, now: Clock): MctsPrepared {
  const n = graph.nodes.length;
  const texts = graph.nodes.map((node) => (embeddable(node) ? nodeText(node, 'description').text : ''));
  const embedder = new LexicalEmbedder();
  const fitStarted = now();
  embedder.fit(texts.filter((t) => t.trim() !== ''));
  const fitMs = now() - fitStarted;
  const embedStarted = now();
  let matrix: Float32Array | null = new Float32Array(n * embedder.dim);
  let embeddedNodes = 0;
  texts.forEach((text, i) => {
    if (text.trim() === '') return;
    matrix!.set(embedder.embedOne(text), i * embedder.dim);
    embeddedNodes++;
  });
  const embedMs = now() - embedStarted;
  const snapshotStarted = now();
  const structural = graph.edges.filter((e) => e.type !== 'SIMILAR');
  const snapshot = buildGraphSnapshot({ nodes: graph.nodes, edges: structural }, { dim: embedder.dim, matrix });
  matrix = null;
  const snapshotMs = now() - snapshotStarted;
  const params = defaultMctsParams(snapshot);
  return {
    nodes: n,
    edges: structural.length,
    snapshot,
    docs: graph.nodes.map(rerankDocument),
    embedder,
    params,
    moduleCount: graph.nodes.filter((node) => node.kind === 'Module').length,
    embeddedNodes,
    setup: { fitMs, embedMs, snapshotMs },
  };
}

/** Natural-language queries the CodeSearchNet way: docstrings of functions and methods, drawn with `seed`. */
export function searchQueries(graph: Graph, count: number, seed = 7): string[] {
  const pool = graph.nodes.filter((node) => (node.kind === 'Function' || node.kind === 'Method') && node.docstring);
  const random = createPrng(seed);
  const out: string[] = [];
  for (let i = 0; i < count && pool.length > 0; i++) out.push(pool[Math.floor(random() * pool.length)]!.docstring!);
  return out;
}

export interface ModelClock {
  ms: number;
  /** CPU ms inside the calls (0 without a CPU clock). */
  cpuMs: number;
  calls: number;
  items: number;
}

const NO_CPU: Clock = () => 0;

/** The reranker, its score() calls timed into `clock`. */
export function timedReranker(inner: Reranker, clock: ModelClock, now: Clock, cpu: Clock = NO_CPU): Reranker {
  return {
    info: inner.info,
    async score(query, docs) {
      const cpuStarted = cpu();
      const started = now();
      try {
        return await inner.score(query, docs);
      } finally {
        clock.ms += now() - started;
        clock.cpuMs += cpu() - cpuStarted;
        clock.calls++;
        clock.items += docs.length;
      }
    },
  };
}

/** The embedder, its embed() calls timed into `clock`. */
export function timedEmbedder(inner: Embedder, clock: ModelClock, now: Clock, cpu: Clock = NO_CPU): Embedder {
  return {
    info: inner.info,
    dim: inner.dim,
    async embed(texts, role) {
      const cpuStarted = cpu();
      const started = now();
      try {
        return await inner.embed(texts, role);
      } finally {
        clock.ms += now() - started;
        clock.cpuMs += cpu() - cpuStarted;
        clock.calls++;
        clock.items += texts.length;
      }
    },
  };
}

export interface SearchTiming {
  query: string;
  iterations: number;
  /** Query embedding + runMcts, wall. */
  totalMs: number;
  /** The same in CPU time (NaN without a CPU clock). */
  totalCpuMs: number;
  /** runMcts alone, wall. */
  runMs: number;
  embedMs: number;
  rerankMs: number;
  rerankPairs: number;
  rerankCalls: number;
  /** runMcts minus the time inside reranker.score. */
  outsideModelsMs: number;
  /**
   * runMcts split by its trace events (onTrace, which the run calls anyway): setup = start to the
   * first event (the query-similarity pass over every node, tree arrays, the first selection);
   * loop = first to last event (the iterations, reranker calls included); rank = last event to
   * the end (final scores and sort of the visited nodes).
   */
  setupMs: number;
  loopMs: number;
  rankMs: number;
  /** loopMs minus the time inside reranker.score. */
  loopOutsideModelsMs: number;
  /**
   * The same split in CPU time of the process (NaN without a CPU clock), which a loaded machine's
   * preemption does not inflate: runMcts minus reranker, and from the first trace event to the
   * end (loop + rank) minus reranker.
   */
  outsideModelsCpuMs: number;
  afterSetupOutsideModelsCpuMs: number;
  visited: number;
  exhausted: boolean;
}

/** One search as the app would run it: embed the query, run MCTS; model calls timed apart. */
export async function timeSearch(prepared: MctsPrepared, query: string, now: Clock, params: Partial<MctsParams> = {}, cpu?: Clock): Promise<SearchTiming> {
  const embedClock: ModelClock = { ms: 0, cpuMs: 0, calls: 0, items: 0 };
  const rerankClock: ModelClock = { ms: 0, cpuMs: 0, calls: 0, items: 0 };
  const embedder = timedEmbedder(prepared.embedder, embedClock, now, cpu);
  const reranker = timedReranker(new LexicalReranker(), rerankClock, now, cpu);
  let firstEvent = Number.NaN;
  let firstEventCpu = Number.NaN;
  let lastEvent = Number.NaN;
  let rerankCpuAtFirstEvent = 0;
  const onTrace = () => {
    lastEvent = now();
    if (Number.isNaN(firstEvent)) {
      firstEvent = lastEvent;
      firstEventCpu = cpu?.() ?? Number.NaN;
      rerankCpuAtFirstEvent = rerankClock.cpuMs;
    }
  };
  const startedCpu = cpu?.() ?? Number.NaN;
  const started = now();
  const [embedding] = await embedder.embed([query], 'query');
  const runStartedCpu = cpu?.() ?? Number.NaN;
  const runStarted = now();
  const result = await runMcts(prepared.snapshot, { text: query, embedding: embedding! }, reranker, (i) => prepared.docs[i]!, { ...prepared.params, ...params }, { onTrace });
  const done = now();
  const doneCpu = cpu?.() ?? Number.NaN;
  const runMs = done - runStarted;
  const events = !Number.isNaN(firstEvent);
  const loopMs = events ? lastEvent - firstEvent : 0;
  return {
    query,
    iterations: result.stats.iterationsRun,
    totalMs: done - started,
    totalCpuMs: doneCpu - startedCpu,
    runMs,
    embedMs: embedClock.ms,
    rerankMs: rerankClock.ms,
    rerankPairs: rerankClock.items,
    rerankCalls: rerankClock.calls,
    outsideModelsMs: runMs - rerankClock.ms,
    setupMs: events ? firstEvent - runStarted : runMs,
    loopMs,
    rankMs: events ? done - lastEvent : 0,
    loopOutsideModelsMs: loopMs - rerankClock.ms,
    outsideModelsCpuMs: doneCpu - runStartedCpu - rerankClock.cpuMs,
    afterSetupOutsideModelsCpuMs: doneCpu - firstEventCpu - (rerankClock.cpuMs - rerankCpuAtFirstEvent),
    visited: result.stats.visited,
    exhausted: result.stats.exhausted,
  };
}

export interface ExhaustiveTiming {
  query: string;
  pairs: number;
  ms: number;
  cpuMs: number;
}

/** Baseline: every embedded node's document scored by the built-in reranker in one call. */
export async function timeExhaustiveRerank(prepared: MctsPrepared, query: string, now: Clock, cpu?: Clock): Promise<ExhaustiveTiming> {
  const docs: string[] = [];
  for (let i = 0; i < prepared.nodes; i++) if (prepared.snapshot.hasEmbedding[i]) docs.push(prepared.docs[i]!);
  const reranker = new LexicalReranker();
  const startedCpu = cpu?.() ?? Number.NaN;
  const started = now();
  await reranker.score(query, docs);
  const ms = now() - started;
  return { query, pairs: docs.length, ms, cpuMs: (cpu?.() ?? Number.NaN) - startedCpu };
}
