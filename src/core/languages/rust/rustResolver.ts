/**
 * @file Rust name resolution: crates and module paths. A crate is a folder with Cargo.toml (its
 * `[package] name`, '-' read as '_'), else the repo root; its modules are the files under
 * `src/` (`lib.rs` / `main.rs` the root, `a/mod.rs` and `a.rs` both module `a`, `a/b.rs` module
 * `a::b`). `use` paths start at `crate`, `self`, `super`, a crate of the repo, or a name in scope
 * (2018 paths); members of a module are its items, its `use` bindings (re-exports) and its
 * submodules. Paths to crates outside the repo (std, dependencies) are unresolved.
 * Runs in: everywhere (stitcher). Layer src/core.
 */
import type { ConfigFile } from '../../ingest/types.ts';
import type { ImportIR } from '../../parse/fileIR.ts';
import type { ModuleInfo, Target } from '../../graph/bindings.ts';
import { folderOf } from '../../graph/moduleNames.ts';
import type { Resolver } from '../../graph/resolver.ts';
import type { LanguageResolver } from '../../graph/languageResolver.ts';
import type { PackageSpace } from '../common/packages.ts';
import { packageModules, packageSpace, packageTarget } from '../common/packages.ts';

interface Crates {
  /** Crate folder ('' = repo root) -> crate name. */
  names: Map<string, string>;
  /** Crate name -> folder. */
  folders: Map<string, string>;
}

const PACKAGE_NAME = /^\s*\[package\][^[]*?^\s*name\s*=\s*"([^"]+)"/ms;
const cratesOf = new WeakMap<readonly ConfigFile[], Crates>();

/** The crates of a repository, from its config files (memoised per set of them: per index). */
function crates(configs: readonly ConfigFile[]): Crates {
  let found = cratesOf.get(configs);
  if (found) return found;
  found = { names: new Map(), folders: new Map() };
  for (const config of configs) {
    if (config.path !== 'Cargo.toml' && !config.path.endsWith('/Cargo.toml')) continue;
    const folder = folderOf(config.path);
    const match = PACKAGE_NAME.exec(config.text);
    const name = (match ? match[1]! : folder.slice(folder.lastIndexOf('/') + 1)).replaceAll('-', '_');
    found.names.set(folder, name);
    if (!found.folders.has(name)) found.folders.set(name, folder);
  }
  cratesOf.set(configs, found);
  return found;
}

/** Crate folder of a file: the nearest folder above it with a Cargo.toml, else the repo root. */
function crateFolder(configs: readonly ConfigFile[], path: string): string {
  const { names } = crates(configs);
  for (let folder = folderOf(path); ; folder = folderOf(folder)) {
    if (names.has(folder)) return folder;
    if (folder === '') return '';
  }
}

/** 'crate#a.b' style key: crate folder, '#', the module path inside the crate ('' = root). */
export function rustModuleKey(crate: string, path: string): string {
  let rel = crate === '' ? path : path.slice(crate.length + 1);
  if (rel.startsWith('src/')) rel = rel.slice(4);
  rel = rel.replace(/\.rs$/, '');
  const parts = rel.split('/');
  const last = parts[parts.length - 1];
  if (last === 'mod' || (parts.length === 1 && (last === 'lib' || last === 'main'))) parts.pop();
  return `${crate}#${parts.join('.')}`;
}

function childKey(key: string, name: string): string {
  return key.endsWith('#') ? `${key}${name}` : `${key}.${name}`;
}

function parentKey(key: string): string | null {
  const hash = key.indexOf('#');
  const dot = key.lastIndexOf('.');
  if (dot > hash) return key.slice(0, dot);
  return key.length > hash + 1 ? key.slice(0, hash + 1) : null;
}

function prefixesOf(key: string): string[] {
  const out: string[] = [];
  for (let parent = parentKey(key); parent !== null; parent = parentKey(parent)) out.push(parent);
  return out;
}

function spaceOf(r: Resolver): PackageSpace {
  return packageSpace(r, 'rust', (module) => ownKey(r, module), childKey, prefixesOf);
}

function ownKey(r: Resolver, module: ModuleInfo): string {
  return rustModuleKey(crateFolder(r.configs, module.file.path), module.file.path);
}

