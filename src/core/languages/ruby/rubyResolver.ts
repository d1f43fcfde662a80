/**
 * @file Ruby's stitcher rules. Constants are global in Ruby and classes and modules are
 * reopened across files (`module Rack` heads most files of a gem), so names resolve through one
 * constant table per repository: every Ruby definition by its nesting path ('Rack.Request',
 * 'Rack.Request.get'), the first file to define a path owning it. A name in a class looks in the
 * lexical nesting (the walker's enclosing classes, each one reopened anywhere), then at the top.
 * `require 'a/b'` resolves to a file a/b.rb under any folder (lib/ layouts), `require_relative`
 * from the requiring file; both give IMPORTS edges and bind no name. A module's import_name is
 * the path `require` names it by.
 * Runs in: everywhere (stitcher). Layer src/core.
 */
import type { ImportIR } from '../../parse/fileIR.ts';
import type { ModuleInfo, RepoIndex, Target } from '../../graph/bindings.ts';
import type { Resolver } from '../../graph/resolver.ts';
import type { ImportOutcome, LanguageResolver } from '../languageSupport.ts';

interface ConstantTable {
  /** Nesting path -> node id of its first definition. */
  paths: Map<string, number>;
  /** Path without '.rb' -> Ruby modules, shortest path first ('lib/rack/request'). */
  files: Map<string, ModuleInfo[]>;
}

const tables = new WeakMap<RepoIndex, ConstantTable>();

function tableOf(r: Resolver): ConstantTable {
  let table = tables.get(r.index);
  if (table) return table;
  table = { paths: new Map(), files: new Map() };
  for (const module of r.index.modules) {
    if (module.file.language !== 'ruby') continue;
    for (const entity of module.file.entities) {
      if (!table.paths.has(entity.qualifiedName)) table.paths.set(entity.qualifiedName, module.firstEntityNode + entity.id);
    }
    const path = module.file.path.replace(/\.rb$/, '');
    const parts = path.split('/');
    // Every suffix is a way to require the file: 'lib/rack/request' -> 'rack/request' -> 'request'.
    for (let i = 0; i < parts.length; i++) {
      const key = parts.slice(i).join('/');
      const list = table.files.get(key);
      if (list) list.push(module);
      else table.files.set(key, [module]);
    }
  }
  for (const list of table.files.values()) list.sort((a, b) => a.file.path.length - b.file.path.length);
  tables.set(r.index, table);
  return table;
}

/** The file a require names, or null (a gem or the standard library). */
function requiredModule(r: Resolver, module: ModuleInfo, imp: ImportIR): ModuleInfo | null {
  const spec = imp.module.replace(/\.rb$/, '');
  if (imp.level === 0) return tableOf(r).files.get(spec)?.[0] ?? null;
  const parts = module.file.path.split('/').slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (part !== '.' && part !== '') parts.push(part);
  }
  const index = r.index.byPath.get(`${parts.join('/')}.rb`);
  return index === undefined ? null : r.index.modules[index]!;
}

function constant(r: Resolver, path: string): Target | null {
  const id = tableOf(r).paths.get(path);
  return id === undefined ? null : r.node(id);
}

export const rubyResolver: LanguageResolver = {
  // A bare name in a method may be a method of the class (implicit self) or a constant of the
  // enclosing modules: both are members of the enclosing classes, reopened ones included.
  implicitThis: true,
  importOutcome(r, module, imp): ImportOutcome {
    const target = requiredModule(r, module, imp);
    return { statements: target ? [target] : [], target: null, resolved: target !== null };
  },
  importBinding: () => null,
  moduleName(r, module, name, exclude) {
    const own = module.topLevel.get(name);
    if (own !== undefined && own !== exclude) return r.node(module.firstEntityNode + own);
    const found = constant(r, name);
    return found && !(found.kind === 'node' && found.id === module.firstEntityNode + exclude) ? found : null;
  },
  moduleMember(r, module, name) {
    const own = module.topLevel.get(name);
    return own === undefined ? null : r.node(module.firstEntityNode + own);
  },
  reopenedMember(r, classNode, name) {
    const entity = r.entityOfNode(classNode);
    if (!entity) return null;
    const found = constant(r, `${entity.qualifiedName}.${name}`);
    return found && !(found.kind === 'node' && found.id === classNode) ? found : null;
  },
  writtenModule: (imp) => imp.module,
  // What `require` names the file by: its path below the last lib/ folder ('rack/request').
  importName(_r, module) {
    const path = module.file.path.replace(/\.rb$/, '');
    const lib = path.lastIndexOf('lib/');
    return lib === 0 || (lib > 0 && path[lib - 1] === '/') ? path.slice(lib + 4) : path;
  },
};
