/**
 * @file Parse worker: parses batches of source files into FileIR (ParseRequest -> ParseReply,
 * see src/core/parse/parsePool.ts), loading each grammar (Vite ?url asset) on first need.
 * Runs in: a dedicated module worker started by the repo worker.
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
import { createParsers } from '../src/core/parse/treeSitter.ts';
import { parseSourceFiles } from '../src/core/parse/parseFile.ts';
import type { Language } from '../src/core/ingest/types.ts';
import type { ParseReply, ParseRequest } from '../src/core/parse/parsePool.ts';

/** Vite needs a literal import per asset: one line per registered language (the Record type checks it). */
const GRAMMAR_URLS: Record<Language, string> = {
  python: pythonWasm,
  javascript: javascriptWasm,
  typescript: typescriptWasm,
  tsx: tsxWasm,
  java: javaWasm,
  go: goWasm,
  rust: rustWasm,
  csharp: csharpWasm,
};

const parsersReady = createParsers(async (language) => GRAMMAR_URLS[language], () => runtimeWasm, []);

self.onmessage = async ({ data: { id, files } }: MessageEvent<ParseRequest>) => {
  let reply: ParseReply;
  try {
    reply = { id, irs: await parseSourceFiles(await parsersReady, files) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
