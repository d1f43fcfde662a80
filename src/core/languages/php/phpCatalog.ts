/**
 * @file PHP in the language catalog: grammar and extensions. Its extractor and resolver are
 * assembled in phpImplementation.ts.
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageFacts } from '../languageFacts.ts';
import { BY_PACKAGE } from '../languageFacts.ts';

export const php: LanguageFacts = {
  displayName: 'PHP',
  grammar: 'tree-sitter-php.wasm',
  extensions: ['php'],
  definitionNames: BY_PACKAGE,
};
