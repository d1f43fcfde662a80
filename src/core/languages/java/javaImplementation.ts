/**
 * @file Java: extractor and resolver (packages and imports, see common/packages.ts
 * qualifiedResolver).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageImplementation } from '../languageImplementation.ts';
import { qualifiedResolver } from '../common/packages.ts';
import { extractJava } from './javaExtractor.ts';

export const javaImplementation: LanguageImplementation = {
  extractor: { extract: extractJava },
  resolver: qualifiedResolver({ language: 'java', enclosingPackages: false }),
};
