/**
 * @file PHP: extractor and resolver (namespaces and `use`, see common/packages.ts
 * qualifiedResolver; unqualified names fall back to the global namespace, and a bare name inside
 * a method is never a member: PHP writes `$this->` / `self::`); `require` / `include` name files
 * (common/fileRequires.ts).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageImplementation } from '../languageImplementation.ts';
import { withFileImports } from '../common/fileRequires.ts';
import { qualifiedResolver } from '../common/packages.ts';
import { extractPhp } from './phpExtractor.ts';

export const phpImplementation: LanguageImplementation = {
  extractor: { extract: extractPhp },
  resolver: withFileImports(qualifiedResolver({ language: 'php', enclosingPackages: false, globalPackage: true, implicitThis: false })),
};
