/**
 * @file Packages spread over files, for the Java, Go, Rust and C# resolvers: a package space
 * (key -> the modules that declare it, every dotted prefix registered too) built once per
 * repository and language, member lookup in a package, a module's own and imported names, and
 * the resolver shared by Java and C#
 * (qualified names: `import a.b.C`, `import a.b.*`, `using A.B;`, static imports, same-package
 * and enclosing-namespace visibility, fully qualified references).
 * Runs in: everywhere (stitcher). Layer src/core.
 */
import type { Language } from '../../ingest/types.ts';
import type { ImportIR } from '../../parse/fileIR.ts';
import type { ModuleInfo, RepoIndex, Target } from '../../graph/bindings.ts';
import type { Resolver } from '../../graph/resolver.ts';
import type { ImportOutcome, LanguageResolver } from '../../graph/languageResolver.ts';

export interface PackageSpace {
  language: Language;
  /** Package key -> module indexes declaring it (empty for a prefix-only key). */
  modules: Map<string, number[]>;
  /** Key of a member package ('a.b' + 'c'). */
  child(key: string, name: string): string;
}

const spaces = new WeakMap<RepoIndex, Map<string, PackageSpace>>();

/**
 * The package space of one language in a repository, built on first use. `keyOf` gives a
 * module's package key (null: none); `prefixes` registers the parents of every key.
 */
export function packageSpace(
  r: Resolver,
  language: Language,
  keyOf: (module: ModuleInfo) => string | null,
  child: (key: string, name: string) => string,
  prefixes: (key: string) => string[],
): PackageSpace {
  let byLanguage = spaces.get(r.index);
  if (!byLanguage) spaces.set(r.index, (byLanguage = new Map()));
  let space = byLanguage.get(language);
  if (space) return space;
  space = { language, modules: new Map(), child };
  for (const module of r.index.modules) {
    if (module.file.language !== language) continue;
    const key = keyOf(module);
    if (key === null) continue;
    const list = space.modules.get(key);
    if (list) list.push(module.index);
    else space.modules.set(key, [module.index]);
    for (const prefix of prefixes(key)) if (!space.modules.has(prefix)) space.modules.set(prefix, []);
  }
  byLanguage.set(language, space);
  return space;
}

/** Dotted prefixes of a key: 'a.b.c' -> ['a', 'a.b', '']. */
export function dottedPrefixes(key: string): string[] {
  const out = [''];
  for (let dot = key.indexOf('.'); dot > 0; dot = key.indexOf('.', dot + 1)) out.push(key.slice(0, dot));
  return out;
}

export function joinKey(key: string, name: string): string {
  return key === '' ? name : `${key}.${name}`;
}

/** The package target for a key, or null when no module declares it or a package below it. */
export function packageTarget(space: PackageSpace, key: string): Target | null {
  return space.modules.has(key) ? { kind: 'package', language: space.language, key } : null;
}

/** A top-level definition `name` in any module of the package, else the member package. */
export function packageMember(r: Resolver, space: PackageSpace, key: string, name: string): Target | null {
  for (const index of space.modules.get(key) ?? []) {
    const module = r.index.modules[index]!;
    const entity = module.topLevel.get(name);
    if (entity !== undefined) return r.node(module.firstEntityNode + entity);
  }
  return packageTarget(space, space.child(key, name));
}

/**
 * A name the module binds itself (Go, Java, C#, TS/JS): its own top-level definition (other than
 * `exclude`), else a named import's target.
 */
export function definedOrImported(r: Resolver, module: ModuleInfo, name: string, exclude = -1): Target | null {
  const entity = module.topLevel.get(name);
  if (entity !== undefined && entity !== exclude) return r.node(module.firstEntityNode + entity);
  for (const imp of module.imports.get(null)?.get(name) ?? []) {
    const target = r.importBinding(module, imp);
    if (target) return target;
  }
  return null;
}

