/**
 * @file tree-sitter parsers for Node: grammars read from @vscode/tree-sitter-wasm on disk.
 * Runs in: Node (cli, bench, tests, parse threads).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { languageFacts } from '../../core/languages/catalog.ts';
import { createParsers } from '../../core/parse/treeSitter.ts';
import type { Parsers } from '../../core/parse/treeSitter.ts';
import type { Language } from '../../core/ingest/types.ts';

const require = createRequire(import.meta.url);

export function grammarPath(file: string): string {
  return require.resolve(`@vscode/tree-sitter-wasm/wasm/${file}`);
}

/** Parsers with grammars read from disk; `preload` defaults to every language. */
export function createNodeParsers(preload?: readonly Language[]): Promise<Parsers> {
  return createParsers(async (language) => readFileSync(grammarPath(languageFacts(language).grammar)), undefined, preload);
}
