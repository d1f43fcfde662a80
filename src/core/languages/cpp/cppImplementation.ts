/**
 * @file C++: extractor and resolver. Namespaces resolve like C#'s (own and enclosing namespaces,
 * the global one included; `using namespace` and `using a::X`), through common/packages.ts
 * qualifiedResolver; `#include` names a file (common/fileRequires.ts). Attribute-like macros
 * (`SPDLOG_API`, `FMT_NOEXCEPT`) are blanked before the parse (cppMacros.ts). A member defined in
 * another file than its class (a Function 'T.f') reads T's members, and what `::` follows is
 * never a member function (LanguageResolver outOfLineMembers, qualifiersAreNoFunctions); a source
 * file beside a header of its name is named with its extension (cppModuleNames.ts).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageImplementation } from '../languageImplementation.ts';
import { withFileImports } from '../common/fileRequires.ts';
import { qualifiedResolver } from '../common/packages.ts';
import { extractCpp } from './cppExtractor.ts';
import { blankMacros } from './cppMacros.ts';
import { cppModuleNames } from './cppModuleNames.ts';

export const cppImplementation: LanguageImplementation = {
  extractor: { extract: extractCpp, parsedText: blankMacros },
  // `#include "x.h"` from the including file's folder, then (like `<x.h>`) any include root.
  resolver: {
    ...withFileImports(qualifiedResolver({ language: 'cpp', enclosingPackages: true })),
    outOfLineMembers: true,
    qualifiersAreNoFunctions: true,
    moduleNames: cppModuleNames,
  },
};
