/**
 * @file Writes the model card (README.md) of a trained code-search model folder from the run's own
 * records: DIR/metrics.json (train.py), DIR/eval.json (evaluate.ts), DIR/compare.json (compare.ts:
 * beside the model it replaces), DIR/pairs-sources.tsv and DIR/heldout-pairs-sources.tsv (mine.py),
 * DIR/pairs-code-sources.tsv and DIR/heldout-pairs-code-sources.tsv (mineCode.ts). Every figure in
 * the card comes from those files.
 * Usage: npx tsx scripts/train/card.ts --work DIR [--name ranger-code-search-mini]
 * Runs in: Node (tsx).
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LanguageComparison } from './compare.ts';
import type { RankSummary } from './evaluate.ts';

interface Metrics {
  device: string;
  threads: number;
  torch: string;
  train_seconds: number;
  steps: number;
  pairs_seen: number;
  epochs: number;
  train_pairs: number;
  heldout_pairs: number;
  parameters: number;
  hidden: number;
  layers: number;
  batch: number;
  lr: number;
  vocab: number;
  doc_len: number;
  code_len: number;
  temperature: number;
  /** The exported folder training started from (train.py --init), '' or absent: from scratch. */
  init?: string;
  history: { step: number; seconds: number; mrr: number }[];
}

interface Evaluation {
  candidates: number;
  heldoutPairs?: number;
  droppedSeen?: number;
  results: Record<string, { neural: RankSummary; lexical: RankSummary }>;
  perSourceMean: { neuralMrr: number; lexicalMrr: number; sources: number };
}

const LANGUAGE_NAMES: Record<string, string> = { python: 'Python', go: 'Go', javascript: 'JavaScript/TypeScript', java: 'Java', rust: 'Rust', cpp: 'C++' };

function flag(argv: string[], name: string, fallback: string): string {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] !== undefined ? argv[at + 1] : fallback;
}

function sources(file: string): [string, number][] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => {
    const [name, count] = l.split('\t');
    return [name, Number(count)];
  });
}

const f3 = (n: number) => n.toFixed(3);

export function modelCard(name: string, metrics: Metrics, evaluation: Evaluation, train: [string, number][], heldout: [string, number][], onnxBytes: number, languages: LanguageComparison[] = []): string {
  const used = train.filter(([, n]) => n > 0);
  const comparison = languages.map(
    (r) => `| ${LANGUAGE_NAMES[r.language] ?? r.language} | ${r.sources} | ${f3(r.newMean)} | ${f3(r.shippedMean)} | ${f3(r.lexicalMean)} | ${f3(r.newPooled)} | ${f3(r.shippedPooled)} | ${f3(r.lexicalPooled)} | ${f3(r.newRecallAt10)} | ${f3(r.shippedRecallAt10)} | ${f3(r.lexicalRecallAt10)} |`,
  );
  const pooled = evaluation.results['all held-out sources'];
  const rows = Object.entries(evaluation.results).map(
    ([pool, r]) => `| ${pool} | ${r.neural.queries} | ${f3(r.neural.mrr)} | ${f3(r.neural.recallAt10)} | ${f3(r.lexical.mrr)} | ${f3(r.lexical.recallAt10)} |`,
  );
  const minutes = (metrics.train_seconds / 60).toFixed(0);
  const architecture = metrics.layers === 0
    ? `a neural bag of subwords (CodeSearchNet's NBoW encoder): WordPiece token, position and token-type embeddings (hidden ${metrics.hidden}) with a LayerNorm, **no** self-attention layers, mean pooling over the attention mask, L2-normalised`
    : `a BERT encoder (${metrics.layers} layers, hidden ${metrics.hidden}), mean pooling over the attention mask, L2-normalised`;
  return `# ${name}

The built-in neural code-search embedder of Ranger Studio ("built-in neural, offline"): one shared
encoder for natural-language queries and code, trained ${metrics.init ? '**on CPU** (on from the previous model)' : '**from scratch on CPU**'} by this repository's
\`scripts/train/\` pipeline. Weights: ours. Training data: public source code from Debian bookworm
packages (Python, Go, JavaScript/TypeScript, Java, Rust, C++) and the Python standard library
(each under its own license; no code is stored here).

## Model

- ${architecture}; ${(metrics.parameters / 1e6).toFixed(2)}M parameters, vocabulary ${metrics.vocab}
  (${metrics.init ? 'the previous model\'s, trained on its Python training pairs' : 'trained on the training pairs'} with the \`tokenizers\` library: BertNormalizer lowercase,
  BertPreTokenizer, WordPiece).
- transformers.js folder: \`config.json\` (model_type bert), \`tokenizer.json\`, \`tokenizer_config.json\`,
  \`onnx/model.onnx\` (fp32, ${(onnxBytes / 1e6).toFixed(1)} MB; TorchScript exporter, inputs input_ids,
  attention_mask, token_type_ids, output last_hidden_state).
- Use: feature extraction with mean pooling and normalisation; queries are embedded as they are
  (no prompt); code is truncated at ${metrics.code_len} tokens, queries were trained at ${metrics.doc_len}.

## Data

Python: (docstring first paragraph, code with the docstring removed) pairs of every function,
method and class with a docstring of 3+ words, mined with \`ast\`. Go, JavaScript/TypeScript, Java,
Rust and C++: (doc comment's first sentence, code with its comment lines removed) pairs of every
function, method and class whose doc comment the project's own tree-sitter extractors find
(declarations without a body left out). Deduplicated on the code and on (name, doc), at most
2,500 per source (10,000 for the standard library), test folders and vendored copies skipped;
the projects and Java packages of \`scripts/train/excluded.txt\` are never mined.

- Training: ${metrics.train_pairs.toLocaleString('en-US')} pairs from ${used.length} sources:
  ${used.map(([n, c]) => `${n} (${c})`).join(', ')}.
- Held out (never trained on; \`scripts/train/heldout.txt\`): ${heldout.length} sources,
  ${metrics.heldout_pairs.toLocaleString('en-US')} pairs: ${heldout.map(([n, c]) => `${n} (${c})`).join(', ')}.

## Training

${metrics.init ? `Started from the weights and the tokenizer of the previous \`ranger-code-search-mini\` (a bag of
subwords trained from scratch on the Python pairs alone; \`run.sh --continue\`), then trained on
all the languages' pairs. ` : ''}Symmetric in-batch InfoNCE (docstring -> code and code -> docstring) with a learned temperature
(ended at ${metrics.temperature.toFixed(4)}), AdamW (lr ${metrics.lr}, linear warm-up and decay over the
time budget), batch ${metrics.batch}: ${metrics.steps} steps, ${metrics.pairs_seen.toLocaleString('en-US')} pairs
(${metrics.epochs} epochs) in ${minutes} minutes ${metrics.device === 'cpu' ? `on a shared 2-core CPU (${metrics.threads} thread,
PyTorch ${metrics.torch}, niced). No GPU was used.` : `on a GPU (${metrics.device}, PyTorch ${metrics.torch}).`}

