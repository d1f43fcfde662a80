/**
 * @file Trains the learned reranker (`npx tsx scripts/rerank/train.ts [--in FILE] [--hidden H]
 * [--epochs E] [--offtopic W] [--gate-offtopic W] [--gate-only] [--packages a,b] [--validate a,b]
 * [--save FILE] [--write]`) on mine.ts's rows (`--packages`: only those), on CPU in seconds:
 * standardised features, a tanh hidden layer of H units (0: a linear model), one logit; loss per
 * query = the listwise softmax cross-entropy of the answers (ranking) + half a class-balanced
 * logistic loss (so the sigmoid of the logit is a reward in [0, 1] with the answers near 1); Adam,
 * mini-batches of 32 queries, seeded. `--offtopic W` (default 0) adds the off-topic questions'
 * loss to the model's own training (tried, not shipped: scripts/rerank/README.md). Then the
 * relevance gate (fitGate) on the model as trained, or with `--gate-only` on the shipped model as
 * it is. `--validate` holds those packages out and prints NDCG@10 over each query's mined list for
 * the model, the lexical reranker and the first stage's prior, and the best score per question
 * of the real and the off-topic ones (calibration); `--write` trains on every package and writes
 * src/core/models/learnedReranker.weights.ts (`--save`: the weights as JSON too).
 * Runs in: Node (tsx).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LearnedReranker, LEARNED_RERANKER_FORMAT } from '../../src/core/models/learnedReranker.ts';
import type { LearnedRerankerWeights } from '../../src/core/models/learnedReranker.ts';
import { LEARNED_RERANKER_WEIGHTS } from '../../src/core/models/learnedReranker.weights.ts';
import { GATE_FEATURE_COUNT, GATE_FEATURES, RERANK_FEATURE_COUNT as F, RERANK_FEATURES } from '../../src/core/models/rerankFeatures.ts';
import { createPrng } from '../../src/core/search/prng.ts';

interface Query {
  package: string;
  query: string;
  /** An off-topic question (mine.ts --offtopic): every row a negative. */
  offTopic?: boolean;
  /** The question's gate inputs (GATE_FEATURES). */
  gate: number[];
  labels: number[];
  features: number[][];
}

const args = {
  in: resolve(import.meta.dirname, '../../.tmp/rerank-train/features.jsonl'),
  hidden: 8,
  epochs: 40,
  lr: 0.01,
  bce: 0.5,
  offTopic: 0,
  gateOnly: false,
  gateOffTopic: 10,
  validate: [] as string[],
  packages: [] as string[],
  write: false,
  save: '',
  seed: 1,
};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const flag = argv[i];
  if (flag === '--write') args.write = true;
  else if (flag === '--save') args.save = argv[++i];
  else if (flag === '--in') args.in = argv[++i];
  else if (flag === '--hidden') args.hidden = Number(argv[++i]);
  else if (flag === '--epochs') args.epochs = Number(argv[++i]);
  else if (flag === '--lr') args.lr = Number(argv[++i]);
  else if (flag === '--bce') args.bce = Number(argv[++i]);
  else if (flag === '--offtopic') args.offTopic = Number(argv[++i]);
  else if (flag === '--gate-only') args.gateOnly = true;
  else if (flag === '--gate-offtopic') args.gateOffTopic = Number(argv[++i]);
  else if (flag === '--validate') args.validate = argv[++i].split(',');
  else if (flag === '--packages') args.packages = argv[++i].split(',');
  else throw new Error(`Unknown option ${flag}`);
}

const all: Query[] = readFileSync(args.in, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Query)
  .filter((q) => args.packages.length === 0 || args.packages.includes(q.package));
// Packages in name order (each package's queries in mined order): the same rows give the same model whatever the file's order.
all.sort((a, b) => (a.package < b.package ? -1 : a.package > b.package ? 1 : 0));
const train = all.filter((q) => !args.validate.includes(q.package));
const valid = all.filter((q) => args.validate.includes(q.package));

function standardise(queries: readonly Query[]): { mean: number[]; std: number[] } {
  const mean = new Array<number>(F).fill(0);
  const sq = new Array<number>(F).fill(0);
  let count = 0;
  for (const q of queries)
    for (const row of q.features) {
      count++;
      for (let f = 0; f < F; f++) {
        mean[f] += row[f];
        sq[f] += row[f] * row[f];
      }
    }
  for (let f = 0; f < F; f++) {
    mean[f] /= count;
    sq[f] = Math.sqrt(Math.max(0, sq[f] / count - mean[f] * mean[f]));
  }
  return { mean: mean.map(round), std: sq.map((s) => round(s > 1e-6 ? s : 0)) };
}

