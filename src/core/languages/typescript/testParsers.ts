/**
 * @file Test helper: real tree-sitter parsers for the TS/JS extractor tests (grammars from
 * @vscode/tree-sitter-wasm in node_modules, handed to web-tree-sitter as file paths, which it
 * reads itself in Node) plus a one-call `extract`. No node:* imports (tests read fixtures).
 * Runs in: Node (vitest only).
 */
import type { FileIR } from '../../parse/fileIR.ts';
import { languageFacts } from '../catalog.ts';
import { createParsers } from '../../parse/treeSitter.ts';
import type { Parsers } from '../../parse/treeSitter.ts';
import { extractTypeScript } from './typescriptExtractor.ts';

const WASM_DIR = new URL('../../../../node_modules/@vscode/tree-sitter-wasm/wasm/', import.meta.url);

/** Folder of the TS/JS fixtures (test/fixtures/typescript/), for tests to read from. */
export const FIXTURES = new URL('../../../../test/fixtures/typescript/', import.meta.url);

let parsers: Promise<Parsers> | null = null;

/** Parsers for every grammar, loaded once per test worker. */
export function testParsers(): Promise<Parsers> {
  parsers ??= createParsers(async (language) => decodeURIComponent(new URL(languageFacts(language).grammar, WASM_DIR).pathname));
  return parsers;
}

export type ScriptLanguage = 'javascript' | 'typescript' | 'tsx';

/** Parse and extract one file; the tree is deleted afterwards. */
export async function extract(text: string, language: ScriptLanguage = 'typescript', path = `src/app/file.${extensionOf(language)}`): Promise<FileIR> {
  const tree = (await testParsers()).parse(language, text);
  try {
    return extractTypeScript(tree, { path, text, language });
  } finally {
    tree.delete();
  }
}

function extensionOf(language: ScriptLanguage): string {
  return language === 'javascript' ? 'js' : language === 'typescript' ? 'ts' : 'tsx';
}
