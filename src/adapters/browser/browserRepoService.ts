/**
 * @file RepoService for the browser: OPFS storage (one duckdb-wasm database per repo), the
 * indexing pipeline with the browser parse pool, read-only SQL for the UI. A new index goes
 * into a NEW database; the previous graph stays active (and queryable) until the new one is
 * stored and committed to the catalog. A failed or cancelled index deletes its own database.
 * Names stay unique in the catalog ("black (2)"), and an index replaces only the open repo of
 * its name or the one the caller names (after the person confirmed): never another one silently.
 * Runs in: the repo worker (exposed with comlink by workers/repo.worker.ts).
 */
import { AppError } from '../../core/errors.ts';
import type { EdgeType, NodeKind } from '../../core/graph/types.ts';
import { indexRepository } from '../../core/pipeline/indexRepository.ts';
import type { IndexDeps } from '../../core/pipeline/indexRepository.ts';
import type { ProgressListener } from '../../core/progress.ts';
import type { ConfirmReplace, IndexRequestOptions, IndexSummary, RepoEntry, RepoInput, RepoService, Row } from '../../core/pipeline/repoService.ts';
import { assertReadOnlySql } from '../../core/store/sqlGuard.ts';
import { writeGateOf } from '../../core/store/writeGate.ts';
import { isBundle, summaryFromManifest } from '../../core/bundle/bundleFormat.ts';
import { exportBundle } from '../../core/bundle/exportBundle.ts';
import { importBundle, readBundle, storedIndexFigures } from '../../core/bundle/importBundle.ts';
import { inputRepoName } from '../../core/ingest/ingest.ts';
import { uniqueRepoName } from '../../core/ingest/repoNames.ts';
import { endSpareDatabase, openBrowserStore, prewarmDatabase } from './duckdbBrowser.ts';
import type { BrowserStore, RepoDatabase } from './duckdbBrowser.ts';
import { endWarmParseWorkers, parseFilesInBrowserWorkers, prewarmParseWorkers } from './parseWorkerPool.ts';
import { explainStorageFailure } from './storageShortfall.ts';
import { throttleProgress } from './throttleProgress.ts';

export interface BrowserRepoServiceDeps {
  openStore: () => Promise<BrowserStore>;
  parseFiles: IndexDeps['parseFiles'];
  /** Starts what the next index needs (a duckdb-wasm instance, parse workers) ahead of it. */
  prewarm?: () => void;
  /** How long after an open with no graph the prewarm waits (PREWARM_DELAY_MS). */
  prewarmDelayMs?: number;
  /** Ends what `prewarm` started (and what a small index left warm), when no index came. */
  releasePrewarm?: () => void;
  /** How long a prewarm on a sign (prepareIndex) waits for its index with a graph open (PREWARM_HOLD_MS). */
  prewarmHoldMs?: number;
}

/**
 * When the app opens with no graph to show, the first index's workers start this much later: the
 * page's first draw comes first (started beside it, their wasm compiles stretched the main
 * thread's tasks on two cores: up to 283 ms against 201 ms in the bad-inputs e2e).
 */
const PREWARM_DELAY_MS = 3_000;

/**
 * A sign of an index (files dragged over the window, a picker opened) with a graph open that no
 * index followed within this long: the prewarmed instance and workers end, their memory with them.
 */
const PREWARM_HOLD_MS = 120_000;

function prewarmIndexing(): void {
  prewarmDatabase();
  void prewarmParseWorkers();
}

function releaseIndexingPrewarm(): void {
  endSpareDatabase();
  endWarmParseWorkers();
}

/**
 * A dropped bundle (imported, not indexed). A function of its own: read in index()'s frame, the
 * zip's bytes stayed in a register of its suspended async frame for the whole index (80 MB at
 * 50,000 files) after the pipeline let them go.
 */
function isBundleInput(input: RepoInput): input is Extract<RepoInput, { kind: 'zip' }> {
  return input.kind === 'zip' && isBundle(input.data);
}

