/**
 * @file Go: extractor and resolver (packages are folders, import paths from go.mod; see goResolver.ts).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageImplementation } from '../languageImplementation.ts';
import { extractGo } from './goExtractor.ts';
import { goResolver } from './goResolver.ts';

export const goImplementation: LanguageImplementation = {
  extractor: { extract: extractGo },
  resolver: goResolver,
};
