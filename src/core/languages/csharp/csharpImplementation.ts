/**
 * @file C#: extractor and resolver (namespaces and usings, see common/packages.ts
 * qualifiedResolver; enclosing namespaces are visible).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageImplementation } from '../languageImplementation.ts';
import { qualifiedResolver } from '../common/packages.ts';
import { extractCSharp } from './csharpExtractor.ts';

export const csharpImplementation: LanguageImplementation = {
  extractor: { extract: extractCSharp },
  resolver: qualifiedResolver({ language: 'csharp', enclosingPackages: true }),
};
