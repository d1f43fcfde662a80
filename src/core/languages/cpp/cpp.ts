/**
 * @file C++: grammar, extensions, extractor and resolver. Namespaces resolve like C#'s (own and
 * enclosing namespaces, the global one included; `using namespace` and `using a::X`), through
 * shared/packages.ts qualifiedResolver; `#include` names a file (shared/fileRequires.ts).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageResolver, LanguageSupport } from '../languageSupport.ts';
import { requiredFile } from '../shared/fileRequires.ts';
import { qualifiedResolver } from '../shared/packages.ts';
import { extractCpp } from './cppExtractor.ts';

const namespaces = qualifiedResolver({ language: 'cpp', enclosingPackages: true });

const cppResolver: LanguageResolver = {
  ...namespaces,
  importOutcome(r, module, imp) {
    if (imp.name !== null) return namespaces.importOutcome(r, module, imp);
    // `#include "x.h"` from the including file's folder, then (like `<x.h>`) any include root.
    const file = requiredFile(r, module, imp.module, imp.level > 0, true);
    return { statements: file ? [file] : [], target: null, resolved: file !== null };
  },
  importBinding: (r, module, imp) => (imp.name === null ? null : namespaces.importBinding(r, module, imp)),
  writtenModule: (imp) => imp.module,
};

export const cpp: LanguageSupport = {
  displayName: 'C++',
  grammar: 'tree-sitter-cpp.wasm',
  extensions: ['cpp', 'cc', 'cxx', 'c++', 'hpp', 'hh', 'hxx', 'h', 'ipp', 'inl'],
  extract: extractCpp,
  resolver: cppResolver,
};