Reproduce: \`scripts/train/run.sh --ship${metrics.init ? ' --continue' : ''}\` (full) or \`scripts/train/run.sh --small\` (a smaller run
that finishes in under 30 minutes); see \`scripts/train/README.md\`.

## Held-out figures
${comparison.length ? `
Per language, beside the model this one replaced (the previous \`ranger-code-search-mini\`) and the
built-in lexical embedder, on the same pools: the mean MRR over the language's held-out sources,
and MRR and Recall@10 among up to ${evaluation.candidates} pooled held-out candidates of the language.

| language | sources | mean MRR | previous | lexical | pooled MRR | previous | lexical | pooled R@10 | previous | lexical |
|---|---|---|---|---|---|---|---|---|---|---|
${comparison.join('\n')}
` : ''}
Each held-out docstring summary is a query; its own code is the one relevant candidate among the
pool's codes. ${evaluation.droppedSeen ? `${evaluation.droppedSeen.toLocaleString('en-US')} of the ${(evaluation.heldoutPairs ?? 0).toLocaleString('en-US')} held-out pairs also occur (same code or name + docstring) in the training pairs and are left out.` : 'No held-out pair occurs (same code or name + docstring) in the training pairs.'} Measured through transformers.js in Node (the product's runtime), beside the built-in
lexical embedder on the same pools (fitted on the pool's codes, as the app fits it on a repository).

| pool | candidates | neural MRR | neural R@10 | lexical MRR | lexical R@10 |
|---|---|---|---|---|---|
${rows.join('\n')}

Mean over the ${evaluation.perSourceMean.sources} held-out sources: neural MRR ${f3(evaluation.perSourceMean.neuralMrr)},
lexical ${f3(evaluation.perSourceMean.lexicalMrr)}. Pooled over all held-out sources
(${pooled ? pooled.neural.queries : 0} candidates): neural ${pooled ? f3(pooled.neural.mrr) : '-'}, lexical ${pooled ? f3(pooled.lexical.mrr) : '-'}.
${metrics.history.length ? `\nDuring training (train.py's own check: pooled, ${evaluation.candidates} candidates, over all held-out pairs, seen ones included): ${metrics.history.map((h) => `${f3(h.mrr)} at ${Math.round(h.seconds / 60)} min`).join(', ')}.\n` : ''}
## Limits

Trained on doc-comment-style queries; a CPU budget (a GPU run with a deeper encoder reaches much
higher figures). C# (Debian ships no C# sources), PHP and Ruby (not mined) have no training pairs:
they get only what shared subwords give; JavaScript has few (most Debian \`node-*\` packages ship
bundles without JSDoc).
`;
}

function main(): void {
  const argv = process.argv.slice(2);
  const work = resolve(flag(argv, 'work', ''));
  const name = flag(argv, 'name', 'ranger-code-search-mini');
  const metrics = JSON.parse(readFileSync(join(work, 'metrics.json'), 'utf8')) as Metrics;
  const evaluation = JSON.parse(readFileSync(join(work, 'eval.json'), 'utf8')) as Evaluation;
  const onnxBytes = statSync(join(work, 'model', 'onnx', 'model.onnx')).size;
  const comparisonFile = join(work, 'compare.json');
  const languages = existsSync(comparisonFile) ? (JSON.parse(readFileSync(comparisonFile, 'utf8')) as { languages: LanguageComparison[] }).languages : [];
  const train = [...sources(join(work, 'pairs-sources.tsv')), ...sources(join(work, 'pairs-code-sources.tsv'))];
  const heldout = [...sources(join(work, 'heldout-pairs-sources.tsv')), ...sources(join(work, 'heldout-pairs-code-sources.tsv'))];
  const card = modelCard(name, metrics, evaluation, train, heldout, onnxBytes, languages);
  writeFileSync(join(work, 'model', 'README.md'), card);
  console.error(`model card: ${join(work, 'model', 'README.md')}`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
