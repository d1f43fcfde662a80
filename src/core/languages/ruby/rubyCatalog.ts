/**
 * @file Ruby in the language catalog: grammar, extensions, and definitions named by their
 * constant path alone ('Rack::Request'). Its extractor and resolver are assembled in
 * rubyImplementation.ts.
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageFacts } from '../languageFacts.ts';

export const ruby: LanguageFacts = {
  displayName: 'Ruby',
  grammar: 'tree-sitter-ruby.wasm',
  extensions: ['rb'],
  definitionNames: { prefix: 'none', separator: '::' },
};
