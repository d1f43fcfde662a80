/**
 * @file Walks a folder on disk into RawEntry records ('/'-separated paths relative to the root,
 * sorted). Symlinks are never followed: they come back with isSymlink and no data. Files are
 * read only when `wanted(path)` says so (so node_modules or .git are listed, never read).
 * Runs in: Node (cli, benchmarks).
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RawEntry } from '../../core/ingest/types.ts';

export interface ReadDirectoryOptions {
  /** Whether to read the bytes of this file (relative path). Default: every file. */
  wanted?: (path: string) => boolean;
}

/** Lists every file, folder and symlink under `root` without reading any file. */
export async function listDirectory(root: string): Promise<RawEntry[]> {
  const entries: RawEntry[] = [];
  async function walk(dir: string, prefix: string): Promise<void> {
    const children = await readdir(dir, { withFileTypes: true });
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const child of children) {
      const path = prefix + child.name;
      const full = join(dir, child.name);
      if (child.isSymbolicLink()) {
        entries.push({ path, data: null, size: 0, isSymlink: true });
      } else if (child.isDirectory()) {
        entries.push({ path, data: null, size: 0, isDirectory: true });
        await walk(full, `${path}/`);
      } else if (child.isFile()) {
        entries.push({ path, data: null, size: (await lstat(full)).size });
      }
      // Sockets, FIFOs and devices are not files anyone meant to index: left out.
    }
  }
  await walk(root, '');
  return entries;
}

/** Reads the bytes of the listed files that `wanted` accepts (in place); failures get skip 'unreadable'. */
export async function readListedFiles(root: string, entries: RawEntry[], wanted?: (path: string) => boolean): Promise<RawEntry[]> {
  for (const entry of entries) {
    if (entry.isDirectory || entry.isSymlink) continue;
    if (wanted && !wanted(entry.path)) continue;
    try {
      entry.data = new Uint8Array(await readFile(join(root, ...entry.path.split('/'))));
    } catch (error) {
      entry.skip = { reason: 'unreadable', detail: (error as Error).message };
    }
  }
  return entries;
}

/** Lists `root` and reads the wanted files. */
export async function readDirectory(root: string, options: ReadDirectoryOptions = {}): Promise<RawEntry[]> {
  return readListedFiles(root, await listDirectory(root), options.wanted);
}
