/**
 * @file Model specs and presets as data (docs/retrieval.md): which embedder,
 * cross-encoder and LLM to use, where their files come from (built-in, hub id, public/models/
 * folder, a folder the user picked) and with which dtype. Adapters turn a spec into a model;
 * nothing here loads anything. Model ids are data, not code.
 * Runs in: everywhere. Layer src/core.
 */

export type ModelRole = 'embedder' | 'reranker' | 'llm';

/** ONNX weight variants transformers.js can load (file suffix under onnx/). */
export type Dtype = 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4' | 'q4f16' | 'bnb4';

/** Where a transformers.js model's files come from. */
export type ModelSource =
  /** Needs no files at all: the built-in lexical models (labelled "built-in, offline"). */
  | { kind: 'builtin' }
  /** Hub id, downloaded once (per-file progress) and then served from the browser cache. */
  | { kind: 'hub' }
  /** Served by our own origin from public/models/<id>/ (or the CLI's --models-dir). */
  | { kind: 'public' }
  /** A folder the user picked or dropped; its files live in memory for this session. */
  | { kind: 'folder' };

export interface EmbedderSpec {
  role: 'embedder';
  /** 'builtin:lexical', a hub id ('mixedbread-ai/mxbai-embed-large-v1'), a public/ or folder name. */
  id: string;
  label: string;
  source: ModelSource;
  dtype: Dtype;
  pooling: 'mean' | 'cls';
  /** Prepended to query texts only (role 'query'), e.g. mxbai's retrieval instruction. */
  queryPrompt?: string;
  /** Texts longer than this many tokens are truncated by the tokenizer. */
  maxTokens?: number;
  /** Texts per model call. */
  batchSize?: number;
  /**
   * Ships with the app (public/models/<id>/, committed): labelled "built-in neural, offline", and
   * the built-in lexical embedder stands in when it cannot be loaded.
   */
  shipped?: boolean;
}

export interface RerankerSpec {
  role: 'reranker';
  id: string;
  label: string;
  source: ModelSource;
  dtype: Dtype;
  maxTokens?: number;
  /** (query, document) pairs per model call. */
  batchSize?: number;
}

/** web-llm model, or the built-in structural describer when source is builtin. */
export interface LlmSpec {
  role: 'llm';
  /** 'builtin:structural', a web-llm prebuilt id, or a self-hosted id. */
  id: string;
  label: string;
  source:
    | { kind: 'builtin' }
    | { kind: 'webllm-prebuilt' }
    /** Self-hosted: absolute URLs (relative URLs fail in web-llm). */
    | { kind: 'webllm-url'; modelUrl: string; modelLibUrl: string };
  /** Context window in tokens (A.9.3 composition above it). */
  contextTokens: number;
}

export type ModelSpec = EmbedderSpec | RerankerSpec | LlmSpec;

export type PresetId = 'paper' | 'fast' | 'offline';

export interface ModelPreset {
  id: PresetId;
  label: string;
  /** One line for the models panel. */
  note: string;
  /** The technical name, shown as a tooltip (plain words first in the label). */
  technical?: string;
  embedder: EmbedderSpec;
  reranker: RerankerSpec;
  llm: LlmSpec;
}

export const BUILTIN_EMBEDDER: EmbedderSpec = Object.freeze({
  role: 'embedder',
  id: 'builtin:lexical',
  label: 'Built-in lexical embedder (offline)',
  source: { kind: 'builtin' },
  dtype: 'fp32',
  pooling: 'mean',
}) as EmbedderSpec;

/** Label tag of the shipped neural embedder (every label that names it carries it). */
export const BUILTIN_NEURAL_TAG = 'built-in neural, offline';

/**
 * Our own code-search bi-encoder (trained by scripts/train/ on CPU), shipped in
 * public/models/ranger-code-search-mini/: the offline default; no network, WASM or WebGPU.
 */
export const BUILTIN_NEURAL_EMBEDDER: EmbedderSpec = Object.freeze({
  role: 'embedder',
  id: 'ranger-code-search-mini',
  label: `ranger-code-search-mini (${BUILTIN_NEURAL_TAG})`,
  source: { kind: 'public' },
  dtype: 'fp32',
  pooling: 'mean',
  // The length it was trained at (scripts/train: code truncated at 128 tokens).
  maxTokens: 128,
  batchSize: 32,
  shipped: true,
}) as EmbedderSpec;

/** A reranker that ships inside the app (no file, no download). */
function builtinReranker(id: string, label: string): RerankerSpec {
  return Object.freeze({ role: 'reranker', id, label, source: { kind: 'builtin' }, dtype: 'fp32' }) as RerankerSpec;
}

export const BUILTIN_RERANKER = builtinReranker('builtin:lexical-reranker', 'Built-in lexical reranker (offline)');

