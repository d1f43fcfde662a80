/**
 * @file PHP: grammar, extensions, extractor and resolver (namespaces and `use`, see
 * shared/packages.ts qualifiedResolver; unqualified names fall back to the global namespace,
 * and a bare name inside a method is never a member: PHP writes `$this->` / `self::`);
 * `require` / `include` name files (shared/fileRequires.ts).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageSupport } from '../languageFacts.ts';
import { withFileImports } from '../common/fileRequires.ts';
import { qualifiedResolver } from '../common/packages.ts';
import { extractPhp } from './phpExtractor.ts';

const phpResolver = withFileImports(qualifiedResolver({ language: 'php', enclosingPackages: false, globalPackage: true, implicitThis: false }));

export const php: LanguageSupport = {
  displayName: 'PHP',
  grammar: 'tree-sitter-php.wasm',
  extensions: ['php'],
  extract: extractPhp,
  resolver: phpResolver,
};
