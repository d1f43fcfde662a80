/**
 * @file Python's module names (the resolver's moduleNames hook): `__init__.py` makes its folder a
 * package, and each file gets the name `import` uses, below its source root.
 * Runs in: everywhere (stitcher, pipeline). Layer src/core.
 */
import type { ModuleNaming } from '../../graph/moduleNames.ts';
import { dotted, folderOf, joinDotted, stemOf } from '../../graph/moduleNames.ts';

const INIT_STEMS = new Set(['__init__']);

/**
 * Python source roots: walk up from the file's folder while the folder is a package (has
 * `__init__.py`); the first folder that is not a package is the source root and the import name
 * is the path below it. So 'src/pkg/mod.py' (src/pkg/__init__.py, no src/__init__.py) imports as
 * 'pkg.mod', a top-level 'mod.py' as 'mod', and a loose script 'tools/run.py' as 'run' (the
 * folder of a script is on sys.path, as pytest's default import mode also does).
 */
export function pythonModuleNames(files: readonly { path: string }[], plain: readonly ModuleNaming[]): ModuleNaming[] {
  const packageFolders = new Set<string>();
  for (const file of files) {
    if (INIT_STEMS.has(stemOf(file.path))) packageFolders.add(folderOf(file.path));
  }
  const rootsAbovePackages = new Set<string>();
  for (const folder of packageFolders) {
    if (folder !== '' && !packageFolders.has(folderOf(folder))) rootsAbovePackages.add(folderOf(folder));
  }
  return files.map((file, i) => nameOne(file.path, plain[i]!, packageFolders, rootsAbovePackages));
}

function nameOne(path: string, plain: ModuleNaming, packageFolders: ReadonlySet<string>, rootsAbovePackages: ReadonlySet<string>): ModuleNaming {
  const { folder } = plain;
  const stem = stemOf(path);
  const isPackage = INIT_STEMS.has(stem);
  const dottedFolder = folder === '' ? '' : dotted(folder);
  // A root-level __init__.py has no dotted name of its own: keep its stem so names stay non-empty.
  const name = isPackage ? dottedFolder || stem : plain.name;
  const localName = isPackage ? name.slice(name.lastIndexOf('.') + 1) : plain.localName;
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
