/**
 * @file transformers.js cross-encoder reranker (RANGER Algorithm 1 line 20 scores
 * query/document pairs): AutoTokenizer + AutoModelForSequenceClassification on (query, doc)
 * pairs, batched by spec.batchSize, score = sigmoid(logit) in [0, 1] (with several labels:
 * the softmax probability of the last one). The library comes in as a parameter.
 * Runs in: browser workers and Node. Layer src/adapters/models (imports only core).
 */
import type { PreTrainedModel, PreTrainedTokenizer, Tensor } from '@huggingface/transformers';
import { throwIfAborted } from '../../core/errors.ts';
import type { RerankerSpec } from '../../core/models/modelSpec.ts';
import type { ModelInfo, Reranker } from '../../core/models/types.ts';
import { DEFAULT_BATCH_SIZE } from './transformersEmbedder.ts';
import { FileProgressTracker, loadFailure } from './loadProgress.ts';
import type { ModelLoadOptions, TransformersLib } from './loadProgress.ts';

export class TransformersReranker implements Reranker {
  readonly info: ModelInfo;

  private constructor(
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly model: PreTrainedModel,
    readonly spec: RerankerSpec,
  ) {
    this.info = { id: spec.id, label: spec.label, builtin: false };
  }

  static async load(lib: TransformersLib, spec: RerankerSpec, options: ModelLoadOptions): Promise<TransformersReranker> {
    throwIfAborted(options.signal);
    const tracker = new FileProgressTracker(options.onFile);
    const common = {
      progress_callback: tracker.callback,
      ...(options.cacheDir ? { cache_dir: options.cacheDir } : {}),
    };
    let tokenizer: PreTrainedTokenizer;
    let model: PreTrainedModel;
    try {
      tokenizer = await lib.AutoTokenizer.from_pretrained(spec.id, common);
      model = await lib.AutoModelForSequenceClassification.from_pretrained(spec.id, {
        ...common,
        dtype: spec.dtype,
        device: options.device,
      });
    } catch (error) {
      throw loadFailure(spec.id, tracker, error);
    }
    if (options.signal?.aborted) {
      await model.dispose();
      throwIfAborted(options.signal);
    }
    return new TransformersReranker(tokenizer, model, spec);
  }

  async score(query: string, docs: readonly string[]): Promise<number[]> {
    const batchSize = Math.max(1, this.spec.batchSize ?? DEFAULT_BATCH_SIZE);
    const scores: number[] = [];
    for (let start = 0; start < docs.length; start += batchSize) {
      const batch = docs.slice(start, start + batchSize);
      const inputs = this.tokenizer(
        batch.map(() => query),
        { text_pair: batch, padding: true, truncation: true, ...(this.spec.maxTokens ? { max_length: this.spec.maxTokens } : {}) },
      );
      const output = (await this.model(inputs)) as { logits: Tensor };
      scores.push(...logitsToScores(output.logits));
      output.logits.dispose();
    }
    return scores;
  }

  async dispose(): Promise<void> {
    await this.model.dispose();
  }
}

/** [n, 1] logits -> sigmoid; [n, k] logits -> softmax probability of the last label. */
export function logitsToScores(logits: { dims: readonly number[]; data: ArrayLike<number | bigint> | readonly unknown[] }): number[] {
  const [rows, labels] = logits.dims as [number, number];
  const scores: number[] = [];
  for (let row = 0; row < rows; row++) {
    if (labels === 1) {
      scores.push(1 / (1 + Math.exp(-Number(logits.data[row]))));
      continue;
    }
    let max = -Infinity;
    for (let k = 0; k < labels; k++) max = Math.max(max, Number(logits.data[row * labels + k]));
    let sum = 0;
    for (let k = 0; k < labels; k++) sum += Math.exp(Number(logits.data[row * labels + k]) - max);
    scores.push(Math.exp(Number(logits.data[row * labels + labels - 1]) - max) / sum);
  }
  return scores;
}
