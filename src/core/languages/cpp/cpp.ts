/**
 * @file C++: grammar, extensions, extractor and resolver. Namespaces resolve like C#'s (own and
 * enclosing namespaces, the global one included; `using namespace` and `using a::X`), through
 * shared/packages.ts qualifiedResolver; `#include` names a file (shared/fileRequires.ts).
 * Attribute-like macros (`SPDLOG_API`, `FMT_NOEXCEPT`) are blanked before the parse (cppMacros.ts).
 * A member defined in another file than its class (a Function 'T.f') reads T's members, and what
 * `::` follows is never a member function (LanguageResolver outOfLineMembers, qualifiersAreNoFunctions).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageSupport } from '../languageFacts.ts';
import { withFileImports } from '../common/fileRequires.ts';
import { qualifiedResolver } from '../common/packages.ts';
import { extractCpp } from './cppExtractor.ts';
import { blankMacros } from './cppMacros.ts';

// `#include "x.h"` from the including file's folder, then (like `<x.h>`) any include root.
const cppResolver = {
  ...withFileImports(qualifiedResolver({ language: 'cpp', enclosingPackages: true })),
  outOfLineMembers: true,
  qualifiersAreNoFunctions: true,
};

export const cpp: LanguageSupport = {
  displayName: 'C++',
  grammar: 'tree-sitter-cpp.wasm',
  extensions: ['cpp', 'cc', 'cxx', 'c++', 'hpp', 'hh', 'hxx', 'h', 'ipp', 'inl'],
  parsedText: blankMacros,
  extract: extractCpp,
  resolver: cppResolver,
};
