/**
 * @file Turn what the user dropped or picked (a zip File, a dropped folder, a folder picked with
 * webkitdirectory) into a RepoInput. Only File objects are collected here; their bytes are read
 * with the async Blob API and transferred to the repo worker, never parsed on this thread.
 * Runs in: the main thread.
 */
import type { RepoInput } from '../../core/pipeline/repoService.ts';

/** Folders never worth reading from a dropped tree (their entries would only be skipped). */
const UNREAD_DIRECTORIES = new Set(['.git', 'node_modules']);

export async function zipInput(file: File): Promise<RepoInput> {
  return { kind: 'zip', name: file.name.replace(/\.zip$/i, ''), data: new Uint8Array(await file.arrayBuffer()) };
}

interface PickedFile {
  path: string;
  file: File;
}

async function filesInput(name: string, picked: PickedFile[]): Promise<RepoInput> {
  const files = await Promise.all(
    picked.map(async ({ path, file }) => ({ path, data: new Uint8Array(await file.arrayBuffer()) })),
  );
  return { kind: 'files', name, files };
}

/** Files from `<input type=file webkitdirectory>`: paths come from webkitRelativePath. */
export async function folderPickInput(list: FileList): Promise<RepoInput | null> {
  const picked: PickedFile[] = [];
  for (const file of Array.from(list)) {
    const path = file.webkitRelativePath || file.name;
    if (path.split('/').some((part) => UNREAD_DIRECTORIES.has(part))) continue;
    picked.push({ path, file });
  }
  if (picked.length === 0) return null;
  const name = picked[0]!.path.split('/')[0] ?? 'folder';
  return filesInput(name, picked);
}

/** A drop: the first zip file, or a folder read recursively through FileSystemEntry. */
export async function dropInput(data: DataTransfer): Promise<RepoInput | null> {
  const entries = Array.from(data.items)
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry())
    .filter((entry): entry is FileSystemEntry => entry !== null);
  const directory = entries.find((entry) => entry.isDirectory) as FileSystemDirectoryEntry | undefined;
  if (directory) {
    const picked: PickedFile[] = [];
    await walkDirectory(directory, directory.name, picked);
    return filesInput(directory.name, picked);
  }
  const file = Array.from(data.files)[0];
  return file ? zipInput(file) : null;
}

async function walkDirectory(directory: FileSystemDirectoryEntry, prefix: string, out: PickedFile[]): Promise<void> {
  const reader = directory.createReader();
  for (;;) {
    // readEntries returns at most ~100 entries per call: keep reading until it returns none.
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return;
    for (const entry of batch) {
      const path = `${prefix}/${entry.name}`;
      if (entry.isDirectory) {
        if (!UNREAD_DIRECTORIES.has(entry.name)) await walkDirectory(entry as FileSystemDirectoryEntry, path, out);
      } else if (entry.isFile) {
        const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
        out.push({ path, file });
      }
    }
  }
}