/** The learned reranker over the engine's signals (src/core/models/learnedReranker.ts, trained by scripts/rerank/). */
export const BUILTIN_LEARNED_RERANKER = builtinReranker('builtin:learned-reranker', 'Built-in learned reranker (offline)');

export const BUILTIN_DESCRIBER: LlmSpec = Object.freeze({
  role: 'llm',
  id: 'builtin:structural',
  label: 'Built-in structural descriptions (offline, no LLM)',
  source: { kind: 'builtin' },
  contextTokens: Number.POSITIVE_INFINITY,
}) as LlmSpec;

/** mxbai and bge share this retrieval instruction for queries (their model cards). */
export const RETRIEVAL_QUERY_PROMPT = 'Represent this sentence for searching relevant passages: ';

export const PRESETS: readonly ModelPreset[] = Object.freeze([
  {
    id: 'offline',
    label: 'Offline (built-in)',
    note: 'No download: our neural code-search embedder (shipped with the app; the lexical one stands in if it cannot load), our learned reranker, structural descriptions.',
    embedder: BUILTIN_NEURAL_EMBEDDER,
    // Ranks better than the lexical one and its score is relevance (trained with off-topic
    // questions as negatives), so "Nothing relevant found" holds (docs/retrieval.md, Rerankers).
    reranker: BUILTIN_LEARNED_RERANKER,
    llm: BUILTIN_DESCRIBER,
  },
  {
    id: 'fast',
    label: 'Fast (small downloads)',
    technical: 'bge-small-en-v1.5 + ms-marco-MiniLM-L-6-v2 + Qwen2.5 0.5B (web-llm)',
    note: 'Small neural models (about 35 MB + 23 MB quantized), downloaded once.',
    embedder: {
      role: 'embedder',
      id: 'Xenova/bge-small-en-v1.5',
      label: 'bge-small-en-v1.5',
      source: { kind: 'hub' },
      dtype: 'q8',
      pooling: 'cls',
      queryPrompt: RETRIEVAL_QUERY_PROMPT,
      maxTokens: 512,
      batchSize: 16,
    },
    reranker: {
      role: 'reranker',
      id: 'Xenova/ms-marco-MiniLM-L-6-v2',
      label: 'ms-marco-MiniLM-L-6-v2',
      source: { kind: 'hub' },
      dtype: 'q8',
      maxTokens: 512,
      batchSize: 16,
    },
    llm: {
      role: 'llm',
      id: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
      label: 'Qwen2.5 0.5B Instruct (web-llm)',
      source: { kind: 'webllm-prebuilt' },
      contextTokens: 4096,
    },
  },
  {
    id: 'paper',
    label: 'As in the paper (large downloads)',
    technical: 'RANGER appendix A.4: mxbai-embed-large-v1 + bge-reranker-v2-m3 + Qwen3 0.6B (web-llm)',
    note: 'mxbai-embed-large-v1 + bge-reranker-v2-m3 (quantized: its fp32 is over the 2 GB browser limit).',
    embedder: {
      role: 'embedder',
      id: 'mixedbread-ai/mxbai-embed-large-v1',
      label: 'mxbai-embed-large-v1',
      source: { kind: 'hub' },
      dtype: 'fp16',
      pooling: 'cls',
      queryPrompt: RETRIEVAL_QUERY_PROMPT,
      maxTokens: 512,
      batchSize: 8,
    },
    reranker: {
      role: 'reranker',
      id: 'onnx-community/bge-reranker-v2-m3-ONNX',
      label: 'bge-reranker-v2-m3 (q8)',
      source: { kind: 'hub' },
      dtype: 'q8',
      maxTokens: 512,
      batchSize: 8,
    },
    llm: {
      role: 'llm',
      id: 'Qwen3-0.6B-q4f32_1-MLC',
      label: 'Qwen3 0.6B (web-llm)',
      source: { kind: 'webllm-prebuilt' },
      contextTokens: 4096,
    },
  },
] satisfies ModelPreset[]);

export const DEFAULT_PRESET_ID: PresetId = 'offline';

export function presetById(id: string): ModelPreset | undefined {
  return PRESETS.find((p) => p.id === id);
}

export function isBuiltin(spec: ModelSpec): boolean {
  return spec.source.kind === 'builtin';
}

/** The shipped neural embedder (or a spec marked shipped): loads from our own files, falls back to lexical. */
export function isShipped(spec: ModelSpec): boolean {
  return spec.role === 'embedder' && spec.shipped === true;
}

/** How an embedding set's model reads in answers and CLI output ("built-in neural, offline" for ours). */
export function embedderDisplayName(id: string): string {
  if (id === BUILTIN_NEURAL_EMBEDDER.id) return BUILTIN_NEURAL_EMBEDDER.label;
  if (id === BUILTIN_EMBEDDER.id) return 'built-in lexical, offline';
  return id;
}