/** Walk dotted segments from the root package: packages, then types and their members. */
export function walkQualified(r: Resolver, space: PackageSpace, segments: readonly string[]): Target | null {
  if (segments.length === 0) return null;
  let target = packageTarget(space, segments[0]!);
  for (let i = 1; target && i < segments.length; i++) target = r.memberOf(target, segments[i]!);
  return target;
}

/** The modules of a package target (for IMPORTS edges of package imports). */
export function packageModules(r: Resolver, space: PackageSpace, target: Target | null): ModuleInfo[] {
  if (!target || target.kind !== 'package') return [];
  return (space.modules.get(target.key) ?? []).map((index) => r.index.modules[index]!);
}

export interface QualifiedRules {
  language: Language;
  /** C#: code in namespace A.B.C also sees A.B and A. Java: only its own package. */
  enclosingPackages: boolean;
  /** PHP: an unqualified name not found in the own namespace falls back to the global one. */
  globalPackage?: boolean;
  /** A bare name inside a method may be a member of the class (Java, C#; default true). */
  implicitThis?: boolean;
}

/**
 * The resolver for languages with dotted, package-qualified names (Java, C#, PHP). Imports are
 * recorded as {module: 'a.b', name: 'C' | '*'}: the module part walks packages, then types
 * (static imports, nested types); the name is a member of what it reaches.
 */
export function qualifiedResolver(rules: QualifiedRules): LanguageResolver {
  const spaceOf = (r: Resolver): PackageSpace =>
    packageSpace(r, rules.language, (module) => module.file.packageName ?? '', joinKey, dottedPrefixes);
  const base = (r: Resolver, imp: ImportIR): Target | null =>
    imp.module === '' ? packageTarget(spaceOf(r), '') : walkQualified(r, spaceOf(r), imp.module.split('.'));
  const binding = (r: Resolver, _module: ModuleInfo, imp: ImportIR): Target | null => {
    if (imp.name === null || imp.name === '*') return null;
    const from = base(r, imp);
    return from ? r.memberOf(from, imp.name) : null;
  };
  const visiblePackages = (module: ModuleInfo): string[] => {
    const own = module.file.packageName ?? '';
    if (!rules.enclosingPackages) return rules.globalPackage && own !== '' ? [own, ''] : [own];
    const keys = [own];
    for (let dot = own.lastIndexOf('.'); dot > 0; dot = own.lastIndexOf('.', dot - 1)) keys.push(own.slice(0, dot));
    if (own !== '') keys.push('');
    return keys;
  };
  return {
    implicitThis: rules.implicitThis ?? true,
    importBinding: binding,
    importOutcome(r, module, imp): ImportOutcome {
      if (imp.name === '*') {
        const from = base(r, imp);
        return { statements: packageModules(r, spaceOf(r), from), target: from, resolved: from !== null };
      }
      const target = r.importBinding(module, imp);
      return { statements: [], target, resolved: target !== null };
    },
    moduleName(r, module, name, exclude) {
      const bound = definedOrImported(r, module, name, exclude);
      if (bound) return bound;
      const space = spaceOf(r);
      for (const key of visiblePackages(module)) {
        const target = packageMember(r, space, key, name);
        if (target && !(target.kind === 'node' && target.id === module.firstEntityNode + exclude)) return target;
      }
      for (const star of module.starImports) {
        const from = base(r, star);
        const target = from ? r.memberOf(from, name) : null;
        if (target) return target;
      }
      // A fully qualified name: its first segment is a root package.
      return packageTarget(space, name);
    },
    moduleMember(r, module, name) {
      const entity = module.topLevel.get(name);
      return entity === undefined ? null : r.node(module.firstEntityNode + entity);
    },
    packageMember: (r, key, name) => packageMember(r, spaceOf(r), key, name),
    importName(_configs, module) {
      const own = module.file.packageName ?? '';
      return joinKey(own, module.naming.localName);
    },
  };
}
