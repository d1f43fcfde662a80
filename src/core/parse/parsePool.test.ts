/**
 * @file Parse pool scheduling: order, batching, progress, and recovery from a worker that
 * crashes or hangs (simulated worker handles around the real in-process parser).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceFile } from '../ingest/types.ts';
import { parseSourceFile } from './parseFile.ts';
import { makeBatches, runParsePool } from './parsePool.ts';
import { FileFeed } from './fileFeed.ts';
import type { ParseWorkerHandle } from './parsePool.ts';
import { languageFacts } from '../languages/catalog.ts';
import { createParsers } from './treeSitter.ts';
import type { Parsers } from './treeSitter.ts';
import { extractorFor } from '../languages/implementations.ts';

const require = createRequire(import.meta.url);
let parsers: Parsers;

beforeAll(async () => {
  parsers = await createParsers(async (lang) =>
    readFileSync(require.resolve(`@vscode/tree-sitter-wasm/wasm/${languageFacts(lang).grammar}`)),
  );
});

function file(i: number, text = `def f${i}():\n    return ${i}\n`): SourceFile {
  return { path: `m${i}.py`, language: 'python', text, bytes: text.length, sha256: '', notes: [] };
}

/** A worker handle over the real parser that dies (rejects) or hangs on files named poison. */
function simulatedWorker(mode: 'crash' | 'hang', log: string[]): ParseWorkerHandle {
  return {
    parseBatch: (files) => {
      log.push(files.map((f) => f.path).join(','));
      if (files.some((f) => f.text.includes('poison'))) {
        return mode === 'crash' ? Promise.reject(new Error('worker died')) : new Promise(() => {});
      }
      return Promise.resolve({ irs: files.map((f) => parseSourceFile(parsers, f, extractorFor)) });
    },
    terminate: () => log.push('terminate'),
  };
}

describe('makeBatches', () => {
  it('cuts by file count and by bytes', () => {
    const files = Array.from({ length: 5 }, (_, i) => file(i));
    expect(makeBatches(files, 2, 1e9)).toEqual([[0, 1], [2, 3], [4]]);
    expect(makeBatches(files, 100, 1)).toEqual([[0], [1], [2], [3], [4]]);
  });
});

