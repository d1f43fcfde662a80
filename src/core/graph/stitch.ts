/**
 * @file RANGER Stage 2 (paper 3.2, A.2): all FileIRs of a repository in, the repository graph out.
 * Nodes: Repo (id 0), one Module per file, one node per entity, in a deterministic order (files
 * sorted by path; each Module followed by its entities in file order) with stable ids computed
 * first (stableIds.ts); stitchInto streams the rows a few thousand at a time (entity rows the
 * pipeline stored during the parse are not emitted again, only moved when their stable id is not
 * their primary hash). Edges: structural
 * (CONTAINS, HAS_METHOD, HAS_FIELD as in A.8), INHERITS, USES (from references), IMPORTS
 * (Module->Module). Import placeholders are resolved to their targets and never become nodes;
 * imports that leave the repo become UnresolvedRows.
 *
 * Decisions:
 * - IMPORTS: one edge per (importing module, imported module) pair. An import statement gets an
 *   edge to the module it names (a re-exporting `__init__.py` / index.ts included, and also when
 *   the imported name is missing there) and one to the module defining the resolved target when
 *   that differs. detail = the imported names, comma-joined in first-seen order ('*' for star
 *   imports), or null when only whole modules were imported. TS `export ... from` counts as an
 *   import of its source. No self-loops.
 * - Self-loops: kept for Function/Method (recursion, USES call); dropped for every other kind
 *   (a class or variable naming itself).
 * - A 'call' whose target is a Class becomes 'instantiate'. A base that resolves to something
 *   other than a class (a factory call, a variable) gives USES 'reference' instead of INHERITS.
 * - A reference that walks off the graph keeps the deepest target reached ('mod.f.cache_clear'
 *   -> f; 'pkg.unknown' -> the pkg Module); USES to Module targets are kept. A call that stops
 *   at a variable is a 'reference' to it.
 * - A chain goes on through a variable's declared type ('this.repo.save' -> Repo.save, plus a
 *   'reference' to the field repo); a reference from a typed local (ReferenceIR.receiver) counts
 *   only where a member of its type is found, and is otherwise a local's read (not unresolved).
 * - An import counts as resolved when its module is in the repo and, for named imports, the name
 *   is found there (an entity, a submodule, or a TS export without a node such as a type alias).
 * - Python relative imports are resolved from the file's path; FileIR.dottedFolderName is not used.
 * - Package imports (Go import paths, Java `a.b.*`, C# `using A.B;`, Rust globs) link to every
 *   file of the package (Go: its non-test files).
 * - class_name is the owning class's name (A.8 'class'), for Method and Field only.
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import type { ConfigFile } from '../ingest/types.ts';
import type { FileIR, ReferenceIR } from '../parse/fileIR.ts';
import type { ModuleInfo, RepoIndex, Target } from './bindings.ts';
import { buildRepoIndex, entityIndex } from './bindings.ts';
import type { ImportOutcome, ResolverFor } from './languageResolver.ts';
import type { ModuleNaming } from './moduleNames.ts';
import { EdgeList } from './edgeList.ts';
import { dropNodeFields, entityRows } from './entityRows.ts';
import { moduleImportName } from './importNames.ts';
import type { ChainTrail, LookupScope } from './resolver.ts';
import { Resolver, enclosingClass } from './resolver.ts';
import { REPO_NODE_ID, identityKey, stableIdsFor, twinOrdinals } from './stableIds.ts';
import type { KeySource } from './stableIds.ts';
import type { EdgeRow, EdgeType, Graph, NodeKind, NodeRow, UnresolvedRow } from './types.ts';
import { EDGE_TYPES, NODE_KINDS } from './types.ts';

export interface StitchStats {
  /** Import statements (and TS re-exports) whose target is in the repo. */
  resolvedImports: number;
  /** Import statements that leave the repo or name something the repo module lacks. */
  unresolvedImports: number;
  /** References (uses, calls, bases) resolved to a repo node. */
  resolvedReferences: number;
  /** References left unresolved (builtins, third-party, dynamic). */
  unresolvedReferences: number;
  nodes: Record<NodeKind, number>;
  edges: Record<EdgeType, number>;
}

export interface StitchResult {
  graph: Graph;
  stats: StitchStats;
}

/** Where a streamed stitch (stitchInto) hands its rows, in order: every node, then every edge. */
export interface StitchSink {
  nodes(rows: NodeRow[]): void | Promise<void>;
  edges(rows: EdgeRow[]): void | Promise<void>;
}

/** Rows handed to a sink at a time (roughly: whole modules are never split). */
const STEP_ROWS = 16_384;

