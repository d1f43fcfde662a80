/**
 * @file Python name resolution for the stitcher: the module an import statement names (absolute
 * imports by import name and by dotted-from-root name, relative imports by level), what an import
 * binds, and a module's visible names (entities, import bindings, `*` imports, submodules).
 * Runs in: everywhere (stitcher). Layer src/core.
 */
import type { ImportOutcome, LanguageResolver } from '../../graph/languageResolver.ts';
import type { ImportIR } from '../../parse/fileIR.ts';
import type { ModuleInfo, ModuleSpace, RepoIndex, Target } from '../../graph/bindings.ts';
import type { Resolver } from '../../graph/resolver.ts';
import { pythonModuleNames } from './pythonModuleNames.ts';

/** The dotted-name spaces Python imports are looked up in. */
interface PythonSpaces {
  /** Python modules by dotted name from the repo root ('src.pkg.mod'). */
  dottedSpace: ModuleSpace;
  /** Python modules by import name, for source roots importable from anywhere. */
  globalImportSpace: ModuleSpace;
  /** Python modules by import name, per source root (loose script folders see their siblings). */
  rootSpaces: Map<string, ModuleSpace>;
}

const spacesByIndex = new WeakMap<RepoIndex, PythonSpaces>();

/** The Python spaces of a repository, built on first use. */
function pythonSpaces(index: RepoIndex): PythonSpaces {
  let spaces = spacesByIndex.get(index);
  if (spaces) return spaces;
  spaces = { dottedSpace: new Map(), globalImportSpace: new Map(), rootSpaces: new Map() };
  const { modules } = index;
  for (const module of modules) {
    if (module.file.language !== 'python') continue;
    addToSpace(spaces.dottedSpace, module.naming.name, module, modules);
    const { importName, sourceRoot } = module.naming;
    if (importName === null || sourceRoot === null) continue;
    if (module.naming.globalImport) addToSpace(spaces.globalImportSpace, importName, module, modules);
    let rootSpace = spaces.rootSpaces.get(sourceRoot);
    if (!rootSpace) spaces.rootSpaces.set(sourceRoot, (rootSpace = new Map()));
    addToSpace(rootSpace, importName, module, modules);
  }
  spacesByIndex.set(index, spaces);
  return spaces;
}

/** Register a module and its dotted prefixes. A package beats a same-named module, else first wins. */
function addToSpace(space: ModuleSpace, name: string, module: ModuleInfo, modules: readonly ModuleInfo[]): void {
  const existing = space.get(name);
  if (existing === undefined || existing === null) space.set(name, module.index);
  else if (module.naming.isPackage && !modules[existing]!.naming.isPackage) space.set(name, module.index);
  for (let dot = name.lastIndexOf('.'); dot > 0; dot = name.lastIndexOf('.', dot - 1)) {
    const prefix = name.slice(0, dot);
    if (!space.has(prefix)) space.set(prefix, null);
  }
}

/** Per stitch: what each import statement names (its PyImportBase), computed once. */
const basesByResolver = new WeakMap<Resolver, Map<ImportIR, PyImportBase | null>>();

/** The module an import statement names, memoised per stitch. */
function pyBase(r: Resolver, module: ModuleInfo, imp: ImportIR): PyImportBase | null {
  let bases = basesByResolver.get(r);
  if (!bases) basesByResolver.set(r, (bases = new Map()));
  if (!bases.has(imp)) bases.set(imp, pyImportBase(r, module, imp));
  return bases.get(imp)!;
}

/** The stitcher rules for Python (languages/implementations.ts). */
export const pythonResolver: LanguageResolver = {
  importOutcome: pythonImportOutcome,
  importBinding: pyImportBinding,
  moduleName: (r, module, name, exclude) => pyModuleName(r, module, name, false, exclude),
  moduleMember: (r, module, name) => pyModuleName(r, module, name, true),
  namespaceMember: (r, target, name) => spaceTarget(r, target.space, target.prefix === '' ? name : `${target.prefix}.${name}`),
  writtenModule: (imp) => '.'.repeat(imp.level) + imp.module,
  moduleNames: pythonModuleNames,
};

function pythonImportOutcome(r: Resolver, module: ModuleInfo, imp: ImportIR): ImportOutcome {
  const base = pyBase(r, module, imp);
  const statement = base && base.target.kind === 'node' ? r.moduleOfNode(base.target.id) : null;
  const statements = statement ? [statement] : [];
  if (!base) return { statements, target: null, resolved: false };
  if (imp.name === null || imp.name === '*') return { statements, target: base.target, resolved: true };
  const target = r.importBinding(module, imp);
  return { statements, target, resolved: target !== null };
}

/** The module an import statement names, and the space it was found in. */
export interface PyImportBase {
  target: Target;
  space: ModuleSpace;
  /** Absolute dotted name in that space ('' for the repo root folder). */
  full: string;
}

