/**
 * @file The consoles' queries in the repo worker (the Cypher console, Cypher typed in the Ask
 * box, the SQL console): each within bounds (src/core/store/boundedQuery.ts: the first 10,000
 * rows, 60 s) and cancellable, one at a time; a cancel or the time limit interrupts duckdb-wasm's
 * pending query, so the database is free again and the tab never waited on it.
 * Runs in: the repo worker (browser).
 */
import { runCypher } from '../../core/agent/runCypher.ts';
import type { ConsoleBounds, CypherResult } from '../../core/agent/searchService.ts';
import { boundedQuery, DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S } from '../../core/store/boundedQuery.ts';
import type { QueryBounds } from '../../core/store/boundedQuery.ts';
import { assertReadOnlySql } from '../../core/store/sqlGuard.ts';
import type { Row, SqlConnection } from '../../core/store/sqlConnection.ts';

export class ConsoleQueries {
  private job: AbortController | null = null;

  constructor(private readonly conn: () => SqlConnection) {}

  private async bounded<T>(bounds: ConsoleBounds | undefined, run: (bounds: QueryBounds) => Promise<T>): Promise<T> {
    this.job?.abort();
    const job = new AbortController();
    this.job = job;
    try {
      return await run({
        maxRows: bounds?.maxRows ?? DEFAULT_MAX_ROWS,
        timeoutMs: bounds?.timeoutMs ?? DEFAULT_TIMEOUT_S * 1000,
        signal: job.signal,
        raiseRows: 'raise Max rows',
        raiseTime: 'raise the time limit',
      });
    } finally {
      if (this.job === job) this.job = null;
    }
  }

  cypher(query: string, params: Record<string, unknown>, bounds?: ConsoleBounds): Promise<CypherResult> {
    return this.bounded(bounds, (b) => runCypher(this.conn(), query, params, b));
  }

  sql(sql: string, bounds?: ConsoleBounds): Promise<{ rows: Row[]; truncated: boolean; maxRows: number; ms: number }> {
    return this.bounded(bounds, async (b) => {
      const started = performance.now();
      const result = await boundedQuery(this.conn(), assertReadOnlySql(sql), b);
      return { ...result, ms: performance.now() - started };
    });
  }

  cancel(): void {
    this.job?.abort();
  }
}