/** The languages a stitch reads by: handed in, so the stitcher never imports a language. */
export interface StitchLanguages {
  /** Each language's import and name rules (languages/implementations.ts `resolverFor`). */
  resolverFor: ResolverFor;
}

/**
 * `texts`: each file's text by path, where the caller still holds it: for FileIRs that carry both
 * code and offsets (an in-process parse) it tells whether the offsets can be stored (ASCII). A
 * FileIR in storage form (detachCode: offsets or code) needs no text.
 */
export function stitch(
  repoName: string,
  files: readonly FileIR[],
  configs: readonly ConfigFile[],
  languages: StitchLanguages,
  texts: ReadonlyMap<string, string> = new Map(),
): StitchResult {
  const nodes: NodeRow[] = [];
  const edges: EdgeRow[] = [];
  const run = stitchSteps(repoName, files, configs, texts, languages);
  for (const step of run.steps) {
    const into = step.kind === 'nodes' ? (nodes as (NodeRow | EdgeRow)[]) : edges;
    for (const row of step.rows) into.push(row);
  }
  return { graph: { nodes, edges, unresolved: run.unresolved }, stats: run.stats };
}

export interface StreamOptions {
  /**
   * The FileIRs are the caller's to discard: what only node rows need (signature, docstring,
   * code) is dropped from them once their nodes are out, before the edges are resolved.
   */
  consume?: boolean;
  /**
   * Files whose entity rows the caller stored already (entityRows.ts), with the primary ids they
   * got: the stitch emits only their Module rows and reports, in `renamed`, each entity whose
   * stable id is not its primary (the rare collision).
   */
  emitted?: ReadonlyMap<string, Int32Array>;
  /** The module namings those stored rows used, by path (buildRepoIndex `named`). */
  named?: ReadonlyMap<string, ModuleNaming>;
}

/** An entity stored with its primary id whose stable id turned out another (a hash collision). */
export interface RenamedEntity {
  kind: NodeKind;
  filePath: string;
  qualifiedName: string;
  startLine: number;
  /** Among the file's entities of this kind, name and start line, the how-manyth (0: the first). */
  sameLine: number;
  from: number;
  to: number;
}

/**
 * The stitch streamed: node rows, then edge rows, go to `sink` a few thousand at a time (the
 * store takes them meanwhile), so the whole graph is never held as rows; awaits the sink.
 */
export async function stitchInto(
  repoName: string,
  files: readonly FileIR[],
  configs: readonly ConfigFile[],
  texts: ReadonlyMap<string, string>,
  sink: StitchSink,
  options: StreamOptions & StitchLanguages,
): Promise<{ unresolved: UnresolvedRow[]; stats: StitchStats; renamed: RenamedEntity[] }> {
  const run = stitchSteps(repoName, files, configs, texts, options);
  for (const step of run.steps) {
    if (step.kind === 'nodes') await sink.nodes(step.rows);
    else await sink.edges(step.rows);
  }
  return { unresolved: run.unresolved, stats: run.stats, renamed: run.renamed };
}

type StitchStep = { kind: 'nodes'; rows: NodeRow[] } | { kind: 'edges'; rows: EdgeRow[] };

/**
 * The stitch as steps: the repository index and every node's stable id first (ids depend on every
 * node's identity), then node rows module by module, then edges: the structural ones of every
 * module, then each module's IMPORTS, INHERITS and USES (an edge's source is always in the module
 * at hand, so USES are deduplicated one module at a time). `unresolved` and `stats` are complete
 * once the steps are.
 */
