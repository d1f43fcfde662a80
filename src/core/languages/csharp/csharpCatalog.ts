/**
 * @file C# in the language catalog: grammar and extensions. Its extractor and resolver are
 * assembled in csharpImplementation.ts.
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageFacts } from '../languageFacts.ts';
import { BY_PACKAGE } from '../languageFacts.ts';

export const csharp: LanguageFacts = {
  displayName: 'C#',
  grammar: 'tree-sitter-c-sharp.wasm',
  extensions: ['cs'],
  definitionNames: BY_PACKAGE,
};
