/**
 * @file The stitcher's repository index: one ModuleInfo per file with its symbol tables (top-level
 * entities, nested definitions, import bindings per scope, exports) and node id layout; each
 * module carries its language's resolver (handed in: ResolverFor). Built once, read-only afterwards.
 * Runs in: everywhere (stitcher). Layer src/core.
 */
import type { Language } from '../ingest/types.ts';
import type { LanguageResolver, ResolverFor } from './languageResolver.ts';
import type { ExportIR, FileIR, ImportIR } from '../parse/fileIR.ts';
import type { ModuleNaming } from './moduleNames.ts';
import { nameModules } from './moduleNames.ts';

/** Dotted name -> module index, or null for a folder that is only a namespace (no `__init__.py`). */
export type ModuleSpace = Map<string, number | null>;

/** What a name resolves to. Import placeholders never leave the stitcher: they become these. */
export type Target =
  /** A graph node (Module or entity). */
  | { kind: 'node'; id: number }
  /** A Python folder without `__init__.py` reached by a dotted name: its children are its files (LanguageResolver namespaceMember). */
  | { kind: 'namespace'; language: Language; space: ModuleSpace; prefix: string }
  /** A name a repo module defines without a node (a TS interface or type alias). */
  | { kind: 'opaque'; module: number }
  /** A package spread over files (Go folder, Java package, C# namespace, Rust module path). */
  | { kind: 'package'; language: Language; key: string };

export interface ModuleInfo {
  /** Index in RepoIndex.modules (files sorted by path). */
  index: number;
  file: FileIR;
  naming: ModuleNaming;
  /** The stitcher rules of the file's language. */
  resolver: LanguageResolver;
  nodeId: number;
  /** Node id of entity 0; entity i is node firstEntityNode + i. */
  firstEntityNode: number;
  /** Module-level entities by qualified name (first definition wins; see buildModuleInfo). */
  topLevel: Map<string, number>;
  /** Entities defined inside another entity, by parent entity index then name (first wins). */
  children: Map<number, Map<string, number>>;
  /** Import bindings by scope (null = module level) then local name, in source order. */
  imports: Map<number | null, Map<string, ImportIR[]>>;
  /** Module-level `from x import *` imports. */
  starImports: ImportIR[];
  /** TS/JS exports by exported name (star re-exports excluded). */
  exportsByName: Map<string, ExportIR[]>;
  /** TS/JS `export * from` (not `export * as ns`). */
  starExports: ExportIR[];
  /** Class entity index -> base expressions ('inherit' references), beside EntityIR.bases. */
  inheritRefs: Map<number, string[]>;
  /** Entity index per FileIR entity id (ids should equal indexes; this guards the contract). */
  entityIndexById: Map<number, number> | null;
}

export interface RepoIndex {
  modules: ModuleInfo[];
  byPath: Map<string, number>;
  /** Node id -> module index (-1 for the Repo node). */
  nodeModule: Int32Array;
  /** Node id -> entity index inside its module (-1 for Repo and Module nodes). */
  nodeEntity: Int32Array;
  nodeCount: number;
  /** The repository's name: its one top folder when the input had one (paths are below it). */
  repoName: string;
}

/**
 * Sort files by path and lay out node ids: Repo 0, then per file its Module and its entities.
 * `named`: the namings rows stored during the parse used (EarlyNodeRows names every file the read
 * accepted); when they cover every file, the modules are named so too, and the graph agrees with
 * those rows even if a file (say an `__init__.py`) had no FileIR.
 */
