/**
 * @file DeclarationWalker: the shared engine of the Java, Go, Rust, C#, PHP, Ruby and C++
 * extractors. One iterative TreeCursor pass in document order (no recursion: deep nesting is safe); a language
 * supplies `WalkRules` that look at the node types it cares about and call back here to define
 * entities, record imports and references, declare locals and skip subtrees. The walker keeps
 * the stack of open definitions (parents, Method vs Function, Field vs GlobalVariable vs local),
 * per-function locals with their declared types (a read of a local is not a reference; a member
 * chain from a typed local is one, through that type: ReferenceIR.receiver), docs, signatures
 * and line ranges.
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { Language } from '../../ingest/types.ts';
import type { EntityIR, EntityKind, FileIR, ImportIR, ReferenceIR, UseKind } from '../../parse/fileIR.ts';
import { referenceIR } from '../../parse/fileIR.ts';
import { collectSyntaxIssues, walkTree } from '../../parse/treeSitter.ts';

export interface WalkRules {
  /** Node types visit() is called for; others are walked through without building a Node. */
  readonly types: ReadonlySet<string>;
  /** Handle one node; return false to skip its children. */
  visit(node: Node, walker: DeclarationWalker): boolean;
}

/** What a definition is, before the walker places it: a type, a callable, or a variable. */
export type DefinitionRole = 'type' | 'function' | 'variable';

export interface DefineOptions {
  /** Base types as written ('Calculator', 'base.Calculator'). Types only. */
  bases?: string[];
  /** The body: the signature is the text before it; absent: the whole (collapsed) declaration. */
  body?: Node | null;
  /** First node of the range when it starts before `node` (attributes, doc comments excluded). */
  start?: Node;
  /** Owner entity instead of the enclosing one (Go methods, Rust impl blocks); null: module level. */
  parent?: number | null;
  /** Open a scope for the node's extent (default: types and functions). */
  scope?: boolean;
  /** A receiver name that means `this` inside the function (Go). */
  selfName?: string | null;
  /** Docs from this node's leading comments instead of `node`'s. */
  docFrom?: Node;
  /** A variable's declared class type as a chain (typeName()): the Field's declaredType, or the local's. */
  type?: string | null;
  /** A function's declared class return type as a chain: its returnType. */
  returns?: string | null;
}

interface Scope {
  entity: number;
  end: number;
  isFunction: boolean;
  /** Local name -> its declared type chain (null: unknown). */
  locals: Map<string, string | null> | null;
  selfName: string | null;
}

const SIMPLE_CHAIN = /^[\p{L}_$][\p{L}\p{N}_$]*(?:\.[\p{L}_$][\p{L}\p{N}_$]*)*$/u;
const MAX_CHAIN = 300;
const MAX_SIGNATURE = 300;
/** Type names that declare no type: the initializer's decides (typeName returns null). */
const INFERRED = new Set(['var', 'auto', 'dynamic']);

export class DeclarationWalker {
  readonly text: string;
  readonly path: string;
  readonly entities: EntityIR[] = [];
  readonly imports: ImportIR[] = [];
  readonly references: ReferenceIR[] = [];
  /** Java package, Go package clause, C# namespace of the file (first one); null when none. */
  packageName: string | null = null;
  docstring: string | null = null;
  private readonly scopes: Scope[] = [];
  private readonly skipped = new Set<number>();
  private readonly seenReferences = new Set<string>();

  constructor(
    private readonly tree: Tree,
    file: { path: string; text: string },
    private readonly language: Language,
  ) {
    this.text = file.text;
    this.path = file.path;
  }

  /** Walk the whole tree once. */
  walk(rules: WalkRules): this {
    walkTree(this.tree, (cursor) => {
      const start = cursor.startIndex;
      while (this.scopes.length > 0 && start >= this.scopes[this.scopes.length - 1]!.end) this.scopes.pop();
      if (!cursor.nodeIsNamed) return false;
      if (rules.types.has(cursor.nodeType)) {
        const node = cursor.currentNode;
        return !this.skipped.has(node.id) && rules.visit(node, this);
      }
      return !(this.skipped.size > 0 && this.skipped.has(cursor.nodeId));
    });
    return this;
  }

  finish(): FileIR {
    return {
      path: this.path,
      language: this.language,
      lines: countLines(this.text),
      entities: this.entities,
      imports: this.imports,
      references: this.references,
      exports: [],
      all: null,
      docstring: this.docstring,
      syntaxErrors: collectSyntaxIssues(this.tree),
      packageName: this.packageName,
    };
  }

