/**
 * @file Resolver: turns names as written (import placeholders, references such as 'base.f',
 * 'self.helper', 'ns.Widget') into graph targets, with memoisation and a cycle guard so circular
 * imports, self-imports and `export *` loops terminate. The language rules come from each
 * module's LanguageResolver (graph/languageResolver.ts), handed to the stitch; per-language caches
 * live with each language's resolver (keyed by the Resolver), not here.
 * Runs in: everywhere (stitcher). Layer src/core.
 */
import type { ConfigFile } from '../ingest/types.ts';
import type { EntityIR, ImportIR } from '../parse/fileIR.ts';
import type { ModuleInfo, RepoIndex, Target } from './bindings.ts';
import { entityIndex } from './bindings.ts';
import type { ResolverFor } from './languageResolver.ts';

/** Where a reference is looked up from. */
export interface LookupScope {
  /** Entity index whose scope is searched first (-1: module level). */
  start: number;
  /** Entity index of the class `self` / `cls` / `this` / `super` refer to (-1: none). */
  selfClass: number;
  /** Entity index a bare name must not resolve to (a class's own name in its bases). */
  exclude: number;
  /**
   * Class node whose members `this` and bare names reach from a member defined away from its
   * class (C++ `T::f` in another file than T, Go's method of a type of another file: a Function
   * 'T.f', stitch.ts ownerClass); -1 or absent: none.
   */
  owner?: number;
}

/** How far a reference's chain went: filled by resolveReference / resolveThroughType. */
export interface ChainTrail {
  /** Variables (Field, GlobalVariable) the chain went on from through their declared types. */
  through: number[];
  /** Whether every segment resolved (false: the target is where the chain stopped). */
  complete: boolean;
}

export interface ResolvedBases {
  /** Base classes as Class node ids. */
  classes: number[];
  /** Bases that resolved to something other than a class (function call, variable, module). */
  others: number[];
  /** Base expressions that did not resolve inside the repo ('object', 'Generic[T]', third party). */
  unresolved: number;
}

const SELF_NAMES = new Set(['self', 'cls', 'this']);
const IDENTIFIER = /^[\p{L}_$][\p{L}\p{N}_$]*/u;
/** The common case, split without per-segment matching: 'a.b_c.D1'. */
const SIMPLE_DOTTED = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/**
 * Split a reference as written into plain identifier segments: 'a?.b!.c' -> [a, b, c];
 * 'Generic[T]' -> [Generic]; 'foo().bar' -> [foo] (the call's result is unknown);
 * 'super().f' / 'super.f' -> [super, f].
 */
export function splitReference(raw: string): string[] {
  if (SIMPLE_DOTTED.test(raw)) return raw.split('.');
  const segments: string[] = [];
  for (const written of raw.replace(/[?!]\./g, '.').split('.')) {
    const part = written.trim();
    const match = IDENTIFIER.exec(part);
    if (!match) break;
    segments.push(match[0]);
    const rest = part.slice(match[0].length);
    if (rest === '') continue;
    if (match[0] === 'super' && rest === '()') continue;
    break;
  }
  return segments;
}

/** A memo slot: the answer, or ACTIVE while the lookup that will fill it is running. */
const ACTIVE = Symbol('active');
type Memo = Target | null | typeof ACTIVE;

/** Per-module name tables: Python names without / with submodules, TS exports. */
export type NameTable = 0 | 1 | 2;

export class Resolver {
  private readonly nameMemo: (Map<string, Memo> | undefined)[];
  private readonly importMemo = new Map<ImportIR, Memo>();
  private activeCount = 0;
  private cycleHits = 0;
  private readonly provisional: (() => void)[] = [];
  private readonly nodeTargets: (Target | undefined)[];
  private readonly segmentCache = new Map<string, string[]>();
  private readonly bases = new Map<number, ResolvedBases>();
  private readonly basesActive = new Set<number>();
  private readonly allSets = new Map<ModuleInfo, Set<string>>();
  /** Variable node -> the Class its declaredType names (null: none in the repo). */
  private readonly variableTypes = new Map<number, Memo>();
  /** Function / Method node -> the Class its returnType names (null: none in the repo). */
  private readonly returnTypes = new Map<number, Memo>();

  constructor(
    readonly index: RepoIndex,
    /** Each language's rules (packageMember / namespaceMember of a package or namespace target). */
    private readonly resolverFor: ResolverFor,
    /** Config files for the language resolvers (go.mod, Cargo.toml, tsconfig.json). */
    readonly configs: readonly ConfigFile[] = [],
  ) {
    this.nameMemo = new Array<Map<string, Memo> | undefined>(index.modules.length * 3);
    this.nodeTargets = new Array<Target | undefined>(index.nodeCount);
  }

