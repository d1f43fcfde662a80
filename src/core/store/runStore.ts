/**
 * @file Stored runs (table `runs`): MCTS traces and eval reports as JSON, with a small
 * summary per run for the run list (query, method, iterations, tree size, reranker calls, the
 * graph fingerprint) so listing never reads the payloads. The table survives re-indexing
 * (createSchema keeps it); a trace names the graph it was made on. The app (repo worker) and the
 * CLI (`search` stores every MCTS run) write through here.
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import { AppError } from '../errors.ts';
import type { GraphFingerprint, MctsTrace } from '../search/mctsTrace.ts';
import { addMissingColumnsSql, createTableSql } from './schema.ts';
import type { SqlConnection } from './sqlConnection.ts';
import { sqlString } from './sqlConnection.ts';

export type RunKind = 'mcts' | 'eval';

export interface RunSummary {
  query?: string;
  method?: string;
  iterations?: number;
  treeSize?: number;
  rerankerCalls?: number;
  graph?: GraphFingerprint;
  /** Where the run came from when it was not searched here (an imported file's name). */
  source?: string;
}

export interface RunInfo {
  id: number;
  kind: RunKind;
  createdAt: string;
  summary: RunSummary;
}

/** Creates `runs` when missing and adds columns newer than the database (summary). */
export async function ensureRunsTable(conn: SqlConnection): Promise<void> {
  await conn.run(createTableSql('runs').replace('CREATE TABLE', 'CREATE TABLE IF NOT EXISTS'));
  for (const sql of addMissingColumnsSql('runs')) await conn.run(sql);
}

export function traceSummary(trace: MctsTrace, source?: string): RunSummary {
  return {
    query: trace.query,
    method: trace.method ?? 'mcts',
    iterations: trace.stats?.iterationsRun ?? trace.events.at(-1)?.iteration ?? 0,
    treeSize: trace.stats?.treeSize,
    rerankerCalls: trace.stats?.rerankerCalls,
    ...(trace.graph ? { graph: trace.graph } : {}),
    ...(source ? { source } : {}),
  };
}

/** Appends a run; returns its id. */
export async function storeRun(conn: SqlConnection, kind: RunKind, payload: unknown, summary: RunSummary = {}): Promise<number> {
  await ensureRunsTable(conn);
  const rows = await conn.query('SELECT coalesce(max(id), 0) + 1 AS id FROM runs');
  const id = Number(rows[0]?.id ?? 1);
  await conn.run(
    `INSERT INTO runs (id, kind, created_at, payload, summary) VALUES (${id}, ${sqlString(kind)}, ${sqlString(new Date().toISOString())}, ${sqlString(JSON.stringify(payload))}, ${sqlString(JSON.stringify(summary))})`,
  );
  return id;
}

export function storeTrace(conn: SqlConnection, trace: MctsTrace, source?: string): Promise<number> {
  return storeRun(conn, 'mcts', trace, traceSummary(trace, source));
}

/** Stored runs, newest first (summaries only). */
export async function listRuns(conn: SqlConnection, kind?: RunKind): Promise<RunInfo[]> {
  await ensureRunsTable(conn);
  const where = kind ? ` WHERE kind = ${sqlString(kind)}` : '';
  const rows = await conn.query(`SELECT id, kind, created_at, summary FROM runs${where} ORDER BY id DESC`);
  return rows.map((r) => ({
    id: Number(r.id),
    kind: String(r.kind) as RunKind,
    createdAt: String(r.created_at ?? ''),
    summary: parseSummary(r.summary),
  }));
}

function parseSummary(value: unknown): RunSummary {
  if (typeof value !== 'string' || value === '') return {};
  try {
    return JSON.parse(value) as RunSummary;
  } catch (error) {
    // A damaged summary only costs the run list its details; the payload is still readable.
    console.warn('runs.summary is not JSON', error);
    return {};
  }
}

/** A stored run's payload; a clear error when there is none of that kind. */
export async function readRun<T = unknown>(conn: SqlConnection, id: number, kind: RunKind): Promise<T> {
  await ensureRunsTable(conn);
  const rows = await conn.query(`SELECT payload FROM runs WHERE id = ${Math.trunc(id)} AND kind = ${sqlString(kind)}`);
  if (rows.length === 0) throw new AppError('INPUT_INVALID', `No stored ${kind === 'mcts' ? 'MCTS run' : 'evaluation'} ${id} in this graph.`);
  return JSON.parse(String(rows[0]!.payload)) as T;
}
