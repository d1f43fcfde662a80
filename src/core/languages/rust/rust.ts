/**
 * @file Rust: grammar, extensions, Cargo.toml (crate names and roots), extractor and resolver.
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageSupport } from '../languageFacts.ts';
import { extractRust } from './rustExtractor.ts';
import { rustResolver } from './rustResolver.ts';

export const rust: LanguageSupport = {
  displayName: 'Rust',
  grammar: 'tree-sitter-rust.wasm',
  extensions: ['rs'],
  configFiles: /^Cargo\.toml$/,
  extract: extractRust,
  resolver: rustResolver,
};
