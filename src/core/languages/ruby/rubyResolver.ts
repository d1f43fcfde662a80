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
import type { ImportOutcome, LanguageResolver } from '../../graph/languageResolver.ts';
import { requiredFile } from '../common/fileRequires.ts';

const tables = new WeakMap<RepoIndex, Map<string, number>>();

/** Nesting path ('Rack.Request', 'Rack.Request.get') -> node id of its first definition. */
function constants(r: Resolver): Map<string, number> {
  let paths = tables.get(r.index);
  if (paths) return paths;
  paths = new Map();
  for (const module of r.index.modules) {
    if (module.file.language !== 'ruby') continue;
    for (const entity of module.file.entities) {
      if (!paths.has(entity.qualifiedName)) paths.set(entity.qualifiedName, module.firstEntityNode + entity.id);
    }
  }
  tables.set(r.index, paths);
  return paths;
}

/** The file a require names, or null (a gem or the standard library). */
function requiredModule(r: Resolver, module: ModuleInfo, imp: ImportIR): ModuleInfo | null {
  const file = imp.module.endsWith('.rb') ? imp.module : `${imp.module}.rb`;
  return requiredFile(r, module, file, imp.level > 0, imp.level === 0);
}

function constant(r: Resolver, path: string): Target | null {
  const id = constants(r).get(path);
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
  // Constants are global: a definition is named by its nesting path alone ('Rack::Request::get').
  // What `require` names the file by: its path below the last lib/ folder ('rack/request').
  importName(_configs, module) {
    const path = module.file.path.replace(/\.rb$/, '');
    const lib = path.lastIndexOf('lib/');
    return lib === 0 || (lib > 0 && path[lib - 1] === '/') ? path.slice(lib + 4) : path;
  },
};
