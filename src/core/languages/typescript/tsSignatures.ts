/**
 * @file Signatures, docstrings and base lists of TS/JS entities, cut from the file text.
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node } from 'web-tree-sitter';
import { textOf } from './tsNodes.ts';
import { cleanJsDoc, normaliseWhitespace, skipWhitespace, skipWhitespaceBack } from './tsText.ts';

/** Longest signature kept whole for value-like entities (fields, variables, type aliases). */
const SHORT_SIGNATURE = 160;

/** Header text between two indices, whitespace-normalised (`export async function f(a: T): R`). */
export function headerSignature(text: string, from: number, to: number): string {
  const header = normaliseWhitespace(text.slice(from, Math.max(from, to)));
  const last = header.charCodeAt(header.length - 1);
  return last === 59 /* ; */ || last === 44 /* , */ ? header.slice(0, -1).trimEnd() : header;
}

/**
 * Signature of a value-like entity: the whole declaration when short, else the part before
 * the value followed by ' …' (`const config = …`).
 */
export function valueSignature(text: string, from: number, valueStart: number, end: number): string {
  if (valueStart <= from || end - from <= SHORT_SIGNATURE * 4) {
    const whole = headerSignature(text, from, end);
    if (whole.length <= SHORT_SIGNATURE || valueStart <= from) return whole;
  }
  return `${headerSignature(text, from, valueStart)} …`;
}

/**
 * Start of the JSDoc block (`/** ... *\/`) that ends exactly at `end`, or -1. The text says
 * where a candidate is; the tree confirms it is a comment (not `*\/` inside a string).
 */
export function jsDocStartingBefore(text: string, end: number, root: Node): number {
  if (end < 5 || text.charCodeAt(end - 1) !== 47 /* / */ || text.charCodeAt(end - 2) !== 42 /* * */) return -1;
  const comment = root.descendantForIndex(end - 1);
  if (!comment || comment.type !== 'comment' || comment.endIndex !== end) return -1;
  const start = comment.startIndex;
  return text.startsWith('/**', start) && end - start > 4 ? start : -1;
}

/** The JSDoc block ending right before `start` (whitespace between allowed), cleaned; else null. */
export function docstringBefore(text: string, start: number, root: Node, fileDocStart: number): string | null {
  const end = skipWhitespaceBack(text, start);
  const docStart = jsDocStartingBefore(text, end, root);
  if (docStart < 0 || docStart === fileDocStart) return null;
  return cleanJsDoc(text.slice(docStart, end));
}

const FILE_TAG = /@(?:file|fileoverview|overview|module|packageDocumentation|license|copyright|preserve)\b/;

/**
 * The leading JSDoc block of a file when it documents the file: it carries a file tag, or is
 * followed by a blank line, imports, a directive or another comment (not by a declaration).
 */
export function fileDocstring(text: string, root: Node): { start: number; doc: string | null } {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (text.startsWith('#!', at)) {
    const newline = text.indexOf('\n', at);
    at = newline === -1 ? text.length : newline + 1;
  }
  at = skipWhitespace(text, at);
  if (!text.startsWith('/**', at)) return { start: -1, doc: null };
  const close = text.indexOf('*/', at + 3);
  if (close === -1 || jsDocStartingBefore(text, close + 2, root) !== at) return { start: -1, doc: null };
  const end = close + 2;
  const comment = text.slice(at, end);
  const next = skipWhitespace(text, end);
  const gap = text.slice(end, next);
  const documentsFile =
    FILE_TAG.test(comment) ||
    /\n[^\S\n]*\r?\n/.test(gap) ||
    next >= text.length ||
    /^(?:import\b|['"]use |\/[/*]|require\s*\()/.test(text.slice(next, next + 12));
  return documentsFile ? { start: at, doc: cleanJsDoc(comment) } : { start: -1, doc: null };
}

/** Base expressions of a class or interface as written ('Base', 'mod.Base', 'Box<T>', 'mix(A)'). */
export function basesOf(declaration: Node, text: string): string[] {
  const bases: string[] = [];
  for (const child of declaration.namedChildren) {
    if (child.type === 'class_heritage') {
      for (const clause of child.namedChildren) {
        if (clause.type === 'extends_clause' || clause.type === 'implements_clause') collectClause(clause, text, bases);
        else if (clause.type !== 'comment') bases.push(normaliseWhitespace(textOf(text, clause)));
      }
    } else if (child.type === 'extends_type_clause') {
      collectClause(child, text, bases);
    }
  }
  return bases;
}

function collectClause(clause: Node, text: string, bases: string[]): void {
  const first = bases.length;
  for (const part of clause.namedChildren) {
    if (part.type === 'comment') continue;
    const written = normaliseWhitespace(textOf(text, part));
    if (part.type === 'type_arguments' && bases.length > first) bases[bases.length - 1] += written;
    else bases.push(written);
  }
}
