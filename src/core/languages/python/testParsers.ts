/**
 * @file Test helper: real tree-sitter parsers for Node tests (grammars from
 * @vscode/tree-sitter-wasm in node_modules, handed to web-tree-sitter as file paths, which it
 * reads itself in Node) plus a one-call `parsePython` for extractor tests. No node:* imports.
 * Runs in: Node (vitest only).
 */
import type { FileIR } from '../../parse/fileIR.ts';
import { languageFacts } from '../catalog.ts';
import { createParsers } from '../../parse/treeSitter.ts';
import type { Parsers } from '../../parse/treeSitter.ts';
import { extractPython } from './pythonExtractor.ts';

const WASM_DIR = new URL('../../../../node_modules/@vscode/tree-sitter-wasm/wasm/', import.meta.url);
let parsers: Promise<Parsers> | null = null;

/** Parsers for every language, loaded once per test worker. */
export function nodeParsers(): Promise<Parsers> {
  parsers ??= createParsers(async (language) => decodeURIComponent(new URL(languageFacts(language).grammar, WASM_DIR).pathname));
  return parsers;
}

/** Parse Python text and extract its FileIR (the tree is deleted afterwards). */
export async function parsePython(text: string, path = 'mod.py'): Promise<FileIR> {
  const tree = (await nodeParsers()).parse('python', text);
  try {
    return extractPython(tree, { path, text });
  } finally {
    tree.delete();
  }
}
