/**
 * @file The repo catalog in the OPFS root (`ranger-repos.json`: the indexed repos and the active
 * one) and the OPFS file helpers around the per-repo databases (`ranger-<id>.duckdb` + `.wal`).
 * The catalog is written only by the repo worker.
 * Runs in: the repo worker (browser). Falls back to nothing: callers check opfsRoot() first.
 */
import type { RepoEntry } from '../../core/pipeline/repoService.ts';

export const CATALOG_FILE = 'ranger-repos.json';

export interface RepoCatalog {
  repos: RepoEntry[];
  activeRepoId: string | null;
}

interface CatalogFile extends RepoCatalog {
  version: 1;
}

export function emptyCatalog(): RepoCatalog {
  return { repos: [], activeRepoId: null };
}

/** Database file name of a repo (ids are [a-z0-9-] only, see newRepoId). */
export function repoDatabaseFile(repoId: string): string {
  return `ranger-${repoId}.duckdb`;
}

/** A fresh, file-name-safe id: a slug of the name plus random hex ('flask-3fa9c2'). */
export function newRepoId(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const random = Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${slug || 'repo'}-${random}`;
}

/** The OPFS root directory, or null when OPFS is not available (private mode, old browser). */
export async function opfsRoot(): Promise<FileSystemDirectoryHandle | null> {
  try {
    if (typeof navigator === 'undefined' || typeof navigator.storage?.getDirectory !== 'function') return null;
    return await navigator.storage.getDirectory();
  } catch {
    return null;
  }
}

function isCatalog(value: unknown): value is CatalogFile {
  const v = value as Partial<CatalogFile> | null;
  return !!v && v.version === 1 && Array.isArray(v.repos) && (v.activeRepoId === null || typeof v.activeRepoId === 'string');
}

/** Reads the catalog; a missing or unreadable file is an empty catalog. */
export async function readCatalog(root: FileSystemDirectoryHandle): Promise<RepoCatalog> {
  const text = await readOpfsText(root, CATALOG_FILE);
  if (text === null) return emptyCatalog();
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isCatalog(parsed)) return emptyCatalog();
    const active = parsed.repos.some((r) => r.id === parsed.activeRepoId) ? parsed.activeRepoId : null;
    return { repos: parsed.repos, activeRepoId: active };
  } catch {
    return emptyCatalog();
  }
}

/** Replaces the catalog file. */
export async function writeCatalog(root: FileSystemDirectoryHandle, catalog: RepoCatalog): Promise<void> {
  const body: CatalogFile = { version: 1, repos: catalog.repos, activeRepoId: catalog.activeRepoId };
  await writeOpfsText(root, CATALOG_FILE, JSON.stringify(body, null, 2));
}

/** Replaces a small text file in the OPFS root (createWritable where the browser has it, else a sync handle). */
export async function writeOpfsText(root: FileSystemDirectoryHandle, name: string, text: string): Promise<void> {
  const bytes = new TextEncoder().encode(text);
  const handle = await root.getFileHandle(name, { create: true });
  if (typeof handle.createWritable === 'function') {
    const writable = await handle.createWritable();
    await writable.write(bytes);
    await writable.close();
    return;
  }
  const sync = await (handle as FileSystemFileHandle & { createSyncAccessHandle(): Promise<FileSystemSyncAccessHandle> }).createSyncAccessHandle();
  try {
    sync.truncate(0);
    sync.write(bytes, { at: 0 });
    sync.flush();
  } finally {
    sync.close();
  }
}

/** Reads a small text file from the OPFS root; null when it is missing or unreadable. */
export async function readOpfsText(root: FileSystemDirectoryHandle, name: string): Promise<string | null> {
  try {
    const handle = await root.getFileHandle(name);
    return await (await handle.getFile()).text();
  } catch {
    return null;
  }
}

/**
 * Removes a repo's database and WAL files; missing files are fine. A just-closed database
 * releases its OPFS access handles a moment after its worker ends, so a file still locked
 * (NoModificationAllowedError) is retried for up to `waitMs`.
 */
export async function removeRepoFiles(root: FileSystemDirectoryHandle, repoId: string, waitMs = 3000): Promise<void> {
  const base = repoDatabaseFile(repoId);
  for (const name of [base, `${base}.wal`]) {
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        await root.removeEntry(name);
        break;
      } catch (error) {
        const errorName = (error as DOMException).name;
        if (errorName === 'NotFoundError') break;
        if (errorName !== 'NoModificationAllowedError' || Date.now() >= deadline) throw error;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }
}