export function joinDotted(prefix: string, name: string): string {
  if (prefix === '') return name;
  if (name === '') return prefix;
  return `${prefix}.${name}`;
}

/** A dotted name in a space: a Module node, a namespace folder, or null. */
export function spaceTarget(r: Resolver, space: ModuleSpace, name: string): Target | null {
  const found = space.get(name);
  if (found === undefined) return null;
  if (found === null) return { kind: 'namespace', language: 'python', space, prefix: name };
  return r.node(r.index.modules[found]!.nodeId);
}

/**
 * Resolve the module part of an import. Relative imports go up from the importing file's folder
 * (level 1 = the folder itself) in the dotted-from-root space. Absolute ones try the importing
 * file's own source root, then every source root importable from anywhere, then the dotted name
 * from the repo root, so both 'pkg.mod' and 'src.pkg.mod' work.
 */
export function pyImportBase(r: Resolver, module: ModuleInfo, imp: ImportIR): PyImportBase | null {
  const index = pythonSpaces(r.index);
  if (imp.level > 0) {
    const parts = module.naming.folder === '' ? [] : module.naming.folder.split('/');
    const up = imp.level - 1;
    if (up > parts.length) return null;
    const full = joinDotted(parts.slice(0, parts.length - up).join('.'), imp.module);
    const target =
      full === '' ? ({ kind: 'namespace', language: 'python', space: index.dottedSpace, prefix: '' } as const) : spaceTarget(r, index.dottedSpace, full);
    return target ? { target, space: index.dottedSpace, full } : null;
  }
  if (imp.module === '') return null;
  const root = module.naming.sourceRoot;
  const spaces = [root === null ? undefined : index.rootSpaces.get(root), index.globalImportSpace, index.dottedSpace];
  for (const space of spaces) {
    if (!space) continue;
    const target = spaceTarget(r, space, imp.module);
    if (target) return { target, space, full: imp.module };
  }
  return null;
}

/**
 * What an import binds its local name to. `import a.b` binds `a` (looked up in the space where
 * 'a.b' was found); `import a.b as c` binds the module a.b; `from m import n` binds m's member n,
 * or the submodule m.n when m has no such name.
 */
export function pyImportBinding(r: Resolver, module: ModuleInfo, imp: ImportIR): Target | null {
  if (imp.name === '*') return null;
  const base = pyBase(r, module, imp);
  if (!base) return null;
  if (imp.name === null) {
    if (imp.alias !== null || imp.localName === base.full || imp.localName === '') return base.target;
    return spaceTarget(r, base.space, imp.localName) ?? base.target;
  }
  return r.memberOf(base.target, imp.name);
}

/**
 * A name a Python module makes visible: a module-level entity (unless `exclude`), then its import
 * bindings (the first that resolves inside the repo wins: try/except and TYPE_CHECKING
 * fallbacks), then its `*` imports, then (for packages, when `submodules`) a submodule.
 */
export function pyModuleName(r: Resolver, module: ModuleInfo, name: string, submodules: boolean, exclude = -1): Target | null {
  const entity = module.topLevel.get(name);
  if (entity !== undefined && entity !== exclude) return r.node(module.firstEntityNode + entity);
  const bound = module.imports.get(null)?.has(name) === true || module.starImports.length > 0;
  if (!bound) return submodules ? pySubmodule(r, module, name) : null;
  return r.cachedName(module, submodules ? 1 : 0, name, () => pyBindingOrStar(r, module, name, submodules));
}

function pyBindingOrStar(r: Resolver, module: ModuleInfo, name: string, submodules: boolean): Target | null {
  for (const imp of module.imports.get(null)?.get(name) ?? []) {
    const target = r.importBinding(module, imp);
    if (target) return target;
  }
  for (const star of module.starImports) {
    const base = pyBase(r, module, star);
    if (!base || base.target.kind !== 'node') continue;
    const source = r.moduleOfNode(base.target.id);
    if (!source || source.file.language !== 'python' || !isStarExported(r, source, name)) continue;
    const target = pyModuleName(r, source, name, source.file.all !== null);
    if (target) return target;
  }
  return submodules ? pySubmodule(r, module, name) : null;
}

/** `from m import *` brings in `__all__` when m defines it, else the names without a leading '_'. */
function isStarExported(r: Resolver, module: ModuleInfo, name: string): boolean {
  if (module.file.all === null) return !name.startsWith('_');
  return r.allNames(module).has(name);
}

/** The submodule `name` of a package (a file or folder inside its folder). */
export function pySubmodule(r: Resolver, module: ModuleInfo, name: string): Target | null {
  if (!module.naming.isPackage) return null;
  const prefix = module.naming.folder === '' ? '' : module.naming.name;
  return spaceTarget(r, pythonSpaces(r.index).dottedSpace, joinDotted(prefix, name));
}