function totalOf(counts: Partial<Record<NodeKind | EdgeType, number>>): number {
  return Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

export class BrowserRepoService implements RepoService {
  private storeReady: Promise<BrowserStore> | null = null;
  private opening: Promise<{ repos: RepoEntry[]; activeRepoId: string | null; persistent: boolean }> | null = null;
  private active: RepoDatabase | null = null;
  private indexing: AbortController | null = null;
  private activeListeners = new Set<() => void>();

  /** A prewarm's wait for its index (prepareIndex); an index or import that starts ends it. */
  private prewarmHold: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deps: BrowserRepoServiceDeps = {
      openStore: openBrowserStore,
      parseFiles: parseFilesInBrowserWorkers,
      prewarm: prewarmIndexing,
      releasePrewarm: releaseIndexingPrewarm,
    },
  ) {}

  /**
   * Starts the next index's workers a moment from now: the app has opened with no graph, so an
   * index is what the person will do. With a graph open, they wait for a sign (prepareIndex):
   * started after every open or index, they cost about 2 CPU-s and their memory each time, for
   * an index that mostly never comes.
   */
  private prewarmSoon(): void {
    const prewarm = this.deps.prewarm;
    // An index that started meanwhile has its workers: a prewarm then would only compete with it.
    if (prewarm) setTimeout(() => this.indexing || this.active || prewarm(), this.deps.prewarmDelayMs ?? PREWARM_DELAY_MS);
  }

  /**
   * The person is about to index (files dragged over the window, a file picker opened): starts
   * the index's duckdb-wasm instance and parse workers now, while they choose. Idempotent. With
   * a graph open, they end again if no index began within PREWARM_HOLD_MS (a drag that left, a
   * picker cancelled); on the start screen an index is what comes next, so they stay.
   */
  async prepareIndex(): Promise<void> {
    if (this.indexing) return;
    this.deps.prewarm?.();
    const release = this.deps.releasePrewarm;
    if (!release) return;
    clearTimeout(this.prewarmHold);
    this.prewarmHold = setTimeout(() => this.active && release(), this.deps.prewarmHoldMs ?? PREWARM_HOLD_MS);
  }

  /** An index or import begins: it takes the prewarmed workers, so their wait ends. */
  private startIndexing(): AbortController {
    clearTimeout(this.prewarmHold);
    this.indexing = new AbortController();
    return this.indexing;
  }

  /** The active repo's database for in-worker services (not for comlink callers: not cloneable). */
  activeConnection(): RepoDatabase['conn'] | null {
    return this.active?.conn ?? null;
  }

  /** Called just before the active database changes or closes (semantic jobs stop then). */
  onActiveChange(listener: () => void): void {
    this.activeListeners.add(listener);
  }

  private setActive(database: RepoDatabase | null): void {
    if (database === this.active) return;
    for (const listener of this.activeListeners) listener();
    this.active = database;
  }

  private store(): Promise<BrowserStore> {
    this.storeReady ??= this.deps.openStore().catch((error: unknown) => {
      this.storeReady = null; // a later open() may succeed once the other tab has gone
      throw error;
    });
    return this.storeReady;
  }

  /** Idempotent: concurrent and repeated calls share one opening of storage and database. */
  open(): Promise<{ repos: RepoEntry[]; activeRepoId: string | null; persistent: boolean }> {
    this.opening ??= this.openOnce().finally(() => {
      this.opening = null;
      this.prewarmSoon();
    });
    return this.opening;
  }

  private async openOnce(): Promise<{ repos: RepoEntry[]; activeRepoId: string | null; persistent: boolean }> {
    const store = await this.store();
    const catalog = await store.list();
    if (catalog.activeRepoId && this.active?.repoId !== catalog.activeRepoId) {
      try {
        this.setActive(await store.open(catalog.activeRepoId));
      } catch (error) {
        if (error instanceof AppError && error.code === 'STORAGE_LOCKED') throw error;
        // The saved graph cannot be opened: keep it listed, open nothing, and say why.
        await store.setActive(null);
        throw error;
      }
    }
    return { repos: catalog.repos, activeRepoId: this.active?.repoId ?? null, persistent: store.persistent };
  }

  async index(input: RepoInput, onProgress?: ProgressListener, options: IndexRequestOptions = {}, confirmReplace?: ConfirmReplace): Promise<IndexSummary> {
    if (this.indexing) throw new AppError('INPUT_INVALID', 'An index is already running; cancel it or wait for it to finish.');
    if (isBundleInput(input)) return this.importBundle(input.data, onProgress);
    const controller = this.startIndexing();
    // The new database opens while the files are read and parsed; it becomes active only once
    // everything is stored, and is deleted again on any failure or cancel.
    let creating: Promise<RepoDatabase> | null = null;
    let committed = false;
    let prior: { repoId: string; name: string; database: RepoDatabase; owned: boolean } | null = null;
    try {
      const store = await this.store();
      prior = await this.priorVersion(store, input, options, confirmReplace);
      creating = store.create(input.name);
      const conn = creating.then((created) => created.conn);
      conn.catch(() => {}); // indexRepository awaits it only when it reaches the store phase
      const summary = await indexRepository(
        input,
        { parseFiles: this.deps.parseFiles, conn, freshDatabase: true },
        {
          onProgress: throttleProgress(onProgress),
          signal: controller.signal,
          incremental: prior ? { previous: prior.database.conn } : undefined,
        },
      );
      const database = await creating;
      summary.repoId = database.repoId;
      // A new repo beside a stored one of the same name is "name (2)"; a re-index keeps its name.
      const others = (await store.list()).repos.filter((r) => r.id !== prior?.repoId);
      summary.repoName = uniqueRepoName(prior?.name ?? summary.repoName, others.map((r) => r.name));
      if (controller.signal.aborted) throw new AppError('CANCELLED', 'Cancelled by the user.');
      await database.conn.run('CHECKPOINT');
      // Served from here on by a fresh instance (a big one's index memory goes with the old).
      await store.refresh(database);
      await this.commitAndSwap(store, database, summary, () => (committed = true));
      // The new version carries what the old one had: the old entry goes.
      if (prior) {
        if (prior.owned) await prior.database.close();
        await store.delete(prior.repoId);
        prior = null;
      }
      return summary;
    } catch (error) {
      if (controller.signal.aborted && !(error instanceof AppError && error.code === 'CANCELLED')) {
        throw new AppError('CANCELLED', 'Cancelled by the user.', { cause: error });
      }
      throw await explainStorageFailure(error);
    } finally {
      if (!committed && creating) {
        const created = await creating.catch(() => null);
        if (created) await this.discard(created);
      }
      if (prior?.owned) await prior.database.close().catch(() => undefined);
      this.indexing = null;
    }
  }

  /**
   * Records a new database in the catalog (the summary's name and counts) and makes it the active
   * one; `committed` runs then (from there on the caller must not discard it), and the database
   * active before is closed.
   */
  private async commitAndSwap(store: BrowserStore, database: RepoDatabase, summary: IndexSummary, committed: () => void): Promise<void> {
    await store.commit({
      id: database.repoId,
      name: summary.repoName,
      indexedAt: new Date().toISOString(),
      files: summary.files,
      nodes: totalOf(summary.nodes),
    });
    const previous = this.active;
    this.setActive(database);
    committed();
    if (previous && previous !== this.active) await previous.close();
  }

  /**
   * The stored repo a new index re-indexes incrementally and replaces: the one asked for
   * (`incrementalFrom`), else the open repo when it has the input's name, else another stored
   * repo of that name when `confirmReplace` says so; otherwise the new one is kept beside it.
   */
  private async priorVersion(
    store: BrowserStore,
    input: RepoInput,
    options: IndexRequestOptions,
    confirmReplace?: ConfirmReplace,
  ): Promise<{ repoId: string; name: string; database: RepoDatabase; owned: boolean } | null> {
    if (options.incremental === false) return null;
    const { repos } = await store.list();
    // Named as its index will name it: a zip whose single folder has another name than the file
    // (`shop-v2.zip` holding `shop/`) re-indexes the open `shop`, or asks about a stored `shop`.
    const name = inputRepoName(input);
    let entry = options.incrementalFrom
      ? repos.find((r) => r.id === options.incrementalFrom)
      : repos.find((r) => r.id === this.active?.repoId && r.name === name);
    if (!entry && !options.incrementalFrom && confirmReplace) {
      const other = repos.find((r) => r.name === name);
      if (other && (await confirmReplace(other.name, uniqueRepoName(name, repos.map((r) => r.name))))) entry = other;
    }
    if (!entry) return null;
    if (this.active?.repoId === entry.id) return { repoId: entry.id, name: entry.name, database: this.active, owned: false };
    return { repoId: entry.id, name: entry.name, database: await store.open(entry.id), owned: true };
  }

  /**
   * A bundle becomes a new repo (checked whole before its database is created), named uniquely
   * beside the stored ones. Its summary carries the original index's figures (syntax errors,
   * index time), not the import's. Progress: read = checking the bundle, store = its tables.
   */
  async importBundle(bytes: Uint8Array, onProgress?: ProgressListener): Promise<IndexSummary> {
    if (this.indexing) throw new AppError('INPUT_INVALID', 'An index is already running; cancel it or wait for it to finish.');
    const controller = this.startIndexing();
    let created: RepoDatabase | null = null;
    let committed = false;
    try {
      onProgress?.({ phase: 'read', done: 0, total: 1, detail: 'checking the bundle' });
      const { manifest } = readBundle(bytes);
      onProgress?.({ phase: 'read', done: 1, total: 1 });
      const store = await this.store();
      const name = uniqueRepoName(manifest.repo_name, (await store.list()).repos.map((r) => r.name));
      created = await store.create(name);
      onProgress?.({ phase: 'store', done: 0, total: manifest.tables.length, detail: 'importing the bundle' });
      await importBundle(created.conn, bytes, controller.signal, (done, total) =>
        onProgress?.({ phase: 'store', done, total, detail: 'importing the bundle' }),
      );
      const summary = summaryFromManifest(manifest, created.repoId, await storedIndexFigures(created.conn), name);
      await store.refresh(created);
      await this.commitAndSwap(store, created, summary, () => (committed = true));
      return summary;
    } catch (error) {
      throw await explainStorageFailure(error);
    } finally {
      if (!committed && created) await this.discard(created);
      this.indexing = null;
    }
  }

  async exportBundle(): Promise<{ fileName: string; blob: Blob }> {
    if (!this.active) throw new AppError('INPUT_INVALID', 'No graph is open: index a repository or pick one from the repos menu.');
    const active = this.active;
    const conn = active.conn;
    // One unit of the write gate: a semantic job's transaction never lands between two tables' reads.
    const { parts, manifest } = await writeGateOf(conn).exclusive(() => exportBundle(conn));
    // The export read every table, and a big database's instance keeps the memory that took (at
    // 50,000 files 1.3 GB): a fresh one gives it back. Not waited for: the download goes first,
    // reads wait for the new instance, writes for the gate.
    void this.store()
      .then((store) => writeGateOf(conn).exclusive(() => store.refresh(active)))
      .catch(() => {}); // a failed reopen shows at the next read
    const slug = manifest.repo_name.replace(/[^A-Za-z0-9._-]+/g, '-') || 'repo';
    // A Blob of the zip's pieces: the browser keeps it (on disk when big), and it travels to the
    // page without a copy of its bytes.
    return { fileName: `${slug}.ranger.zip`, blob: new Blob(parts as Uint8Array<ArrayBuffer>[], { type: 'application/zip' }) };
  }

  private async discard(database: RepoDatabase): Promise<void> {
    const store = await this.store();
    await store.delete(database.repoId);
  }

  async cancel(): Promise<void> {
    this.indexing?.abort();
  }

  async listRepos(): Promise<RepoEntry[]> {
    return (await (await this.store()).list()).repos;
  }

  async switchRepo(repoId: string): Promise<void> {
    if (this.active?.repoId === repoId) return;
    const store = await this.store();
    const database = await store.open(repoId);
    await store.setActive(repoId);
    const previous = this.active;
    this.setActive(database);
    if (previous) await previous.close();
  }

  async deleteRepo(repoId: string): Promise<void> {
    if (this.active?.repoId === repoId) this.setActive(null);
    await (await this.store()).delete(repoId);
  }

  async query(sql: string): Promise<Row[]> {
    assertReadOnlySql(sql);
    if (!this.active) throw new AppError('INPUT_INVALID', 'No graph is open: index a repository or pick one from the repos menu.');
    return this.active.conn.query(sql);
  }
}

export function createBrowserRepoService(deps?: BrowserRepoServiceDeps): RepoService {
  return new BrowserRepoService(deps);
}
