/**
 * @file C#: grammar, extensions, extractor and resolver (namespaces and usings, see
 * shared/packages.ts qualifiedResolver; enclosing namespaces are visible).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageSupport } from '../languageFacts.ts';
import { qualifiedResolver } from '../common/packages.ts';
import { extractCSharp } from './csharpExtractor.ts';

export const csharp: LanguageSupport = {
  displayName: 'C#',
  grammar: 'tree-sitter-c-sharp.wasm',
  extensions: ['cs'],
  extract: extractCSharp,
  resolver: qualifiedResolver({ language: 'csharp', enclosingPackages: true }),
};
