/**
 * @file The search benchmark's chromium worker, standing in for the app's repo worker: builds
 * the same seeded synthetic graph and Cypher workload as the Node side, opens a database the
 * way the app does (openBrowserStore: duckdb-wasm in its own worker, OPFS when there is one,
 * force_compression as the app sets it), writes the graph with writeGraph and times the
 * workload on that connection (compile + guard + query + rows, each query a round trip to the
 * duckdb worker as in the app). The database is deleted afterwards.
 * Runs in: chromium (module worker of scripts/bench/searchPages/search-bench.html).
 */
import { expose } from 'comlink';
import { openBrowserStore } from '../../../src/adapters/browser/duckdbBrowser.ts';
import { writeGraph } from '../../../src/core/store/graphStore.ts';
import { timeWorkload } from '../cypherTiming.ts';
import type { WorkloadTimings } from '../cypherTiming.ts';
import { cypherWorkload, workloadFingerprint } from '../cypherWorkload.ts';
import { SYNTHETIC_REPO, syntheticGraph } from '../syntheticGraph.ts';

export interface WorkerRunRequest {
  nodes: number;
  seed: number;
  reps: number;
}

export interface WorkerRunResult {
  nodes: number;
  edges: number;
  fingerprint: string;
  graphMs: number;
  openMs: number;
  loadMs: number;
  persistent: boolean;
  version: string;
  timings: WorkloadTimings;
}

const api = {
  async run(request: WorkerRunRequest): Promise<WorkerRunResult> {
    const graphStarted = performance.now();
    const graph = syntheticGraph({ nodes: request.nodes, seed: request.seed });
    const workload = cypherWorkload(graph, request.reps, request.seed);
    const graphMs = performance.now() - graphStarted;
    const opened = performance.now();
    const store = await openBrowserStore();
    const db = await store.create('bench-search');
    const openMs = performance.now() - opened;
    try {
      const loading = performance.now();
      await writeGraph(db.conn, { repoName: SYNTHETIC_REPO, graph, files: [], issues: [], skipped: [], summary: {} });
      const loadMs = performance.now() - loading;
      const version = String((await db.conn.query('SELECT version() AS v'))[0]?.v ?? '?');
      const timings = await timeWorkload(db.conn, workload, () => performance.now());
      return {
        nodes: graph.nodes.length,
        edges: graph.edges.length,
        fingerprint: workloadFingerprint(graph, workload),
        graphMs,
        openMs,
        loadMs,
        persistent: store.persistent,
        version,
        timings,
      };
    } finally {
      await store.delete(db.repoId).catch(() => undefined);
      await store.close();
    }
  },
};

export type SearchBenchWorkerApi = typeof api;

expose(api);
