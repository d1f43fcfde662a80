/**
 * @file JavaScript, TypeScript and TSX in the language catalog: three grammars, their extensions,
 * and tsconfig.json / jsconfig.json (and the files they extend), which feed `paths` and
 * `baseUrl`. Their one extractor and one resolver are assembled in typescriptImplementation.ts.
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageFacts } from '../languageFacts.ts';

const configFiles = /^(tsconfig|jsconfig)(\.[\w.-]+)?\.json$/i;

export const javascript: LanguageFacts = {
  displayName: 'JavaScript',
  grammar: 'tree-sitter-javascript.wasm',
  extensions: ['js', 'mjs', 'cjs', 'jsx'],
  configFiles,
};

export const typescript: LanguageFacts = {
  displayName: 'TypeScript',
  grammar: 'tree-sitter-typescript.wasm',
  extensions: ['ts', 'mts', 'cts'],
  configFiles,
};

export const tsx: LanguageFacts = {
  displayName: 'TypeScript (TSX)',
  grammar: 'tree-sitter-tsx.wasm',
  extensions: ['tsx'],
  configFiles,
};
