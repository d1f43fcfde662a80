/**
 * @file The Cypher workload: every query compiles and passes the read-only guard, names vary,
 * the order is shuffled per round, and on a real duckdb-wasm every family runs without error and
 * finds rows (a workload of empty answers would time nothing).
 * Runs in: Node (vitest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { compileCypher } from '../../src/core/cypher/compile.ts';
import { writeGraph } from '../../src/core/store/graphStore.ts';
import { assertReadOnlySql } from '../../src/core/store/sqlGuard.ts';
import { timeWorkload } from './cypherTiming.ts';
import { cypherWorkload, QUERY_FAMILIES, shuffle, workloadFingerprint } from './cypherWorkload.ts';
import { SYNTHETIC_REPO, syntheticGraph } from './syntheticGraph.ts';

const graph = syntheticGraph({ nodes: 2000, seed: 5 });

describe('cypherWorkload', () => {
  const workload = cypherWorkload(graph, 4, 5);

  it('has one warm-up query and `reps` timed queries per family, each round a permutation of the families', () => {
    expect(workload.warmup.map((q) => q.family)).toEqual(QUERY_FAMILIES.map((f) => f.id));
    expect(workload.timed.length).toBe(4 * QUERY_FAMILIES.length);
    for (let r = 0; r < 4; r++) {
      const round = workload.timed.slice(r * QUERY_FAMILIES.length, (r + 1) * QUERY_FAMILIES.length).map((q) => q.family);
      expect([...round].sort()).toEqual(QUERY_FAMILIES.map((f) => f.id).sort());
    }
  });

  it('compiles every Cypher query to guarded read-only SQL and varies the names', () => {
    for (const q of [...workload.warmup, ...workload.timed]) {
      if (q.language === 'cypher') expect(() => assertReadOnlySql(compileCypher(q.text).sql), q.text).not.toThrow();
      else expect(assertReadOnlySql(q.text)).toBe(q.text);
    }
    const methods = workload.timed.filter((q) => q.family === 'methods').map((q) => q.text);
    expect(new Set(methods).size).toBeGreaterThan(1);
    expect(workload.timed.find((q) => q.family === 'union')!.text).toContain(`(r:Repo {name: '${SYNTHETIC_REPO}'})`);
  });

  it('is deterministic, and its fingerprint tells workloads apart', () => {
    expect(cypherWorkload(graph, 4, 5)).toEqual(workload);
    expect(workloadFingerprint(graph, cypherWorkload(graph, 4, 5))).toBe(workloadFingerprint(graph, workload));
    expect(workloadFingerprint(graph, cypherWorkload(graph, 4, 6))).not.toBe(workloadFingerprint(graph, workload));
  });

  it('shuffle is a seeded permutation', () => {
    let i = 0;
    const fixed = [0.9, 0.1, 0.5, 0.3];
    const out = shuffle([1, 2, 3, 4, 5], () => fixed[i++ % fixed.length]!);
    expect([...out].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(out).not.toEqual([1, 2, 3, 4, 5]);
  });
});

describe('the workload on duckdb-wasm', () => {
  let conn: WasmNodeConnection;
  beforeAll(async () => {
    conn = await openWasmMemoryConnection();
    await writeGraph(conn, { repoName: SYNTHETIC_REPO, graph, files: [], issues: [], skipped: [], summary: {} });
  }, 60_000);
  afterAll(async () => conn?.close());

  it('runs every family without error and finds rows in each', async () => {
    let cpu = 0;
    const timings = await timeWorkload(conn, cypherWorkload(graph, 3, 5), () => performance.now(), () => (cpu += 1));
    expect(timings.families.map((f) => f.family).sort()).toEqual(QUERY_FAMILIES.map((f) => f.id).sort());
    for (const f of timings.families) {
      expect(f.errors, f.family).toEqual([]);
      expect(f.ms.length).toBe(3);
      expect(f.cpuMs).toEqual([1, 1, 1]);
      expect(f.ms.every((ms, i) => ms >= f.compileMs[i]!)).toBe(true);
      expect(f.rows.reduce((a, b) => a + b, 0), `${f.family} found no rows`).toBeGreaterThan(0);
    }
  }, 120_000);
});
