/**
 * @file transformers.js in the browser: the web build with every
 * onnxruntime wasm file served from our own origin (never the CDN), models from public/models/
 * ('/models/'), from the hub (only for hub sources; host settable, files kept in the browser
 * cache 'transformers-cache' so a second visit is offline), or from a folder the user picked
 * (served from memory through transformers.js's custom cache hook, no network). Device 'auto'
 * picks WebGPU when an adapter exists, else WASM. Exposed to the UI by workers/models.worker.ts.
 * Runs in: the models worker (a module worker nested in the repo worker).
 */
import * as transformers from '@huggingface/transformers';
import { transfer } from 'comlink';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import { AppError } from '../../core/errors.ts';
import type { EmbedderSpec, ModelSource, RerankerSpec } from '../../core/models/modelSpec.ts';
import type { EmbedRole, ModelInfo } from '../../core/models/types.ts';
import type { FileProgress } from '../../core/semantic/semanticService.ts';
import { TransformersEmbedder } from '../models/transformersEmbedder.ts';
import { TransformersReranker } from '../models/transformersReranker.ts';
import { webgpuAvailable } from './webGpu.ts';

export const CACHE_NAME = 'transformers-cache';
export const LOCAL_MODEL_PATH = '/models/';
export const DEFAULT_HUB_HOST = 'https://huggingface.co/';

export type BrowserDevice = 'webgpu' | 'wasm';
export type DeviceChoice = 'auto' | BrowserDevice;

const { env } = transformers;

/** Folder models picked or dropped by the user: folder name -> relative path -> file. */
const folders = new Map<string, Map<string, Blob>>();
let hubHost = DEFAULT_HUB_HOST;

function configureOnce(): void {
  const wasm = env.backends.onnx.wasm;
  if (wasm) wasm.wasmPaths = { wasm: new URL(ortWasm, self.location.href).href, mjs: new URL(ortMjs, self.location.href).href };
  env.localModelPath = LOCAL_MODEL_PATH;
  env.allowRemoteModels = false;
  env.useBrowserCache = true;
  env.cacheKey = CACHE_NAME;
  env.useCustomCache = true;
  env.customCache = folderAwareCache;
}

/** transformers.js's env is global: each load sets it for its own source, one load at a time. */
function configureFor(source: ModelSource): void {
  env.remoteHost = hubHost;
  env.allowRemoteModels = source.kind === 'hub';
  // Hub ids never read /models/ (a missing file there may come back as the SPA's index.html).
  env.allowLocalModels = source.kind !== 'hub';
}

