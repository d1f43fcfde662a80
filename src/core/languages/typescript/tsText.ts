/**
 * @file Source-text helpers for the TS/JS extractor: line lookup, whitespace, JSDoc, dotted chains.
 * They work on the file text by index (tree-sitter indices are UTF-16 code units in JS), so the
 * extractor slices the text it already holds instead of asking the tree for node text.
 * Runs in: parse workers, Node. Layer src/core.
 */

/** Start index of every line, for index -> 1-based line lookups by binary search. */
export function lineStarts(text: string): Int32Array {
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  const starts = new Int32Array(count);
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts[line++] = at + 1;
  return starts;
}

/** 1-based line of a text index. */
export function lineAt(starts: Int32Array, index: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= index) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** Number of lines as an editor shows them ('' has 0, 'a\n' has 1, 'a\nb' has 2). */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return text.endsWith('\n') ? lines : lines + 1;
}

/** Collapse runs of whitespace to one space and trim. */
export function normaliseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Index just after the last non-whitespace character before `index` (0 when none). */
export function skipWhitespaceBack(text: string, index: number): number {
  let at = index;
  while (at > 0) {
    const code = text.charCodeAt(at - 1);
    if (code === 32 || code === 10 || code === 13 || code === 9 || code === 12 || code === 11 || code === 0xfeff) at--;
    else break;
  }
  return at;
}

/** Index of the first non-whitespace character at or after `index`. */
export function skipWhitespace(text: string, index: number): number {
  let at = index;
  while (at < text.length && /\s/.test(text[at])) at++;
  return at;
}

/** The text of a JSDoc block without the comment markers and leading `*`s; null when empty. */
export function cleanJsDoc(comment: string): string | null {
  const body = comment.replace(/^\/\*\*/, '').replace(/\*\/$/, '');
  const lines = body.split(/\r?\n/).map((line) => line.replace(/^\s*\* ?/, '').trimEnd());
  while (lines.length > 0 && lines[0].trim() === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  const text = lines.join('\n').trim();
  return text === '' ? null : text;
}

const CHAIN = /^(?:[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*)(?:\.#?[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*)*$/u;

/**
 * `a . b?.c` -> 'a.b.c' when the text is a plain dotted chain of names (this/super included),
 * otherwise null (calls, subscripts, parentheses inside).
 */
export function plainChain(text: string): string | null {
  let chain = text;
  if (/[\s/?]/.test(chain)) {
    chain = chain.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '').replace(/\s+/g, '').replace(/\?\./g, '.');
  }
  return CHAIN.test(chain) ? chain : null;
}

/** The value of a simple string literal as written ('./x' from `'./x'`); null for non-strings. */
export function stringValue(literal: string): string | null {
  const quote = literal[0];
  if ((quote !== '"' && quote !== "'" && quote !== '`') || literal.length < 2 || literal[literal.length - 1] !== quote) return null;
  const inner = literal.slice(1, -1);
  if (quote === '`' && inner.includes('${')) return null;
  return inner;
}

/** First segment of a dotted name. */
export function headOf(name: string): string {
  const dot = name.indexOf('.');
  return dot === -1 ? name : name.slice(0, dot);
}
