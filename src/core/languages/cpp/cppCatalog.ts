/**
 * @file C++ in the language catalog: grammar and extensions. Its extractor and resolver are
 * assembled in cppImplementation.ts.
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageFacts } from '../languageFacts.ts';
import { BY_PACKAGE } from '../languageFacts.ts';

export const cpp: LanguageFacts = {
  displayName: 'C++',
  grammar: 'tree-sitter-cpp.wasm',
  extensions: ['cpp', 'cc', 'cxx', 'c++', 'hpp', 'hh', 'hxx', 'h', 'ipp', 'inl'],
  definitionNames: BY_PACKAGE,
};
