/**
 * @file The fixed text sample of the embed benchmark: Python function and method snippets (a
 * `def` line and its indented body) cut from corpus files, capped like embedGraph caps code
 * (MAX_CODE_CHARS), picked evenly across the corpus so the sample does not depend on one
 * package; plus reranker work (queries made from function names, each paired with documents).
 * Pure: no file access.
 * Runs in: Node (bench, tests).
 */
import type { RerankSignals } from '../../src/core/models/types.ts';

export interface Snippet {
  /** Where it came from: `<file path>:<line>` (1-based). */
  where: string;
  /** The function's name (from its `def` line). */
  name: string;
  text: string;
}

const DEF = /^([ \t]*)(?:async[ \t]+)?def[ \t]+([A-Za-z_][A-Za-z0-9_]*)/;

function indentOf(line: string): number {
  return /^[ \t]*/.exec(line)![0].length;
}

/**
 * Every `def` block of a Python file: the def line (and decorators are left out), then the lines
 * indented deeper than it, blank lines inside kept, trailing blank lines dropped. Nested defs are
 * snippets of their own too. Each text is cut to `maxChars`.
 */
export function pythonFunctions(path: string, text: string, maxChars = 4000): Snippet[] {
  const lines = text.split(/\r?\n/);
  const out: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = DEF.exec(lines[i]!);
    if (!match) continue;
    const indent = match[1]!.length;
    let end = i + 1;
    let lastCode = i;
    for (; end < lines.length; end++) {
      const line = lines[end]!;
      if (line.trim() === '') continue;
      if (indentOf(line) <= indent) break;
      lastCode = end;
    }
    const body = lines.slice(i, lastCode + 1).join('\n');
    out.push({ where: `${path}:${i + 1}`, name: match[2]!, text: body.slice(0, maxChars) });
  }
  return out;
}

/** `n` items spread evenly over `items` (stride, first one included); all of them when n >= length. */
export function pickSpread<T>(items: readonly T[], n: number): T[] {
  if (n >= items.length) return [...items];
  if (n <= 0) return [];
  const out: T[] = [];
  const step = items.length / n;
  for (let k = 0; k < n; k++) out.push(items[Math.floor(k * step)]!);
  return out;
}

/** A query a person might type for a function name: `_parse_config` -> `parse config`, `getUserId` -> `get user id`. */
export function queryFromName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_+/g, ' ')
    .trim()
    .toLowerCase();
}

export interface RerankWork {
  query: string;
  docs: string[];
  /** The search engine's signals of each document, for a reranker that reads them (bench:quality's sample). */
  signals?: RerankSignals[];
}

/**
 * Reranker work over a sample: `queries` queries taken from evenly spread snippets' names (names
 * of at least two words, where there are enough), each paired with `docsPerQuery` documents taken
 * in turn from the sample (a sliding window, so documents differ between queries).
 */
export function rerankWork(snippets: readonly Snippet[], queries: number, docsPerQuery: number): RerankWork[] {
  if (snippets.length === 0 || queries <= 0 || docsPerQuery <= 0) return [];
  const named = snippets.filter((s) => queryFromName(s.name).includes(' '));
  const sources = pickSpread(named.length >= queries ? named : snippets, queries);
  return sources.map((source, q) => {
    const docs: string[] = [];
    for (let d = 0; d < docsPerQuery; d++) docs.push(snippets[(q * docsPerQuery + d) % snippets.length]!.text);
    return { query: queryFromName(source.name) || source.name, docs };
  });
}

export interface SampleStats {
  texts: number;
  meanChars: number;
  maxChars: number;
}

export function sampleStats(texts: readonly string[]): SampleStats {
  const total = texts.reduce((sum, t) => sum + t.length, 0);
  return { texts: texts.length, meanChars: texts.length > 0 ? total / texts.length : 0, maxChars: texts.reduce((m, t) => Math.max(m, t.length), 0) };
}
