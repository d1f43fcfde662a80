/**
 * @file Client of the models worker: starts workers/models.worker.ts and returns a ModelsHost
 * whose Embedder / Reranker are thin objects forwarding embed() / score() to the worker (vectors
 * come back as transferred Float32Arrays). Created inside the repo worker (a nested worker).
 * Runs in: the repo worker (or any page / worker that can start module workers).
 */
import { proxy, wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { EmbedderSpec, RerankerSpec } from '../../core/models/modelSpec.ts';
import type { EmbedRole, Embedder, ModelInfo, Reranker } from '../../core/models/types.ts';
import type { FileProgress } from '../../core/semantic/semanticService.ts';
import { installErrorTransfer } from '../../core/errorTransfer.ts';
import type { BrowserDevice, DeviceChoice, ModelsWorkerApi } from './transformersBrowser.ts';

/** The worker's API with models in place of handles; the calls without models pass straight through. */
export interface ModelsHost extends Pick<ModelsWorkerApi, 'webgpu' | 'setHubHost' | 'addFolder' | 'cacheBytes' | 'clearCache'> {
  loadEmbedder(
    spec: EmbedderSpec,
    device: DeviceChoice,
    onFile?: (p: FileProgress) => void,
  ): Promise<{ embedder: Embedder; device: BrowserDevice }>;
  loadReranker(
    spec: RerankerSpec,
    device: DeviceChoice,
    onFile?: (p: FileProgress) => void,
  ): Promise<{ reranker: Reranker; device: BrowserDevice }>;
  /** Frees a model loaded by this host in the worker (its ONNX session and weights). */
  release(model: Embedder | Reranker): Promise<void>;
  dispose(): void;
}

export function createModelsHost(): ModelsHost {
  installErrorTransfer();
  const worker = new Worker(new URL('../../../workers/models.worker.ts', import.meta.url), { type: 'module', name: 'models' });
  const api: Remote<ModelsWorkerApi> = wrap<ModelsWorkerApi>(worker);
  const progress = (onFile?: (p: FileProgress) => void) => (onFile ? proxy(onFile) : undefined);
  return {
    webgpu: () => api.webgpu(),
    setHubHost: (url) => api.setHubHost(url),
    addFolder: (name, files) => api.addFolder(name, files),
    async loadEmbedder(spec, device, onFile) {
      const loaded = await api.loadEmbedder(spec, device, progress(onFile));
      return { embedder: new RemoteEmbedder(api, loaded.handle, loaded.info, loaded.dim), device: loaded.device };
    },
    async loadReranker(spec, device, onFile) {
      const loaded = await api.loadReranker(spec, device, progress(onFile));
      return { reranker: new RemoteReranker(api, loaded.handle, loaded.info), device: loaded.device };
    },
    async release(model) {
      if (model instanceof RemoteEmbedder || model instanceof RemoteReranker) await api.release(model.handle);
    },
    cacheBytes: () => api.cacheBytes(),
    clearCache: () => api.clearCache(),
    dispose: () => worker.terminate(),
  };
}

class RemoteEmbedder implements Embedder {
  constructor(
    private readonly api: Remote<ModelsWorkerApi>,
    readonly handle: number,
    readonly info: ModelInfo,
    readonly dim: number,
  ) {}

  embed(texts: readonly string[], role: EmbedRole): Promise<Float32Array[]> {
    return this.api.embed(this.handle, texts, role);
  }
}

class RemoteReranker implements Reranker {
  constructor(
    private readonly api: Remote<ModelsWorkerApi>,
    readonly handle: number,
    readonly info: ModelInfo,
  ) {}

  score(query: string, docs: readonly string[]): Promise<number[]> {
    return this.api.score(this.handle, query, docs);
  }
}
