/**
 * @file Cypher latency in Node: the synthetic graph written with writeGraph into an in-memory
 * duckdb-wasm (the blocking bundle of src/adapters/node/duckdbWasmNode.ts: the browser's engine
 * and Arrow path), then the workload timed on that connection; or (`--db`) an indexed database
 * file, read-only, in duckdb-wasm and in the CLI's native DuckDB.
 * Runs in: Node (bench).
 */
import { performance } from 'node:perf_hooks';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { openWasmFileConnection, openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import type { Graph } from '../../src/core/graph/types.ts';
import { writeGraph } from '../../src/core/store/graphStore.ts';
import { processCpuMs } from './cpuClock.ts';
import { timeWorkload } from './cypherTiming.ts';
import type { WorkloadTimings } from './cypherTiming.ts';
import type { WorkloadQuery } from './cypherWorkload.ts';
import { SYNTHETIC_REPO } from './syntheticGraph.ts';

export interface CypherRunResult {
  env: string;
  /** Opening duckdb-wasm (instantiate + open). */
  openMs: number;
  /** writeGraph: Arrow load, indexes, commit, checkpoint. */
  loadMs: number;
  timings: WorkloadTimings;
  /** Free-form notes (engine, storage). */
  notes: string[];
}

/**
 * The app's browser databases run `PRAGMA force_compression='uncompressed'` (duckdbBrowser.ts);
 * 'app' does the same here, 'default' keeps duckdb's compression (reading a compressed VARCHAR
 * column such as `code` for a few rows then costs a scan of its segments).
 */
export type StorageSettings = 'app' | 'default';

/**
 * The workload on an indexed database file, read-only: in duckdb-wasm (the browser's engine, the
 * file attached from memory) and in the CLI's native DuckDB. Nothing is loaded: loadMs is 0.
 */
export async function measureFileCypher(path: string, workload: { warmup: WorkloadQuery[]; timed: WorkloadQuery[] }): Promise<CypherRunResult[]> {
  const runs: CypherRunResult[] = [];
  for (const engine of ['wasm', 'native'] as const) {
    const opened = performance.now();
    const conn = engine === 'wasm' ? await openWasmFileConnection(path) : await openNodeDatabase(path, { mustExist: true, readOnly: true });
    const openMs = performance.now() - opened;
    try {
      const version = await conn.query('SELECT version() AS v');
      const timings = await timeWorkload(conn, workload, () => performance.now(), processCpuMs);
      const what = engine === 'wasm' ? 'duckdb-wasm (blocking bundle, the file attached read-only from memory)' : 'native DuckDB (@duckdb/node-api, the CLI\'s engine, read-only)';
      runs.push({ env: engine === 'wasm' ? 'Node' : 'Node (native)', openMs, loadMs: 0, timings, notes: [`${what} ${String(version[0]?.v ?? '?')} on ${path}`] });
    } finally {
      await conn.close();
    }
  }
  return runs;
}

export async function measureNodeCypher(
  graph: Graph,
  workload: { warmup: WorkloadQuery[]; timed: WorkloadQuery[] },
  storage: StorageSettings = 'app',
): Promise<CypherRunResult> {
  const opened = performance.now();
  const conn = await openWasmMemoryConnection();
  if (storage === 'app') await conn.run("PRAGMA force_compression='uncompressed'");
  const openMs = performance.now() - opened;
  try {
    const loading = performance.now();
    await writeGraph(conn, { repoName: SYNTHETIC_REPO, graph, files: [], issues: [], skipped: [], summary: {} });
    const loadMs = performance.now() - loading;
    const version = await conn.query('SELECT version() AS v');
    const timings = await timeWorkload(conn, workload, () => performance.now(), processCpuMs);
    return { env: storage === 'app' ? 'Node' : 'Node (compressed)', openMs, loadMs, timings, notes: [`duckdb-wasm ${String(version[0]?.v ?? '?')} (blocking bundle, in memory, ${storage === 'app' ? "force_compression='uncompressed' as the app" : 'default compression'})`] };
  } finally {
    await conn.close();
  }
}
