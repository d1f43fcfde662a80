/**
 * @file Small tree-sitter node helpers for the TS/JS extractor (no recursion anywhere).
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node } from 'web-tree-sitter';
import { identifierEnd } from './tsChains.ts';
import { normaliseWhitespace, stringValue } from './tsText.ts';

/** The node's source text, sliced from the file text (cheaper than node.text on big nodes). */
export function textOf(text: string, node: Node): string {
  return text.slice(node.startIndex, node.endIndex);
}

/**
 * A declaration's name as written; quotes removed from string names ('x' in `declare module 'x'`),
 * whitespace normalised in computed names. Plain names are scanned in the text (no tree call).
 */
export function nameText(text: string, node: Node | null): string | null {
  if (!node) return null;
  const start = node.startIndex;
  const first = text.charCodeAt(start);
  if (first !== 34 /* " */ && first !== 39 /* ' */ && first !== 96 /* ` */ && first !== 91 /* [ */) {
    const end = identifierEnd(text, first === 35 /* # */ ? start + 1 : start);
    if (end > start && text.charCodeAt(end) !== 92 /* backslash escape */ && text.charCodeAt(end) !== 46 /* . */) return text.slice(start, end);
  }
  const raw = textOf(text, node);
  if (first === 91) return normaliseWhitespace(raw);
  if (first === 34 || first === 39 || first === 96) return stringValue(raw);
  return raw === '' ? null : raw;
}

/** The first named child that is not a comment. */
export function firstNamedChild(node: Node): Node | null {
  for (const child of node.namedChildren) if (child.type !== 'comment') return child;
  return null;
}

/** Whether `node` is an anonymous keyword child of `parent` with the given text ('type', 'default'). */
export function hasKeyword(parent: Node, keyword: string): boolean {
  for (const child of parent.children) if (!child.isNamed && child.type === keyword) return true;
  return false;
}

/**
 * Identifiers bound by a binding pattern, in source order:
 * `{a, b: c, ...r}` -> a, c, r; `[x, , y = 1]` -> x, y; `z` -> z.
 */
export function boundNames(pattern: Node): Node[] {
  const names: Node[] = [];
  const stack: Node[] = [pattern];
  while (stack.length > 0) {
    const node = stack.pop()!;
    switch (node.type) {
      case 'identifier':
      case 'shorthand_property_identifier_pattern':
        names.push(node);
        break;
      case 'object_pattern':
      case 'array_pattern': {
        const children = node.namedChildren;
        for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
        break;
      }
      case 'pair_pattern': {
        const value = node.childForFieldName('value');
        if (value) stack.push(value);
        break;
      }
      case 'assignment_pattern':
      case 'object_assignment_pattern': {
        const left = node.childForFieldName('left');
        if (left) stack.push(left);
        break;
      }
      case 'rest_pattern': {
        const inner = firstNamedChild(node);
        if (inner) stack.push(inner);
        break;
      }
      default:
        break;
    }
  }
  return names;
}
