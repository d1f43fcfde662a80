/**
 * @file A user's query with bounds, so no answer can hang the app or the CLI: a row cap (the
 * database stops after `maxRows + 1` rows and the answer says it was cut, "the first 10,000 rows
 * of more than 10,000"), a time limit and a cancel, both of which interrupt the database through
 * `SqlConnection.interrupt` where the adapter has one. A SELECT is wrapped (`SELECT * FROM (q)
 * LIMIT n + 1`, which keeps its order); other read-only statements (PRAGMA, DESCRIBE, SHOW) run
 * as they are, and their few rows are cut after the fact.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError } from '../errors.ts';
import type { Row, SqlConnection } from './sqlConnection.ts';

/** Rows an answer shows unless asked for more (0 = no cap). */
export const DEFAULT_MAX_ROWS = 10_000;
/** Seconds a query may run unless given more (0 = no limit). */
export const DEFAULT_TIMEOUT_S = 60;

export interface QueryBounds {
  /** 0 = no cap. */
  maxRows: number;
  /** 0 = no time limit. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** How the reader raises the bounds ("--max-rows N", "the Max rows box"), for the messages. */
  raiseRows?: string;
  raiseTime?: string;
}

export interface BoundedRows {
  rows: Row[];
  /** True when the answer had more than `maxRows` rows and only the first `maxRows` came back. */
  truncated: boolean;
  maxRows: number;
}

const SELECT_LIKE = /^\s*(?:--[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*(?:SELECT|WITH|FROM|VALUES|\()/i;

/** `sql` with a LIMIT of `maxRows + 1` around it when it is a SELECT (unchanged otherwise or with no cap). */
export function cappedSql(sql: string, maxRows: number): string {
  const body = sql.trim().replace(/;\s*$/, '');
  if (maxRows <= 0 || !SELECT_LIKE.test(body)) return body;
  return `SELECT * FROM (\n${body}\n) AS bounded_answer LIMIT ${maxRows + 1}`;
}

/** "the first 10,000 rows of more than 10,000 (raise --max-rows N to see more)". */
export function truncationNote(result: BoundedRows, raise = 'raise the row cap'): string | null {
  if (!result.truncated) return null;
  const n = result.maxRows.toLocaleString('en');
  return `Showing the first ${n} rows of more than ${n} (${raise} to see more).`;
}

/** Runs `sql` within `bounds`; a time limit or a cancel interrupts the database. */
export async function boundedQuery(conn: Pick<SqlConnection, 'query' | 'interrupt' | 'queryInterruptible'>, sql: string, bounds: QueryBounds): Promise<BoundedRows> {
  let stopped: 'timeout' | 'cancel' | null = null;
  const stop = (why: 'timeout' | 'cancel') => {
    if (stopped) return;
    stopped = why;
    void Promise.resolve(conn.interrupt?.()).catch(() => {});
  };
  if (bounds.signal?.aborted) throw new AppError('CANCELLED', 'The query was cancelled.');
  const onAbort = () => stop('cancel');
  bounds.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = bounds.timeoutMs > 0 ? setTimeout(() => stop('timeout'), bounds.timeoutMs) : null;
  try {
    const capped = cappedSql(sql, bounds.maxRows);
    const rows = conn.queryInterruptible ? await conn.queryInterruptible(capped) : await conn.query(capped);
    if (stopped) throw stoppedError(stopped, bounds);
    const truncated = bounds.maxRows > 0 && rows.length > bounds.maxRows;
    return { rows: truncated ? rows.slice(0, bounds.maxRows) : rows, truncated, maxRows: bounds.maxRows };
  } catch (error) {
    if (stopped) throw stoppedError(stopped, bounds);
    throw error;
  } finally {
    if (timer) clearTimeout(timer);
    bounds.signal?.removeEventListener('abort', onAbort);
  }
}

function stoppedError(why: 'timeout' | 'cancel', bounds: QueryBounds): AppError {
  if (why === 'cancel') return new AppError('CANCELLED', 'The query was cancelled; nothing changed.');
  const ms = bounds.timeoutMs;
  const limit = ms % 1000 === 0 ? `${(ms / 1000).toLocaleString('en')} s` : `${ms.toLocaleString('en')} ms`;
  return new AppError(
    'TIMEOUT',
    `The query ran past its time limit of ${limit} and was stopped. Narrow it (a label, a WHERE, a LIMIT) or ${bounds.raiseTime ?? 'raise the time limit'}.`,
  );
}
