/**
 * @file Times a Cypher workload on any SqlConnection the way the app answers a query: compile
 * (compileCypher, deferCode), the read-only guard (assertReadOnlySql), run, rows converted to
 * objects, whole nodes' code filled in (fillDeferredCode).
 * Baseline families run their SQL as written. Warm-up queries first, untimed. Per family: every
 * latency, the compile share, CPU time where the caller has a CPU clock for the thread that does
 * the work (Node's blocking duckdb-wasm: a figure that a loaded machine's preemption does not
 * inflate), and row counts (so an empty-handed fast query shows up).
 * Runs in: Node (bench) and chromium (search bench worker).
 */
import { compileCypher } from '../../src/core/cypher/compile.ts';
import { fillDeferredCode } from '../../src/core/cypher/deferredCode.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { assertReadOnlySql } from '../../src/core/store/sqlGuard.ts';
import type { WorkloadQuery } from './cypherWorkload.ts';

export interface FamilyTimings {
  family: string;
  /** Total ms per query: compile + guard + query + rows. */
  ms: number[];
  /** Compile + guard part of each. */
  compileMs: number[];
  /** CPU time of each query's thread (Node: process.cpuUsage; empty where there is no such clock). */
  cpuMs: number[];
  rows: number[];
  errors: string[];
}

export interface WorkloadTimings {
  families: FamilyTimings[];
  /** Wall time of the timed queries together. */
  wallMs: number;
}

async function runOne(conn: SqlConnection, query: WorkloadQuery, now: () => number, cpu?: () => number): Promise<{ ms: number; compileMs: number; cpuMs: number; rows: number }> {
  const cpuStarted = cpu?.() ?? 0;
  const started = now();
  const cypher = query.language === 'cypher' ? compileCypher(query.text, {}, { deferCode: true }) : null;
  const sql = cypher ? assertReadOnlySql(cypher.sql) : query.text;
  const compiled = now();
  const rows = await conn.query(sql);
  if (cypher) await fillDeferredCode(conn, rows, cypher.deferredCode);
  const done = now();
  return { ms: done - started, compileMs: compiled - started, cpuMs: cpu ? cpu() - cpuStarted : Number.NaN, rows: rows.length };
}

export async function timeWorkload(
  conn: SqlConnection,
  workload: { warmup: readonly WorkloadQuery[]; timed: readonly WorkloadQuery[] },
  now: () => number = () => performance.now(),
  cpu?: () => number,
): Promise<WorkloadTimings> {
  const byFamily = new Map<string, FamilyTimings>();
  const familyOf = (id: string) => {
    let entry = byFamily.get(id);
    if (!entry) byFamily.set(id, (entry = { family: id, ms: [], compileMs: [], cpuMs: [], rows: [], errors: [] }));
    return entry;
  };
  for (const query of workload.warmup) {
    try {
      await runOne(conn, query, now);
    } catch (error) {
      familyOf(query.family).errors.push(`warm-up: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const started = now();
  for (const query of workload.timed) {
    const entry = familyOf(query.family);
    try {
      const result = await runOne(conn, query, now, cpu);
      entry.ms.push(result.ms);
      if (cpu) entry.cpuMs.push(result.cpuMs);
      entry.compileMs.push(result.compileMs);
      entry.rows.push(result.rows);
    } catch (error) {
      entry.errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  return { families: [...byFamily.values()], wallMs: now() - started };
}
