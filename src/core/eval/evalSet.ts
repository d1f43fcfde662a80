/**
 * @file Eval sets (docs/cli.md): the JSONL format (`{"query", "relevant": [{"file",
 * "line", "grade"?}]}` per line), resolution of {file, line} to the innermost Function / Method
 * / Class node whose line range holds the line, and CodeSearchNet-style sets built from a stored
 * graph: the first sentence of a docstring is the query, its definition the answer.
 *
 * Trivial docstrings are skipped: a first sentence under MIN_QUERY_WORDS words or
 * MIN_QUERY_CHARS characters, one that names the definition itself (its name as a whole word,
 * or its identifier words in a row), and sentences shared by several definitions (ambiguous).
 * Go's doc comments open with the name they document ("Use appends a MiddlewareFunc to the
 * chain."): in a `.go` file that opening name is taken off first (`withoutGoName`: "Appends a
 * MiddlewareFunc to the chain."), so a Go repo gives queries instead of skipping nearly all.
 * The answer's `line` is the line of its `def` / `class` keyword (decorators sit above it).
 * The set's `hiddenDocstrings` are the answers' node ids: the engine hides those docstrings.
 * Runs in: everywhere. Layer src/core.
 */
import type { EvalQuery, EvalSet } from '../agent/searchService.ts';
import { parseDocstring } from '../describe/docstring.ts';
import { AppError } from '../errors.ts';
import type { NodeKind } from '../graph/types.ts';
import { splitWords } from '../models/codeTokens.ts';
import { createPrng } from '../search/prng.ts';
import { CANDIDATE_KINDS, isCandidateKind } from '../search/searchDocuments.ts';
import { sqlString } from '../store/sqlConnection.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';

export const MIN_QUERY_WORDS = 4;
export const MIN_QUERY_CHARS = 20;

/** Parses eval JSONL; blank lines are skipped, a bad line is an INPUT_INVALID error naming it. */
export function parseEvalJsonl(text: string, name = 'queries'): EvalSet {
  const queries: EvalQuery[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    const bad = (why: string) => new AppError('INPUT_INVALID', `${name} line ${i + 1}: ${why}`);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw bad('not valid JSON');
    }
    const q = value as Partial<EvalQuery>;
    if (typeof q !== 'object' || q === null || typeof q.query !== 'string' || q.query.trim() === '') throw bad('"query" must be a non-empty string');
    if (!Array.isArray(q.relevant)) throw bad('"relevant" must be an array');
    const relevant = q.relevant.map((r, j) => {
      if (typeof r !== 'object' || r === null || typeof r.file !== 'string' || !Number.isInteger(r.line) || r.line < 1) {
        throw bad(`relevant[${j}] needs "file" (string) and "line" (whole number >= 1)`);
      }
      if (r.grade !== undefined && (typeof r.grade !== 'number' || !(r.grade >= 0))) throw bad(`relevant[${j}].grade must be a number >= 0`);
      return r.grade === undefined ? { file: r.file, line: r.line } : { file: r.file, line: r.line, grade: r.grade };
    });
    queries.push({ query: q.query, relevant });
  });
  return { name, queries };
}

export function toEvalJsonl(set: EvalSet): string {
  return set.queries.map((q) => JSON.stringify({ query: q.query, relevant: q.relevant })).join('\n') + (set.queries.length > 0 ? '\n' : '');
}

export interface LocatedNode {
  id: number;
  kind: NodeKind;
  file_path: string | null;
  start_line: number | null;
  end_line: number | null;
}

export type NodeLocator = (file: string, line: number) => number | null;

/** Innermost Function / Method / Class of `file` whose range holds `line` (latest start wins). */
export function createNodeLocator(nodes: Iterable<LocatedNode>): NodeLocator {
  const byFile = new Map<string, LocatedNode[]>();
  for (const node of nodes) {
    if (!isCandidateKind(node.kind) || node.file_path === null || node.start_line === null || node.end_line === null) continue;
    const list = byFile.get(node.file_path) ?? [];
    list.push(node);
    byFile.set(node.file_path, list);
  }
  return (file, line) => {
    let best: LocatedNode | null = null;
    for (const node of byFile.get(normalisePath(file)) ?? []) {
      if (node.start_line! <= line && line <= node.end_line!) {
        if (!best || node.start_line! > best.start_line! || (node.start_line === best.start_line && node.end_line! < best.end_line!)) best = node;
      }
    }
    return best ? best.id : null;
  };
}

