/**
 * @file Parse worker: builds the tree-sitter parsers once (grammar wasm from Vite ?url assets)
 * and turns batches of source files into FileIR. Protocol: {id, files} in, {id, irs} or
 * {id, error} out (see src/adapters/browser/parseWorkerPool.ts).
 * Runs in: a dedicated module worker started by the repo worker.
 */
import runtimeWasm from 'web-tree-sitter/web-tree-sitter.wasm?url';
import pythonWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm?url';
import javascriptWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-javascript.wasm?url';
import typescriptWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-typescript.wasm?url';
import tsxWasm from '@vscode/tree-sitter-wasm/wasm/tree-sitter-tsx.wasm?url';
import { createParsers } from '../src/core/parse/treeSitter.ts';
import { parseSourceFile } from '../src/core/parse/parseFile.ts';
import type { Language, SourceFile } from '../src/core/ingest/types.ts';

const GRAMMAR_URLS: Record<Language, string> = {
  python: pythonWasm,
  javascript: javascriptWasm,
  typescript: typescriptWasm,
  tsx: tsxWasm,
};

const parsersReady = createParsers(async (language) => GRAMMAR_URLS[language], () => runtimeWasm);

self.onmessage = async (event: MessageEvent<{ id: number; files: SourceFile[] }>) => {
  const { id, files } = event.data;
  try {
    const parsers = await parsersReady;
    const irs = files.map((file) => parseSourceFile(parsers, file));
    self.postMessage({ id, irs });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
