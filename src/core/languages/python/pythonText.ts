/**
 * @file Source-text helpers for the Python extractor: identifier and dotted-chain scanning,
 * definition headers (signatures), docstring cleaning, string literal values, line lookup.
 * All positions are JS string indices (UTF-16 code units), which is what web-tree-sitter's
 * startIndex/endIndex report for trees parsed from a JS string. Pure functions, no recursion.
 * Runs in: parse workers, Node. Layer src/core.
 */

const ID_START = /[\p{ID_Start}_]/u;
const ID_CONTINUE = /[\p{ID_Continue}]/u;

function isAsciiIdentifierPart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** Whether an identifier starts at `i`. */
export function isIdentifierStart(src: string, i: number): boolean {
  const c = src.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
  if (Number.isNaN(c)) return false;
  return ID_START.test(String.fromCodePoint(src.codePointAt(i)!));
}

/** End index of the identifier that starts at `i` (== i when there is none). */
export function identifierEnd(src: string, i: number): number {
  const n = src.length;
  while (i < n) {
    const c = src.charCodeAt(i);
    if (c < 128) {
      if (!isAsciiIdentifierPart(c)) break;
      i++;
      continue;
    }
    const cp = src.codePointAt(i)!;
    if (!ID_CONTINUE.test(String.fromCodePoint(cp))) break;
    i += cp > 0xffff ? 2 : 1;
  }
  return i;
}

/** Skip spaces, tabs and backslash line continuations (never a bare newline). */
export function skipInlineSpace(src: string, i: number): number {
  for (;;) {
    const c = src.charCodeAt(i);
    if (c === 32 || c === 9 || c === 12) i++;
    else if (c === 92 && src.charCodeAt(i + 1) === 10) i += 2;
    else if (c === 92 && src.charCodeAt(i + 1) === 13 && src.charCodeAt(i + 2) === 10) i += 3;
    else return i;
  }
}

/** Result of readChain: the dotted name and the index just after it. */
export interface Chain {
  name: string;
  end: number;
}

/**
 * The longest `a.b.c` chain of plain identifiers starting at `start` (whitespace dropped).
 * Stops at anything else: a call, a subscript, a newline, a comment.
 */
export function readChain(src: string, start: number): Chain {
  let end = identifierEnd(src, start);
  let name = src.slice(start, end);
  for (;;) {
    let j = skipInlineSpace(src, end);
    if (src.charCodeAt(j) !== 46) break;
    j = skipInlineSpace(src, j + 1);
    if (!isIdentifierStart(src, j)) break;
    const e = identifierEnd(src, j);
    name += '.' + src.slice(j, e);
    end = e;
  }
  return { name, end };
}

/** Whether the next token after `i` on the same logical line is `(`. */
export function isFollowedByParen(src: string, i: number): boolean {
  return src.charCodeAt(skipInlineSpace(src, i)) === 40;
}

/** Index of the end of the string literal whose opening quote is at `i` (exclusive). */
function stringEnd(src: string, i: number, limit: number): number {
  const q = src.charCodeAt(i);
  const triple = src.charCodeAt(i + 1) === q && src.charCodeAt(i + 2) === q;
  let j = i + (triple ? 3 : 1);
  while (j < limit) {
    const c = src.charCodeAt(j);
    if (c === 92) {
      j += 2;
      continue;
    }
    if (c === q) {
      if (!triple) return j + 1;
      if (src.charCodeAt(j + 1) === q && src.charCodeAt(j + 2) === q) return j + 3;
    } else if (!triple && c === 10) {
      return j;
    }
    j++;
  }
  return limit;
}

/**
 * A `def` / `class` header as one line: from `start` up to and including the first `:` at
 * bracket depth 0, comments removed, whitespace collapsed (`def f(a, b) -> int:`). Cut at
 * `maxLength` (error recovery can leave a bracket open).
 */
export function headerSignature(src: string, start: number, limit: number, maxLength = 1000): string {
  let out = '';
  let depth = 0;
  let pendingSpace = false;
  let i = start;
  while (i < limit) {
    const c = src.charCodeAt(i);
    if (c === 35) {
      while (i < limit && src.charCodeAt(i) !== 10) i++;
      pendingSpace = true;
      continue;
    }
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || (c === 92 && (src.charCodeAt(i + 1) === 10 || src.charCodeAt(i + 1) === 13))) {
      pendingSpace = true;
      i++;
      continue;
    }
    if (pendingSpace) {
      const last = out.charCodeAt(out.length - 1);
      const opener = last === 40 || last === 91 || last === 123;
      const closer = c === 41 || c === 93 || c === 125 || c === 44 || c === 58;
      if (out.length > 0 && !opener && !closer) out += ' ';
      pendingSpace = false;
    }
    if (c === 34 || c === 39) {
      const e = stringEnd(src, i, limit);
      out += src.slice(i, e);
      i = e;
      continue;
    }
    if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) depth--;
    else if (c === 58 && depth <= 0 && src.charCodeAt(i + 1) !== 61) return out + ':';
    out += src[i];
    i++;
    if (out.length >= maxLength) return out + ' ...';
  }
  return out.trimEnd();
}

/** Whitespace runs collapsed to one space, capped (signatures of variables and fields). */
export function collapseWhitespace(text: string, max = 200): string {
  const head = text.length > max * 2 ? text.slice(0, max * 2) : text;
  const collapsed = head.replace(/\s+/g, ' ').trim();
  return collapsed.length > max ? collapsed.slice(0, max) + ' ...' : collapsed;
}

