/**
 * @file Where model choices come from on the page: the fixture / self-hosted models listed in
 * our own origin's /models/index.json (they become specs with source 'public'), a hub id typed
 * by the user, and a folder picked (webkitdirectory) or dropped, read into Blobs for the worker.
 * Runs in: the main thread (only File handles are collected here; the worker reads the bytes).
 */
import type { Dtype, EmbedderSpec, RerankerSpec } from '../../core/models/modelSpec.ts';

export type TransformersRole = 'embedder' | 'reranker';
export type TransformersSpec = EmbedderSpec | RerankerSpec;

export const DTYPES: Dtype[] = ['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4', 'q4f16', 'bnb4'];

interface IndexEntry {
  role?: unknown;
  id?: unknown;
  label?: unknown;
  dtype?: unknown;
  pooling?: unknown;
  queryPrompt?: unknown;
  maxTokens?: unknown;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function specFromIndexEntry(entry: IndexEntry): TransformersSpec | null {
  const id = text(entry.id);
  const role = entry.role;
  if (!id || (role !== 'embedder' && role !== 'reranker')) return null;
  const dtype = DTYPES.includes(entry.dtype as Dtype) ? (entry.dtype as Dtype) : 'fp32';
  const label = text(entry.label) ?? id;
  const maxTokens = typeof entry.maxTokens === 'number' ? entry.maxTokens : undefined;
  if (role === 'reranker') return { role, id, label, source: { kind: 'public' }, dtype, ...(maxTokens ? { maxTokens } : {}) };
  const pooling = entry.pooling === 'cls' ? 'cls' : 'mean';
  const queryPrompt = text(entry.queryPrompt);
  return { role, id, label, source: { kind: 'public' }, dtype, pooling, ...(queryPrompt ? { queryPrompt } : {}), ...(maxTokens ? { maxTokens } : {}) };
}

/** Models under public/models/ (index.json: { models: [{ role, id, label, dtype, pooling }] }). */
export async function loadPublicModels(): Promise<TransformersSpec[]> {
  const response = await fetch(`${import.meta.env.BASE_URL}models/index.json`, { cache: 'no-cache' });
  if (!response.ok) return [];
  const body = (await response.json()) as unknown;
  const list = Array.isArray(body) ? body : Array.isArray((body as { models?: unknown })?.models) ? (body as { models: unknown[] }).models : [];
  return list.flatMap((entry) => {
    const spec = entry && typeof entry === 'object' ? specFromIndexEntry(entry as IndexEntry) : null;
    return spec ? [spec] : [];
  });
}

export function hubSpec(role: TransformersRole, id: string, dtype: Dtype, pooling: 'mean' | 'cls'): TransformersSpec {
  const trimmed = id.trim();
  const label = trimmed.split('/').pop() ?? trimmed;
  return role === 'embedder'
    ? { role, id: trimmed, label, source: { kind: 'hub' }, dtype, pooling }
    : { role, id: trimmed, label, source: { kind: 'hub' }, dtype };
}

export interface ModelFolder {
  name: string;
  /** Paths relative to the folder itself ('config.json', 'onnx/model.onnx'). */
  files: { path: string; data: Blob }[];
}

/** A folder picked with `<input type=file webkitdirectory>`: the first path segment is its name. */
export function folderFromFileList(list: FileList): ModelFolder | null {
  const files = Array.from(list);
  if (files.length === 0) return null;
  const name = (files[0]!.webkitRelativePath || files[0]!.name).split('/')[0] ?? 'folder';
  return {
    name,
    files: files.map((file) => ({ path: (file.webkitRelativePath || file.name).split('/').slice(1).join('/') || file.name, data: file })),
  };
}

/** A folder dropped on the panel, read recursively through FileSystemEntry. */
export async function folderFromDrop(data: DataTransfer): Promise<ModelFolder | null> {
  const entry = Array.from(data.items)
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry())
    .find((e): e is FileSystemDirectoryEntry => e !== null && e.isDirectory);
  if (!entry) return null;
  const files: { path: string; data: Blob }[] = [];
  await walk(entry, '', files);
  return { name: entry.name, files };
}

async function walk(directory: FileSystemDirectoryEntry, prefix: string, out: { path: string; data: Blob }[]): Promise<void> {
  const reader = directory.createReader();
  for (;;) {
    // readEntries returns at most ~100 entries per call: keep reading until it returns none.
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return;
    for (const entry of batch) {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory) await walk(entry as FileSystemDirectoryEntry, path, out);
      else if (entry.isFile) {
        const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
        out.push({ path, data: file });
      }
    }
  }
}
