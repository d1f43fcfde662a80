/**
 * @file The store side of a full index while the parse still runs: opens the graph write (one
 * transaction) as soon as the database is there, then loads tables in the order they are
 * handed in (the files table first, then file_irs batch by batch as the pool returns FileIRs),
 * each Arrow batch built only when its turn comes. The first failure stops further loads and is
 * thrown by finish(); abort() rolls the transaction back.
 * Runs in: the repo worker (app), Node (cli, bench). Layer src/core.
 */
import type { Table } from 'apache-arrow';
import { beginGraphWrite } from '../store/graphStore.ts';
import type { GraphData, GraphWriter } from '../store/graphStore.ts';
import type { TableName } from '../store/schema.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import type { ProgressListener } from './progress.ts';

export class EarlyStore {
  private readonly writer: Promise<GraphWriter>;
  private chain: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;
  private readonly loaded = new Map<TableName, number>();

  constructor(conn: SqlConnection | Promise<SqlConnection>) {
    this.writer = Promise.resolve(conn).then((c) => beginGraphWrite(c));
    // Seen by finish() or abort(); never an unhandled rejection meanwhile.
    this.writer.catch(() => {});
  }

  /** Queues rows for `table` (several calls append); `parts` are built when the load starts. */
  load(table: TableName, rows: number, parts: () => Iterable<Table>): void {
    this.loaded.set(table, (this.loaded.get(table) ?? 0) + rows);
    this.chain = this.chain.then(async () => {
      if (this.failure) return;
      try {
        await (await this.writer).load(table, rows, parts);
      } catch (error) {
        this.failure = { error };
      }
    });
  }

  /** Rows queued for `table` so far. */
  rows(table: TableName): number {
    return this.loaded.get(table) ?? 0;
  }

  /**
   * Waits for the queued loads, then loads the rest of `data`, indexes, commits. `data.irs`, when
   * given, replaces whatever file_irs rows were loaded early (a pool that skipped onParsed).
   */
  async finish(data: GraphData, onProgress?: ProgressListener, signal?: AbortSignal): Promise<void> {
    await this.chain;
    const writer = await this.writer;
    if (this.failure) {
      await writer.abort();
      throw this.failure.error;
    }
    const early = new Set(this.loaded.keys());
    if (data.irs && early.delete('file_irs')) await writer.clear('file_irs');
    await writer.finish(data, early, onProgress, signal);
  }

  /** Rolls back whatever was loaded (the previous graph stays); never throws. */
  async abort(): Promise<void> {
    await this.chain;
    try {
      await (await this.writer).abort();
    } catch {
      // The database never opened or the rollback failed: nothing was committed either way.
    }
  }
}
