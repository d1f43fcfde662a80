/**
 * @file Go: grammar, extensions, go.mod (module path), extractor and resolver.
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageSupport } from '../languageFacts.ts';
import { extractGo } from './goExtractor.ts';
import { goResolver } from './goResolver.ts';

export const go: LanguageSupport = {
  displayName: 'Go',
  grammar: 'tree-sitter-go.wasm',
  extensions: ['go'],
  configFiles: /^go\.mod$/,
  extract: extractGo,
  resolver: goResolver,
};
