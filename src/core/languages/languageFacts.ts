/**
 * @file What every part of the pipeline may know about one source language, as plain data: its
 * name, grammar, file extensions, config files and how its definitions are named. Ingest, the
 * parse workers, the schema upgrade, the descriptions and the ui read these through catalog.ts;
 * the extractor and the resolver are not here (implementations.ts assembles them).
 * Runs in: everywhere. Layer src/core.
 */

export interface LanguageFacts {
  /** Name in prompts and the UI ('TypeScript (TSX)'). */
  displayName: string;
  /** Grammar file name in @vscode/tree-sitter-wasm/wasm/. */
  grammar: string;
  /** File extensions without the dot, lower case. */
  extensions: readonly string[];
  /** Config files the resolver reads (kept by ingest, passed to the stitcher): base names. */
  configFiles?: RegExp;
  /** How a definition's import name follows from its module's (graph/importNames.ts; default: module, '.'). */
  definitionNames?: DefinitionNaming;
}

/**
 * A definition's import name is `prefix` + `separator` + its path inside the module (dots
 * replaced by `separator`). prefix 'module': the module's import name (Python 'black.mode' +
 * 'Mode'); 'package': the package the file declares, its import name without the file's own
 * name (Java 'a2.Base' -> 'a2.Calculator'); 'none': the path alone (Ruby's global constants).
 */
export interface DefinitionNaming {
  prefix: 'module' | 'package' | 'none';
  separator: '.' | '::';
}

/** Java, C#, PHP, C++: a definition is imported through the package (namespace) its file declares, not the file. */
export const BY_PACKAGE: DefinitionNaming = { prefix: 'package', separator: '.' };
