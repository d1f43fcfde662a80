/**
 * @file Tokenizer for the read-only Cypher subset: identifiers (plain or `backticked`),
 * strings with either quote and backslash escapes, numbers, punctuation; comments skipped.
 * Every token keeps its line:column (from 1) and source offsets. Runs in: everywhere.
 */
import { cypherError } from './errors.ts';

export type TokenKind = 'ident' | 'quotedIdent' | 'string' | 'number' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  /** Identifier name, decoded string value, number text or punctuation. */
  text: string;
  line: number;
  column: number;
  start: number;
  end: number;
}

const PUNCTUATION = ['..', '<>', '<=', '>=', '=~', '->', '<-', '(', ')', '[', ']', '{', '}', ':', ',', '.', '|', '*', '-', '>', '<', '=', '+', '/', '%', ';', '$', '^'];

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '\\': '\\', "'": "'", '"': '"', '`': '`' };

function isIdentStart(ch: string): boolean {
  return /[A-Za-z_\u0080-\uffff]/.test(ch);
}

function isIdentPart(ch: string): boolean {
  return /[A-Za-z0-9_\u0080-\uffff]/.test(ch);
}

/** Splits `query` into tokens, ending with one 'eof' token. */
export function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const advanceTo = (target: number): void => {
    for (; i < target; i++) {
      if (query[i] === '\n') {
        line++;
        lineStart = i + 1;
      }
    }
  };
  while (i < query.length) {
    const ch = query[i];
    if (/\s/.test(ch)) {
      advanceTo(i + 1);
      continue;
    }
    const pos = { line, column: i - lineStart + 1 };
    if (query.startsWith('//', i)) {
      const end = query.indexOf('\n', i);
      advanceTo(end < 0 ? query.length : end);
      continue;
    }
    if (query.startsWith('/*', i)) {
      const end = query.indexOf('*/', i + 2);
      if (end < 0) throw cypherError('Unterminated comment', pos);
      advanceTo(end + 2);
      continue;
    }
    const start = i;
    if (ch === "'" || ch === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= query.length) throw cypherError('Unterminated string', pos);
        const c = query[j];
        if (c === ch) break;
        if (c === '\\') {
          const next = query[j + 1];
          if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(query.slice(j + 2, j + 6))) {
            value += String.fromCharCode(parseInt(query.slice(j + 2, j + 6), 16));
            j += 6;
            continue;
          }
          const decoded = next === undefined ? undefined : ESCAPES[next];
          if (decoded === undefined) throw cypherError(`Unknown escape \\${next ?? ''} in string`, pos);
          value += decoded;
          j += 2;
          continue;
        }
        value += c;
        j++;
      }
      advanceTo(j + 1);
      tokens.push({ kind: 'string', text: value, ...pos, start, end: i });
      continue;
    }
    if (ch === '`') {
      const end = query.indexOf('`', i + 1);
      if (end < 0) throw cypherError('Unterminated `identifier`', pos);
      advanceTo(end + 1);
      tokens.push({ kind: 'quotedIdent', text: query.slice(start + 1, end), ...pos, start, end: i });
      continue;
    }
    if (/[0-9]/.test(ch)) {
      const match = /^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(query.slice(i));
      const text = match ? match[0] : ch;
      advanceTo(i + text.length);
      tokens.push({ kind: 'number', text, ...pos, start, end: i });
      continue;
    }
    if (isIdentStart(ch)) {
      let j = i + 1;
      while (j < query.length && isIdentPart(query[j])) j++;
      advanceTo(j);
      tokens.push({ kind: 'ident', text: query.slice(start, j), ...pos, start, end: i });
      continue;
    }
    const punct = PUNCTUATION.find((p) => query.startsWith(p, i));
    if (!punct) throw cypherError(`Unexpected character '${ch}'`, pos);
    advanceTo(i + punct.length);
    tokens.push({ kind: 'punct', text: punct, ...pos, start, end: i });
  }
  tokens.push({ kind: 'eof', text: '', line, column: i - lineStart + 1, start: i, end: i });
  return tokens;
}