/** A request key (local path or hub URL) -> the folder file it names, if any. */
function folderFile(request: string): Blob | undefined {
  let path = request;
  if (path.startsWith(hubHost)) path = path.slice(hubHost.length).replace(/\/resolve\/[^/]+\//, '/');
  else {
    try {
      path = new URL(path, self.location.href).pathname;
    } catch {
      return undefined;
    }
    if (path.startsWith(LOCAL_MODEL_PATH)) path = path.slice(LOCAL_MODEL_PATH.length);
  }
  path = decodeURIComponent(path.replace(/^\/+/, ''));
  for (const [name, files] of folders) {
    if (path.startsWith(`${name}/`)) return files.get(path.slice(name.length + 1));
  }
  return undefined;
}

/**
 * transformers.js's custom cache (env.useCustomCache + env.customCache, match/put): folder files
 * first, then the browser cache. Only hub downloads are stored; /models/ files and the ORT wasm
 * are already on our own origin.
 */
const folderAwareCache = {
  async match(request: string): Promise<Response | undefined> {
    const file = folderFile(request);
    if (file) return new Response(file, { headers: { 'content-length': String(file.size) } });
    if (!isHubUrl(request)) return undefined;
    return (await caches.open(CACHE_NAME)).match(request);
  },
  async put(request: string, response: Response): Promise<void> {
    if (!isHubUrl(request)) return;
    await (await caches.open(CACHE_NAME)).put(request, response);
  },
  async delete(request: string): Promise<boolean> {
    return (await caches.open(CACHE_NAME)).delete(request);
  },
};

function isHubUrl(request: string): boolean {
  return /^https?:\/\//.test(request) && request.startsWith(hubHost);
}

async function devicesToTry(choice: DeviceChoice): Promise<BrowserDevice[]> {
  if (choice !== 'auto') return [choice];
  return (await webgpuAvailable()) ? ['webgpu', 'wasm'] : ['wasm'];
}

let loadQueue: Promise<unknown> = Promise.resolve();

function serially<T>(task: () => Promise<T>): Promise<T> {
  const next = loadQueue.then(task, task);
  loadQueue = next.catch(() => undefined);
  return next;
}

/** Loads on the chosen device; 'auto' falls back to WASM when WebGPU fails to load the model. */
async function loadOnDevice<T>(
  source: ModelSource,
  choice: DeviceChoice,
  load: (device: BrowserDevice) => Promise<T>,
): Promise<{ model: T; device: BrowserDevice }> {
  if (source.kind === 'builtin') throw new AppError('CONFIG_INVALID', 'Built-in models run in core, not through transformers.js.');
  return serially(async () => {
    configureFor(source);
    const devices = await devicesToTry(choice);
    let lastError: unknown;
    for (const device of devices) {
      try {
        return { model: await load(device), device };
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  });
}

type Handle = number;

/** The API the models worker exposes (comlink): models live here, the client holds handles. */
export interface ModelsWorkerApi {
  webgpu(): Promise<boolean>;
  setHubHost(url: string | null): Promise<void>;
  addFolder(name: string, files: { path: string; data: Blob }[]): Promise<void>;
  loadEmbedder(
    spec: EmbedderSpec,
    device: DeviceChoice,
    onFile?: (progress: FileProgress) => void,
  ): Promise<{ handle: Handle; info: ModelInfo; dim: number; device: BrowserDevice }>;
  loadReranker(
    spec: RerankerSpec,
    device: DeviceChoice,
    onFile?: (progress: FileProgress) => void,
  ): Promise<{ handle: Handle; info: ModelInfo; device: BrowserDevice }>;
  embed(handle: Handle, texts: readonly string[], role: EmbedRole): Promise<Float32Array[]>;
  score(handle: Handle, query: string, docs: readonly string[]): Promise<number[]>;
  release(handle: Handle): Promise<void>;
  cacheBytes(): Promise<number>;
  clearCache(): Promise<void>;
}

export function createModelsWorkerApi(): ModelsWorkerApi {
  configureOnce();
  const embedders = new Map<Handle, TransformersEmbedder>();
  const rerankers = new Map<Handle, TransformersReranker>();
  let nextHandle = 1;
  return {
    webgpu: webgpuAvailable,
    async setHubHost(url) {
      hubHost = url ? (url.endsWith('/') ? url : `${url}/`) : DEFAULT_HUB_HOST;
    },
    async addFolder(name, files) {
      const prefix = `${name}/`;
      const strip = files.length > 0 && files.every((f) => f.path.startsWith(prefix));
      folders.set(name, new Map(files.map((f) => [strip ? f.path.slice(prefix.length) : f.path.replace(/^\/+/, ''), f.data])));
    },
    async loadEmbedder(spec, choice, onFile) {
      const { model, device } = await loadOnDevice(spec.source, choice, (device) =>
        TransformersEmbedder.load(transformers, spec, { device, onFile }),
      );
      const handle = nextHandle++;
      embedders.set(handle, model);
      return { handle, info: model.info, dim: model.dim, device };
    },
    async loadReranker(spec, choice, onFile) {
      const { model, device } = await loadOnDevice(spec.source, choice, (device) =>
        TransformersReranker.load(transformers, spec, { device, onFile }),
      );
      const handle = nextHandle++;
      rerankers.set(handle, model);
      return { handle, info: model.info, device };
    },
    async embed(handle, texts, role) {
      const embedder = embedders.get(handle);
      if (!embedder) throw new AppError('CONFIG_INVALID', `No loaded embedder ${handle} (released?).`);
      const vectors = await embedder.embed(texts, role);
      // Each vector owns its buffer (a slice): send them without copying.
      return transfer(vectors, vectors.map((v) => v.buffer as ArrayBuffer));
    },
    async score(handle, query, docs) {
      const reranker = rerankers.get(handle);
      if (!reranker) throw new AppError('CONFIG_INVALID', `No loaded reranker ${handle} (released?).`);
      return reranker.score(query, docs);
    },
    async release(handle) {
      const model = embedders.get(handle) ?? rerankers.get(handle);
      embedders.delete(handle);
      rerankers.delete(handle);
      await model?.dispose();
    },
    cacheBytes,
    clearCache,
  };
}

/** Bytes held by the browser cache of downloaded model files. */
export async function cacheBytes(): Promise<number> {
  if (typeof caches === 'undefined' || !(await caches.has(CACHE_NAME))) return 0;
  const cache = await caches.open(CACHE_NAME);
  let total = 0;
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (!response) continue;
    const length = Number(response.headers.get('content-length'));
    total += Number.isFinite(length) && length > 0 ? length : (await response.blob()).size;
  }
  return total;
}

export async function clearCache(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(CACHE_NAME);
}
