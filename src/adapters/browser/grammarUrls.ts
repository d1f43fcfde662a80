/**
 * @file The tree-sitter runtime and grammar wasm files as Vite ?url assets, one table for the
 * parse workers and the repo worker's parsers (the agent's check_code). Vite needs a literal
 * import per asset: one line per registered language (the Record type checks it).
 * Runs in: workers (browser).
 */
import runtimeWasm from 'web-tree-sitter/web-tree-sitter.wasm?url';
import pythonWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm?url';
import javascriptWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-javascript.wasm?url';
import typescriptWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-typescript.wasm?url';
import tsxWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-tsx.wasm?url';
import javaWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-java.wasm?url';
import goWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-go.wasm?url';
import rustWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-rust.wasm?url';
import csharpWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-c-sharp.wasm?url';
import phpWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-php.wasm?url';
import rubyWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-ruby.wasm?url';
import cppWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-cpp.wasm?url';
import type { Language } from '../../core/ingest/types.ts';
import { createParsers } from '../../core/parse/treeSitter.ts';
import type { Parsers } from '../../core/parse/treeSitter.ts';

export const GRAMMAR_URLS: Record<Language, string> = {
  python: pythonWasm,
  javascript: javascriptWasm,
  typescript: typescriptWasm,
  tsx: tsxWasm,
  java: javaWasm,
  go: goWasm,
  rust: rustWasm,
  csharp: csharpWasm,
  php: phpWasm,
  ruby: rubyWasm,
  cpp: cppWasm,
};

/** Parsers whose grammars load from the bundled wasm assets on first need. */
export function createBrowserParsers(): Promise<Parsers> {
  return createParsers(async (language) => GRAMMAR_URLS[language], () => runtimeWasm, []);
}
