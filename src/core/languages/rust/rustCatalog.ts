/**
 * @file Rust in the language catalog: grammar, extensions, Cargo.toml (crate names and roots),
 * and definitions named 'crate::a::b'. Its extractor and resolver are assembled in
 * rustImplementation.ts.
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageFacts } from '../languageFacts.ts';

export const rust: LanguageFacts = {
  displayName: 'Rust',
  grammar: 'tree-sitter-rust.wasm',
  extensions: ['rs'],
  configFiles: /^Cargo\.toml$/,
  definitionNames: { prefix: 'module', separator: '::' },
};
