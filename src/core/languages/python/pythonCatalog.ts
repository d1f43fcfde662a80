/**
 * @file Python in the language catalog: grammar and extensions. Its extractor and resolver are
 * assembled in pythonImplementation.ts.
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageFacts } from '../languageFacts.ts';

export const python: LanguageFacts = {
  displayName: 'Python',
  grammar: 'tree-sitter-python.wasm',
  extensions: ['py', 'pyi'],
};
