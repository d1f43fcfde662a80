/**
 * @file The pair files of a training work folder, read as one set: mine.py's Python pairs
 * (pairs.jsonl, heldout-pairs.jsonl) and mineCode.ts's other languages' pairs (pairs-code.jsonl,
 * heldout-pairs-code.jsonl), in that order. A pair without `lang` is Python (mine.py's).
 * Runs in: Node (tsx).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Pair {
  pkg: string;
  path: string;
  name: string;
  doc: string;
  code: string;
  lang: string;
}

export const PAIR_FILES = {
  train: ['pairs.jsonl', 'pairs-code.jsonl'],
  heldout: ['heldout-pairs.jsonl', 'heldout-pairs-code.jsonl'],
} as const;

/** The language group a pair is reported under: JavaScript, TypeScript and TSX count as one. */
export function languageGroup(lang: string): string {
  return lang === 'typescript' || lang === 'tsx' ? 'javascript' : lang;
}

export function readPairSet(work: string, set: keyof typeof PAIR_FILES): Pair[] {
  return PAIR_FILES[set].flatMap((file) => {
    const path = join(work, file);
    if (!existsSync(path)) return [];
    return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => {
      const pair = JSON.parse(l) as Pair;
      return { ...pair, lang: languageGroup(pair.lang ?? 'python') };
    });
  });
}
