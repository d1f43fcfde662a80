/**
 * @file Node model factories for the CLI and tests: a spec becomes the built-in lexical model or
 * a transformers.js one (node build, onnxruntime-node, device 'cpu'). Sources: hub ids
 * (downloaded from env.remoteHost into cacheDir, then offline), public/models/ folders (or
 * --models-dir), never the network unless the spec is a hub id. Also resolves the CLI's
 * `--model <preset|id|folder>` argument into a spec.
 * Runs in: Node (cli, tests, bench).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type * as Transformers from '@huggingface/transformers';
import { AppError } from '../../core/errors.ts';
import { LexicalEmbedder } from '../../core/models/lexicalEmbedder.ts';
import type { IdfTable } from '../../core/models/lexicalEmbedder.ts';
import { createBuiltinReranker } from '../../core/models/builtinReranker.ts';
import { BUILTIN_EMBEDDER, BUILTIN_LEARNED_RERANKER, BUILTIN_RERANKER, DEFAULT_PRESET_ID, isShipped, presetById } from '../../core/models/modelSpec.ts';
import type { Dtype, EmbedderSpec, ModelSpec, RerankerSpec } from '../../core/models/modelSpec.ts';
import type { Embedder, Reranker } from '../../core/models/types.ts';
import type { FileProgress } from '../../core/semantic/semanticService.ts';
import { TransformersEmbedder } from '../models/transformersEmbedder.ts';
import { TransformersReranker } from '../models/transformersReranker.ts';
import { repoRoot } from './nodeBundle.mjs';

/** <repo>/public/models, the default folder for `public` sources. */
export const DEFAULT_MODELS_DIR = join(repoRoot(), 'public', 'models');

/** A spec as resolved from a CLI argument; a folder path carries the folder that holds it. */
export type NodeModelSpec<S extends ModelSpec> = S & { modelsDir?: string };

export interface NodeModelOptions {
  /** Folder holding `public` models (default <repo>/public/models). */
  modelsDir?: string;
  /** Hub base URL (default https://huggingface.co/); tests point it at scripts/hubServer.ts. */
  remoteHost?: string;
  /** Where hub downloads are cached (default transformers.js's own .cache). */
  cacheDir?: string;
  onFile?: (progress: FileProgress) => void;
  signal?: AbortSignal;
  /** Told why when the shipped neural embedder could not load and the built-in lexical one stands in. */
  onFallback?: (message: string) => void;
}

type TransformersNode = typeof Transformers;

let queue: Promise<unknown> = Promise.resolve();

/** transformers.js's env is global: loads run one at a time, each with its own settings. */
function serially<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}

async function configuredLibrary(spec: NodeModelSpec<EmbedderSpec | RerankerSpec>, options: NodeModelOptions): Promise<TransformersNode> {
  const lib = await import('@huggingface/transformers');
  const hub = spec.source.kind === 'hub';
  const modelsDir = resolve(options.modelsDir ?? spec.modelsDir ?? DEFAULT_MODELS_DIR);
  lib.env.allowRemoteModels = hub;
  // Hub ids are looked up on the hub (and its cache) only, so a same-named public folder never shadows them.
  lib.env.allowLocalModels = !hub;
  lib.env.localModelPath = modelsDir.endsWith('/') ? modelsDir : `${modelsDir}/`;
  lib.env.remoteHost = options.remoteHost ?? 'https://huggingface.co/';
  if (options.cacheDir) lib.env.cacheDir = options.cacheDir;
  return lib;
}

