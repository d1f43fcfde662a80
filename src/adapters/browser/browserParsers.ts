/**
 * @file Tree-sitter parsers inside the repo worker (the agent's check_code tool), created once on
 * first use; grammars load per language on demand from Vite ?url assets, as in the parse worker.
 * Runs in: the repo worker.
 */
import runtimeWasm from 'web-tree-sitter/web-tree-sitter.wasm?url';
import pythonWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm?url';
import javascriptWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-javascript.wasm?url';
import typescriptWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-typescript.wasm?url';
import tsxWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-tsx.wasm?url';
import type { Language } from '../../core/ingest/types.ts';
import { createParsers } from '../../core/parse/treeSitter.ts';
import type { Parsers } from '../../core/parse/treeSitter.ts';

const GRAMMAR_URLS: Record<Language, string> = { python: pythonWasm, javascript: javascriptWasm, typescript: typescriptWasm, tsx: tsxWasm };

let parsers: Promise<Parsers> | null = null;

export function browserParsers(): Promise<Parsers> {
  parsers ??= createParsers(async (language) => GRAMMAR_URLS[language], () => runtimeWasm, []);
  return parsers;
}
