/**
 * @file A row cap and a time limit for one read query. The SQL is wrapped so that the engine
 * stops after `maxRows + 1` rows (the extra row only says that more existed: `truncated`), and a
 * query still running after `timeoutMs` is interrupted, where the connection can interrupt, and
 * reported as too slow. Used by the MCP server's `cypher` tool (docs/cli.md); meant to be the
 * one implementation behind every caller that caps rows or time (the CLI's `cypher` and `sql`).
 * Runs in: everywhere. Layer src/core.
 */
import { compileCypher } from '../cypher/compile.ts';
import type { CypherParams } from '../cypher/compile.ts';
import { AppError } from '../errors.ts';
import { explainRequirementError } from '../requirements/requirementCypher.ts';
import type { Row, SqlConnection } from '../store/sqlConnection.ts';
import { assertReadOnlySql } from '../store/sqlGuard.ts';

export interface QueryLimits {
  /** At most this many rows come back (1 or more). */
  maxRows: number;
  /** The query is stopped after this many milliseconds (1 or more). */
  timeoutMs: number;
}

export const DEFAULT_QUERY_LIMITS: Readonly<QueryLimits> = { maxRows: 1_000, timeoutMs: 30_000 };

export interface LimitedRows {
  /** The first `maxRows` rows, in the query's order. */
  rows: Row[];
  /** True when the query had more rows than `maxRows`. */
  truncated: boolean;
}

/** A connection that may stop its running query (node-api: `DuckDBConnection.interrupt`). */
export type InterruptibleConnection = Pick<SqlConnection, 'query'> & { interrupt?(): void };

/** `sql` (one SELECT-like statement) limited to `maxRows + 1` rows; the query's own ORDER BY is kept. */
export function capRowsSql(sql: string, maxRows: number): string {
  const body = sql.trim().replace(/;\s*$/, '');
  // The body on lines of its own, so a trailing `-- comment` cannot swallow the closing bracket.
  return `SELECT * FROM (\n${body}\n) AS capped_rows LIMIT ${maxRows + 1}`;
}

function checkLimits(limits: QueryLimits): void {
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) throw new AppError('INPUT_INVALID', `${name} must be a whole number >= 1 (got ${String(value)})`);
  }
}

/**
 * Runs `sql` (already guarded as read-only by the caller) with both limits. A query that runs
 * past `timeoutMs` is interrupted and awaited (so the connection is free again) when the
 * connection can interrupt; otherwise it is left to finish on its own. Either way the call
 * rejects with INPUT_INVALID saying what ran too long and what to do.
 */
export async function queryWithLimits(conn: InterruptibleConnection, sql: string, limits: QueryLimits): Promise<LimitedRows> {
  checkLimits(limits);
  const running = conn.query(capRowsSql(sql, limits.maxRows));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limits.timeoutMs);
  });
  try {
    const first = await Promise.race([running, deadline]);
    if (first === 'timeout') {
      if (conn.interrupt) {
        conn.interrupt();
        await running.catch(() => undefined);
      } else {
        running.catch(() => undefined);
      }
      throw new AppError(
        'INPUT_INVALID',
        `The query ran past its time limit of ${limits.timeoutMs.toLocaleString('en-US')} ms and was stopped. Narrow it (labels, a WHERE on name, LIMIT) or raise the limit.`,
      );
    }
    return first.length > limits.maxRows ? { rows: first.slice(0, limits.maxRows), truncated: true } : { rows: first, truncated: false };
  } finally {
    clearTimeout(timer);
  }
}

export interface LimitedCypherResult extends LimitedRows {
  sql: string;
  /** Output column names, in order. */
  columns: string[];
}

/** Compiles `query` (read-only Cypher, `params` for $name), guards and runs it with `limits`. */
export async function runCypherWithLimits(conn: InterruptibleConnection, query: string, params: CypherParams, limits: QueryLimits): Promise<LimitedCypherResult> {
  const { sql, columns } = compileCypher(query, params);
  const limited = await queryWithLimits(conn, assertReadOnlySql(sql), limits).catch((error: unknown) => {
    throw explainRequirementError(sql, error);
  });
  return { sql, columns, ...limited };
}
