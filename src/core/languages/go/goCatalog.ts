/**
 * @file Go in the language catalog: grammar, extensions, go.mod (module path). Its extractor and
 * resolver are assembled in goImplementation.ts.
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageFacts } from '../languageFacts.ts';

export const go: LanguageFacts = {
  displayName: 'Go',
  grammar: 'tree-sitter-go.wasm',
  extensions: ['go'],
  configFiles: /^go\.mod$/,
};
