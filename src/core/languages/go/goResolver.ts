/**
 * @file Go name resolution: a package is a folder; its import path is go.mod's module path plus
 * the folder below go.mod (without a go.mod above it: the folder path, and an import path also
 * matches a folder ending with it, as in a GOPATH `src/` tree). An import binds a package target
 * whose members are the top-level definitions of every file in the folder; files of one folder
 * see each other's names; `.` imports are stars. IMPORTS edges go to the package's files.
 * Runs in: everywhere (stitcher). Layer src/core.
 */
import type { ConfigFile } from '../../ingest/types.ts';
import type { ModuleInfo, Target } from '../../graph/bindings.ts';
import { folderOf } from '../../graph/moduleNames.ts';
import type { Resolver } from '../../graph/resolver.ts';
import type { LanguageResolver } from '../../graph/languageResolver.ts';
import type { PackageSpace } from '../common/packages.ts';
import { definedOrImported, packageMember, packageModules, packageSpace, packageTarget } from '../common/packages.ts';

const MODULE_LINE = /^\s*module\s+("?)([^\s"]+)\1/m;

/** go.mod folders -> module path, from the config files the stitcher got. */
function goModules(configs: readonly ConfigFile[]): Map<string, string> {
  const modules = new Map<string, string>();
  for (const config of configs) {
    if (!config.path.endsWith('go.mod') || (config.path !== 'go.mod' && !config.path.endsWith('/go.mod'))) continue;
    const match = MODULE_LINE.exec(config.text);
    if (match) modules.set(folderOf(config.path), match[2]!);
  }
  return modules;
}

const importPaths = new WeakMap<readonly ConfigFile[], (folder: string) => string>();

/** The import path of a folder (memoised per set of config files: per index). */
function importPathOf(configs: readonly ConfigFile[], folder: string): string {
  let of = importPaths.get(configs);
  if (!of) {
    const modules = goModules(configs);
    const cache = new Map<string, string>();
    of = (start: string): string => {
      const known = cache.get(start);
      if (known !== undefined) return known;
      let path = start;
      for (let root = start; ; root = folderOf(root)) {
        const module = modules.get(root);
        if (module !== undefined) {
          path = root === start ? module : `${module}/${start.slice(root === '' ? 0 : root.length + 1)}`;
          break;
        }
        if (root === '') break;
      }
      cache.set(start, path);
      return path;
    };
    importPaths.set(configs, of);
  }
  return of(folder);
}

function spaceOf(r: Resolver): PackageSpace {
  return packageSpace(r, 'go', (module) => importPathOf(r.configs, module.naming.folder), (key, name) => `${key}/${name}`, () => []);
}

const suffixIndex = new WeakMap<PackageSpace, Map<string, string>>();

/** The package an import path names: exact, else the folder that ends with '/<path>'. */
function packageFor(r: Resolver, path: string): Target | null {
  const space = spaceOf(r);
  const exact = packageTarget(space, path);
  if (exact) return exact;
  let suffixes = suffixIndex.get(space);
  if (!suffixes) {
    suffixes = new Map();
    for (const key of space.modules.keys()) {
      for (let slash = key.indexOf('/'); slash >= 0; slash = key.indexOf('/', slash + 1)) {
        const suffix = key.slice(slash + 1);
        if (!suffixes.has(suffix)) suffixes.set(suffix, key);
      }
    }
    suffixIndex.set(space, suffixes);
  }
  const key = suffixes.get(path);
  return key === undefined ? null : packageTarget(space, key);
}

function ownPackage(r: Resolver, module: ModuleInfo): string {
  return importPathOf(r.configs, module.naming.folder);
}

export const goResolver: LanguageResolver = {
  importBinding(r, _module, imp) {
    return imp.name === '*' ? null : packageFor(r, imp.module);
  },
  importOutcome(r, module, imp) {
    const target = packageFor(r, imp.module);
    const statements = packageModules(r, spaceOf(r), target).filter((m) => m !== module && !m.file.path.endsWith('_test.go'));
    return { statements, target, resolved: target !== null };
  },
  moduleName(r, module, name, exclude) {
    const bound = definedOrImported(r, module, name, exclude);
    if (bound) return bound;
    const space = spaceOf(r);
    const own = packageMember(r, space, ownPackage(r, module), name);
    if (own && own.kind === 'node') return own;
    for (const star of module.starImports) {
      const from = packageFor(r, star.module);
      const target = from ? r.memberOf(from, name) : null;
      if (target && target.kind === 'node') return target;
    }
    return null;
  },
  moduleMember(r, module, name) {
    const target = packageMember(r, spaceOf(r), ownPackage(r, module), name);
    return target && target.kind === 'node' ? target : null;
  },
  packageMember(r, key, name) {
    const target = packageMember(r, spaceOf(r), key, name);
    return target && target.kind === 'node' ? target : null;
  },
  importName: (configs, module) => importPathOf(configs, module.naming.folder),
  // A method whose receiver type is in another file of the package (a Function 'T.f') reads T's
  // fields and methods through its receiver.
  outOfLineMembers: true,
};
