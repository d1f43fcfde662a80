/**
 * @file Whether a newly trained model may replace the shipped one: it must be at least as good on
 * the Python held-out set (mean MRR over the Python sources, and MRR of the pooled Python
 * candidates) and better on every other language's held-out pairs (the same two figures), both
 * models measured by evaluate.ts on the same pools (DIR/eval.json, DIR/eval-shipped.json).
 * Prints the table per language (new, shipped, lexical) and writes DIR/compare.json; exits 1
 * when the new model does not qualify (run.sh --ship then ships nothing).
 * Usage: npx tsx scripts/train/compare.ts --work DIR
 * Runs in: Node (tsx).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RankSummary } from './evaluate.ts';

interface Evaluation {
  results: Record<string, { neural: RankSummary; lexical: RankSummary }>;
  perLanguageMean: Record<string, { neuralMrr: number; lexicalMrr: number; sources: number }>;
}

export interface LanguageComparison {
  language: string;
  sources: number;
  newMean: number;
  shippedMean: number;
  lexicalMean: number;
  newPooled: number;
  shippedPooled: number;
  lexicalPooled: number;
  newRecallAt10: number;
  shippedRecallAt10: number;
  lexicalRecallAt10: number;
  /** Python: new >= shipped on both figures; other languages: new > shipped on both. */
  qualifies: boolean;
}

export function compareLanguages(fresh: Evaluation, shipped: Evaluation): LanguageComparison[] {
  return Object.keys(fresh.perLanguageMean).sort().map((language) => {
    const pool = `language:${language}`;
    const row = {
      language,
      sources: fresh.perLanguageMean[language].sources,
      newMean: fresh.perLanguageMean[language].neuralMrr,
      shippedMean: shipped.perLanguageMean[language]?.neuralMrr ?? 0,
      lexicalMean: fresh.perLanguageMean[language].lexicalMrr,
      newPooled: fresh.results[pool].neural.mrr,
      shippedPooled: shipped.results[pool]?.neural.mrr ?? 0,
      lexicalPooled: fresh.results[pool].lexical.mrr,
      newRecallAt10: fresh.results[pool].neural.recallAt10,
      shippedRecallAt10: shipped.results[pool]?.neural.recallAt10 ?? 0,
      lexicalRecallAt10: fresh.results[pool].lexical.recallAt10,
    };
    const better = (a: number, b: number) => (language === 'python' ? a >= b : a > b);
    // Sources with fewer than 20 pairs get no pool of their own: such a language has no mean.
    const meanOk = row.sources === 0 || better(row.newMean, row.shippedMean);
    return { ...row, qualifies: meanOk && better(row.newPooled, row.shippedPooled) };
  });
}

function main(): void {
  const at = process.argv.indexOf('--work');
  const work = resolve(at >= 0 ? process.argv[at + 1] : '');
  const read = (file: string) => JSON.parse(readFileSync(join(work, file), 'utf8')) as Evaluation;
  const rows = compareLanguages(read('eval.json'), read('eval-shipped.json'));
  const f3 = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(3));
  console.log('language\tsources\tmean MRR new / shipped / lexical\tpooled MRR new / shipped / lexical\tpooled R@10 new / shipped / lexical\tqualifies');
  for (const r of rows) {
    console.log(`${r.language}\t${r.sources}\t${f3(r.newMean)} / ${f3(r.shippedMean)} / ${f3(r.lexicalMean)}\t${f3(r.newPooled)} / ${f3(r.shippedPooled)} / ${f3(r.lexicalPooled)}\t${f3(r.newRecallAt10)} / ${f3(r.shippedRecallAt10)} / ${f3(r.lexicalRecallAt10)}\t${r.qualifies ? 'yes' : 'no'}`);
  }
  const qualifies = rows.every((r) => r.qualifies);
  writeFileSync(join(work, 'compare.json'), JSON.stringify({ qualifies, languages: rows }, null, 2));
  console.log(qualifies ? 'the new model qualifies to replace the shipped one' : 'the new model does not qualify: the shipped one stays');
  process.exit(qualifies ? 0 : 1);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