function stitchSteps(repoName: string, files: readonly FileIR[], configs: readonly ConfigFile[], texts: ReadonlyMap<string, string>, options: StreamOptions & StitchLanguages) {
  const index = buildRepoIndex(files, options.resolverFor, repoName, options.named);
  const resolver = new Resolver(index, options.resolverFor, configs);
  const ids = stableIdsOf(repoName, index, options.emitted);
  const unresolved: UnresolvedRow[] = [];
  const renamed: RenamedEntity[] = [];
  const stats: StitchStats = {
    resolvedImports: 0,
    unresolvedImports: 0,
    resolvedReferences: 0,
    unresolvedReferences: 0,
    nodes: countBy(NODE_KINDS, [] as NodeRow[], (n) => n.kind),
    edges: countBy(EDGE_TYPES, [] as EdgeRow[], (e) => e.type),
  };
  const counted = <T extends NodeRow | EdgeRow>(rows: T[]): T[] => {
    for (const row of rows) {
      if ('src' in row) stats.edges[row.type]++;
      else stats.nodes[row.kind]++;
    }
    return rows;
  };
  function* steps(): Generator<StitchStep> {
    let nodes: NodeRow[] = [repoNode(repoName)];
    for (const module of index.modules) {
      const moduleImport = moduleImportName(module, configs, options.resolverFor);
      nodes.push(moduleNode(module, moduleImport, ids));
      const { file } = module;
      const emitted = options.emitted?.get(file.path);
      if (emitted) {
        file.entities.forEach((entity, i) => {
          stats.nodes[entity.kind]++;
          const id = ids[module.firstEntityNode + i]!;
          if (id === emitted[i]) return;
          const qualifiedName = `${module.naming.name}.${entity.qualifiedName}`;
          // Its place among the rows the rename's SQL tells apart by (id, kind, file, name, line).
          const sameLine = file.entities
            .slice(0, i)
            .filter((e, j) => emitted[j] === emitted[i] && e.kind === entity.kind && e.qualifiedName === entity.qualifiedName && e.startLine === entity.startLine).length;
          renamed.push({ kind: entity.kind, filePath: file.path, qualifiedName, startLine: entity.startLine, sameLine, from: emitted[i]!, to: id });
        });
      } else {
        for (const row of entityRows(file, module.naming, moduleImport, texts.get(file.path), (i) => ids[module.firstEntityNode + i]!)) nodes.push(row);
        if (options.consume) dropNodeFields(file);
      }
      if (nodes.length >= STEP_ROWS) {
        yield { kind: 'nodes', rows: counted(nodes) };
        nodes = [];
      }
    }
    if (nodes.length > 0) yield { kind: 'nodes', rows: counted(nodes) };
    let edges = new EdgeList(ids);
    for (const module of index.modules) {
      addStructuralEdges(module, edges);
      if (edges.rows.length >= STEP_ROWS) {
        yield { kind: 'edges', rows: counted(edges.rows) };
        edges = new EdgeList(ids);
      }
    }
    for (const module of index.modules) {
      addImportEdges(resolver, module, edges, unresolved, stats);
      addInheritanceEdges(resolver, module, edges, stats);
      addReferenceEdges(resolver, module, edges, stats);
      // A new list per module once enough is in: USES keys never repeat across modules.
      if (edges.rows.length >= STEP_ROWS) {
        yield { kind: 'edges', rows: counted(edges.rows) };
        edges = new EdgeList(ids);
      }
    }
    if (edges.rows.length > 0) yield { kind: 'edges', rows: counted(edges.rows) };
    for (const row of unresolved) row.src = ids[row.src]!;
  }
  return { steps: steps(), unresolved, stats, renamed };
}

function countBy<K extends string, T>(keys: readonly K[], items: readonly T[], keyOf: (item: T) => K): Record<K, number> {
  const counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const item of items) counts[keyOf(item)]++;
  return counts;
}

/**
 * Stable id (stableIds.ts) of every working id: Repo 0, then each module's node and its entities.
 * Keys are made when asked for (see KeySource); twins are numbered within their file. An entity
 * whose row went out during the parse (`emitted`) brings its primary hash along: only a colliding
 * one's key is made.
 */
function stableIdsOf(repoName: string, index: RepoIndex, emitted?: ReadonlyMap<string, Int32Array>): Int32Array {
  const ordinals = new Int32Array(index.nodeCount);
  const emittedOf = index.modules.map((module) => emitted?.get(module.file.path));
  for (const module of index.modules) ordinals.set(twinOrdinals(module.file.entities), module.firstEntityNode);
  const keys: KeySource = {
    length: index.nodeCount,
    at(node) {
      if (node === 0) return identityKey({ kind: 'Repo', file_path: null, qualified_name: repoName }, 0);
      const module = index.modules[index.nodeModule[node]!]!;
      const entity = index.nodeEntity[node]!;
      if (entity < 0) return identityKey({ kind: 'Module', file_path: module.file.path, qualified_name: module.naming.name }, 0);
      const e = module.file.entities[entity]!;
      return identityKey({ kind: e.kind, file_path: module.file.path, qualified_name: `${module.naming.name}.${e.qualifiedName}` }, ordinals[node]!);
    },
    primary(node) {
      const entity = index.nodeEntity[node]!;
      return entity < 0 ? undefined : emittedOf[index.nodeModule[node]!]?.[entity];
    },
  };
  return Int32Array.from(stableIdsFor(keys, 0));
}

/** The kind of the node with working id `node`. */
function kindOf(index: RepoIndex, node: number): NodeKind {
  const entity = index.nodeEntity[node]!;
  if (entity < 0) return node === 0 ? 'Repo' : 'Module';
  return index.modules[index.nodeModule[node]!]!.file.entities[entity]!.kind;
}

