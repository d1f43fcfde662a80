/**
 * @file Held-out retrieval figures of an exported model folder, through the product's own runtime
 * (transformers.js in Node, the CLI's folder-model loading), beside the built-in lexical embedder
 * on the same queries. Each held-out docstring summary is a query; its own code
 * (docstring removed) is the one relevant candidate among the pool's codes. Held-out pairs whose
 * code or (name, docstring) also occur in the training pairs are left out. Pools: `--candidates`
 * pairs drawn from all held-out sources (seeded), the same from each language's held-out sources
 * ('language:go'), and each held-out source on its own (up to `--candidates` of its pairs); the
 * mean over sources is given overall and per language. The lexical embedder is fitted on the candidate codes, as the app
 * fits it on a repository. Prints a table and writes DIR/eval.json (`--out`).
 * Usage: npx tsx scripts/train/evaluate.ts --work DIR [--model DIR/model] [--candidates 1000] [--out eval.json]
 * (`--model public/models/ranger-code-search-mini --out eval-shipped.json`: today's shipped model on the same pools.)
 * Runs in: Node (tsx), offline.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createNodeEmbedder, resolveModelArg } from '../../src/adapters/node/nodeModels.ts';
import { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import type { Embedder } from '../../src/core/models/types.ts';
import { createPrng } from '../../src/core/search/prng.ts';
import { readPairSet } from './pairFiles.ts';
import type { Pair } from './pairFiles.ts';

export interface RankSummary {
  mrr: number;
  recallAt1: number;
  recallAt10: number;
  queries: number;
}

function flag(argv: string[], name: string, fallback: string): string {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] !== undefined ? argv[at + 1] : fallback;
}


function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

/** Rank (1-based) of each query's own candidate (same index) among all candidates; ties count against. */
export function ranks(queries: readonly Float32Array[], candidates: readonly Float32Array[]): number[] {
  return queries.map((q, i) => {
    const own = dot(q, candidates[i]);
    let rank = 1;
    for (let j = 0; j < candidates.length; j++) if (j !== i && dot(q, candidates[j]) >= own) rank++;
    return rank;
  });
}

export function summarize(rankList: readonly number[]): RankSummary {
  const n = rankList.length;
  const mean = (f: (r: number) => number) => rankList.reduce((s, r) => s + f(r), 0) / n;
  return { mrr: mean((r) => 1 / r), recallAt1: mean((r) => (r <= 1 ? 1 : 0)), recallAt10: mean((r) => (r <= 10 ? 1 : 0)), queries: n };
}

async function pooled(embedder: Embedder, pairs: readonly Pair[], fit: boolean): Promise<RankSummary> {
  if (fit && embedder instanceof LexicalEmbedder) embedder.fit(pairs.map((p) => p.code));
  const queries = await embedder.embed(pairs.map((p) => p.doc), 'query');
  const codes = await embedder.embed(pairs.map((p) => p.code), 'document');
  return summarize(ranks(queries, codes));
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const work = resolve(flag(argv, 'work', ''));
  const modelDir = resolve(flag(argv, 'model', join(work, 'model')));
  const size = Number(flag(argv, 'candidates', '1000'));
  const out = flag(argv, 'out', 'eval.json');
  // A held-out pair whose code or (name, docstring) the training saw (a vendored copy) is not unseen.
  const trained = readPairSet(work, 'train');
  const seenKeys = new Set([...trained.map((p) => p.code), ...trained.map((p) => `${p.name}\0${p.doc}`)]);
  const heldout = readPairSet(work, 'heldout');
  const all = heldout.filter((p) => !seenKeys.has(p.code) && !seenKeys.has(`${p.name}\0${p.doc}`));
  const dropped = heldout.length - all.length;
  console.log(`held-out pairs: ${heldout.length}, ${dropped} dropped as seen in training (code or name + docstring)`);
  const random = createPrng(7); // every run draws the same pools
  const pools: Record<string, Pair[]> = { 'all held-out sources': shuffled(all, random).slice(0, size) };
  const languages = [...new Set(all.map((p) => p.lang))].sort();
  for (const lang of languages) pools[`language:${lang}`] = shuffled(all.filter((p) => p.lang === lang), random).slice(0, size);
  for (const pkg of [...new Set(all.map((p) => p.pkg))].sort()) {
    const own = all.filter((p) => p.pkg === pkg);
    if (own.length >= 20) pools[pkg] = shuffled(own, random).slice(0, size);
  }
  const started = Date.now();
  const neural = await createNodeEmbedder(resolveModelArg(modelDir, 'embedder'));
  const results: Record<string, { neural: RankSummary; lexical: RankSummary }> = {};
  console.log('pool\tcandidates\tneural MRR\tneural R@10\tlexical MRR\tlexical R@10');
  for (const [name, pairs] of Object.entries(pools)) {
    const lexical = new LexicalEmbedder();
    results[name] = { neural: await pooled(neural, pairs, false), lexical: await pooled(lexical, pairs, true) };
    const r = results[name];
    console.log(`${name}\t${pairs.length}\t${r.neural.mrr.toFixed(3)}\t${r.neural.recallAt10.toFixed(3)}\t${r.lexical.mrr.toFixed(3)}\t${r.lexical.recallAt10.toFixed(3)}`);
  }
  const sourceLanguage = new Map(all.map((p) => [p.pkg, p.lang]));
  const meanOver = (sources: [string, { neural: RankSummary; lexical: RankSummary }][]) => ({
    neuralMrr: sources.reduce((s, [, r]) => s + r.neural.mrr, 0) / sources.length,
    lexicalMrr: sources.reduce((s, [, r]) => s + r.lexical.mrr, 0) / sources.length,
    sources: sources.length,
  });
  const perSource = Object.entries(results).filter(([name]) => sourceLanguage.has(name));
  const summary = meanOver(perSource);
  console.log(`mean over ${summary.sources} sources\t\t${summary.neuralMrr.toFixed(3)}\t\t${summary.lexicalMrr.toFixed(3)}`);
  const perLanguageMean: Record<string, ReturnType<typeof meanOver>> = {};
  for (const lang of languages) {
    perLanguageMean[lang] = meanOver(perSource.filter(([name]) => sourceLanguage.get(name) === lang));
    console.log(`mean over ${perLanguageMean[lang].sources} ${lang} sources\t\t${perLanguageMean[lang].neuralMrr.toFixed(3)}\t\t${perLanguageMean[lang].lexicalMrr.toFixed(3)}`);
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  writeFileSync(join(work, out), JSON.stringify({ model: modelDir, candidates: size, heldoutPairs: heldout.length, droppedSeen: dropped, results, perSourceMean: summary, perLanguageMean }, null, 2));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