  /** The innermost open definition (entity index), or null at module level. */
  current(): number | null {
    const top = this.scopes[this.scopes.length - 1];
    return top ? top.entity : null;
  }

  /** The innermost open Class entity, or null. */
  currentClass(): number | null {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const entity = this.entities[this.scopes[i]!.entity]!;
      if (entity.kind === 'Class') return entity.id;
    }
    return null;
  }

  /** The name of the innermost open Class (what `Self`, `self` or `static` stands for), or null. */
  currentClassName(): string | null {
    const owner = this.currentClass();
    return owner === null ? null : this.entities[owner]!.name;
  }

  /** The current definition when it is a Class: the walk is directly in a class body. */
  classBody(): number | null {
    const current = this.current();
    return current !== null && this.entities[current]!.kind === 'Class' ? current : null;
  }

  /** Whether the walk is inside a function body (variables there are locals). */
  inFunction(): boolean {
    const top = this.scopes[this.scopes.length - 1];
    return top?.isFunction === true;
  }

  /**
   * Define an entity. A 'type' is a Class; a 'function' is a Method directly inside a Class, else a
   * Function; a 'variable' is a Field inside a Class, a GlobalVariable at module level, and only a
   * local (no entity, returns -1) inside a function.
   */
  define(role: DefinitionRole, name: string, node: Node, options: DefineOptions = {}): number {
    const parent = options.parent !== undefined ? options.parent : this.current();
    const parentKind = parent === null ? null : this.entities[parent]!.kind;
    if (role === 'variable' && (parentKind === 'Function' || parentKind === 'Method')) {
      this.local(name, options.type);
      return -1;
    }
    let kind: EntityKind;
    if (role === 'type') kind = 'Class';
    else if (role === 'function') kind = parentKind === 'Class' ? 'Method' : 'Function';
    else kind = parentKind === 'Class' ? 'Field' : 'GlobalVariable';
    const startNode = options.start ?? node;
    const id = this.entities.length;
    const qualifiedName = parent === null ? name : `${this.entities[parent]!.qualifiedName}.${name}`;
    const body = options.body ?? null;
    this.entities.push({
      id,
      kind,
      name,
      qualifiedName,
      parent,
      startLine: startNode.startPosition.row + 1,
      endLine: node.endPosition.row + 1,
      signature: signatureOf(this.text, startNode.startIndex, body ? body.startIndex : node.endIndex),
      code: this.text.slice(startNode.startIndex, node.endIndex),
      codeStart: startNode.startIndex,
      codeEnd: node.endIndex,
      docstring: docBefore(options.docFrom ?? startNode),
      ...(role === 'type' ? { bases: options.bases ?? [] } : {}),
      ...(role === 'variable' && options.type ? { declaredType: options.type } : {}),
      ...(role === 'function' && options.returns ? { returnType: options.returns } : {}),
    });
    if (role === 'type') for (const base of options.bases ?? []) this.referenceFrom(id, base, 'inherit', startNode.startPosition.row + 1);
    if (options.scope ?? role !== 'variable') {
      this.scopes.push({
        entity: id,
        end: node.endIndex,
        isFunction: kind === 'Function' || kind === 'Method',
        locals: null,
        selfName: options.selfName ?? null,
      });
    }
    return id;
  }

  /** Treat `node`'s extent as the inside of an existing entity (a Rust impl block of a struct). */
  enter(entity: number, node: Node): void {
    this.scopes.push({ entity, end: node.endIndex, isFunction: false, locals: null, selfName: null });
  }

  /** Add a base to a Class defined earlier (a Rust `impl Trait for Type`). */
  addBase(entity: number, base: string, at: Node): void {
    const bases = (this.entities[entity]!.bases ??= []);
    if (bases.includes(base)) return;
    bases.push(base);
    this.referenceFrom(entity, base, 'inherit', at.startPosition.row + 1);
  }

  /** A module-level Class of this file by name (first defined), or null. */
  topLevelClass(name: string): number | null {
    const found = this.entities.find((e) => e.parent === null && e.kind === 'Class' && e.name === name);
    return found ? found.id : null;
  }

  /** A name bound inside the current function (parameter, local variable, pattern), of `type` when known. */
  local(name: string, type: string | null = null): void {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i]!;
      if (!scope.isFunction) continue;
      (scope.locals ??= new Map()).set(name, type);
      return;
    }
  }

  /** A local's type chain, null when it has none known, undefined when `name` is no local. */
  localType(name: string): string | null | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i]!;
      if (!scope.isFunction) break;
      const type = scope.locals?.get(name);
      if (type !== undefined) return type;
    }
    return undefined;
  }

  /** Whether `name` stands for the current object: `Self`, or an enclosing receiver name. */
  private isSelf(name: string): boolean {
    if (name === 'Self') return true;
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i]!;
      if (scope.selfName === name) return true;
    }
    return false;
  }

  /**
   * Record a use from the current entity; reads of locals are dropped, duplicates merged.
   * `scoped`: the name was written with a scope operator (`a::b`), so its head is a namespace or
   * a type and never a local; so is the head of a type name ('annotate') or an annotation.
   */
  reference(name: string, kind: UseKind, at?: Node, scoped = false): void {
    this.referenceFrom(this.current(), name, kind, at ? at.startPosition.row + 1 : 0, scoped);
  }

  private referenceFrom(from: number | null, raw: string, kind: UseKind, line = 0, scoped = false): void {
    const dot = raw.indexOf('.');
    const first = dot < 0 ? raw : raw.slice(0, dot);
    let name = raw;
    let receiver: string | null = null;
    if (kind !== 'inherit') {
      if (this.isSelf(first)) name = dot < 0 ? 'this' : `this${raw.slice(dot)}`;
      else if (!scoped && kind !== 'annotate' && kind !== 'decorate') {
        const type = this.localType(first);
        // A local read is no use; a member of a typed local is one, through its type.
        if (type !== undefined && (type === null || dot < 0)) return;
        receiver = type ?? null;
      }
    }
    const key = receiver === null ? `${from}|${kind}|${name}` : `${from}|${kind}|${name}|${receiver}`;
    if (this.seenReferences.has(key)) return;
    this.seenReferences.add(key);
    this.references.push(referenceIR(from, name, kind, line || (from === null ? 1 : this.entities[from]!.startLine), receiver ?? undefined));
  }

  addImport(imp: Omit<ImportIR, 'level' | 'dottedFolderName' | 'scope'> & { scope?: number | null; level?: number }): void {
    this.imports.push({ level: 0, dottedFolderName: '', ...imp, scope: imp.scope ?? null });
  }

  /** `a.b.C` imported (as `alias` when given): {module 'a.b', name 'C'}. */
  importQualified(path: string, line: number, alias: string | null = null, scope?: number | null): void {
    const dot = path.lastIndexOf('.');
    const name = path.slice(dot + 1);
    this.addImport({ module: dot < 0 ? '' : path.slice(0, dot), name, alias, localName: alias ?? name, line, scope });
  }

  /** Every member of package / namespace / type `path` imported: {module path, name '*'}. */
  importAll(path: string, line: number, scope?: number | null): void {
    this.addImport({ module: path, name: '*', alias: null, localName: '*', line, scope });
  }

  /**
   * A file named by its path (`#include`, `require`): name null, level 1 when written from the
   * importing file's folder (shared/fileRequires.ts resolves it).
   */
  importFile(path: string, line: number, relative: boolean, scope?: number | null): void {
    this.addImport({ module: path, name: null, alias: null, localName: '', line, level: relative ? 1 : 0, scope });
  }

  /** Do not visit this node (nor its children) when the walk reaches it. */
  skip(node: Node | null | undefined): void {
    if (node) this.skipped.add(node.id);
  }

  /**
   * A plain dotted chain as written ('a.b.C', 'this.x'; Rust/C++ '::', PHP '\\' and generic arguments
   * normalised away), or null when the expression is anything else (a call, an index, ...).
   */
  chain(node: Node | null | undefined): string | null {
    if (!node || node.endIndex - node.startIndex > MAX_CHAIN) return null;
    let raw = this.text.slice(node.startIndex, node.endIndex).replace(/\s+/g, '');
    if (raw.includes('<')) raw = stripGenerics(raw);
    raw = raw.replaceAll('::', '.').replaceAll('\\', '.').replace(/^\./, '').replace(/^(crate|\$crate)\./, 'crate.');
    return SIMPLE_CHAIN.test(raw) ? raw : null;
  }

  /**
   * A declared type as a class chain: 'Repo' from `Repo`, `*Repo`, `Repo&`, `List<Repo>` (its
   * generic arguments dropped), `repo.Repo`; null for an inferred one (`var`, `auto`) and for
   * anything that is no plain chain (arrays, function types). `unwrap` names the node types that
   * wrap the type (pointer, reference, nullable): their `type` field, else their first named
   * child, is read instead.
   */
  typeName(node: Node | null | undefined, unwrap?: ReadonlySet<string>): string | null {
    let current = node ?? null;
    while (current && unwrap?.has(current.type)) current = current.childForFieldName('type') ?? current.namedChildren[0] ?? null;
    const chain = this.chain(current);
    return chain === null || INFERRED.has(chain) ? null : chain;
  }

  /**
   * The type of a value built by calling `callee` (a chain as written), as a receiver: 'make()',
   * 'Repo.find()' for `repo.find()` with repo a local of type Repo, 'this.make()' from a
   * receiver name; null when the call starts at a local of unknown type.
   */
  callResult(callee: string | null): string | null {
    if (callee === null) return null;
    const dot = callee.indexOf('.');
    const head = dot < 0 ? callee : callee.slice(0, dot);
    const rest = dot < 0 ? '' : callee.slice(dot);
    if (this.isSelf(head)) return `this${rest}()`;
    const type = this.localType(head);
    if (type === undefined) return `${callee}()`;
    return type === null || rest === '' ? null : `${type}${rest}()`;
  }

  textOf(node: Node | null | undefined): string {
    return node ? this.text.slice(node.startIndex, node.endIndex) : '';
  }
}