  /** The (shared, immutable) target object for a node id. */
  node(id: number): Target {
    return (this.nodeTargets[id] ??= { kind: 'node', id });
  }

  /** Memoised lookup of `name` in one of a module's name tables (see `cached`). */
  cachedName(module: ModuleInfo, table: NameTable, name: string, compute: () => Target | null): Target | null {
    const memo = (this.nameMemo[module.index * 3 + table] ??= new Map());
    return this.cached(memo, name, compute);
  }

  /**
   * Memoise a lookup; a lookup re-entered while active (a cycle) answers null. A null reached
   * through a cut cycle is provisional: it is stored only once the outermost lookup has finished
   * with null too (then everything it explored is null for certain), so a cut cycle never leaves
   * a wrong null behind, and a star-import cycle is explored once per name.
   */
  private cached<K>(memo: Map<K, Memo>, key: K, compute: () => Target | null): Target | null {
    const hit = memo.get(key);
    if (hit === ACTIVE) {
      this.cycleHits++;
      return null;
    }
    if (hit !== undefined) return hit;
    memo.set(key, ACTIVE);
    this.activeCount++;
    const before = this.cycleHits;
    let result: Target | null = null;
    try {
      result = compute();
    } finally {
      this.activeCount--;
      if (result !== null || this.cycleHits === before) memo.set(key, result);
      else {
        memo.delete(key);
        this.provisional.push(() => memo.set(key, null));
      }
      if (this.activeCount === 0) {
        if (result === null) for (const settle of this.provisional) settle();
        this.provisional.length = 0;
      }
    }
    return result;
  }

  /** Reference segments, cached (the same names recur across a repository). */
  segmentsOf(raw: string): string[] {
    let segments = this.segmentCache.get(raw);
    if (!segments) this.segmentCache.set(raw, (segments = splitReference(raw)));
    return segments;
  }

  moduleOfNode(id: number): ModuleInfo | null {
    const index = this.index.nodeModule[id];
    return index === undefined || index < 0 ? null : this.index.modules[index]!;
  }

  /** The entity behind a node id, or null for Repo / Module nodes. */
  entityOfNode(id: number): EntityIR | null {
    const module = this.moduleOfNode(id);
    const entity = this.index.nodeEntity[id]!;
    return module && entity >= 0 ? module.file.entities[entity]! : null;
  }

  isModuleNode(id: number): boolean {
    return this.index.nodeModule[id]! >= 0 && this.index.nodeEntity[id]! < 0;
  }

  allNames(module: ModuleInfo): Set<string> {
    let names = this.allSets.get(module);
    if (!names) this.allSets.set(module, (names = new Set(module.file.all ?? [])));
    return names;
  }

  /** What an import placeholder stands for (null: outside the repo, or the name is missing). */
  importBinding(module: ModuleInfo, imp: ImportIR): Target | null {
    return this.cached(this.importMemo, imp, () => module.resolver.importBinding(this, module, imp));
  }

  /** Member `name` of a target: module names / exports, namespace children, class members. */
  memberOf(target: Target, name: string): Target | null {
    if (target.kind === 'namespace') return this.resolverFor(target.language).namespaceMember?.(this, target, name) ?? null;
    if (target.kind === 'opaque') return null;
    if (target.kind === 'package') return this.resolverFor(target.language).packageMember?.(this, target.key, name) ?? null;
    const module = this.moduleOfNode(target.id);
    if (!module) return null;
    if (this.isModuleNode(target.id)) return module.resolver.moduleMember(this, module, name);
    const entity = this.entityOfNode(target.id)!;
    if (entity.kind === 'Class') return this.classMember(target.id, name);
    // A variable's member is one of its declared type's (looked up where it is declared).
    if (entity.declaredType === undefined) return null;
    const type = this.cached(this.variableTypes, target.id, () => this.classOf(module, entity.declaredType!, declarationScope(module, entity)));
    return type?.kind === 'node' ? this.classMember(type.id, name) : null;
  }

  /**
   * The Class a type as written names ('Repo'), or a call's value ('make()': the class called,
   * else the callee's declared returnType); null when none in the repo.
   */
  private classOf(module: ModuleInfo, written: string, scope: LookupScope): Target | null {
    const call = written.endsWith('()');
    const target = this.resolveReference(module, call ? written.slice(0, -2) : written, scope);
    if (target?.kind !== 'node') return null;
    const entity = this.entityOfNode(target.id);
    if (entity?.kind === 'Class') return target;
    if (!call || entity?.returnType === undefined || (entity.kind !== 'Function' && entity.kind !== 'Method')) return null;
    const home = this.moduleOfNode(target.id)!;
    return this.cached(this.returnTypes, target.id, () => this.classOf(home, entity.returnType!, declarationScope(home, entity)));
  }

