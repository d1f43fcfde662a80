/**
 * @file JavaScript, TypeScript and TSX: one extractor (parse/typescript/) and one resolver
 * (graph/tsResolver.ts, specifiers.ts), three grammars. tsconfig.json / jsconfig.json (and the
 * files they extend) feed `paths` and `baseUrl`.
 * Runs in: everywhere. Layer src/core.
 */
import { tsResolver } from './tsResolver.ts';
import { extractTypeScript } from './typescriptExtractor.ts';
import type { LanguageSupport } from '../languageFacts.ts';

const configFiles = /^(tsconfig|jsconfig)(\.[\w.-]+)?\.json$/i;

function extract(language: 'javascript' | 'typescript' | 'tsx'): LanguageSupport['extract'] {
  return (tree, file) => extractTypeScript(tree, { path: file.path, text: file.text, language });
}

export const javascript: LanguageSupport = {
  displayName: 'JavaScript',
  grammar: 'tree-sitter-javascript.wasm',
  extensions: ['js', 'mjs', 'cjs', 'jsx'],
  configFiles,
  extract: extract('javascript'),
  resolver: tsResolver,
};

export const typescript: LanguageSupport = {
  displayName: 'TypeScript',
  grammar: 'tree-sitter-typescript.wasm',
  extensions: ['ts', 'mts', 'cts'],
  configFiles,
  extract: extract('typescript'),
  resolver: tsResolver,
};

export const tsx: LanguageSupport = {
  displayName: 'TypeScript (TSX)',
  grammar: 'tree-sitter-tsx.wasm',
  extensions: ['tsx'],
  configFiles,
  extract: extract('tsx'),
  resolver: tsResolver,
};
