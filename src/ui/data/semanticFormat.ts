/**
 * @file How the semantic layer reads in the UI: model sources, devices, generators and byte
 * counts as short labels. Built-ins always say "built-in, offline"; the shipped neural embedder
 * "built-in neural, offline".
 * Runs in: the main thread.
 */
import type { ModelSpec } from '../../core/models/modelSpec.ts';
import { BUILTIN_NEURAL_TAG, isShipped } from '../../core/models/modelSpec.ts';
import type { DeviceKind, FileProgress } from '../../core/semantic/semanticService.ts';

export const BUILTIN_TAG = 'built-in, offline';

export function sourceLabel(spec: ModelSpec): string {
  if (isShipped(spec)) return BUILTIN_NEURAL_TAG;
  switch (spec.source.kind) {
    case 'builtin':
      return BUILTIN_TAG;
    case 'hub':
      return 'hub';
    case 'public':
      return 'public folder';
    case 'folder':
      return 'picked folder';
    case 'webllm-prebuilt':
      return 'web-llm prebuilt';
    case 'webllm-url':
      return 'web-llm, self-hosted';
  }
}

export function deviceLabel(device: DeviceKind | null): string {
  if (device === null) return 'not loaded';
  return { webgpu: 'WebGPU', wasm: 'WASM', cpu: 'CPU', builtin: 'built-in (JS)' }[device];
}

export const ROLE_LABEL = { embedder: 'Embedder', reranker: 'Reranker', llm: 'Describer (LLM)' } as const;

/** 'builtin:structural' -> 'structural (built-in)'; an LLM id stays as it is. */
export function generatorLabel(generator: string | null): string {
  if (!generator) return 'none yet';
  if (generator.startsWith('builtin:')) return `${generator.slice('builtin:'.length)} (built-in)`;
  return generator;
}

export function isBuiltinId(id: string): boolean {
  return id.startsWith('builtin:');
}

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB'];
  const power = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** power;
  return `${value >= 100 || power === 0 ? Math.round(value) : value.toFixed(1)} ${units[power]}`;
}

/** '12.3 MB / 35 MB', or the bytes so far when the total is unknown. */
export function fileBytes(file: FileProgress): string {
  if (file.cached) return `${formatBytes(file.total || file.loaded)} (cached)`;
  return file.total > 0 ? `${formatBytes(file.loaded)} / ${formatBytes(file.total)}` : formatBytes(file.loaded);
}

export function percent(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
}

