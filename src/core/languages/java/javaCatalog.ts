/**
 * @file Java in the language catalog: grammar and extensions. Its extractor and resolver are
 * assembled in javaImplementation.ts.
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageFacts } from '../languageFacts.ts';
import { BY_PACKAGE } from '../languageFacts.ts';

export const java: LanguageFacts = {
  displayName: 'Java',
  grammar: 'tree-sitter-java.wasm',
  extensions: ['java'],
  definitionNames: BY_PACKAGE,
};
