/**
 * @file transformers.js embedder: a feature-extraction pipeline with the spec's pooling,
 * L2-normalised, the query prompt prepended for 'query' texts, batched by spec.batchSize and
 * truncated to spec.maxTokens. The library comes in as a parameter (web or node build).
 * Runs in: browser workers and Node. Layer src/adapters/models (imports only core).
 */
import type { FeatureExtractionPipeline } from '@huggingface/transformers';
import { throwIfAborted } from '../../core/errors.ts';
import type { EmbedderSpec } from '../../core/models/modelSpec.ts';
import type { EmbedRole, Embedder, ModelInfo } from '../../core/models/types.ts';
import { FileProgressTracker, loadFailure } from './loadProgress.ts';
import type { ModelLoadOptions, TransformersLib } from './loadProgress.ts';

export const DEFAULT_BATCH_SIZE = 16;

export class TransformersEmbedder implements Embedder {
  readonly info: ModelInfo;

  private constructor(
    private readonly extractor: FeatureExtractionPipeline,
    readonly spec: EmbedderSpec,
    readonly dim: number,
  ) {
    this.info = { id: spec.id, label: spec.label, builtin: false };
  }

  static async load(lib: TransformersLib, spec: EmbedderSpec, options: ModelLoadOptions): Promise<TransformersEmbedder> {
    throwIfAborted(options.signal);
    const tracker = new FileProgressTracker(options.onFile);
    let extractor: FeatureExtractionPipeline;
    try {
      extractor = (await lib.pipeline('feature-extraction', spec.id, {
        dtype: spec.dtype,
        device: options.device,
        progress_callback: tracker.callback,
        ...(options.cacheDir ? { cache_dir: options.cacheDir } : {}),
      })) as FeatureExtractionPipeline;
    } catch (error) {
      throw loadFailure(spec.id, tracker, error);
    }
    if (options.signal?.aborted) {
      await extractor.dispose();
      throwIfAborted(options.signal);
    }
    limitTokens(extractor.tokenizer, spec.maxTokens);
    const probe = await runBatch(extractor, spec, ['dimension probe']);
    return new TransformersEmbedder(extractor, spec, probe[0].length);
  }

  async embed(texts: readonly string[], role: EmbedRole): Promise<Float32Array[]> {
    const prompt = role === 'query' ? (this.spec.queryPrompt ?? '') : '';
    const batchSize = Math.max(1, this.spec.batchSize ?? DEFAULT_BATCH_SIZE);
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      const batch = texts.slice(start, start + batchSize).map((text) => prompt + text);
      vectors.push(...(await runBatch(this.extractor, this.spec, batch)));
    }
    return vectors;
  }

  async dispose(): Promise<void> {
    await this.extractor.dispose();
  }
}

async function runBatch(extractor: FeatureExtractionPipeline, spec: EmbedderSpec, texts: string[]): Promise<Float32Array[]> {
  const output = await extractor(texts, { pooling: spec.pooling, normalize: true });
  const [rows, dim] = output.dims as [number, number];
  const data = output.data as Float32Array;
  const vectors: Float32Array[] = [];
  for (let row = 0; row < rows; row++) vectors.push(data.slice(row * dim, (row + 1) * dim));
  output.dispose();
  return vectors;
}

/**
 * Lowers the tokenizer's truncation length to maxTokens (the pipeline truncates to it).
 * transformers.js 4.x exposes model_max_length as a getter over `_tokenizerConfig`.
 */
export function limitTokens(tokenizer: object, maxTokens: number | undefined): void {
  if (maxTokens === undefined || maxTokens <= 0) return;
  const target = tokenizer as { model_max_length: number; _tokenizerConfig?: { model_max_length?: number } };
  const current = target.model_max_length;
  const limit = Number.isFinite(current) && current > 0 ? Math.min(current, maxTokens) : maxTokens;
  if (target._tokenizerConfig) target._tokenizerConfig.model_max_length = limit;
  else Object.defineProperty(target, 'model_max_length', { value: limit, configurable: true });
  if (target.model_max_length !== limit) throw new Error(`could not limit the tokenizer to ${limit} tokens`);
}