export function buildRepoIndex(unsorted: readonly FileIR[], resolverFor: ResolverFor, repoName = '', named?: ReadonlyMap<string, ModuleNaming>): RepoIndex {
  const files = [...unsorted].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const namings = named && files.every((f) => named.has(f.path)) ? files.map((f) => named.get(f.path)!) : nameModules(files, resolverFor);
  let nodeCount = 1;
  for (const file of files) nodeCount += 1 + file.entities.length;
  const nodeModule = new Int32Array(nodeCount).fill(-1);
  const nodeEntity = new Int32Array(nodeCount).fill(-1);
  const modules: ModuleInfo[] = [];
  const byPath = new Map<string, number>();
  let next = 1;
  files.forEach((file, index) => {
    const nodeId = next;
    nodeModule[nodeId] = index;
    for (let e = 0; e < file.entities.length; e++) {
      nodeModule[nodeId + 1 + e] = index;
      nodeEntity[nodeId + 1 + e] = e;
    }
    next += 1 + file.entities.length;
    modules.push(buildModuleInfo(file, namings[index]!, index, nodeId, resolverFor(file.language)));
    byPath.set(file.path, index);
  });
  return { modules, byPath, nodeModule, nodeEntity, nodeCount, repoName };
}

function buildModuleInfo(file: FileIR, naming: ModuleNaming, index: number, nodeId: number, resolver: LanguageResolver): ModuleInfo {
  let entityIndexById: Map<number, number> | null = null;
  if (file.entities.some((entity, i) => entity.id !== i)) {
    entityIndexById = new Map(file.entities.map((entity, i) => [entity.id, i]));
  }
  const indexOf = (id: number): number => (entityIndexById ? (entityIndexById.get(id) ?? -1) : id);
  const topLevel = new Map<string, number>();
  const children = new Map<number, Map<string, number>>();
  file.entities.forEach((entity, i) => {
    if (entity.parent === null) {
      // By its qualified name: a C++ `T::f` defined away from T (Function 'T.f'), a Go method of
      // a type in another file or Ruby's `class A::B` is no module-level `f` / `B` to a lookup.
      if (!topLevel.has(entity.qualifiedName)) topLevel.set(entity.qualifiedName, i);
      return;
    }
    const parent = indexOf(entity.parent);
    if (parent < 0) return;
    let names = children.get(parent);
    if (!names) children.set(parent, (names = new Map()));
    if (!names.has(entity.name)) names.set(entity.name, i);
  });
  const imports = new Map<number | null, Map<string, ImportIR[]>>();
  const starImports: ImportIR[] = [];
  for (const imp of file.imports) {
    const scope = imp.scope === null ? null : indexOf(imp.scope);
    if (imp.name === '*') {
      if (scope === null) starImports.push(imp);
      continue;
    }
    if (imp.localName === '') continue;
    let names = imports.get(scope);
    if (!names) imports.set(scope, (names = new Map()));
    const list = names.get(imp.localName);
    if (list) list.push(imp);
    else names.set(imp.localName, [imp]);
  }
  const exportsByName = new Map<string, ExportIR[]>();
  const starExports: ExportIR[] = [];
  for (const exp of file.exports) {
    if (exp.exportedName === '*') {
      if (exp.fromModule !== undefined) starExports.push(exp);
      continue;
    }
    const list = exportsByName.get(exp.exportedName);
    if (list) list.push(exp);
    else exportsByName.set(exp.exportedName, [exp]);
  }
  const inheritRefs = new Map<number, string[]>();
  for (const ref of file.references) {
    if (ref.kind !== 'inherit' || ref.from === null) continue;
    const from = indexOf(ref.from);
    const list = inheritRefs.get(from);
    if (list) list.push(ref.name);
    else inheritRefs.set(from, [ref.name]);
  }
  return {
    index,
    file,
    naming,
    resolver,
    nodeId,
    firstEntityNode: nodeId + 1,
    topLevel,
    children,
    imports,
    starImports,
    exportsByName,
    starExports,
    inheritRefs,
    entityIndexById,
  };
}

/** Entity index for a FileIR entity id (parent / scope references), -1 when unknown. */
export function entityIndex(module: ModuleInfo, id: number | null): number {
  if (id === null) return -1;
  if (module.entityIndexById) return module.entityIndexById.get(id) ?? -1;
  return id >= 0 && id < module.file.entities.length ? id : -1;
}