function normalisePath(file: string): string {
  return file.replace(/\\/g, '/').replace(/^\.\//, '');
}

/** Relevance of one query: node id -> grade (default 1); unresolved entries are counted. */
export function resolveRelevance(query: EvalQuery, locate: NodeLocator): { relevance: Map<number, number>; unresolved: number } {
  const relevance = new Map<number, number>();
  let unresolved = 0;
  for (const r of query.relevant) {
    const id = locate(r.file, r.line);
    if (id === null) unresolved++;
    else relevance.set(id, Math.max(relevance.get(id) ?? 0, r.grade ?? 1));
  }
  return { relevance, unresolved };
}

/** Line of the `def` / `class` keyword: start_line plus the decorator lines above it. */
export function definitionLine(startLine: number, code: string | null): number {
  if (!code) return startLine;
  const lines = code.split('\n');
  const at = lines.findIndex((l) => /^\s*(async\s+def|def|class)\b/.test(l));
  return startLine + Math.max(0, at);
}

/** `text` matched literally inside a RegExp. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** True when the sentence names the definition: its name as a word, or its name's words in a row. */
export function namesDefinition(sentence: string, name: string): boolean {
  const bare = name.replace(/^_+|_+$/g, '');
  if (bare.length === 0) return false;
  const escaped = escapeRegExp(bare);
  if (new RegExp(`(^|[^\\p{L}\\p{N}_])_*${escaped}_*($|[^\\p{L}\\p{N}_])`, 'iu').test(sentence)) return true;
  const nameWords = splitWords(bare);
  if (nameWords.length < 2) return false;
  return ` ${splitWords(sentence).join(' ')} `.includes(` ${nameWords.join(' ')} `);
}

/**
 * A Go doc comment's first sentence without the name it opens with, as Go's convention writes it
 * ("Use appends ...", "A Route stores ..."): the rest, capitalised; the sentence as it is when
 * it does not open with the name or the file is not Go.
 */
export function withoutGoName(sentence: string, name: string, filePath: string): string {
  if (!filePath.endsWith('.go') || name === '') return sentence;
  const escaped = escapeRegExp(name);
  const match = new RegExp(`^(?:(?:A|An|The)\\s+)?${escaped}\\s+(\\S.*)$`).exec(sentence);
  if (!match) return sentence;
  return match[1].charAt(0).toUpperCase() + match[1].slice(1);
}

export function isTrivialQuery(sentence: string, name: string): boolean {
  const words = sentence.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  return words.length < MIN_QUERY_WORDS || sentence.length < MIN_QUERY_CHARS || namesDefinition(sentence, name);
}

export interface DocstringSetOptions {
  /** Most queries kept (a seeded sample); default all. */
  limit?: number;
  seed?: number;
  /** Only definitions whose file path starts with this ('json/'). */
  pathPrefix?: string;
}

export async function buildDocstringEvalSet(conn: SqlConnection, options: DocstringSetOptions = {}): Promise<EvalSet> {
  const kinds = CANDIDATE_KINDS.map((k) => sqlString(k)).join(', ');
  const prefix = options.pathPrefix ? ` AND starts_with(file_path, ${sqlString(options.pathPrefix)})` : '';
  const rows = await conn.query(
    `SELECT id, name, file_path, start_line, code, docstring FROM nodes WHERE kind IN (${kinds}) ` +
      `AND docstring IS NOT NULL AND file_path IS NOT NULL AND start_line IS NOT NULL${prefix} ORDER BY id`,
  );
  const picked: { id: number; query: string; file: string; line: number }[] = [];
  const uses = new Map<string, number>();
  for (const r of rows) {
    const sentence = withoutGoName(parseDocstring(String(r.docstring)).firstSentence.trim(), String(r.name), String(r.file_path));
    if (isTrivialQuery(sentence, String(r.name))) continue;
    const key = sentence.toLowerCase();
    uses.set(key, (uses.get(key) ?? 0) + 1);
    picked.push({ id: Number(r.id), query: sentence, file: String(r.file_path), line: definitionLine(Number(r.start_line), (r.code as string | null) ?? null) });
  }
  let kept = picked.filter((p) => uses.get(p.query.toLowerCase()) === 1);
  if (options.limit !== undefined && options.limit < kept.length) {
    const random = createPrng(options.seed ?? 1);
    const order = kept.map((p) => ({ p, r: random() }));
    order.sort((a, b) => a.r - b.r);
    kept = order.slice(0, Math.max(0, options.limit)).map((o) => o.p).sort((a, b) => a.id - b.id);
  }
  return {
    name: `docstrings${options.pathPrefix ? `:${options.pathPrefix}` : ''}`,
    queries: kept.map((p) => ({ query: p.query, relevant: [{ file: p.file, line: p.line }] })),
    hiddenDocstrings: kept.map((p) => p.id),
  };
}
