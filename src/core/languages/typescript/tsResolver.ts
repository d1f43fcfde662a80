/**
 * @file TypeScript / JavaScript name resolution for the stitcher: import specifiers to repo files,
 * import bindings to exported entities, and a module's exports (named, default, `export {a as b}
 * from`, `export *` transitively, `export * as ns`, CommonJS `module.exports` / `exports.x`).
 * Runs in: everywhere (stitcher). Layer src/core.
 */
import type { ImportOutcome, LanguageResolver } from '../../graph/languageResolver.ts';
import type { ExportIR, ImportIR } from '../../parse/fileIR.ts';
import type { ModuleInfo, Target } from '../../graph/bindings.ts';
import { definedOrImported } from '../common/packages.ts';
import type { Resolver } from '../../graph/resolver.ts';
import { createSpecifierResolver } from './specifiers.ts';
import type { SpecifierResolver } from './specifiers.ts';

/** The stitcher rules for JavaScript, TypeScript and TSX (languages/implementations.ts). */
export const tsResolver: LanguageResolver = {
  importOutcome: tsImportOutcome,
  importBinding: tsImportBinding,
  moduleName: (r, module, name, exclude) => definedOrImported(r, module, name, exclude),
  moduleMember: (r, module, name) => tsExport(r, module, name),
  reexportOutcome: tsReexportOutcome,
};

function tsImportOutcome(r: Resolver, module: ModuleInfo, imp: ImportIR): ImportOutcome {
  const statement = tsModule(r, module, imp.module);
  if (!statement) return { statements: [], target: null, resolved: false };
  if (imp.name === null) return { statements: [statement], target: r.node(statement.nodeId), resolved: true };
  const target = r.importBinding(module, imp);
  return { statements: [statement], target, resolved: target !== null };
}

/** `export {a as b} from './x'` / `export * from './x'`: an import of its source. */
function tsReexportOutcome(r: Resolver, module: ModuleInfo, exp: ExportIR): ImportOutcome | null {
  if (exp.fromModule === undefined) return null;
  const statement = tsModule(r, module, exp.fromModule);
  const imported = exp.importedName ?? exp.exportedName;
  let target: Target | null = null;
  if (statement) target = imported === '*' ? r.node(statement.nodeId) : tsExport(r, statement, imported);
  return { statements: statement ? [statement] : [], target, resolved: target !== null };
}

/** Per stitch: the specifier resolver (every repo file, the tsconfig files) and each module's answers. */
interface TsState {
  specifiers: SpecifierResolver;
  modules: Map<ModuleInfo, Map<string, ModuleInfo | null>>;
}

const states = new WeakMap<Resolver, TsState>();

/** The repo file a TS/JS specifier written in `module` points to (memoised per stitch). */
export function tsModule(r: Resolver, module: ModuleInfo, specifier: string): ModuleInfo | null {
  let state = states.get(r);
  if (!state) {
    const specifiers = createSpecifierResolver(r.index.modules.map((m) => m.file.path), r.configs);
    states.set(r, (state = { specifiers, modules: new Map() }));
  }
  let cache = state.modules.get(module);
  if (!cache) state.modules.set(module, (cache = new Map()));
  if (cache.has(specifier)) return cache.get(specifier)!;
  const path = state.specifiers(module.file.path, specifier);
  const index = path === null ? undefined : r.index.byPath.get(path);
  const target = index === undefined ? null : r.index.modules[index]!;
  cache.set(specifier, target);
  return target;
}

/** What a TS/JS import binds: the Module node (namespace, require, side effect) or an export. */
export function tsImportBinding(r: Resolver, module: ModuleInfo, imp: ImportIR): Target | null {
  const target = tsModule(r, module, imp.module);
  if (!target) return null;
  if (imp.name === null) return imp.alias === null && imp.localName !== '' ? requireBinding(r, target) : r.node(target.nodeId);
  return tsExport(r, target, imp.name);
}

/**
 * Whether a module replaced its exports with one value: `module.exports = Foo` / `export = Foo`
 * (the extractor records both as the only export, 'default'; `= require('./x')` as a star).
 */
function exportsOneValue(module: ModuleInfo): boolean {
  return module.exportsByName.size === 1 && module.exportsByName.has('default') && module.starExports.length === 0;
}

/**
 * `const x = require('./x')` / `import x = require('./x')` (no alias, unlike `import * as ns`):
 * the exported value when the module exports one value, else the Module node.
 */
function requireBinding(r: Resolver, module: ModuleInfo): Target {
  if (exportsOneValue(module)) {
    const value = tsExport(r, module, 'default');
    if (value && value.kind === 'node') return value;
  }
  return r.node(module.nodeId);
}

/** The export `name` of a module, following re-exports with a cycle guard (Resolver.cached). */
export function tsExport(r: Resolver, module: ModuleInfo, name: string): Target | null {
  if (!module.exportsByName.has(name) && module.starExports.length === 0 && !exportsOneValue(module)) {
    // Only an exported entity can answer: no recursion, nothing worth memoising.
    const entity = module.topLevel.get(name);
    return entity !== undefined && module.file.entities[entity]!.exported ? r.node(module.firstEntityNode + entity) : null;
  }
  return r.cachedName(module, 2, name, () => computeExport(r, module, name));
}

function computeExport(r: Resolver, module: ModuleInfo, name: string): Target | null {
  for (const exp of module.exportsByName.get(name) ?? []) {
    if (exp.fromModule !== undefined) {
      const source = tsModule(r, module, exp.fromModule);
      if (!source) continue;
      if (exp.importedName === '*') return r.node(source.nodeId);
      const target = tsExport(r, source, exp.importedName ?? name);
      if (target) return target;
      continue;
    }
    if (exp.localName === null) continue;
    const local = definedOrImported(r, module, exp.localName);
    if (local) return local;
    // Declared here without a node (interface, type alias) unless it is an import that left the repo.
    if (!module.imports.get(null)?.has(exp.localName)) return { kind: 'opaque', module: module.index };
  }
  const entity = module.topLevel.get(name);
  if (entity !== undefined && module.file.entities[entity]!.exported) return r.node(module.firstEntityNode + entity);
  if (name !== 'default') {
    for (const star of module.starExports) {
      const source = tsModule(r, module, star.fromModule!);
      if (!source) continue;
      // `module.exports = require('./x').z` is recorded as a star with importedName 'z'.
      const target = star.importedName === undefined || star.importedName === '*' ? tsExport(r, source, name) : null;
      if (target) return target;
    }
    // `const {draw} = require('./Widget')` where Widget.js did `module.exports = Widget`.
    if (exportsOneValue(module)) {
      const value = tsExport(r, module, 'default');
      const member = value && value.kind === 'node' && !r.isModuleNode(value.id) ? r.memberOf(value, name) : null;
      if (member) return member;
    }
  }
  return null;
}
