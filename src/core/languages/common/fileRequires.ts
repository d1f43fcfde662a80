/**
 * @file Imports that name a file by its path (Ruby `require`, C++ `#include`): every file of a
 * language indexed by each of its path suffixes ('lib/rack/request.rb' -> 'rack/request.rb',
 * 'request.rb'), built once per repository, so a path written from any root (lib/, include/,
 * the repo root) finds the shortest file that ends with it, also when it starts with the
 * repository's own top folder; relative paths go from the requiring file's folder.
 * Runs in: everywhere (stitcher). Layer src/core.
 */
import type { Language } from '../../ingest/types.ts';
import type { ModuleInfo, RepoIndex } from '../../graph/bindings.ts';
import type { Resolver } from '../../graph/resolver.ts';
import type { LanguageResolver } from '../../graph/languageResolver.ts';

const suffixIndexes = new WeakMap<RepoIndex, Map<Language, Map<string, ModuleInfo>>>();

function suffixIndex(r: Resolver, language: Language): Map<string, ModuleInfo> {
  let byLanguage = suffixIndexes.get(r.index);
  if (!byLanguage) suffixIndexes.set(r.index, (byLanguage = new Map()));
  let index = byLanguage.get(language);
  if (index) return index;
  index = new Map();
  const modules = r.index.modules.filter((m) => m.file.language === language).sort((a, b) => a.file.path.length - b.file.path.length);
  for (const module of modules) {
    const parts = module.file.path.split('/');
    for (let i = 0; i < parts.length; i++) {
      const key = parts.slice(i).join('/');
      if (!index.has(key)) index.set(key, module);
    }
  }
  byLanguage.set(language, index);
  return index;
}

/**
 * The file `written` names (with its extension), or null. `relative`: try the requiring file's
 * folder first (`require_relative`, `#include "x.h"`); `anywhere`: then any file ending so.
 */
export function requiredFile(r: Resolver, module: ModuleInfo, written: string, relative: boolean, anywhere: boolean): ModuleInfo | null {
  if (relative) {
    const parts = module.file.path.split('/').slice(0, -1);
    let inside = true;
    for (const part of written.split('/')) {
      if (part === '..') inside = parts.pop() !== undefined;
      else if (part !== '.' && part !== '') parts.push(part);
      if (!inside) break;
    }
    const index = inside ? r.index.byPath.get(parts.join('/')) : undefined;
    if (index !== undefined) return r.index.modules[index]!;
  }
  if (!anywhere) return null;
  const suffixes = suffixIndex(r, module.file.language);
  const path = written.replace(/^(\.\/)+/, '');
  // `#include <spdlog/common.h>` inside spdlog/ itself, indexed as the repository's top folder.
  const prefix = `${r.index.repoName}/`;
  return suffixes.get(path) ?? (r.index.repoName !== '' && path.startsWith(prefix) ? suffixes.get(path.slice(prefix.length)) : undefined) ?? null;
}

/**
 * `names` for imports of names (`use`, `using`), and file imports for the others (name null:
 * `#include`, PHP `require`): from the importing file's folder when written relative (level 1),
 * else (include roots, include_path) any file ending so. File imports bind no name.
 */
export function withFileImports(names: LanguageResolver): LanguageResolver {
  return {
    ...names,
    importOutcome(r, module, imp) {
      if (imp.name !== null) return names.importOutcome(r, module, imp);
      const file = requiredFile(r, module, imp.module, imp.level > 0, true);
      return { statements: file ? [file] : [], target: null, resolved: file !== null };
    },
    importBinding: (r, module, imp) => (imp.name === null ? null : names.importBinding(r, module, imp)),
    writtenModule: (imp) => imp.module,
  };
}
