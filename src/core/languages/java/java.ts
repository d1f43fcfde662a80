/**
 * @file Java: grammar, extensions, extractor and resolver (packages and imports, see
 * shared/packages.ts qualifiedResolver).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageSupport } from '../languageFacts.ts';
import { qualifiedResolver } from '../common/packages.ts';
import { extractJava } from './javaExtractor.ts';

export const java: LanguageSupport = {
  displayName: 'Java',
  grammar: 'tree-sitter-java.wasm',
  extensions: ['java'],
  extract: extractJava,
  resolver: qualifiedResolver({ language: 'java', enclosingPackages: false }),
};
