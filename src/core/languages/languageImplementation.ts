/**
 * @file What one language brings to the pipeline besides its catalog facts: the extractor the
 * parse hands each file to and the resolver the stitch asks for its import and name rules.
 * Each language folder exports one (languages/<lang>/<lang>Implementation.ts);
 * implementations.ts assembles them.
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageResolver } from '../graph/languageResolver.ts';
import type { LanguageExtractor } from '../parse/extractor.ts';

export interface LanguageImplementation {
  extractor: LanguageExtractor;
  resolver: LanguageResolver;
}
