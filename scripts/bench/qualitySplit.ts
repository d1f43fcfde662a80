/**
 * @file The quality benchmark's splits and its held-out check: quality-repos.txt names each
 * package with its split (`tune`: settings and model choices are made there; `test`: the figures
 * reported), and every package it names must be out of every training set: the embedder's
 * (scripts/train/packages.txt and packages-code.txt must not mine it, scripts/train/heldout.txt
 * must hold it: its miner never trains on a held-out entry and drops training pairs that repeat
 * one), the learned reranker's (scripts/rerank/packages.txt), the outside check's
 * (scripts/rerank/excluded.txt; for an openjdk module, no Java package it keeps there or in
 * scripts/train/excluded.txt)
 * and the built-in vocabulary's sources (the header of src/core/models/codeVocabulary.data.ts).
 * `heldOutProblems` says, per package, why it is not held out; the bench warns with it on
 * `--repos` and qualitySplit.test.ts fails with it on the list.
 * Runs in: Node (tsx).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseRepoList } from './qualityRepos.ts';

export const QUALITY_SPLITS = ['tune', 'test'] as const;
export type QualitySplit = (typeof QUALITY_SPLITS)[number];

export interface QualityRepo {
  package: string;
  split: QualitySplit;
  language: string;
}

const ROOT = resolve(import.meta.dirname, '../..');
export const TRAINING_LISTS = {
  embedder: resolve(ROOT, 'scripts/train/packages.txt'),
  embedderCode: resolve(ROOT, 'scripts/train/packages-code.txt'),
  embedderHeldOut: resolve(ROOT, 'scripts/train/heldout.txt'),
  reranker: resolve(ROOT, 'scripts/rerank/packages.txt'),
  excluded: resolve(ROOT, 'scripts/rerank/excluded.txt'),
  embedderExcluded: resolve(ROOT, 'scripts/train/excluded.txt'),
  vocabulary: resolve(ROOT, 'src/core/models/codeVocabulary.data.ts'),
};

/** The language of a Debian package's sources, from its name. */
export function packageLanguage(pkg: string): string {
  if (pkg.startsWith('python3-') || pkg.startsWith('stdlib:')) return 'python';
  if (pkg.startsWith('golang-')) return 'go';
  if (pkg.startsWith('node-')) return 'javascript';
  if (pkg.endsWith('-java') || pkg.startsWith('openjdk-')) return 'java';
  if (pkg.startsWith('librust-')) return 'rust';
  return 'other';
}

/** `<package> <split>` lines ('#' comments, blank lines skipped). */
export function parseQualityList(text: string): QualityRepo[] {
  return parseRepoList(text).map((line) => {
    const [pkg, split = 'test', ...rest] = line.split(/\s+/);
    if (rest.length > 0 || !(QUALITY_SPLITS as readonly string[]).includes(split)) throw new Error(`quality list: '${line}' is not '<package> <tune|test>'`);
    return { package: pkg, split: split as QualitySplit, language: packageLanguage(pkg) };
  });
}

export function readQualityList(file: string): QualityRepo[] {
  return parseQualityList(readFileSync(file, 'utf8'));
}

function listOf(file: string): Set<string> {
  return new Set(parseRepoList(readFileSync(file, 'utf8')).map((line) => line.split(/\s+/)[0]));
}

/** The Java packages the outside check keeps (`openjdk:<package>` and `java:<package>` lines of both excluded lists). */
function excludedJavaPackages(): string[] {
  const lines = [...listOf(TRAINING_LISTS.excluded), ...listOf(TRAINING_LISTS.embedderExcluded)];
  return [...new Set(lines.flatMap((e) => (/^(?:openjdk|java):/.test(e) ? [e.slice(e.indexOf(':') + 1)] : [])))];
}

/** Package-like names in the vocabulary's generated header (its sources), and whether it names the stdlib. */
export function vocabularySources(file = TRAINING_LISTS.vocabulary): { packages: Set<string>; stdlibWithout: Set<string> | null } {
  const header = readFileSync(file, 'utf8').split('*/')[0];
  const packages = new Set(header.match(/\b(?:python3|golang|node|librust)-[a-z0-9][a-z0-9.+-]*[a-z0-9]/g) ?? []);
  const stdlib = /stdlib without ([^\n]*?)(?: and tests)?\./.exec(header.replace(/\n \* /g, ' '));
  return { packages, stdlibWithout: stdlib ? new Set(stdlib[1].split(/,\s*/).map((s) => s.trim())) : null };
}

/** Why each package is not held out of training (empty: held out). */
export function heldOutProblems(packages: readonly string[]): Map<string, string[]> {
  const embedder = listOf(TRAINING_LISTS.embedder);
  const embedderCode = listOf(TRAINING_LISTS.embedderCode);
  const heldOut = listOf(TRAINING_LISTS.embedderHeldOut);
  const reranker = listOf(TRAINING_LISTS.reranker);
  const excluded = listOf(TRAINING_LISTS.excluded);
  const javaExcluded = excludedJavaPackages();
  const vocabulary = vocabularySources();
  const problems = new Map<string, string[]>();
  for (const pkg of packages) {
    const why: string[] = [];
    if (embedder.has(pkg)) why.push("the embedder's training list (scripts/train/packages.txt) mines it");
    if (embedderCode.has(pkg)) why.push("the embedder's training list (scripts/train/packages-code.txt) mines it");
    if (!heldOut.has(pkg)) why.push("not in the embedder's held-out list (scripts/train/heldout.txt)");
    const module = pkg.startsWith('openjdk-') ? pkg.split(':')[1] : undefined;
    if (module !== undefined && javaExcluded.some((p) => module === p || module.startsWith(`${p}.`)))
      why.push('its Java packages are kept for the outside check (scripts/rerank/excluded.txt)');
    if (reranker.has(pkg)) why.push("the learned reranker is trained on it (scripts/rerank/packages.txt)");
    if (excluded.has(pkg)) why.push('kept for the outside check (scripts/rerank/excluded.txt)');
    if (vocabulary.packages.has(pkg)) why.push('the built-in vocabulary was trained on it');
    if (pkg.startsWith('stdlib:') && vocabulary.stdlibWithout && !vocabulary.stdlibWithout.has(pkg.slice('stdlib:'.length)))
      why.push('the built-in vocabulary was trained on the stdlib with it');
    problems.set(pkg, why);
  }
  return problems;
}