  /** Whether memberOf(target) reads a variable's members (through its declared type). */
  private isVariable(target: Target): target is Extract<Target, { kind: 'node' }> {
    if (target.kind !== 'node' || this.isModuleNode(target.id)) return false;
    const kind = this.entityOfNode(target.id)?.kind;
    return kind === 'Field' || kind === 'GlobalVariable';
  }

  /**
   * A class's own member (method, field, nested class), else the first found up its bases, else
   * (Ruby) one the same class defines where another file reopens it.
   */
  classMember(classNode: number, name: string, skipOwn = false): Target | null {
    if (skipOwn) return this.inheritedMember(classNode, name, true);
    const module = this.moduleOfNode(classNode)!;
    const own = module.children.get(this.index.nodeEntity[classNode]!)?.get(name);
    if (own !== undefined) return this.node(module.firstEntityNode + own);
    const inherited = this.basesOf(classNode).classes.length === 0 ? null : this.inheritedMember(classNode, name, false);
    return inherited ?? module.resolver.reopenedMember?.(this, classNode, name) ?? null;
  }

  private inheritedMember(classNode: number, name: string, skipOwn: boolean): Target | null {
    const seen = new Set<number>([classNode]);
    const queue = skipOwn ? [...this.basesOf(classNode).classes] : [classNode];
    for (let i = 0; i < queue.length; i++) {
      const current = queue[i]!;
      const module = this.moduleOfNode(current)!;
      const member = module.children.get(this.index.nodeEntity[current]!)?.get(name);
      if (member !== undefined) return this.node(module.firstEntityNode + member);
      for (const base of this.basesOf(current).classes) {
        if (!seen.has(base)) {
          seen.add(base);
          queue.push(base);
        }
      }
    }
    return null;
  }

  /** A class's bases, resolved in the scope enclosing the class; an inheritance cycle gives []. */
  basesOf(classNode: number): ResolvedBases {
    const known = this.bases.get(classNode);
    if (known) return known;
    if (this.basesActive.has(classNode)) return { classes: [], others: [], unresolved: 0 };
    this.basesActive.add(classNode);
    const module = this.moduleOfNode(classNode)!;
    const index = this.index.nodeEntity[classNode]!;
    const entity = module.file.entities[index]!;
    const result: ResolvedBases = { classes: [], others: [], unresolved: 0 };
    for (const base of baseNames(module, index, entity)) {
      const target = this.resolveReference(module, base, classScope(module, index));
      if (!target) result.unresolved++;
      if (!target || target.kind !== 'node' || target.id === classNode) continue;
      const list = this.entityOfNode(target.id)?.kind === 'Class' ? result.classes : result.others;
      if (!list.includes(target.id)) list.push(target.id);
    }
    this.basesActive.delete(classNode);
    this.bases.set(classNode, result);
    return result;
  }

  /**
   * Resolve a reference as written: the first segment through `self`/`cls`/`this`/`super` (the
   * enclosing class and its bases), the enclosing function scopes, the module's own names and its
   * imports; the remaining segments walk module members and class members. The deepest target
   * reached is returned ('mod.f.cache_clear' -> f), or null when the first segment is unknown.
   * A Field or variable with a declared type leads on to that type's members
   * ('this.repo.save' -> Repo.save); `trail` records such variables and whether the chain ended.
   */
  resolveReference(module: ModuleInfo, raw: string, scope: LookupScope, trail?: ChainTrail): Target | null {
    const segments = this.segmentsOf(raw);
    if (segments.length === 0) return null;
    let target: Target | null;
    let next = 1;
    const first = segments[0]!;
    const owner = scope.owner ?? -1;
    if ((scope.selfClass >= 0 || owner >= 0) && (SELF_NAMES.has(first) || first === 'super')) {
      if (segments.length < 2) return null;
      const classNode = scope.selfClass >= 0 ? module.firstEntityNode + scope.selfClass : owner;
      target = this.classMember(classNode, segments[1]!, first === 'super');
      next = 2;
    } else {
      target = this.lookupScoped(module, first, scope);
      // C++ `level::x` in a class with a method level(): what `::` or `.` follows is a namespace,
      // a type or a variable, never a function; the name is looked up again outside the class.
      if (target && segments.length > 1 && module.resolver.qualifiersAreNoFunctions && this.isCallable(target)) {
        target = module.resolver.moduleName(this, module, first, scope.exclude);
      }
    }
    if (!target) return null;
    return this.members(target, segments, next, trail);
  }