function repoNode(repoName: string): NodeRow {
  return {
    id: REPO_NODE_ID, kind: 'Repo', name: repoName, qualified_name: repoName, module_name: null, class_name: null,
    file_path: null, start_line: null, end_line: null, signature: null, code: null, code_start: null, code_end: null, docstring: null,
    description: null, member_descriptions: null, requirement: null, language: null, local_name: null, import_name: null,
  };
}

/** A module's node (A.8 gives Module no code: the files table holds the text). */
function moduleNode(module: ModuleInfo, importName: string | null, ids: Int32Array): NodeRow {
  const { file, naming } = module;
  return {
    id: ids[module.nodeId]!, kind: 'Module', name: naming.name, qualified_name: naming.name, module_name: null,
    class_name: null, file_path: file.path, start_line: 1, end_line: Math.max(file.lines, 1), signature: null,
    code: null, code_start: null, code_end: null, docstring: file.docstring, description: null, member_descriptions: null, requirement: null,
    language: file.language, local_name: naming.localName, import_name: importName,
  };
}

/** Repo CONTAINS Module; Module CONTAINS top-level defs; Class HAS_METHOD / HAS_FIELD; nesting CONTAINS. */
function addStructuralEdges(module: ModuleInfo, edges: EdgeList): void {
  edges.add(0, module.nodeId, 'CONTAINS', null);
  module.file.entities.forEach((entity, i) => {
    const node = module.firstEntityNode + i;
    const parent = entityIndex(module, entity.parent);
    if (parent < 0) {
      edges.add(module.nodeId, node, 'CONTAINS', null);
      return;
    }
    const parentKind = module.file.entities[parent]!.kind;
    let type: EdgeType = 'CONTAINS';
    if (parentKind === 'Class' && entity.kind === 'Method') type = 'HAS_METHOD';
    else if (parentKind === 'Class' && entity.kind === 'Field') type = 'HAS_FIELD';
    edges.add(module.firstEntityNode + parent, node, type, null);
  });
}

/** IMPORTS edges and unresolved rows for one module's imports and re-exports (TS/JS). */
function addImportEdges(
  r: Resolver,
  module: ModuleInfo,
  edges: EdgeList,
  unresolved: UnresolvedRow[],
  stats: StitchStats,
): void {
  const names = new Map<number, string[]>();
  const link = (dst: ModuleInfo | null, name: string | null): void => {
    if (!dst || dst === module) return;
    let list = names.get(dst.nodeId);
    if (!list) names.set(dst.nodeId, (list = []));
    if (name !== null && !list.includes(name)) list.push(name);
  };
  const record = (outcome: ImportOutcome, name: string | null, row: UnresolvedRow): void => {
    for (const statement of outcome.statements) link(statement, name);
    if (outcome.target) link(definingModule(r, outcome.target), name);
    if (outcome.resolved) stats.resolvedImports++;
    else {
      stats.unresolvedImports++;
      unresolved.push(row);
    }
  };
  const rules = module.resolver;
  for (const imp of module.file.imports) {
    const written = rules.writtenModule ? rules.writtenModule(imp) : imp.module;
    record(rules.importOutcome(r, module, imp), imp.name, { src: module.nodeId, name: imp.name ?? written, module: written, alias: imp.alias });
  }
  if (rules.reexportOutcome) {
    for (const exp of module.file.exports) {
      const outcome = rules.reexportOutcome(r, module, exp);
      if (!outcome) continue;
      const imported = exp.importedName ?? exp.exportedName;
      const alias = exp.exportedName !== imported && exp.exportedName !== '*' ? exp.exportedName : null;
      record(outcome, imported, { src: module.nodeId, name: imported, module: exp.fromModule ?? '', alias });
    }
  }
  for (const [dst, list] of names) edges.add(module.nodeId, dst, 'IMPORTS', list.length > 0 ? list.join(',') : null);
}

/** The module a target lives in (a Module target is its own module). */
function definingModule(r: Resolver, target: Target): ModuleInfo | null {
  if (target.kind === 'opaque') return r.index.modules[target.module]!;
  if (target.kind === 'namespace' || target.kind === 'package') return null;
  return r.moduleOfNode(target.id);
}

