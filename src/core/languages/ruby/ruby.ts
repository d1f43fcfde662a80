/**
 * @file Ruby: grammar, extensions, extractor and resolver (one constant table per repository,
 * since Ruby reopens classes and modules across files; see rubyResolver.ts).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageSupport } from '../languageFacts.ts';
import { extractRuby } from './rubyExtractor.ts';
import { rubyResolver } from './rubyResolver.ts';

export const ruby: LanguageSupport = {
  displayName: 'Ruby',
  grammar: 'tree-sitter-ruby.wasm',
  extensions: ['rb'],
  extract: extractRuby,
  resolver: rubyResolver,
};
