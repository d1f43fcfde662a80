/**
 * @file Rust: extractor and resolver (crates, `mod` trees and `use` paths; see rustResolver.ts).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageImplementation } from '../languageImplementation.ts';
import { extractRust } from './rustExtractor.ts';
import { rustResolver } from './rustResolver.ts';

export const rustImplementation: LanguageImplementation = {
  extractor: { extract: extractRust },
  resolver: rustResolver,
};