function round(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

function fit(queries: readonly Query[]): LearnedRerankerWeights {
  const { mean, std } = standardise(queries);
  const H = args.hidden;
  const random = createPrng(args.seed);
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const inputs = H > 0 ? H : F;
  // Parameters: W1 (H x F), b1 (H), w2 (inputs), b2 (1), in one array for Adam.
  const size = (H > 0 ? H * F + H : 0) + inputs + 1;
  const theta = new Float64Array(size);
  if (H > 0) for (let i = 0; i < H * F; i++) theta[i] = gauss() * Math.sqrt(1 / F);
  const w2At = H > 0 ? H * F + H : 0;
  for (let j = 0; j < inputs; j++) theta[w2At + j] = gauss() * Math.sqrt(1 / inputs);
  const m = new Float64Array(size);
  const v = new Float64Array(size);
  let step = 0;
  const xs = queries.map((q) => q.features.map((row) => row.map((x, f) => (std[f] > 0 ? (x - mean[f]) / std[f] : 0))));
  const order = queries.map((_, i) => i);
  const grad = new Float64Array(size);
  const h = new Float64Array(Math.max(H, 1));
  for (let epoch = 0; epoch < args.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    let loss = 0;
    for (let start = 0; start < order.length; start += 32) {
      grad.fill(0);
      const batch = order.slice(start, start + 32);
      for (const qi of batch) {
        const rows = xs[qi];
        const labels = queries[qi].labels;
        const hs: Float64Array[] = [];
        const z = rows.map((x) => {
          let out = theta[size - 1];
          if (H > 0) {
            const hv = new Float64Array(H);
            for (let k = 0; k < H; k++) {
              let s = theta[H * F + k];
              for (let f = 0; f < F; f++) s += theta[k * F + f] * x[f];
              hv[k] = Math.tanh(s);
              out += theta[w2At + k] * hv[k];
            }
            hs.push(hv);
          } else for (let f = 0; f < F; f++) out += theta[w2At + f] * x[f];
          return out;
        });
        const top = Math.max(...z);
        const e = z.map((zz) => Math.exp(zz - top));
        const sum = e.reduce((a, b) => a + b, 0);
        const positives = labels.filter((l) => l > 0).length;
        const negatives = labels.length - positives;
        z.forEach((zz, r) => {
          const y = labels[r] > 0 ? 1 : 0;
          const p = e[r] / sum;
          const s = 1 / (1 + Math.exp(-zz));
          let dz: number;
          if (positives === 0) {
            // Off-topic: a logistic loss on each row weighted by its softmax share (held constant),
            // so the best-scored rows, whose score the app shows, are pushed under the threshold.
            loss += -args.offTopic * p * Math.log(1 - s + 1e-12);
            dz = (args.offTopic * p * s) / batch.length;
          } else {
            const w = y ? 0.5 / positives : 0.5 / Math.max(1, negatives);
            loss += -(y / positives) * Math.log(p + 1e-12) - args.bce * w * (y ? Math.log(s + 1e-12) : Math.log(1 - s + 1e-12));
            dz = (p - y / positives + args.bce * w * (s - y)) / batch.length;
          }
          grad[size - 1] += dz;
          const x = rows[r];
          if (H > 0) {
            const hv = hs[r];
            for (let k = 0; k < H; k++) {
              grad[w2At + k] += dz * hv[k];
              const dh = dz * theta[w2At + k] * (1 - hv[k] * hv[k]);
              grad[H * F + k] += dh;
              for (let f = 0; f < F; f++) grad[k * F + f] += dh * x[f];
            }
          } else for (let f = 0; f < F; f++) grad[w2At + f] += dz * x[f];
        });
      }
      step++;
      const lr = args.lr * (1 - epoch / args.epochs);
      for (let i = 0; i < size; i++) {
        m[i] = 0.9 * m[i] + 0.1 * grad[i];
        v[i] = 0.999 * v[i] + 0.001 * grad[i] * grad[i];
        theta[i] -= (lr * (m[i] / (1 - 0.9 ** step))) / (Math.sqrt(v[i] / (1 - 0.999 ** step)) + 1e-8);
      }
    }
    if (epoch % 10 === 9 || epoch === args.epochs - 1) process.stderr.write(`epoch ${epoch + 1}: loss ${(loss / queries.length).toFixed(4)}\n`);
  }
  void h;
  const r = (a: Float64Array) => Array.from(a, round);
  const packages = [...new Set(queries.map((q) => q.package))];
  return {
    format: LEARNED_RERANKER_FORMAT,
    features: [...RERANK_FEATURES],
    mean,
    std,
    ...(H > 0 ? { hidden: { weights: r(theta.subarray(0, H * F)), bias: r(theta.subarray(H * F, H * F + H)) } } : {}),
    output: { weights: r(theta.subarray(w2At, w2At + inputs)), bias: round(theta[size - 1]) },
    trained: `${queries.filter((q) => !q.offTopic).length} docstring queries${args.offTopic > 0 ? ` and ${queries.filter((q) => q.offTopic).length} off-topic questions (weight ${args.offTopic})` : ''} of ${packages.length} Debian packages (${packages.map((p) => p.replace(/^python3-/, '')).join(', ')}), ${H > 0 ? `${H} tanh units` : 'linear'}, ${args.epochs} epochs`,
  };
}

function ndcg10(scores: readonly number[], labels: readonly number[]): number {
  const order = scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  let dcg = 0;
  order.slice(0, 10).forEach(([, i], rank) => (dcg += (2 ** labels[i] - 1) / Math.log2(rank + 2)));
  const ideal = [...labels].sort((a, b) => b - a);
  let idcg = 0;
  ideal.slice(0, 10).forEach((l, rank) => (idcg += (2 ** l - 1) / Math.log2(rank + 2)));
  return idcg > 0 ? dcg / idcg : 0;
}

/** The q-quantile of `values` (nearest rank). */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** One question's scores as the reranker gives them: the model's, times the question's gate factor. */
function scoresOf(model: LearnedReranker, q: Query): number[] {
  const factor = model.gateFactor(q.gate);
  return q.features.map((row) => factor * model.scoreFeatures(row));
}

/**
 * The relevance gate (learnedReranker.ts) on a fixed model: a factor per question, the sigmoid of
 * a linear function of its standardised GATE_FEATURES, fitted by full-batch gradient descent on
 * -log(factor) for each real question (kept near 1, so the model's scores and MCTS's rewards stay
 * as they were) and, `--gate-offtopic` times, for each off-topic question the logistic loss of
 * its rows' gated scores weighted by their softmax share (held constant), which pushes the best
 * rows, whose score the app shows, towards 0. Both halves weigh as much whatever their counts.
 * The model is untouched, so its order within a question does not change.
 */
function fitGate(queries: readonly Query[], base: LearnedRerankerWeights): LearnedRerankerWeights {
  const G = GATE_FEATURE_COUNT;
  const model = new LearnedReranker({ ...base, gate: undefined });
  const scores = queries.map((q) => q.features.map((row) => model.scoreFeatures(row)));
  const shares = scores.map((s) => {
    const top = Math.max(...s.map(logitOf));
    const e = s.map((v) => Math.exp(logitOf(v) - top));
    const sum = e.reduce((a, c) => a + c, 0);
    return e.map((v) => v / sum);
  });
  const mean = new Array<number>(G).fill(0);
  const std = new Array<number>(G).fill(0);
  for (const q of queries) q.gate.forEach((v, k) => (mean[k] += v / queries.length));
  for (const q of queries) q.gate.forEach((v, k) => (std[k] += (v - mean[k]) ** 2 / queries.length));
  for (let k = 0; k < G; k++) std[k] = Math.sqrt(std[k]);
  const xs = queries.map((q) => q.gate.map((v, k) => (std[k] > 1e-6 ? (v - mean[k]) / std[k] : 0)));
  const off = queries.filter((q) => q.offTopic).length;
  const real = queries.length - off;
  const w = new Array<number>(G).fill(0);
  let b = 0;
  for (let step = 0; step < 3000; step++) {
    const gw = new Array<number>(G).fill(0);
    let gb = 0;
    queries.forEach((q, qi) => {
      const x = xs[qi];
      const g = 1 / (1 + Math.exp(-x.reduce((s, v, k) => s + w[k] * v, b)));
      let dq: number; // d loss / d gate logit
      if (!q.offTopic) dq = -(1 - g) / Math.max(1, real);
      else {
        dq = 0;
        scores[qi].forEach((s, r) => (dq += (shares[qi][r] * s * g * (1 - g)) / Math.max(1e-12, 1 - s * g)));
        dq *= args.gateOffTopic / Math.max(1, off);
      }
      gb += dq;
      for (let k = 0; k < G; k++) gw[k] += dq * x[k];
    });
    b -= gb;
    for (let k = 0; k < G; k++) w[k] -= gw[k];
  }
  return { ...base, gate: { features: [...GATE_FEATURES], mean: mean.map(round), std: std.map(round), weights: w.map(round), bias: round(b) } };
}

function logitOf(p: number): number {
  const c = Math.min(1 - 1e-12, Math.max(1e-12, p));
  return Math.log(c / (1 - c));
}

function report(name: string, queries: readonly Query[], model: LearnedReranker): void {
  const column = (feature: string) => RERANK_FEATURES.indexOf(feature as (typeof RERANK_FEATURES)[number]);
  const real = queries.filter((q) => !q.offTopic);
  const off = queries.filter((q) => q.offTopic);
  const mean = (score: (row: number[]) => number) => real.reduce((s, q) => s + ndcg10(q.features.map(score), q.labels), 0) / real.length;
  const line = [
    `learned ${mean((row) => model.scoreFeatures(row)).toFixed(3)}`,
    `lexical ${mean((row) => row[column('lexical')]).toFixed(3)}`,
    `prior ${mean((row) => row[column('prior')]).toFixed(3)}`,
    `dense ${mean((row) => row[column('dense')]).toFixed(3)}`,
  ];
  process.stdout.write(`${name} (${real.length} queries, NDCG@10 over the mined lists): ${line.join(', ')}\n`);
  // Calibration: the best score per question, as the app's threshold reads it.
  const best = (qs: readonly Query[]) => qs.map((q) => Math.max(...scoresOf(model, q)));
  const share = (values: readonly number[], at: number) => `${((100 * values.filter((v) => v >= at).length) / Math.max(1, values.length)).toFixed(1)}%`;
  const realBest = best(real);
  const answerBest = real.map((q) => Math.max(...scoresOf(model, q).map((s, r) => (q.labels[r] > 0 ? s : 0))));
  process.stdout.write(
    `  best score per question: real median ${quantile(realBest, 0.5).toFixed(3)}, >= 0.15 ${share(realBest, 0.15)}; best answer >= 0.15 ${share(answerBest, 0.15)}` +
      (off.length > 0 ? `; off-topic (${off.length}) median ${quantile(best(off), 0.5).toFixed(3)}, p90 ${quantile(best(off), 0.9).toFixed(3)}, max ${quantile(best(off), 1).toFixed(3)}, >= 0.10 ${share(best(off), 0.1)}, >= 0.15 ${share(best(off), 0.15)}` : '') +
      '\n',
  );
}

// --gate-only: the shipped model as it is, with a new gate; otherwise a new model, then its gate.
const fitted = args.gateOnly ? { ...LEARNED_RERANKER_WEIGHTS, gate: undefined } : fit(args.write ? all : train);
const gateRows = args.write ? all : train;
const weights = fitGate(gateRows, fitted);
{
  const off = gateRows.filter((q) => q.offTopic).length;
  weights.trained = `${fitted.trained.replace(/; gate: .*$/, '')}; gate: ${gateRows.length - off} docstring queries and ${off} off-topic questions (weight ${args.gateOffTopic}) of ${new Set(gateRows.map((q) => q.package)).size} packages`;
}
const model = new LearnedReranker(weights);
report('train', train, model);
if (valid.length > 0) report('validation', valid, model);
if (args.save) writeFileSync(args.save, JSON.stringify(weights));
if (args.write) {
  const out = resolve(import.meta.dirname, '../../src/core/models/learnedReranker.weights.ts');
  writeFileSync(
    out,
    `/**
 * @file GENERATED by scripts/rerank/train.ts — do not edit. The built-in learned reranker's weights
 * (learnedReranker.ts): ${weights.trained}.
 * Runs in: everywhere. Layer src/core.
 */
import type { LearnedRerankerWeights } from './learnedReranker.ts';

export const LEARNED_RERANKER_WEIGHTS: LearnedRerankerWeights = ${JSON.stringify(weights)};
`,
  );
  process.stdout.write(`wrote ${out}\n`);
}