/** Where a `use` path starts: `crate`, `self`, `super`, a repo crate, or a name in scope. */
function pathStart(r: Resolver, module: ModuleInfo, segments: readonly string[]): { target: Target | null; next: number } {
  const space = spaceOf(r);
  const own = ownKey(r, module);
  const first = segments[0]!;
  if (first === 'crate') return { target: packageTarget(space, `${own.slice(0, own.indexOf('#'))}#`), next: 1 };
  if (first === 'self') return { target: packageTarget(space, own), next: 1 };
  if (first === 'super') {
    let key: string | null = own;
    let next = 0;
    while (segments[next] === 'super' && key !== null) {
      key = parentKey(key);
      next++;
    }
    return { target: key === null ? null : packageTarget(space, key), next };
  }
  const folder = crates(r.configs).folders.get(first);
  if (folder !== undefined) return { target: packageTarget(space, `${folder}#`), next: 1 };
  return { target: rustModuleName(r, module, first, -1, true), next: 1 };
}

function walkPath(r: Resolver, module: ModuleInfo, segments: readonly string[]): Target | null {
  if (segments.length === 0) return packageTarget(spaceOf(r), ownKey(r, module));
  let { target, next } = pathStart(r, module, segments);
  const space = spaceOf(r);
  for (; target && next < segments.length; next++) {
    // Modules and values live in different namespaces: a path segment is a module first.
    const sub = target.kind === 'package' ? packageTarget(space, childKey(target.key, segments[next]!)) : null;
    target = sub ?? r.memberOf(target, segments[next]!);
  }
  return target;
}

function useBase(r: Resolver, module: ModuleInfo, imp: ImportIR): Target | null {
  return walkPath(r, module, imp.module === '' ? [] : imp.module.split('.'));
}

/** Items, `use` bindings, globs, then submodules of the modules behind a key. */
function moduleKeyMember(r: Resolver, key: string, name: string): Target | null {
  const space = spaceOf(r);
  const indexes = space.modules.get(key) ?? [];
  for (const index of indexes) {
    const module = r.index.modules[index]!;
    const entity = module.topLevel.get(name);
    if (entity !== undefined) return r.node(module.firstEntityNode + entity);
  }
  const first = indexes[0];
  if (first !== undefined) {
    const module = r.index.modules[first]!;
    const viaUse = r.cachedName(module, 2, name, () => boundByUse(r, module, name));
    if (viaUse) return viaUse;
  }
  return packageTarget(space, childKey(key, name));
}

function boundByUse(r: Resolver, module: ModuleInfo, name: string): Target | null {
  for (const imp of module.imports.get(null)?.get(name) ?? []) {
    const target = r.importBinding(module, imp);
    if (target) return target;
  }
  for (const star of module.starImports) {
    const base = useBase(r, module, star);
    const target = base ? r.memberOf(base, name) : null;
    if (target) return target;
  }
  return null;
}

/** A name in a module's scope: its items, `use` bindings, globs, submodules, repo crates. */
function rustModuleName(r: Resolver, module: ModuleInfo, name: string, exclude: number, cratesChecked = false): Target | null {
  const entity = module.topLevel.get(name);
  if (entity !== undefined && entity !== exclude) return r.node(module.firstEntityNode + entity);
  const viaUse = r.cachedName(module, 2, name, () => boundByUse(r, module, name));
  if (viaUse) return viaUse;
  const space = spaceOf(r);
  const sub = packageTarget(space, childKey(ownKey(r, module), name));
  if (sub) return sub;
  if (!cratesChecked) {
    const folder = crates(r.configs).folders.get(name);
    if (folder !== undefined) return packageTarget(space, `${folder}#`);
  }
  return null;
}

export const rustResolver: LanguageResolver = {
  importBinding(r, module, imp) {
    if (imp.name === null || imp.name === '*') return null;
    const base = useBase(r, module, imp);
    if (imp.module === '') return walkPath(r, module, [imp.name]);
    return base ? r.memberOf(base, imp.name) : null;
  },
  importOutcome(r, module, imp) {
    if (imp.name === '*') {
      const base = useBase(r, module, imp);
      return { statements: packageModules(r, spaceOf(r), base), target: base, resolved: base !== null };
    }
    const target = r.importBinding(module, imp);
    const statements = target?.kind === 'package' ? packageModules(r, spaceOf(r), target) : [];
    return { statements, target, resolved: target !== null };
  },
  moduleName: (r, module, name, exclude) => rustModuleName(r, module, name, exclude),
  moduleMember: (r, module, name) => moduleKeyMember(r, ownKey(r, module), name),
  packageMember: moduleKeyMember,
  writtenModule: (imp) => imp.module.replaceAll('.', '::'),
  // Items are named by path: 'crate::base' + 'Calculator.add' -> 'crate::base::Calculator::add'.
  importName(configs, module) {
    const key = rustModuleKey(crateFolder(configs, module.file.path), module.file.path);
    const crate = crates(configs).names.get(key.slice(0, key.indexOf('#'))) ?? 'crate';
    const path = key.slice(key.indexOf('#') + 1);
    return path === '' ? crate : `${crate}::${path.replaceAll('.', '::')}`;
  },
};