  /**
   * A reference from a typed local (ReferenceIR.receiver): its segments after the local, as
   * members of the receiver's type; null unless at least one is reached.
   */
  resolveThroughType(module: ModuleInfo, raw: string, receiver: string, scope: LookupScope, trail?: ChainTrail): Target | null {
    const type = this.classOf(module, receiver, scope);
    if (!type) return null;
    const reached = this.members(type, this.segmentsOf(raw), 1, trail);
    // A member is never its own class: still the type means no segment resolved.
    return reached === type ? null : reached;
  }

  /** Walk segments[from..] as members of `target` as far as they resolve. */
  private members(target: Target, segments: string[], from: number, trail?: ChainTrail): Target {
    let next = from;
    for (; next < segments.length; next++) {
      const member = this.memberOf(target, segments[next]!);
      if (!member) break;
      // Stepping on from a variable (through its declared type): the variable is used too.
      if (trail && this.isVariable(target)) trail.through.push(target.id);
      target = member;
    }
    if (trail) trail.complete = next === segments.length;
    return target;
  }

  /** A bare name from a scope: enclosing function scopes (a class only as the start), then module. */
  private lookupScoped(module: ModuleInfo, name: string, scope: LookupScope): Target | null {
    const entities = module.file.entities;
    const implicitThis = module.resolver.implicitThis === true;
    for (let current = scope.start; current >= 0; current = entityIndex(module, entities[current]!.parent)) {
      if (entities[current]!.kind === 'Class' && current !== scope.start) {
        // Java / C#: a bare name in a method is a member of the enclosing classes (inherited ones too).
        const member = implicitThis ? this.implicitMember(module.firstEntityNode + current, name) : null;
        if (member) return member;
        continue;
      }
      const child = module.children.get(current)?.get(name);
      if (child !== undefined && child !== scope.exclude) return this.node(module.firstEntityNode + child);
      for (const imp of module.imports.get(current)?.get(name) ?? []) {
        const target = this.importBinding(module, imp);
        if (target) return target;
      }
    }
    const owner = scope.owner ?? -1;
    if (owner >= 0 && implicitThis) {
      const member = this.implicitMember(owner, name);
      if (member) return member;
    }
    return module.resolver.moduleName(this, module, name, scope.exclude);
  }

  /**
   * A bare name as a member of a class, inherited ones included; never the class's own name, which
   * names the class, not its constructor (Java, C++). A base's constructor found so names its
   * class too: inside `class D : public B`, a bare `B` is the type B (C++'s injected class name;
   * in Java and C# constructors are no members at all).
   */
  private implicitMember(classNode: number, name: string): Target | null {
    if (name === this.entityOfNode(classNode)?.name) return null;
    const member = this.classMember(classNode, name);
    if (member?.kind !== 'node') return member;
    const entity = this.entityOfNode(member.id);
    const module = this.moduleOfNode(member.id);
    if (!entity || !module || entity.kind !== 'Method') return member;
    const parent = entityIndex(module, entity.parent);
    const owner = parent >= 0 ? module.file.entities[parent]! : null;
    return owner?.kind === 'Class' && owner.name === entity.name ? this.node(module.firstEntityNode + parent) : member;
  }

  private isCallable(target: Target): boolean {
    if (target.kind !== 'node') return false;
    const kind = this.entityOfNode(target.id)?.kind;
    return kind === 'Function' || kind === 'Method';
  }
}

/** Base expressions of a class: EntityIR.bases plus 'inherit' references, keywords dropped. */
function baseNames(module: ModuleInfo, index: number, entity: EntityIR): string[] {
  const names = new Set<string>(entity.bases ?? []);
  for (const name of module.inheritRefs.get(index) ?? []) names.add(name);
  return [...names].filter((name) => !name.includes('='));
}

/** Where a declaration's types are written: the scope enclosing it (its class body for a member). */
function declarationScope(module: ModuleInfo, entity: EntityIR): LookupScope {
  const parent = entityIndex(module, entity.parent);
  return { start: parent, selfClass: enclosingClass(module, parent), exclude: -1 };
}

/** Bases are evaluated in the scope around the class, never as the class itself. */
function classScope(module: ModuleInfo, classIndex: number): LookupScope {
  const parent = entityIndex(module, module.file.entities[classIndex]!.parent);
  return { start: parent, selfClass: enclosingClass(module, parent), exclude: classIndex };
}

/** Nearest Class at or above an entity (-1 when none). */
export function enclosingClass(module: ModuleInfo, index: number): number {
  const entities = module.file.entities;
  for (let current = index; current >= 0; current = entityIndex(module, entities[current]!.parent)) {
    if (entities[current]!.kind === 'Class') return current;
  }
  return -1;
}