/** INHERITS for bases that are classes; USES 'reference' for bases that are something else. */
function addInheritanceEdges(r: Resolver, module: ModuleInfo, edges: EdgeList, stats: StitchStats): void {
  module.file.entities.forEach((entity, i) => {
    if (entity.kind !== 'Class') return;
    const node = module.firstEntityNode + i;
    const bases = r.basesOf(node);
    for (const base of bases.classes) edges.add(node, base, 'INHERITS', null);
    for (const other of bases.others) edges.addUses(node, other, 'reference');
    stats.resolvedReferences += bases.classes.length + bases.others.length;
    stats.unresolvedReferences += bases.unresolved;
  });
}

/** USES edges from every non-inheritance reference. */
function addReferenceEdges(r: Resolver, module: ModuleInfo, edges: EdgeList, stats: StitchStats): void {
  const scopes: (LookupScope | undefined)[] = [];
  const moduleScope: LookupScope = { start: -1, selfClass: -1, exclude: -1 };
  const trail: ChainTrail = { through: [], complete: true };
  for (const ref of module.file.references) {
    if (ref.kind === 'inherit') continue;
    const from = entityIndex(module, ref.from);
    const scope =
      from < 0 ? moduleScope : ref.kind === 'decorate' ? referenceScope(r, module, ref) : (scopes[from] ??= referenceScope(r, module, ref));
    trail.through.length = 0;
    trail.complete = true;
    const target =
      ref.receiver === undefined ? r.resolveReference(module, ref.name, scope, trail) : r.resolveThroughType(module, ref.name, ref.receiver, scope, trail);
    if (!target) {
      // A typed local's member that is not found (its type outside the repo) stays a local's read.
      if (ref.receiver === undefined) stats.unresolvedReferences++;
      continue;
    }
    stats.resolvedReferences++;
    if (target.kind !== 'node') continue;
    const src = from >= 0 ? module.firstEntityNode + from : module.nodeId;
    for (const variable of trail.through) if (variable !== src) edges.addUses(src, variable, 'reference');
    const dst = target.id;
    const srcKind = kindOf(r.index, src);
    if (src === dst && srcKind !== 'Function' && srcKind !== 'Method') continue;
    edges.addUses(src, dst, ref.kind === 'call' ? callDetail(kindOf(r.index, dst), trail.complete) : ref.kind);
  }
}

/**
 * A call of a class instantiates it; a call whose chain stopped at a variable (`self.items.append`
 * with items' type unknown) reads that variable.
 */
function callDetail(dstKind: NodeKind, complete: boolean): string {
  if (dstKind === 'Class') return 'instantiate';
  return !complete && (dstKind === 'Field' || dstKind === 'GlobalVariable') ? 'reference' : 'call';
}

/**
 * Where a reference is looked up: decorators are evaluated around the decorated definition, field
 * initialisers in the class body, everything else inside the referencing entity.
 */
function referenceScope(r: Resolver, module: ModuleInfo, ref: ReferenceIR): LookupScope {
  const from = entityIndex(module, ref.from);
  if (from < 0) return { start: -1, selfClass: -1, exclude: -1 };
  const entity = module.file.entities[from]!;
  const parent = entityIndex(module, entity.parent);
  const start = ref.kind === 'decorate' || entity.kind === 'Field' ? parent : from;
  const selfClass = enclosingClass(module, from);
  return { start, selfClass, exclude: -1, owner: selfClass < 0 ? ownerClass(r, module, from) : -1 };
}

/**
 * The class a member defined away from it belongs to: the Class node its qualifier names as
 * written ('a.T', 'Outer.Inner'; EntityIR.owner), seen from the file, for the file-level Function
 * around entity `index` (-1: none, or the qualifier is a namespace).
 */
function ownerClass(r: Resolver, module: ModuleInfo, index: number): number {
  if (!module.resolver.outOfLineMembers) return -1;
  const entities = module.file.entities;
  let top = index;
  for (let parent = entityIndex(module, entities[top]!.parent); parent >= 0; parent = entityIndex(module, entities[parent]!.parent)) top = parent;
  const entity = entities[top]!;
  const dot = entity.qualifiedName.lastIndexOf('.');
  if (entity.kind !== 'Function' || dot < 0) return -1;
  const scope = { start: -1, selfClass: -1, exclude: top };
  const classOf = (written: string): number => {
    const target = r.resolveReference(module, written, scope);
    return target?.kind === 'node' && r.entityOfNode(target.id)?.kind === 'Class' ? target.id : -1;
  };
  // The qualifier as written, else its last class name alone (a namespace alias, or one a macro opens).
  const written = entity.owner ?? entity.qualifiedName.slice(0, dot);
  const found = classOf(written);
  return found >= 0 || !written.includes('.') ? found : classOf(entity.qualifiedName.slice(0, dot));
}
