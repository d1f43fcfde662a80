/**
 * @file SemanticService: the contract of the semantic layer as the UI sees it through
 * the repo worker — model choice and loading, descriptions (RANGER 3.3 / A.9), embeddings per
 * model and source, SIMILAR edges (CodeRAG / GraphCodeAgent). Plain data in and out so it
 * crosses comlink; callbacks are comlink proxies. The CLI uses the same core orchestrators.
 * Runs in: the repo worker (app). Layer src/core.
 */
import type { WireError } from '../errors.ts';
import type { EmbedderSpec, LlmSpec, ModelRole, ModelSpec, PresetId, RerankerSpec } from '../models/modelSpec.ts';

/** Where a model actually runs. 'builtin' = plain JS of the built-ins; 'cpu' = onnxruntime-node. */
export type DeviceKind = 'webgpu' | 'wasm' | 'cpu' | 'builtin';

export interface FileProgress {
  file: string;
  loaded: number;
  /** 0 when unknown. */
  total: number;
  done: boolean;
  /** True when the file came from the browser cache (no network). */
  cached?: boolean;
}

export interface ModelStatus {
  role: ModelRole;
  spec: ModelSpec;
  state: 'idle' | 'loading' | 'ready' | 'error';
  device: DeviceKind | null;
  /** Per-file download progress of the last load (hub / folder sources). */
  files: FileProgress[];
  /** Why the last load failed; the other models keep working. */
  error: WireError | null;
  /** Set when the shipped neural embedder could not load and the built-in lexical one stands in. */
  fallback?: string | null;
}

export type SemanticSource = 'description' | 'code';

/** One stored set of vectors: a model's embeddings of one text source. */
export interface EmbeddingSetInfo {
  model: string;
  source: SemanticSource;
  dim: number;
  count: number;
  builtin: boolean;
  createdAt: string;
}

export interface DescribeProgress {
  state: 'idle' | 'running' | 'paused' | 'done' | 'error';
  /** Generator id of the stored descriptions ('builtin:structural' or an LLM id); null = none yet. */
  generator: string | null;
  /** Nodes described by this generator, and nodes to describe in all. */
  done: number;
  total: number;
  /** Qualified name of the node being described, while running. */
  current?: string;
  /** Live text of the LLM answer being streamed (truncated), while running with an LLM. */
  streaming?: string;
  error?: WireError;
}

export interface EmbedProgress {
  phase: 'fit' | 'embed' | 'similar';
  source?: SemanticSource;
  done: number;
  total: number;
}

export interface SimilarInfo {
  model: string;
  source: SemanticSource;
  eps: number;
  k: number;
  edges: number;
  /** 'exact' below the size limit, 'lsh' above it (approximate top-k). */
  method: 'exact' | 'lsh';
}

export interface SemanticStatus {
  presetId: PresetId | 'custom';
  embedder: ModelStatus;
  reranker: ModelStatus;
  llm: ModelStatus;
  /** Does this browser have a WebGPU adapter (models then run there automatically)? */
  webgpu: boolean;
  describe: DescribeProgress;
  embeddings: EmbeddingSetInfo[];
  similar: SimilarInfo | null;
  /** Bytes of downloaded model files in the browser cache. */
  cacheBytes: number;
  /** Where hub ids are downloaded from (default https://huggingface.co/; a mirror works too). */
  hubHost: string;
}

export interface DeviceCheck {
  role: 'embedder' | 'reranker';
  /** Largest absolute difference between WASM and WebGPU outputs on the same inputs. */
  maxAbsDiff: number;
  wasmMs: number;
  webgpuMs: number;
}

export interface SimilarOptions {
  /** Cosine threshold (CodeRAG's eps), default 0.8. */
  eps?: number;
  /** At most this many SIMILAR neighbours per node, default 5. */
  k?: number;
  source?: SemanticSource;
}

export type Listener<T> = (value: T) => void;

export interface SemanticService {
  semanticStatus(): Promise<SemanticStatus>;
  /** Switches all three models to a preset (nothing loads until needed or loadModels()). */
  selectPreset(id: PresetId): Promise<SemanticStatus>;
  /** Replaces one model (a custom hub id, a public/models folder, a picked folder). */
  setModel(spec: EmbedderSpec | RerankerSpec | LlmSpec): Promise<SemanticStatus>;
  /** Sets the hub host (a mirror, or a localhost server in tests); null restores the default. */
  setHubHost(url: string | null): Promise<SemanticStatus>;
  /** Registers a folder the user picked or dropped; returns a spec with source 'folder'. */
  addModelFolder(role: 'embedder' | 'reranker', name: string, files: { path: string; data: Blob }[]): Promise<ModelSpec>;
  /** Loads (downloads when needed) the selected models; status updates stream to onStatus. */
  loadModels(onStatus?: Listener<SemanticStatus>): Promise<SemanticStatus>;
  /** Runs the selected embedder and reranker on WASM and on WebGPU and compares the outputs. */
  checkDevices(): Promise<DeviceCheck[]>;
  /** Describes every node still missing a description from the current generator, bottom-up. */
  describe(options: { restart?: boolean }, onProgress?: Listener<DescribeProgress>): Promise<DescribeProgress>;
  /** Stops describe() after the node in flight; what is done stays stored (resume = describe()). */
  pauseDescribe(): Promise<void>;
  /** Embeds description and code texts of every embeddable node with the selected embedder. */
  embed(options: { sources?: SemanticSource[] }, onProgress?: Listener<EmbedProgress>): Promise<EmbeddingSetInfo[]>;
  /** Recomputes SIMILAR edges from stored embeddings of the selected embedder. */
  computeSimilar(options: SimilarOptions, onProgress?: Listener<EmbedProgress>): Promise<SimilarInfo>;
  cancelSemantic(): Promise<void>;
  clearModelCache(): Promise<SemanticStatus>;
}
