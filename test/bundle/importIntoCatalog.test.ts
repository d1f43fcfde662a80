/**
 * @file The app's repo service (BrowserRepoService) over real duckdb-wasm databases, with an
 * in-memory catalog in place of OPFS: a bundle imported twice gives two repos, "shopkit" and
 * "shopkit (2)", both kept; an imported bundle's summary carries the original index's figures
 * (syntax errors, index time, phases), not the import's; an index of a repo whose name another,
 * not open, repo has keeps both; an index of the open repo's name replaces it (incrementally);
 * an index that names a stored repo (the person confirmed) replaces that one, and one whose name
 * another stored repo has asks (by the name it gets: its one folder's) first. The next index's
 * workers start after an open with no graph and on a sign of one (prepareIndex), not after an index.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { BrowserRepoService } from '../../src/adapters/browser/browserRepoService.ts';
import type { BrowserStore, RepoDatabase } from '../../src/adapters/browser/duckdbBrowser.ts';
import { bundleBytes, exportBundle } from '../../src/core/bundle/exportBundle.ts';
import { storedIndexFigures } from '../../src/core/bundle/importBundle.ts';
import { parseSourceFile } from '../../src/core/parse/parseFile.ts';
import type { Progress } from '../../src/core/progress.ts';
import type { RepoEntry, RepoInput } from '../../src/core/pipeline/repoService.ts';
import { uniqueRepoName } from '../../src/core/ingest/repoNames.ts';
import { writeSummary, readSummary } from '../../src/core/store/graphStore.ts';
import { indexTexts } from '../cypher/demoGraph.ts';
import { extractorFor } from '../../src/core/languages/implementations.ts';

/** A BrowserStore whose databases are duckdb-wasm in memory and whose catalog is an object. */
function memoryStore(): BrowserStore {
  const databases = new Map<string, RepoDatabase>();
  let repos: RepoEntry[] = [];
  let activeRepoId: string | null = null;
  let next = 0;
  const catalog = () => ({ repos: [...repos], activeRepoId });
  return {
    persistent: false,
    async list() {
      return catalog();
    },
    async open(repoId) {
      const db = databases.get(repoId);
      if (!db) throw new Error(`no database ${repoId}`);
      return db;
    },
    async create(name) {
      const repoId = `${name.replace(/[^a-z0-9]+/gi, '-')}-${++next}`;
      const db: RepoDatabase = { repoId, conn: await openWasmMemoryConnection(), close: async () => undefined, renew: async () => undefined };
      databases.set(repoId, db);
      return db;
    },
    async commit(entry) {
      repos = [...repos.filter((r) => r.id !== entry.id), entry];
      activeRepoId = entry.id;
      return catalog();
    },
    async setActive(repoId) {
      activeRepoId = repoId;
      return catalog();
    },
    async delete(repoId) {
      databases.delete(repoId);
      repos = repos.filter((r) => r.id !== repoId);
      if (activeRepoId === repoId) activeRepoId = null;
      return catalog();
    },
    async refresh() {
      // in memory, as the browser store without OPFS: the instance is the data
    },
    async close() {},
  };
}

const demoRoot = resolve(import.meta.dirname, '../../demo');
function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? listFiles(join(dir, name)) : [join(dir, name)]));
}
function demoInput(): RepoInput {
  const files = listFiles(join(demoRoot, 'shopkit')).map((path) => ({
    path: relative(demoRoot, path).split('\\').join('/'),
    data: new Uint8Array(readFileSync(path)),
  }));
  return { kind: 'files', name: 'shopkit', files };
}

