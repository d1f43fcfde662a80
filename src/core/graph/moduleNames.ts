/**
 * @file Module naming (docs/schema.md): dotted name from the repo root and local name, for every
 * file alike; a language whose files are named otherwise (Python's import names and packages,
 * C++'s source beside its header) renames its own through its resolver's moduleNames hook.
 * Runs in: everywhere (stitcher, pipeline). Layer src/core.
 */
import type { Language } from '../ingest/types.ts';

export interface ModuleNaming {
  /** Dotted path from the repo root without extension: 'src.pkg.mod'; 'a/b/__init__.py' is 'a.b'. */
  name: string;
  /** Last segment of `name`: the file stem, or the package folder for `__init__.py`. */
  localName: string;
  /** Python: the name `import` uses ('pkg.mod' under a 'src' source root); others: null. */
  importName: string | null;
  /** Folder holding the file, '/'-separated ('' at the repo root). */
  folder: string;
  /** Python: the source root folder the import name is relative to ('' = repo root); else null. */
  sourceRoot: string | null;
  /** Python: whether the import name is importable from anywhere (see `isGlobalRoot`). */
  globalImport: boolean;
  /** Python `__init__.py`: the module is a package whose submodules are its folder's files. */
  isPackage: boolean;
}

/** Folder part of a '/'-separated path ('' at the root). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** File name without its last extension ('App.test.tsx' -> 'App.test'). */
export function stemOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** '/'-separated folder -> dotted ('src/pkg' -> 'src.pkg'). */
export function dotted(folder: string): string {
  return folder.split('/').join('.');
}

export function joinDotted(prefix: string, name: string): string {
  if (prefix === '') return name;
  if (name === '') return prefix;
  return `${prefix}.${name}`;
}

/** The naming of a file no language hook changes: dotted path from the root without extension. */
export function plainNaming(path: string): ModuleNaming {
  const folder = folderOf(path);
  const localName = stemOf(path);
  const name = joinDotted(folder === '' ? '' : dotted(folder), localName);
  return { name, localName, importName: null, folder, sourceRoot: null, globalImport: false, isPackage: false };
}

/** A language's own module names (LanguageResolver moduleNames): its files, their plain namings -> theirs. */
export type ModuleNamesHook = (files: readonly { path: string }[], plain: readonly ModuleNaming[]) => ModuleNaming[];

/**
 * Name every file: the plain naming, then each language's moduleNames hook (LanguageResolver),
 * given that language's files (in order) and their plain namings, renames them.
 */
export function nameModules(
  files: readonly { path: string; language: Language }[],
  resolverFor: (language: Language) => { moduleNames?: ModuleNamesHook },
): ModuleNaming[] {
  const namings = files.map((file) => plainNaming(file.path));
  const byLanguage = new Map<Language, number[]>();
  files.forEach((file, i) => {
    if (!resolverFor(file.language).moduleNames) return;
    const same = byLanguage.get(file.language);
    if (same) same.push(i);
    else byLanguage.set(file.language, [i]);
  });
  for (const [language, indexes] of byLanguage) {
    const renamed = resolverFor(language).moduleNames!(
      indexes.map((i) => files[i]!),
      indexes.map((i) => namings[i]!),
    );
    indexes.forEach((i, k) => (namings[i] = renamed[k]!));
  }
  return namings;
}
