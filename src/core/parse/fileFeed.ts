/**
 * @file The parse pool's input while the read still runs: the reader push()es files as it
 * accepts them and end()s (or fail()s); the pool takes batches from it as they come. A plain
 * array or a promise of one becomes a feed too (fileFeedOf).
 * Runs in: the repo worker (app), Node (cli, bench). Layer src/core.
 */
import type { SourceFile } from '../ingest/types.ts';

export class FileFeed {
  private readonly items: SourceFile[] = [];
  private done = false;
  private failure: { error: unknown } | null = null;
  private wake: (() => void) | null = null;

  /** Files in so far; index i stays the same file. */
  get length(): number {
    return this.items.length;
  }

  get ended(): boolean {
    return this.done;
  }

  at(index: number): SourceFile {
    return this.items[index]!;
  }

  push(files: readonly SourceFile[]): void {
    if (this.done || files.length === 0) return;
    for (const file of files) this.items.push(file);
    this.notify();
  }

  end(): void {
    this.done = true;
    this.notify();
  }

  /** Every file, once the feed has ended (an in-process parse that takes them all at once). */
  async all(): Promise<SourceFile[]> {
    while (!this.done) await this.waitBeyond(this.items.length);
    if (this.failure) throw this.failure.error;
    return this.items;
  }

  /** The read failed: waiters get `error`. */
  fail(error: unknown): void {
    this.failure ??= { error };
    this.end();
  }

  /** Resolves once more than `seen` files are in or the feed has ended; throws the read's failure. */
  async waitBeyond(seen: number): Promise<void> {
    while (this.items.length <= seen && !this.done) {
      await new Promise<void>((resolve) => {
        const previous = this.wake;
        this.wake = () => {
          previous?.();
          resolve();
        };
      });
    }
    if (this.failure) throw this.failure.error;
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

/** What a parse pool takes: the files, a promise of them, or a feed the read pushes into. */
export type ParseInput = readonly SourceFile[] | Promise<readonly SourceFile[]> | FileFeed;

/** A feed over files that are all there (or will be, when the promise resolves). */
export function fileFeedOf(files: ParseInput): FileFeed {
  if (files instanceof FileFeed) return files;
  const feed = new FileFeed();
  if (Array.isArray(files)) {
    feed.push(files as readonly SourceFile[]);
    feed.end();
  } else {
    (files as Promise<readonly SourceFile[]>).then(
      (all) => {
        feed.push(all);
        feed.end();
      },
      (error: unknown) => feed.fail(error),
    );
  }
  return feed;
}