describe('runParsePool', () => {
  it('returns one FileIR per file in input order and reports progress to the total', async () => {
    const files = Array.from({ length: 50 }, (_, i) => file(i));
    const progress: number[] = [];
    const irs = await runParsePool(files, () => simulatedWorker('crash', []), {
      size: 3,
      batchFiles: 7,
      onProgress: (done) => progress.push(done),
    });
    expect(irs.map((ir) => ir.path)).toEqual(files.map((f) => f.path));
    expect(irs[3]!.entities.map((e) => e.name)).toEqual(['f3']);
    expect(progress.at(-1)).toBe(50);
    expect(progress.length).toBeGreaterThan(7);
  });

  it.each(['crash', 'hang'] as const)('replaces a worker that %ss and flags only the poison file', async (mode) => {
    const files = [file(0), file(1), file(2, '# poison\n'), file(3)];
    const log: string[] = [];
    const irs = await runParsePool(files, () => simulatedWorker(mode, log), {
      size: 1,
      batchFiles: 10,
      baseTimeoutMs: 200,
    });
    expect(irs.map((ir) => ir.syntaxErrors.length)).toEqual([0, 0, 1, 0]);
    expect(irs[2]!.syntaxErrors[0]!.message).toMatch(/crashed or timed out/);
    expect(irs[2]!.syntaxErrors[0]!.column).toBe(0); // no position: the issue list shows no "(column N)"
    expect(irs[3]!.entities.map((e) => e.name)).toEqual(['f3']);
    expect(log.filter((l) => l === 'terminate').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps two batches in flight per worker and hands each parsed batch on', async () => {
    const files = Array.from({ length: 12 }, (_, i) => file(i));
    let pending = 0;
    let most = 0;
    const worker: ParseWorkerHandle = {
      parseBatch: async (batch) => {
        most = Math.max(most, ++pending);
        await new Promise((resolve) => setTimeout(resolve, 5));
        pending--;
        return { irs: batch.map((f) => parseSourceFile(parsers, f, extractorFor)) };
      },
      terminate: () => {},
    };
    const handed: string[] = [];
    const irs = await runParsePool(files, () => worker, {
      size: 1,
      batchFiles: 2,
      onParsed: (batch, parsed) => handed.push(...parsed.map((ir, k) => `${batch[k]!.path}=${ir.path}`)),
    });
    expect(most).toBe(2);
    expect(irs.map((ir) => ir.path)).toEqual(files.map((f) => f.path));
    expect(handed.sort()).toEqual(files.map((f) => `${f.path}=${f.path}`).sort());
  });

  it('retries a crashed batch alone, so the batch queued beside it on the same worker is not flagged', async () => {
    const files = [file(0), file(1, '# poison\n'), file(2), file(3)];
    const log: string[] = [];
    const irs = await runParsePool(files, () => simulatedWorker('crash', log), { size: 1, batchFiles: 2 });
    expect(irs.map((ir) => ir.syntaxErrors.length)).toEqual([0, 1, 0, 0]);
  });

  it('starts its workers while the files are still coming, and stops them when the files never come', async () => {
    const log: string[] = [];
    let created = 0;
    const make = () => (created++, simulatedWorker('crash', log));
    let deliver: (files: SourceFile[]) => void = () => {};
    const run = runParsePool(new Promise<SourceFile[]>((resolve) => (deliver = resolve)), make, { size: 2, batchFiles: 1 });
    expect(created).toBe(2);
    deliver([file(0), file(1), file(2)]);
    expect((await run).map((ir) => ir.path)).toEqual(['m0.py', 'm1.py', 'm2.py']);
    expect(created).toBe(2);

    const failed = runParsePool(Promise.reject(new Error('bad zip')), () => simulatedWorker('crash', log), { size: 2 });
    await expect(failed).rejects.toThrow('bad zip');
    expect(log.filter((l) => l === 'terminate').length).toBe(4);
  });

  it('parses what a feed holds while the read still pushes, in push order, and fails with the read', async () => {
    const feed = new FileFeed();
    const parsedBeforeEnd: string[] = [];
    let ended = false;
    const run = runParsePool(feed, () => simulatedWorker('crash', []), {
      size: 2,
      onParsed: (batch) => {
        if (!ended) parsedBeforeEnd.push(...batch.map((f) => f.path));
      },
    });
    feed.push([file(0), file(1)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    feed.push([file(2)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    feed.push([file(3), file(4)]);
    ended = true;
    feed.end();
    expect((await run).map((ir) => ir.path)).toEqual(['m0.py', 'm1.py', 'm2.py', 'm3.py', 'm4.py']);
    expect(parsedBeforeEnd).toEqual(expect.arrayContaining(['m0.py', 'm1.py', 'm2.py']));

    const broken = new FileFeed();
    const failing = runParsePool(broken, () => simulatedWorker('crash', []), { size: 2 });
    broken.push([file(0)]);
    broken.fail(new Error('bad zip'));
    await expect(failing).rejects.toThrow('bad zip');
  });

  it('starts no worker and reports no batch once the run has failed (batches still in flight)', async () => {
    let created = 0;
    const pending: ((error: Error) => void)[] = [];
    // Like a real worker: a batch never answers until terminate() rejects it.
    const gated = (): ParseWorkerHandle => {
      created++;
      return {
        parseBatch: () => new Promise((_, reject) => pending.push(reject)),
        terminate: () => pending.splice(0).forEach((reject) => reject(new Error('terminated'))),
      };
    };
    const feed = new FileFeed();
    const reported: string[] = [];
    const run = runParsePool(feed, gated, { size: 2, batchFiles: 1, onParsed: (batch) => reported.push(...batch.map((f) => f.path)) });
    feed.push([file(0), file(1)]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pending.length).toBe(2);
    feed.fail(new Error('bad zip'));
    await expect(run).rejects.toThrow('bad zip');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(created).toBe(2);
    expect(reported).toEqual([]);
  });

  it('stops with CANCELLED when the signal fires', async () => {
    const controller = new AbortController();
    const files = Array.from({ length: 20 }, (_, i) => file(i));
    const run = runParsePool(files, () => simulatedWorker('crash', []), {
      size: 1,
      batchFiles: 1,
      onProgress: (done) => done === 3 && controller.abort(),
      signal: controller.signal,
    });
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('a run that ends well releases its workers to their adapter; a cancelled run terminates them', async () => {
    const files = Array.from({ length: 6 }, (_, i) => file(i));
    const releasable = (log: string[]): ParseWorkerHandle => ({
      ...simulatedWorker('crash', log),
      release: () => log.push('release'),
    });
    const log: string[] = [];
    await runParsePool(files, () => releasable(log), { size: 2, batchFiles: 2 });
    expect(log.filter((l) => l === 'release')).toHaveLength(2);
    expect(log).not.toContain('terminate');

    const cancelled: string[] = [];
    const controller = new AbortController();
    const run = runParsePool(files, () => releasable(cancelled), {
      size: 2,
      batchFiles: 1,
      onProgress: (done) => done === 2 && controller.abort(),
      signal: controller.signal,
    });
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(cancelled).not.toContain('release');
    expect(cancelled.filter((l) => l === 'terminate')).toHaveLength(2);
  });
});
