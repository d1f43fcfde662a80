/**
 * @file Ruby: extractor and resolver (one constant table per repository, since Ruby reopens
 * classes and modules across files; see rubyResolver.ts).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageImplementation } from '../languageImplementation.ts';
import { extractRuby } from './rubyExtractor.ts';
import { rubyResolver } from './rubyResolver.ts';

export const rubyImplementation: LanguageImplementation = {
  extractor: { extract: extractRuby },
  resolver: rubyResolver,
};