async function newService(store = memoryStore(), prewarm?: () => void, releasePrewarm?: () => void): Promise<BrowserRepoService> {
  const parsers = await createNodeParsers();
  const service = new BrowserRepoService({
    openStore: async () => store,
    parseFiles: async (sources) => (await sources.all()).map((f) => parseSourceFile(parsers, f, extractorFor)),
    prewarm,
    prewarmDelayMs: 5,
    releasePrewarm,
    prewarmHoldMs: 40,
  });
  await service.open();
  return service;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bundle of a small repo with one file that does not parse, its summary saying 8.8 s. */
let bundle: Uint8Array;
beforeAll(async () => {
  const { conn } = await indexTexts('shopkit', {
    'shopkit/good.py': 'def ok():\n    return 1\n',
    'shopkit/bad.py': 'def broken(:\n    return\n',
  });
  const summary = (await readSummary(conn))!;
  await writeSummary(conn, { ...summary, ms: 8_800, phaseMs: { read: 100, parse: 8_000, stitch: 200, store: 500 } });
  bundle = bundleBytes(await exportBundle(conn));
}, 60_000);

describe('repo names and bundle imports in the app repo service', () => {
  it('uniqueRepoName: the name when free, else the first free "name (n)"', () => {
    expect(uniqueRepoName('black', [])).toBe('black');
    expect(uniqueRepoName('black', ['black'])).toBe('black (2)');
    expect(uniqueRepoName('black', ['black', 'black (2)', 'flask'])).toBe('black (3)');
  });

  it('an imported bundle shows its own syntax-error count and index time, and its progress finishes', async () => {
    const service = await newService();
    const progress: Progress[] = [];
    const summary = await service.index({ kind: 'zip', name: 'shopkit.ranger.zip', data: bundle }, (p) => progress.push(p));
    expect(summary.filesWithSyntaxErrors).toBe(1);
    expect(summary.ms).toBe(8_800);
    expect(summary.phaseMs?.parse).toBe(8_000);
    const lastRead = progress.filter((p) => p.phase === 'read').at(-1)!;
    const lastStore = progress.filter((p) => p.phase === 'store').at(-1)!;
    expect(lastRead.done).toBe(lastRead.total);
    expect(lastStore.done).toBe(lastStore.total);
    expect(lastStore.total).toBeGreaterThan(1);
    // The same figures a reload reads from the stored graph.
    expect(await storedIndexFigures(service.activeConnection()!)).toMatchObject({ filesWithSyntaxErrors: 1, ms: 8_800 });
  }, 60_000);

  it('a bundle imported twice gives two repos with unique names, both kept', async () => {
    const service = await newService();
    const first = await service.index({ kind: 'zip', name: 'shopkit.ranger.zip', data: bundle });
    const second = await service.index({ kind: 'zip', name: 'shopkit.ranger.zip', data: bundle });
    expect(first.repoName).toBe('shopkit');
    expect(second.repoName).toBe('shopkit (2)');
    const repos = await service.listRepos();
    expect(repos.map((r) => r.name).sort()).toEqual(['shopkit', 'shopkit (2)']);
    expect(new Set(repos.map((r) => r.id)).size).toBe(2);
  }, 60_000);

  it('an index never replaces another repo of its name silently; it replaces the open one, or the one it is told to', async () => {
    const service = await newService();
    const names = async () => (await service.listRepos()).map((r) => r.name).sort();
    const first = await service.index(demoInput());
    const imported = await service.index({ kind: 'zip', name: 'shopkit.ranger.zip', data: bundle });
    expect(imported.repoName).toBe('shopkit (2)');
    // "shopkit (2)" is open: indexing shopkit again keeps the stored "shopkit" and adds a third.
    const again = await service.index(demoInput());
    expect(again.changes).toBeUndefined();
    expect(again.repoName).toBe('shopkit (3)');
    expect(await names()).toEqual(['shopkit', 'shopkit (2)', 'shopkit (3)']);

    // With "shopkit" open, an index of shopkit re-indexes that open repo and replaces it.
    await service.switchRepo(first.repoId);
    const reindexed = await service.index(demoInput());
    expect(reindexed.changes).toBeDefined();
    expect(reindexed.repoName).toBe('shopkit');
    const after = await service.listRepos();
    expect(after.map((r) => r.name).sort()).toEqual(['shopkit', 'shopkit (2)', 'shopkit (3)']);
    expect(after.some((r) => r.id === first.repoId)).toBe(false);

    // Told which one (the person confirmed): "shopkit (3)", not open, is replaced and keeps its name.
    const replaced = await service.index(demoInput(), undefined, { incrementalFrom: again.repoId });
    expect(replaced.changes).toBeDefined();
    expect(replaced.repoName).toBe('shopkit (3)');
    const last = await service.listRepos();
    expect(last.map((r) => r.name).sort()).toEqual(['shopkit', 'shopkit (2)', 'shopkit (3)']);
    expect(last.some((r) => r.id === again.repoId)).toBe(false);

    // Asked (confirmReplace) about another stored repo of the name the index gives: an input
    // named shopkit-v4 whose one folder is shopkit. "Keep both" adds one; "Replace" replaces shopkit.
    const asked: string[][] = [];
    const answer = (replace: boolean) => async (stored: string, kept: string) => {
      asked.push([stored, kept]);
      return replace;
    };
    const kept = await service.index({ ...demoInput(), name: 'shopkit-v4' }, undefined, {}, answer(false));
    expect(asked).toEqual([['shopkit', 'shopkit (4)']]);
    expect(kept.repoName).toBe('shopkit (4)');
    expect(kept.changes).toBeUndefined();
    const shopkit = (await service.listRepos()).find((r) => r.name === 'shopkit')!;
    const swapped = await service.index({ ...demoInput(), name: 'shopkit-v4' }, undefined, {}, answer(true));
    expect(asked).toEqual([['shopkit', 'shopkit (4)'], ['shopkit', 'shopkit (5)']]);
    expect(swapped.repoName).toBe('shopkit');
    expect(swapped.changes).toBeDefined();
    const final = await service.listRepos();
    expect(final.map((r) => r.name).sort()).toEqual(['shopkit', 'shopkit (2)', 'shopkit (3)', 'shopkit (4)']);
    expect(final.some((r) => r.id === shopkit.id)).toBe(false);
  }, 120_000);
});

describe("when the next index's workers start", () => {
  it('after an open with no graph and on prepareIndex, never on their own after an index or an open with a graph', async () => {
    let prewarms = 0;
    const store = memoryStore();
    const service = await newService(store, () => prewarms++);
    await pause(50);
    expect(prewarms).toBe(1); // the start screen: an index is what comes next
    await service.index(demoInput());
    await pause(50);
    expect(prewarms).toBe(1); // a graph is open: no second index is in sight
    await service.prepareIndex();
    expect(prewarms).toBe(2);

    let reopened = 0;
    await newService(store, () => reopened++);
    await pause(50);
    expect(reopened).toBe(0); // the stored graph opens; workers wait for a sign
  });

  it('a sign with a graph open that no index follows ends them after the hold; an index or import within it, or the start screen, keeps them', async () => {
    let released = 0;
    const store = memoryStore();
    const empty = await newService(memoryStore(), () => undefined, () => released++);
    await empty.prepareIndex();
    await pause(100);
    expect(released).toBe(0); // the start screen: the index is still to come

    const service = await newService(store, () => undefined, () => released++);
    await service.index(demoInput());
    await service.prepareIndex(); // a drag that leaves
    await pause(100);
    expect(released).toBe(1);

    await service.prepareIndex(); // a picker, then the index it chose
    await service.index(demoInput());
    await pause(100);
    expect(released).toBe(1);

    await service.prepareIndex();
    await service.prepareIndex(); // a second sign restarts the hold: one release
    await pause(100);
    expect(released).toBe(2);
  }, 60_000);
});
