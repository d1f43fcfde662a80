/**
 * @file The store side of a full index while the parse still runs: opens the graph write (one
 * transaction) as soon as the database is there, then loads tables in the order they are
 * handed in (the files table a few MB at a time as the read accepts files, file_irs batch by
 * batch as the pool returns FileIRs, entity node rows once the read has named every module),
 * in turn; statements (renames) queue the same way. The first failure stops further loads and
 * is thrown by finish(); abort() rolls back and drops what is queued after it. A fresh database
 * (WriteGraphOptions.fresh) commits every 64 MB instead: it is deleted if the index fails.
 * Runs in: the repo worker (app), Node (cli, bench). Layer src/core.
 */
import type { FileRow } from '../graph/types.ts';
import type { RowLoad } from '../store/rowLoad.ts';
import { FILE_COLUMNS } from '../store/schema.ts';
import { beginGraphWrite } from '../store/graphStore.ts';
import type { GraphData, GraphWriter, WriteGraphOptions } from '../store/graphStore.ts';
import type { TableName } from '../store/schema.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import type { ProgressListener } from '../progress.ts';

export class EarlyStore {
  private readonly writer: Promise<GraphWriter>;
  private chain: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;
  private readonly loaded = new Map<TableName, number>();

  constructor(conn: SqlConnection | Promise<SqlConnection>, options: WriteGraphOptions = {}) {
    this.writer = Promise.resolve(conn).then((c) => beginGraphWrite(c, options));
    // Seen by finish() or abort(); never an unhandled rejection meanwhile.
    this.writer.catch(() => {});
  }

  /**
   * Queues rows for `table` (several calls append); `rows` are read when the load starts. The
   * returned promise settles once they are in (true) or were not loaded (false: a load failed).
   */
  load(table: TableName, rows: RowLoad | (() => RowLoad), count?: number, bytes?: number): Promise<boolean> {
    const size = typeof rows === 'function' ? (count ?? 0) : rows.rows.length;
    this.loaded.set(table, (this.loaded.get(table) ?? 0) + size);
    const done = this.chain.then(async () => {
      if (this.failure) return false;
      try {
        await (await this.writer).load(table, typeof rows === 'function' ? rows() : rows, bytes);
        return true;
      } catch (error) {
        this.failure = { error };
        return false;
      }
    });
    this.chain = done.then(() => {});
    return done;
  }

  /**
   * Queues rows and resolves once every load queued before them is done: a producer that awaits
   * each call keeps at most two loads pending (it builds the next while one goes in).
   */
  async loadInTurn(table: TableName, rows: RowLoad, bytes?: number): Promise<void> {
    const before = this.chain;
    void this.load(table, rows, undefined, bytes);
    await before;
  }

  /** Queues a statement over the rows loaded before it (its failure fails the write, like a load's). */
  execute(sql: string): void {
    this.chain = this.chain.then(async () => {
      if (this.failure) return;
      try {
        await (await this.writer).execute(sql);
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
   * given, go in beside the file_irs rows loaded early (those of a pool that skipped onParsed).
   */
  async finish(data: GraphData, onProgress?: ProgressListener, signal?: AbortSignal): Promise<void> {
    await this.chain;
    const writer = await this.writer;
    if (this.failure) {
      await writer.abort();
      throw this.failure.error;
    }
    const early = new Set(this.loaded.keys());
    if (data.irs) early.delete('file_irs');
    await writer.finish(data, early, onProgress, signal);
  }

  /**
   * Rolls back whatever was loaded (the previous graph stays); never throws. Loads and statements
   * queued after it are dropped (a parse batch still in flight must not write outside the
   * transaction once it is rolled back).
   */
  async abort(): Promise<void> {
    this.failure ??= { error: new Error('the index was abandoned') };
    await this.chain;
    try {
      await (await this.writer).abort();
    } catch {
      // The database never opened or the rollback failed: nothing was committed either way.
    }
  }
}

/** Rows for the files table pass to the early store once this many bytes of text are in. */
const FILE_ROWS_FLUSH_BYTES = 2 * 1024 * 1024;

/**
 * Files as the read hands them over, loaded into the files table a few MB at a time; `onStored`
 * hears of each group once it is in.
 */
export class FileRowsBuffer<T extends FileRow = FileRow> {
  private rows: T[] = [];
  private bytes = 0;

  constructor(
    private readonly store: EarlyStore,
    private readonly onStored: (rows: readonly T[]) => void = () => {},
  ) {}

  add(files: readonly T[]): void {
    for (const file of files) {
      this.rows.push(file);
      this.bytes += file.bytes;
    }
    if (this.bytes >= FILE_ROWS_FLUSH_BYTES) this.flush();
  }

  flush(): void {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    const bytes = this.bytes;
    this.rows = [];
    this.bytes = 0;
    void this.store.load('files', { columns: FILE_COLUMNS, rows }, undefined, bytes).then((stored) => stored && this.onStored(rows));
  }
}
