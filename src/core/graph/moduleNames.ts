/**
 * @file Module naming (docs/schema.md): dotted name from the repo root, local name, and the
 * name Python imports a file by, with source roots detected from `__init__.py` files.
 * Runs in: everywhere (stitcher). Layer src/core.
 */
import type { Language } from '../ingest/types.ts';

export interface ModuleNaming {
  /** Dotted path from the repo root without extension: 'src.pkg.mod'; 'a/b/__init__.py' is 'a.b'. */
  name: string;
  /** Last segment of `name`: the file stem, or the package folder for `__init__.py`. */
  localName: string;
  /** Python: the name `import` uses ('pkg.mod' under a 'src' source root); TS/JS: null. */
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

const INIT_STEMS = new Set(['__init__']);

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

function joinDotted(prefix: string, name: string): string {
  if (prefix === '') return name;
  if (name === '') return prefix;
  return `${prefix}.${name}`;
}

/**
 * Name every file. Python source roots: walk up from the file's folder while the folder is a
 * package (has `__init__.py`); the first folder that is not a package is the source root and the
 * import name is the path below it. So 'src/pkg/mod.py' (src/pkg/__init__.py, no src/__init__.py)
 * imports as 'pkg.mod', a top-level 'mod.py' as 'mod', and a loose script 'tools/run.py' as 'run'
 * (the folder of a script is on sys.path, as pytest's default import mode also does).
 */
export function nameModules(files: readonly { path: string; language: Language }[]): ModuleNaming[] {
  const packageFolders = new Set<string>();
  for (const file of files) {
    if (file.language === 'python' && INIT_STEMS.has(stemOf(file.path))) packageFolders.add(folderOf(file.path));
  }
  const rootsAbovePackages = new Set<string>();
  for (const folder of packageFolders) {
    if (folder !== '' && !packageFolders.has(folderOf(folder))) rootsAbovePackages.add(folderOf(folder));
  }
  return apartFromHeaders(files, files.map((file) => nameOne(file.path, file.language, packageFolders, rootsAbovePackages)));
}

const CPP_HEADER = /\.(h|hh|hpp|hxx|h\+\+|inl|ipp)$/i;

/**
 * C++ `shape.h` and `shape.cpp` of one folder would be two modules named 'src.shape': the header
 * keeps the name, and the other files of that name are named with their extension ('src.shape.cpp',
 * local name 'shape.cpp'), so every module name, and every entity's qualified name, stays unique.
 */
function apartFromHeaders(files: readonly { path: string; language: Language }[], namings: ModuleNaming[]): ModuleNaming[] {
  const byName = new Map<string, number[]>();
  files.forEach((file, i) => {
    if (file.language !== 'cpp') return;
    const name = namings[i]!.name;
    const same = byName.get(name);
    if (same) same.push(i);
    else byName.set(name, [i]);
  });
  for (const same of byName.values()) {
    if (same.length < 2) continue;
    const keeper = same.find((i) => CPP_HEADER.test(files[i]!.path)) ?? same[0]!;
    for (const i of same) {
      if (i === keeper) continue;
      const base = files[i]!.path.slice(files[i]!.path.lastIndexOf('/') + 1);
      const naming = namings[i]!;
      namings[i] = { ...naming, name: joinDotted(naming.folder === '' ? '' : dotted(naming.folder), base), localName: base };
    }
  }
  return namings;
}

function nameOne(
  path: string,
  language: Language,
  packageFolders: ReadonlySet<string>,
  rootsAbovePackages: ReadonlySet<string>,
): ModuleNaming {
  const folder = folderOf(path);
  const stem = stemOf(path);
  const isPackage = language === 'python' && INIT_STEMS.has(stem);
  const dottedFolder = folder === '' ? '' : dotted(folder);
  // A root-level __init__.py has no dotted name of its own: keep its stem so names stay non-empty.
  const name = isPackage ? dottedFolder || stem : joinDotted(dottedFolder, stem);
  const localName = isPackage ? name.slice(name.lastIndexOf('.') + 1) : stem;
  if (language !== 'python') {
    return { name, localName, importName: null, folder, sourceRoot: null, globalImport: false, isPackage };
  }
  let root = folder;
  while (root !== '' && packageFolders.has(root)) root = folderOf(root);
  const below = root === '' ? folder : folder.slice(root.length + 1);
  const importFolder = below === '' ? '' : dotted(below);
  const importName = isPackage ? importFolder : joinDotted(importFolder, stem);
  const globalImport = root === '' || root !== folder || rootsAbovePackages.has(root);
  return {
    name,
    localName,
    importName: importName === '' ? null : importName,
    folder,
    sourceRoot: root,
    globalImport,
    isPackage,
  };
}