/** 'List<String>' -> 'List'; 'Vec::<T>::new' -> 'Vec::::new' -> handled by the '::' rule. */
function stripGenerics(raw: string): string {
  let out = '';
  let depth = 0;
  for (const ch of raw) {
    if (ch === '<') depth++;
    else if (ch === '>') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out.replace(/::::/g, '::').replace(/::$/, '');
}

function signatureOf(text: string, start: number, end: number): string {
  const head = text.slice(start, Math.min(end, start + MAX_SIGNATURE * 4)).replace(/\s+/g, ' ').trim();
  return head.length > MAX_SIGNATURE ? `${head.slice(0, MAX_SIGNATURE)}…` : head;
}

const ATTRIBUTE_TYPES = new Set(['attribute_item', 'attribute_list', 'annotation', 'marker_annotation']);

/** The doc comment block right above a node (Javadoc, `///`, `//` runs), cleaned; or null. */
export function docBefore(node: Node): string | null {
  const parts: string[] = [];
  let line = node.startPosition.row;
  for (let sibling = node.previousSibling; sibling; sibling = sibling.previousSibling) {
    if (ATTRIBUTE_TYPES.has(sibling.type)) {
      line = sibling.startPosition.row;
      continue;
    }
    if (!sibling.type.includes('comment') || lastRow(sibling) < line - 1) break;
    const text = sibling.text;
    // Rust `//!` and `/*!` document the enclosing module, not the next item.
    if (text.startsWith('//!') || text.startsWith('/*!')) break;
    parts.unshift(text);
    line = sibling.startPosition.row;
  }
  return parts.length === 0 ? null : cleanComment(parts.join('\n'));
}

/** The comment block's text without markers (`//`, `/*`, `*`, `#`), leading stars and XML doc tags. */
export function cleanComment(raw: string): string | null {
  const cleaned = raw
    .split('\n')
    .map((l) => l.replace(/^\s*(\/\*\*?!?|\*\/|\*(?!\/)|\/\/[\/!]?|#+)\s?/, '').replace(/\*\/\s*$/, '').trimEnd())
    .join('\n')
    .replace(/<\/?(summary|remarks|returns|para|param|typeparam|c|code)\b[^>]*>/g, '')
    .trim();
  return cleaned === '' ? null : cleaned;
}

/** Last row holding text (a line comment's node ends at column 0 of the next row). */
function lastRow(node: Node): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row - 1 : end.row;
}

/** The comment block a file opens with, cleaned, passing over those `skip` names (a shebang); or null. */
export function leadingComment(root: Node, skip: (text: string) => boolean = () => false): string | null {
  const parts: string[] = [];
  for (const child of root.children) {
    if (!child || !child.type.includes('comment')) break;
    if (!skip(child.text)) parts.push(child.text);
  }
  return parts.length === 0 ? null : cleanComment(parts.join('\n'));
}

/** The last segment of a dotted chain ('a.b.C' -> 'C'). */
export function lastSegment(chain: string): string {
  return chain.slice(chain.lastIndexOf('.') + 1);
}

/** The leading `//!` / `/*!` comments of a Rust file, or the comment right above a node. */
export function leadingInnerDoc(root: Node): string | null {
  const parts: string[] = [];
  for (const child of root.children) {
    if (!child || !child.type.includes('comment')) break;
    if (!child.text.startsWith('//!') && !child.text.startsWith('/*!')) break;
    parts.push(child.text);
  }
  return parts.length === 0 ? null : cleanComment(parts.join('\n'));
}

export function countLines(text: string): number {
  let lines = text.length > 0 ? 1 : 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  if (text.endsWith('\n')) lines--;
  return lines;
}