const STRING_OPEN = /^([A-Za-z]{0,3})("""|'''|"|')/;

/** Prefix (lower-cased) and body of a string literal's source text, or null when not one. */
export function stringLiteralParts(raw: string): { prefix: string; body: string } | null {
  const m = STRING_OPEN.exec(raw);
  if (!m) return null;
  const quote = m[2]!;
  const open = m[0].length;
  const close = raw.length >= open + quote.length && raw.endsWith(quote) ? raw.length - quote.length : raw.length;
  return { prefix: m[1]!.toLowerCase(), body: raw.slice(open, Math.max(open, close)) };
}

/** The value of a plain (non f-, non bytes) string literal, escapes left as written; else null. */
export function plainStringValue(raw: string): string | null {
  const parts = stringLiteralParts(raw);
  if (!parts || /[fbt]/.test(parts.prefix)) return null;
  return parts.body;
}

/** inspect.cleandoc: expand tabs, drop the common indentation of lines 2.., trim blank edges. */
export function cleanDoc(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map(expandTabs);
  let margin = Infinity;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const content = line.trimStart().length;
    if (content > 0) margin = Math.min(margin, line.length - content);
  }
  lines[0] = lines[0]!.trimStart();
  if (margin !== Infinity) for (let i = 1; i < lines.length; i++) lines[i] = lines[i]!.slice(margin);
  let first = 0;
  let last = lines.length - 1;
  while (first <= last && lines[first]!.trim() === '') first++;
  while (last >= first && lines[last]!.trim() === '') last--;
  return lines
    .slice(first, last + 1)
    .map((line) => line.trimEnd())
    .join('\n');
}

function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

/** A docstring from the source text of one string literal or of concatenated literals. */
export function docstringFromLiterals(raws: string[]): string | null {
  let body = '';
  for (const raw of raws) {
    const parts = stringLiteralParts(raw);
    if (!parts || /[fbt]/.test(parts.prefix)) return null;
    body += parts.body;
  }
  const doc = cleanDoc(body);
  return doc === '' ? null : doc;
}

/** Start index of every line (index 0 first). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  let i = text.indexOf('\n');
  while (i !== -1) {
    starts.push(i + 1);
    i = text.indexOf('\n', i + 1);
  }
  return starts;
}

/** Number of lines as an editor counts them (a final newline does not open a new line). */
export function countLines(text: string, starts: number[]): number {
  if (text.length === 0) return 0;
  return text.endsWith('\n') ? starts.length - 1 : starts.length;
}

/** The folder of a repo-relative path as a dotted name: 'pkg/sub/mod.py' -> 'pkg.sub'. */
export function dottedFolderName(path: string): string {
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  parts.pop();
  return parts.join('.');
}

/** A class-like name: its last segment starts with an upper-case letter (PEP 8 class names). */
function isClassName(chain: string): boolean {
  const c = chain.charCodeAt(chain.lastIndexOf('.') + 1);
  return c >= 65 && c <= 90;
}

/** After a type at `i`: what may end an annotation (`,` `)` `=` `:` `]` a line end, `| None`). */
function endsAnnotation(src: string, i: number): boolean {
  const j = skipInlineSpace(src, i);
  const c = src.charCodeAt(j);
  if (c === 124) return src.startsWith('None', skipInlineSpace(src, j + 1)); // `X | None`
  return Number.isNaN(c) || c === 44 || c === 41 || c === 61 || c === 58 || c === 93 || c === 10 || c === 13 || c === 35;
}

/**
 * The class a name bound at `end` (right after the name as written) is declared or built as,
 * read from the text that follows: `x: Repo`, `x: Optional[Repo]`, `x: Repo | None`,
 * `x: "Repo"`, `x = Repo(...)`, `x: Repo = ...`; null for anything else (`x = repo()`,
 * `x: list[Repo]`, tuple targets). Class-like names only: the stitcher keeps it where it
 * resolves to a Class.
 */
export function boundType(src: string, end: number): string | null {
  let i = skipInlineSpace(src, end);
  const c = src.charCodeAt(i);
  if (c === 58 && src.charCodeAt(i + 1) !== 61) {
    i = skipInlineSpace(src, i + 1);
    const quote = src.charCodeAt(i);
    if (quote === 34 || quote === 39) i++;
    if (!isIdentifierStart(src, i)) return null;
    let chain = readChain(src, i);
    if ((chain.name === 'Optional' || chain.name.endsWith('.Optional')) && src.charCodeAt(skipInlineSpace(src, chain.end)) === 91) {
      const inner = skipInlineSpace(src, skipInlineSpace(src, chain.end) + 1);
      if (!isIdentifierStart(src, inner)) return null;
      chain = readChain(src, inner);
    }
    const after = quote === 34 || quote === 39 ? (src.charCodeAt(chain.end) === quote ? chain.end + 1 : -1) : chain.end;
    return after >= 0 && isClassName(chain.name) && endsAnnotation(src, after) ? chain.name : null;
  }
  if (c !== 61 || src.charCodeAt(i + 1) === 61) return null;
  i = skipInlineSpace(src, i + 1);
  if (!isIdentifierStart(src, i)) return null;
  // Most values are no `Class(...)`: find the chain's last segment before building any string.
  let last = i;
  let chainEnd = identifierEnd(src, i);
  for (;;) {
    let j = skipInlineSpace(src, chainEnd);
    if (src.charCodeAt(j) !== 46) break;
    j = skipInlineSpace(src, j + 1);
    if (!isIdentifierStart(src, j)) break;
    last = j;
    chainEnd = identifierEnd(src, j);
  }
  const initial = src.charCodeAt(last);
  if (initial < 65 || initial > 90 || !isFollowedByParen(src, chainEnd)) return null;
  return readChain(src, i).name;
}
