/**
 * @file Built-in learned reranker (offline, no download; docs/retrieval.md): a small
 * learning-to-rank model over rerankFeatures.ts's features, trained on CPU by scripts/rerank/ on
 * docstring queries of Debian packages held out of every benchmark split, with hard negatives
 * from the first stage. Weights are data (learnedReranker.weights.ts): standardised features,
 * an optional tanh hidden layer, one linear output, a sigmoid, times a relevance gate (a
 * per-question factor in [0, 1]: how likely the repository answers the question at all), so
 * scores lie in [0, 1] as MCTS's reward expects and read as relevance. It needs the search
 * engine's signals (scoreWithSignals); asked through plain `score` (text alone) it answers as the
 * lexical reranker does.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError } from '../errors.ts';
import { LexicalReranker, lexicalPartsAll } from './lexicalReranker.ts';
import { GATE_FEATURE_COUNT, GATE_FEATURES, gateFeatures, RERANK_FEATURE_COUNT, RERANK_FEATURES, rerankFeatures } from './rerankFeatures.ts';
import type { ModelInfo, Reranker, RerankSignals } from './types.ts';
import { LEARNED_RERANKER_WEIGHTS } from './learnedReranker.weights.ts';

export const LEARNED_RERANKER_INFO: ModelInfo = Object.freeze({
  id: 'builtin:learned-reranker',
  label: 'Built-in learned reranker (offline)',
  builtin: true,
});

export const LEARNED_RERANKER_FORMAT = 'ranger-rerank-mlp/1';

export interface LearnedRerankerWeights {
  format: typeof LEARNED_RERANKER_FORMAT;
  /** Feature names in order; must equal RERANK_FEATURES. */
  features: readonly string[];
  mean: readonly number[];
  std: readonly number[];
  /** hidden x features, row-major; absent: a linear model. */
  hidden?: { weights: readonly number[]; bias: readonly number[] };
  output: { weights: readonly number[]; bias: number };
  /**
   * The relevance gate: a factor per question, the sigmoid of a linear function of its
   * GATE_FEATURES standardised (how well the repository matches the question at all), that
   * multiplies every candidate's score. Near 1 for a question the repository answers, so the
   * scores (and MCTS's rewards) stay the model's; near 0 for an off-topic one, so it scores low
   * everywhere. The order within a question never changes. Absent: a factor of 1.
   */
  gate?: { features: readonly string[]; mean: readonly number[]; std: readonly number[]; weights: readonly number[]; bias: number };
  /** One line: what it was trained on. */
  trained: string;
}

/** Throws CONFIG_INVALID when the weights do not fit this build's features. */
export function checkWeights(w: LearnedRerankerWeights): void {
  const bad = (why: string) => new AppError('CONFIG_INVALID', `Learned reranker weights: ${why}.`);
  if (w.format !== LEARNED_RERANKER_FORMAT) throw bad(`format '${String(w.format)}', expected '${LEARNED_RERANKER_FORMAT}'`);
  if (w.features.join(',') !== RERANK_FEATURES.join(',')) throw bad('features differ from this build');
  if (w.mean.length !== RERANK_FEATURE_COUNT || w.std.length !== RERANK_FEATURE_COUNT) throw bad('mean / std length');
  const inputs = w.hidden ? w.hidden.bias.length : RERANK_FEATURE_COUNT;
  if (w.hidden && w.hidden.weights.length !== inputs * RERANK_FEATURE_COUNT) throw bad('hidden layer shape');
  if (w.output.weights.length !== inputs) throw bad('output layer shape');
  if (w.gate) {
    if (w.gate.features.join(',') !== GATE_FEATURES.join(',')) throw bad('gate features differ from this build');
    if ([w.gate.mean, w.gate.std, w.gate.weights].some((a) => a.length !== GATE_FEATURE_COUNT)) throw bad('gate shape');
  }
}

export class LearnedReranker implements Reranker {
  readonly info: ModelInfo = LEARNED_RERANKER_INFO;
  private readonly lexical = new LexicalReranker();
  private readonly weights: LearnedRerankerWeights;
  private readonly scale: Float64Array;
  private readonly raw = new Float64Array(RERANK_FEATURE_COUNT);
  private readonly x = new Float64Array(RERANK_FEATURE_COUNT);
  private readonly gateRaw = new Float64Array(GATE_FEATURE_COUNT);
  private readonly h: Float64Array;

  constructor(weights: LearnedRerankerWeights = LEARNED_RERANKER_WEIGHTS) {
    checkWeights(weights);
    this.weights = weights;
    this.scale = Float64Array.from(weights.std, (s) => (s > 0 ? 1 / s : 0));
    this.h = new Float64Array(weights.hidden ? weights.hidden.bias.length : 0);
  }

  /** Text alone: the lexical reranker's scores (the model needs the engine's signals). */
  score(query: string, docs: readonly string[]): Promise<number[]> {
    return this.lexical.score(query, docs);
  }

  async scoreWithSignals(query: string, docs: readonly string[], signals: readonly RerankSignals[]): Promise<number[]> {
    if (signals.length !== docs.length) throw new AppError('UNKNOWN', `Learned reranker: ${signals.length} signals for ${docs.length} documents.`);
    const parts = lexicalPartsAll(query, docs);
    // The gate's inputs are the question's: the same whichever candidate they are read from.
    const factor = parts.length > 0 ? this.gateFactor(gateFeatures(parts[0], signals[0], this.gateRaw)) : 1;
    return parts.map((p, i) => factor * this.scoreFeatures(rerankFeatures(p, signals[i], this.raw)));
  }

  /** The gate's factor in [0, 1] for one question's GATE_FEATURES (raw); 1 without a gate. */
  gateFactor(inputs: ArrayLike<number>): number {
    const gate = this.weights.gate;
    if (!gate) return 1;
    let z = gate.bias;
    for (let k = 0; k < GATE_FEATURE_COUNT; k++) if (gate.std[k] > 0) z += (gate.weights[k] * (inputs[k] - gate.mean[k])) / gate.std[k];
    return 1 / (1 + Math.exp(-z));
  }

  /** The model on one feature vector (raw, not standardised), in [0, 1], before the gate. */
  scoreFeatures(features: ArrayLike<number>): number {
    const { mean, hidden, output } = this.weights;
    const x = this.x;
    for (let f = 0; f < RERANK_FEATURE_COUNT; f++) x[f] = (features[f] - mean[f]) * this.scale[f];
    let input: ArrayLike<number> = x;
    if (hidden) {
      const h = this.h;
      for (let j = 0; j < h.length; j++) {
        let sum = hidden.bias[j];
        const row = j * RERANK_FEATURE_COUNT;
        for (let f = 0; f < RERANK_FEATURE_COUNT; f++) sum += hidden.weights[row + f] * x[f];
        h[j] = Math.tanh(sum);
      }
      input = h;
    }
    let z = output.bias;
    for (let j = 0; j < output.weights.length; j++) z += output.weights[j] * input[j];
    return 1 / (1 + Math.exp(-z));
  }
}