/** The built-in lexical embedder (needs the fitted idf) or a transformers.js embedder on cpu. */
export function createNodeEmbedder(
  spec: NodeModelSpec<EmbedderSpec>,
  options: NodeModelOptions & { idf?: IdfTable } = {},
): Promise<Embedder> {
  if (spec.source.kind === 'builtin') return Promise.resolve(new LexicalEmbedder(options.idf ? { idf: options.idf } : {}));
  if (spec.source.kind === 'folder') return Promise.reject(folderSourceError(spec));
  const loaded = serially(async () => {
    const lib = await configuredLibrary(spec, options);
    return TransformersEmbedder.load(lib, spec, { device: 'cpu', onFile: options.onFile, signal: options.signal, cacheDir: options.cacheDir });
  });
  if (!isShipped(spec)) return loaded;
  // The shipped neural embedder: the built-in lexical one stands in when it cannot load (said so).
  return loaded.catch((error: unknown) => {
    if (options.signal?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    options.onFallback?.(`${spec.label} could not load (${reason}): the built-in lexical embedder stands in.`);
    return new LexicalEmbedder(options.idf ? { idf: options.idf } : {});
  });
}

/** A built-in reranker (lexical or learned) or a transformers.js cross-encoder on cpu. */
export function createNodeReranker(spec: NodeModelSpec<RerankerSpec>, options: NodeModelOptions = {}): Promise<Reranker> {
  if (spec.source.kind === 'builtin') return Promise.resolve(createBuiltinReranker(spec));
  if (spec.source.kind === 'folder') return Promise.reject(folderSourceError(spec));
  return serially(async () => {
    const lib = await configuredLibrary(spec, options);
    return TransformersReranker.load(lib, spec, { device: 'cpu', onFile: options.onFile, signal: options.signal, cacheDir: options.cacheDir });
  });
}

function folderSourceError(spec: ModelSpec): AppError {
  return new AppError('CONFIG_INVALID', `Model ${spec.id}: 'folder' sources exist only in the browser; in Node pass the folder path (source 'public').`);
}

/**
 * The CLI's `--model <preset|id|folder>`: undefined or 'offline' -> the offline preset (the shipped
 * neural embedder, the lexical reranker); 'builtin' / 'lexical' -> the built-in lexical models; 'learned' (reranker) -> the built-in learned reranker; 'fast' / 'paper' ->
 * that preset's spec; an existing directory -> a `public` source read from its parent folder;
 * an id with a folder under the default models dir -> that `public` folder; anything else -> a hub
 * id (q8). Folder models get fp32 when they ship only onnx/model.onnx.
 */
export function resolveModelArg(arg: string | undefined, role: 'embedder'): NodeModelSpec<EmbedderSpec>;
export function resolveModelArg(arg: string | undefined, role: 'reranker'): NodeModelSpec<RerankerSpec>;
export function resolveModelArg(arg: string | undefined, role: 'embedder' | 'reranker'): NodeModelSpec<EmbedderSpec | RerankerSpec>;
export function resolveModelArg(arg: string | undefined, role: 'embedder' | 'reranker'): NodeModelSpec<EmbedderSpec | RerankerSpec> {
  const value = arg?.trim();
  if (value === 'builtin' || value === 'lexical') return role === 'embedder' ? BUILTIN_EMBEDDER : BUILTIN_RERANKER;
  if (value === 'learned' && role === 'reranker') return BUILTIN_LEARNED_RERANKER;
  if (!value || value === 'offline') {
    const preset = presetById(DEFAULT_PRESET_ID)!;
    return role === 'embedder' ? preset.embedder : preset.reranker;
  }
  const preset = presetById(value);
  if (preset) return role === 'embedder' ? preset.embedder : preset.reranker;
  if (isDirectory(value)) {
    const folder = resolve(value);
    return folderSpec(role, basename(folder), dirname(folder), folderDtype(folder));
  }
  const local = join(DEFAULT_MODELS_DIR, value);
  if (isDirectory(local)) return folderSpec(role, value, DEFAULT_MODELS_DIR, folderDtype(local));
  const base = { id: value, label: value, source: { kind: 'hub' as const }, dtype: 'q8' as Dtype };
  return role === 'embedder' ? { role, ...base, pooling: 'mean' } : { role, ...base };
}

function folderSpec(role: 'embedder' | 'reranker', id: string, modelsDir: string, dtype: Dtype): NodeModelSpec<EmbedderSpec | RerankerSpec> {
  const base = { id, label: `${id} (local folder)`, source: { kind: 'public' as const }, dtype, modelsDir };
  return role === 'embedder' ? { role, ...base, pooling: folderPooling(join(modelsDir, id)) } : { role, ...base };
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/** sentence-transformers folders say their pooling in 1_Pooling/config.json; mean otherwise. */
function folderPooling(folder: string): 'mean' | 'cls' {
  const file = join(folder, '1_Pooling', 'config.json');
  if (!existsSync(file)) return 'mean';
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { pooling_mode_cls_token?: boolean }).pooling_mode_cls_token ? 'cls' : 'mean';
  } catch {
    return 'mean';
  }
}

/** q8 when the folder ships onnx/model_quantized.onnx, else fp32 (onnx/model.onnx). */
function folderDtype(folder: string): Dtype {
  return existsSync(join(folder, 'onnx', 'model_quantized.onnx')) ? 'q8' : 'fp32';
}
