/**
 * @file Python extractor: tree-sitter tree -> FileIR (RANGER 3.2 Stage 1, schema A.8).
 * One iterative TreeCursor pass (no recursion: 1,000-deep expressions and 10,000-line functions
 * are fine). Each node costs one type-id read; roles come from the parent kind, the child's named
 * index and separator tokens, kept in per-depth arrays. Definitions and statements at module or
 * class level are read through the Node API (they are few); identifiers are read from the source
 * text by index. Uses are filtered by a cheap scope analysis (pythonScopes.ts).
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { EntityIR, EntityKind, FileIR, ImportIR, ReferenceIR, UseKind } from '../../parse/fileIR.ts';
import { referenceIR } from '../../parse/fileIR.ts';
import { collectSyntaxIssues } from '../../parse/treeSitter.ts';
import { openCursor } from '../../parse/fastCursor.ts';
import type { SyntaxCursor } from '../../parse/syntaxCursor.ts';
import { Kind, LEAF, NAMED, SEPARATOR, pythonGrammar } from './pythonGrammar.ts';
import { extractImports, staticStringList } from './pythonImports.ts';
import { PYTHON_BUILTINS, Scope, closeScope, firstSegment } from './pythonScopes.ts';
import {
  collapseWhitespace, countLines, docstringFromLiterals, dottedFolderName, headerSignature, identifierEnd,
  boundType, isFollowedByParen, lineStarts, readChain, skipInlineSpace, stringLiteralParts,
} from './pythonText.ts';

/** What an identifier (or chain) means where it stands. */
const Mode = {
  READ: 0,
  ANNOTATE: 1,
  DECORATE: 2,
  INHERIT: 3,
  /** Bound by assignment, loop, with/except, comprehension, parameter, walrus. */
  TARGET: 4,
  /** Inside a `case` pattern: bare names bind, dotted names are read. */
  PATTERN: 5,
  /** The class name of a class pattern: `case Point(x=0)`. */
  PATTERN_CLASS: 6,
  /** Superclass list of a class definition. */
  INHERIT_LIST: 7,
  GLOBAL: 8,
  SKIP: 9,
  /** Left side of `x += 1`: read, then bound. */
  UPDATE: 10,
} as const;

interface Frame {
  depth: number;
  scope: Scope | null;
  previousScope: Scope;
  previousFrom: number | null;
  typeOnly: boolean;
}

const TYPE_CHECKING_IF = /if[ \t]+(not[ \t]+)?(?:[\p{ID_Continue}.]+\.)?TYPE_CHECKING[ \t]*:/uy;
const LITERAL_TYPE = /(?:[\p{ID_Continue}.]*\.)?Literal[ \t]*\[/uy;
const STATIC_DECORATOR = /@\s*(?:[\p{ID_Continue}.]*\.)?staticmethod\b/u;
const SIMPLE_TYPE_TEXT = /^[\p{ID_Continue}.\[\], |]+$/u;
const TYPE_NAME = /[\p{ID_Start}_][\p{ID_Continue}]*(?:\s*\.\s*[\p{ID_Start}_][\p{ID_Continue}]*)*/gu;
const TARGET_CONTAINERS = new Set(['pattern_list', 'tuple_pattern', 'list_pattern', 'tuple', 'list', 'parenthesized_expression', 'expression_list', 'list_splat_pattern', 'list_splat']);

/** Extract entities, imports, uses, `__all__` and syntax issues of one Python file. */
export function extractPython(tree: Tree, file: { path: string; text: string }): FileIR {
  const walker = new PythonWalker(tree, file.text, file.path);
  walker.walk();
  return walker.finish();
}

/** Mode of a named child, from its parent's kind and mode, its named index and the parent's phase. */
function childMode(kind: number, parentKind: number, parentMode: number, index: number, phase: number): number {
  switch (parentKind) {
    case Kind.ATTRIBUTE:
      if (index !== 0) return Mode.SKIP;
      return parentMode === Mode.TARGET ? Mode.READ : parentMode;
    case Kind.CALL:
      if (index === 0) return parentMode === Mode.DECORATE ? Mode.DECORATE : Mode.READ;
      return parentMode === Mode.ANNOTATE ? Mode.ANNOTATE : Mode.READ;
    case Kind.SUBSCRIPT:
      if (index === 0 && (parentMode === Mode.INHERIT || parentMode === Mode.ANNOTATE)) return parentMode;
      return parentMode === Mode.ANNOTATE ? Mode.ANNOTATE : Mode.READ;
    case Kind.KEYWORD_ARGUMENT:
      if (phase === 0) return Mode.SKIP;
      return parentMode === Mode.ANNOTATE ? Mode.ANNOTATE : Mode.READ;
    case Kind.FUNCTION_DEFINITION:
    case Kind.CLASS_DEFINITION:
      if (kind === Kind.IDENTIFIER) return Mode.SKIP;
      if (kind === Kind.TYPE_PARAMETER) return Mode.TARGET; // PEP 695 `def f[T]`: T is bound
      if (kind === Kind.ARGUMENT_LIST) return Mode.INHERIT_LIST;
      return kind === Kind.TYPE ? Mode.ANNOTATE : Mode.READ;
    case Kind.PARAMETERS:
      return kind === Kind.IDENTIFIER || kind === Kind.SPLAT_PARAMETER || kind === Kind.OTHER ? Mode.TARGET : Mode.READ;
    case Kind.DEFAULT_PARAMETER:
      if (phase === 0 && index === 0) return Mode.TARGET;
      return kind === Kind.TYPE ? Mode.ANNOTATE : Mode.READ;
    case Kind.TYPED_PARAMETER:
      return kind === Kind.TYPE ? Mode.ANNOTATE : Mode.TARGET;
    case Kind.SPLAT_PARAMETER:
      return Mode.TARGET;
    case Kind.DECORATOR:
      return Mode.DECORATE;
    case Kind.ARGUMENT_LIST:
      if (parentMode === Mode.INHERIT_LIST) {
        return kind === Kind.IDENTIFIER || kind === Kind.ATTRIBUTE || kind === Kind.SUBSCRIPT ? Mode.INHERIT : Mode.READ;
      }
      return parentMode === Mode.ANNOTATE ? Mode.ANNOTATE : Mode.READ;
    case Kind.ASSIGNMENT:
      if (phase === 0) return Mode.TARGET;
      return kind === Kind.TYPE ? Mode.ANNOTATE : Mode.READ;
    case Kind.AUGMENTED_ASSIGNMENT:
      return phase === 0 && kind === Kind.IDENTIFIER ? Mode.UPDATE : Mode.READ;
    case Kind.FOR:
    case Kind.NAMED_EXPRESSION:
      return phase === 0 ? Mode.TARGET : Mode.READ;
    case Kind.GLOBAL_STATEMENT:
      return Mode.GLOBAL;
    case Kind.NONLOCAL_STATEMENT:
      return Mode.SKIP;
    case Kind.KEYWORD_PATTERN:
      return phase === 0 ? Mode.SKIP : Mode.PATTERN;
    case Kind.CLASS_PATTERN:
      return kind === Kind.DOTTED_NAME ? Mode.PATTERN_CLASS : Mode.PATTERN;
    case Kind.DOTTED_NAME:
      return index === 0 ? parentMode : Mode.SKIP;
    case Kind.TYPE_ALIAS_STATEMENT:
      return phase === 0 ? Mode.SKIP : Mode.ANNOTATE;
    case Kind.TYPE_PARAMETER:
    case Kind.TYPE:
      if (parentMode === Mode.TARGET) return Mode.TARGET;
      break;
  }
  if (kind === Kind.TYPE) return Mode.ANNOTATE;
  if (kind === Kind.AS_PATTERN_TARGET) return Mode.TARGET;
  if (kind === Kind.CASE_PATTERN) return Mode.PATTERN;
  switch (parentMode) {
    case Mode.TARGET:
    case Mode.ANNOTATE:
    case Mode.PATTERN:
      return parentMode;
    case Mode.PATTERN_CLASS:
      return Mode.PATTERN;
    default:
      return Mode.READ;
  }
}

class PythonWalker {
  private readonly kinds: Uint8Array;
  private readonly flags: Uint8Array;
  private readonly starts: number[];
  private readonly folder: string;
  private readonly entities: EntityIR[] = [];
  private readonly imports: ImportIR[] = [];
  private readonly finalRefs: ReferenceIR[] = [];
  private readonly moduleScope = new Scope('module', null, null);
  /** Module-level entity names -> first entity id. */
  private readonly moduleNames = new Map<string, number>();

  // Per-depth state of the cursor walk.
  private readonly kindAt: number[] = [];
  private readonly modeAt: number[] = [];
  private readonly namedCount: number[] = [];
  private readonly phaseAt: number[] = [];
  private readonly markAt: number[] = [];
  /** Scope created by a decorated_definition, pushed when the walk reaches the definition. */
  private readonly pendingScope: (Scope | null)[] = [];

  private readonly frames: Frame[] = [];
  private topFrameDepth = -1;
  private scope: Scope = this.moduleScope;
  private from: number | null = null;
  private typeOnly = 0;
  private linePointer = 0;

  private all: string[] | null = null;
  private allDynamic = false;
  private moduleDocstring: string | null = null;
  /** Variables defined by the previous module/class statement (for attribute docstrings). */
  private lastVariables: { end: number; ids: number[] } | null = null;

  constructor(
    private readonly tree: Tree,
    private readonly src: string,
    private readonly path: string,
  ) {
    const grammar = pythonGrammar(tree.language);
    this.kinds = grammar.kinds;
    this.flags = grammar.flags;
    this.starts = lineStarts(src);
    this.folder = dottedFolderName(path);
  }

  walk(): void {
    const root = this.tree.rootNode;
    this.moduleDocstring = this.docstringOf(root);
    this.setDepth(0, Kind.MODULE, Mode.READ);
    const cursor = openCursor(this.tree);
    try {
      if (!cursor.gotoFirstChild()) return;
      let depth = 1;
      for (;;) {
        if (this.enter(cursor, depth) && cursor.gotoFirstChild()) {
          depth++;
          continue;
        }
        for (;;) {
          if (depth <= this.topFrameDepth) this.popFrames(depth);
          if (cursor.gotoNextSibling()) break;
          if (depth === 1 || !cursor.gotoParent()) return;
          depth--;
        }
      }
    } finally {
      cursor.delete();
      this.popFrames(0);
    }
  }

  finish(): FileIR {
    const moduleScope = this.moduleScope;
    const refs = this.finalRefs;
    for (const ref of moduleScope.refs) {
      const first = firstSegment(ref.name);
      if (!moduleScope.bound.has(first) || this.moduleNames.has(first)) refs.push(ref);
    }
    const shadowed = new Set(this.moduleNames.keys());
    for (const imp of this.imports) shadowed.add(imp.localName);
    refs.sort((a, b) => a.line - b.line);
    const seen = new Set<string>();
    const references: ReferenceIR[] = [];
    for (const ref of refs) {
      if (ref.name === '') continue;
      const first = firstSegment(ref.name);
      if (PYTHON_BUILTINS.has(first) && !shadowed.has(first)) continue;
      const key = `${ref.from ?? -1}\u0000${ref.kind}\u0000${ref.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      references.push(ref);
    }
    return {
      path: this.path,
      language: 'python',
      lines: countLines(this.src, this.starts),
      entities: this.entities,
      imports: this.imports,
      references,
      exports: [],
      all: this.allDynamic ? null : this.all,
      docstring: this.moduleDocstring,
      syntaxErrors: collectSyntaxIssues(this.tree),
    };
  }

  // ---------------------------------------------------------------- walk

  private setDepth(depth: number, kind: number, mode: number): void {
    this.kindAt[depth] = kind;
    this.modeAt[depth] = mode;
    this.namedCount[depth] = 0;
    this.phaseAt[depth] = 0;
    this.markAt[depth] = 0;
    this.pendingScope[depth] = null;
  }

  /** Handle the node under the cursor; returns whether to visit its children. */
  private enter(cursor: SyntaxCursor, depth: number): boolean {
    const typeId = cursor.nodeTypeId;
    const flags = this.flags[typeId]!;
    const parentDepth = depth - 1;
    if ((flags & NAMED) === 0) {
      if (flags & SEPARATOR) this.phaseAt[parentDepth] = 1;
      return false;
    }
    const kind = this.kinds[typeId]!;
    if (kind === Kind.COMMENT) return false;
    const parentKind = this.kindAt[parentDepth]!;
    const index = this.namedCount[parentDepth]!;
    this.namedCount[parentDepth] = index + 1;
    const mode = childMode(kind, parentKind, this.modeAt[parentDepth]!, index, this.phaseAt[parentDepth]!);
    if (mode === Mode.SKIP) return false;
    this.setDepth(depth, kind, mode);
    switch (kind) {
      case Kind.IDENTIFIER:
        this.onIdentifier(cursor, mode);
        return false;
      case Kind.ATTRIBUTE:
        if (mode === Mode.TARGET && this.scope.selfName !== null) this.onAttributeTarget(cursor);
        return true;
      case Kind.STRING:
        return this.onString(cursor, mode);
      case Kind.DOTTED_NAME:
        if (mode === Mode.PATTERN || mode === Mode.PATTERN_CLASS) {
          this.onPatternName(cursor, mode);
          return false;
        }
        return true;
      case Kind.GENERIC_TYPE:
      case Kind.SUBSCRIPT:
        if (mode === Mode.ANNOTATE) return this.onAnnotationGeneric(cursor);
        return true;
      case Kind.DECORATED_DEFINITION:
        this.onDecorated(cursor.currentNode, depth);
        return true;
      case Kind.FUNCTION_DEFINITION:
      case Kind.CLASS_DEFINITION:
        if (parentKind === Kind.DECORATED_DEFINITION) {
          const pending = this.pendingScope[parentDepth];
          if (pending) this.pushFrame(depth, pending, pending.entityId, false);
        } else {
          const scope = this.defineDefinition(cursor.currentNode, null);
          if (scope) this.pushFrame(depth, scope, scope.entityId, false);
        }
        return true;
      case Kind.EXPRESSION_STATEMENT:
        if (this.scope.kind !== 'function') this.onStatement(cursor.currentNode, depth);
        return true;
      case Kind.IMPORT:
        this.onImport(cursor.currentNode);
        return false;
      case Kind.IF_STATEMENT: {
        TYPE_CHECKING_IF.lastIndex = cursor.startIndex;
        const m = TYPE_CHECKING_IF.exec(this.src);
        if (m) this.markAt[depth] = m[1] ? 2 : 1;
        return true;
      }
      case Kind.BLOCK:
        if (parentKind === Kind.IF_STATEMENT && this.markAt[parentDepth] === 1) this.pushFrame(depth, null, this.from, true);
        return true;
      case Kind.ELSE_CLAUSE:
        if (parentKind === Kind.IF_STATEMENT && this.markAt[parentDepth] === 2) this.pushFrame(depth, null, this.from, true);
        return true;
      case Kind.TYPE_ALIAS_STATEMENT:
        if (this.scope.kind === 'module') this.onTypeAlias(cursor.currentNode, depth);
        return true;
      default:
        return (flags & LEAF) === 0;
    }
  }

  // ---------------------------------------------------------------- frames

  private pushFrame(depth: number, scope: Scope | null, from: number | null, typeOnly: boolean): void {
    this.frames.push({ depth, scope, previousScope: this.scope, previousFrom: this.from, typeOnly });
    if (scope) this.scope = scope;
    this.from = from;
    if (typeOnly) this.typeOnly++;
    this.topFrameDepth = depth;
  }

  /** Close every frame opened at `depth` or deeper (the walk is leaving that node). */
  private popFrames(depth: number): void {
    const frames = this.frames;
    while (frames.length > 0 && frames[frames.length - 1]!.depth >= depth) {
      const frame = frames.pop()!;
      if (frame.scope) closeScope(frame.scope, this.finalRefs);
      this.scope = frame.previousScope;
      this.from = frame.previousFrom;
      if (frame.typeOnly) this.typeOnly--;
    }
    this.topFrameDepth = frames.length > 0 ? frames[frames.length - 1]!.depth : -1;
  }

  // ---------------------------------------------------------------- uses

  private lineOf(index: number): number {
    const starts = this.starts;
    let p = this.linePointer;
    while (p + 1 < starts.length && starts[p + 1]! <= index) p++;
    while (p > 0 && starts[p]! > index) p--;
    this.linePointer = p;
    return p + 1;
  }

  private emit(name: string, kind: UseKind, index: number): void {
    if (name === '') return;
    this.scope.refs.push(referenceIR(this.from, name, kind, this.lineOf(index)));
  }

  private onIdentifier(cursor: SyntaxCursor, mode: number): void {
    switch (mode) {
      case Mode.READ:
      case Mode.ANNOTATE:
      case Mode.DECORATE:
      case Mode.INHERIT: {
        const start = cursor.startIndex;
        const chain = readChain(this.src, start);
        let kind: UseKind;
        if (mode === Mode.READ) kind = isFollowedByParen(this.src, chain.end) ? 'call' : 'reference';
        else kind = mode === Mode.ANNOTATE ? 'annotate' : mode === Mode.DECORATE ? 'decorate' : 'inherit';
        this.emit(chain.name, kind, start);
        return;
      }
      case Mode.TARGET:
      case Mode.PATTERN: {
        const start = cursor.startIndex;
        const end = identifierEnd(this.src, start);
        const name = this.src.slice(start, end);
        if (this.scope.kind === 'function') this.scope.bind(name, mode === Mode.TARGET ? this.boundClass(end) : null);
        else this.scope.bound.add(name);
        return;
      }
      case Mode.UPDATE: {
        const start = cursor.startIndex;
        const name = this.src.slice(start, identifierEnd(this.src, start));
        this.emit(name, 'reference', start);
        this.scope.bound.add(name);
        return;
      }
      case Mode.GLOBAL: {
        const start = cursor.startIndex;
        this.scope.declareGlobal(this.src.slice(start, identifierEnd(this.src, start)));
        return;
      }
    }
  }

  /** The class a name ending at `end` is bound as: its annotation, `Repo(...)`, or a typed local (`self.repo = repo`). */
  private boundClass(end: number): string | null {
    const type = boundType(this.src, end);
    // `x = y` with y a typed local of this function: y's class (no typed local, nothing to look at).
    if (type !== null || this.scope.types === null) return type;
    const src = this.src;
    const value = skipInlineSpace(src, end);
    if (src.charCodeAt(value) !== 61 || src.charCodeAt(value + 1) === 61) return null;
    const start = skipInlineSpace(src, value + 1);
    const valueEnd = identifierEnd(src, start);
    const next = src.charCodeAt(skipInlineSpace(src, valueEnd));
    if (valueEnd === start || !(Number.isNaN(next) || next === 10 || next === 13 || next === 35 || next === 59)) return null;
    return this.scope.typeOf(src.slice(start, valueEnd));
  }

  /** `self.x = ...` in a method: a Field of the class (first occurrence wins; the first typed one gives its type). */
  private onAttributeTarget(cursor: SyntaxCursor): void {
    const scope = this.scope;
    const classScope = scope.classScope;
    if (!classScope) return;
    const chain = readChain(this.src, cursor.startIndex);
    const dot = chain.name.indexOf('.');
    if (dot === -1 || chain.name.indexOf('.', dot + 1) !== -1) return;
    if (chain.name.slice(0, dot) !== scope.selfName) return;
    const name = chain.name.slice(dot + 1);
    let id = classScope.members.get(name);
    if (id === undefined) {
      let statement: Node | null = cursor.currentNode;
      for (let hops = 0; statement && hops < 8; hops++) {
        if (this.kinds[statement.typeId] === Kind.EXPRESSION_STATEMENT) break;
        statement = statement.parent;
      }
      if (!statement || this.kinds[statement.typeId] !== Kind.EXPRESSION_STATEMENT) return;
      id = this.addVariable('Field', name, classScope.entityId, statement, null);
      classScope.members.set(name, id);
    }
    const field = this.entities[id]!;
    if (field.kind === 'Field' && field.declaredType === undefined) {
      const type = this.boundClass(chain.end);
      if (type !== null) field.declaredType = type;
    }
  }

  private onString(cursor: SyntaxCursor, mode: number): boolean {
    const start = cursor.startIndex;
    if (mode === Mode.ANNOTATE) {
      this.onStringAnnotation(this.src.slice(start, cursor.endIndex), start);
      return false;
    }
    // Only f-strings (and t-strings) contain code.
    const src = this.src;
    for (let i = start; i < start + 3; i++) {
      const c = src.charCodeAt(i) | 32;
      if (c === 102 || c === 116) return true;
      if (c === (34 | 32) || c === (39 | 32)) return false;
    }
    return false;
  }

  /** `x: 'Optional[Foo]'`: names inside a simple string annotation. */
  private onStringAnnotation(raw: string, index: number): void {
    const parts = stringLiteralParts(raw);
    if (!parts || /[fb]/.test(parts.prefix)) return;
    const body = parts.body.trim();
    if (!SIMPLE_TYPE_TEXT.test(body)) return;
    for (const m of body.matchAll(TYPE_NAME)) this.emit(m[0].replace(/\s+/g, ''), 'annotate', index);
  }

  /** `Literal[...]` holds values, not types: emit the head and skip the rest. */
  private onAnnotationGeneric(cursor: SyntaxCursor): boolean {
    const start = cursor.startIndex;
    LITERAL_TYPE.lastIndex = start;
    if (!LITERAL_TYPE.test(this.src)) return true;
    this.emit(readChain(this.src, start).name, 'annotate', start);
    return false;
  }

  private onPatternName(cursor: SyntaxCursor, mode: number): void {
    const start = cursor.startIndex;
    const name = this.src.slice(start, cursor.endIndex).replace(/[\s\\]+/g, '');
    if (mode === Mode.PATTERN_CLASS || name.includes('.')) this.emit(name, 'reference', start);
    else this.scope.bound.add(name);
  }

  // ---------------------------------------------------------------- definitions

  private onDecorated(node: Node, depth: number): void {
    const definition = node.childForFieldName('definition');
    if (!definition) return;
    const scope = this.defineDefinition(definition, node);
    if (!scope) return;
    // Decorators run in the enclosing scope; their uses belong to the decorated entity.
    this.pushFrame(depth, null, scope.entityId, false);
    this.pendingScope[depth] = scope;
  }

  /** Create the Class / Function / Method entity of a definition; returns its new scope. */
  private defineDefinition(definition: Node, decorated: Node | null): Scope | null {
    const src = this.src;
    const nameNode = definition.childForFieldName('name');
    if (!nameNode) return null;
    const name = src.slice(nameNode.startIndex, nameNode.endIndex);
    if (name === '') return null;
    const isClass = this.kinds[definition.typeId] === Kind.CLASS_DEFINITION;
    const outer = decorated ?? definition;
    const body = definition.childForFieldName('body');
    const enclosing = this.scope;
    const kind: EntityKind = isClass ? 'Class' : enclosing.kind === 'class' ? 'Method' : 'Function';
    const parent = enclosing.entityId;
    const outerEnd = outer.endIndex;
    const entity: EntityIR = {
      id: this.entities.length,
      kind,
      name,
      qualifiedName: parent === null ? name : `${this.entities[parent]!.qualifiedName}.${name}`,
      parent,
      startLine: outer.startPosition.row + 1,
      endLine: outer.endPosition.row + 1,
      signature: headerSignature(src, definition.startIndex, body ? body.startIndex : outerEnd),
      code: src.slice(outer.startIndex, outerEnd),
      codeStart: outer.startIndex,
      codeEnd: outerEnd,
      docstring: body ? this.docstringOf(body) : null,
    };
    if (isClass) entity.bases = this.basesOf(definition);
    this.entities.push(entity);
    this.registerName(enclosing, name, entity.id);
    if (isClass) return new Scope('class', entity.id, enclosing);
    let selfName: string | null = null;
    if (kind === 'Method') {
      const decorators = decorated ? src.slice(decorated.startIndex, definition.startIndex) : '';
      if (!STATIC_DECORATOR.test(decorators)) selfName = this.firstParameterName(definition);
    }
    return new Scope('function', entity.id, enclosing, selfName, kind === 'Method' ? enclosing : null);
  }

  /** Record a name defined in `scope` (module entity names, class members, function locals). */
  private registerName(scope: Scope, name: string, id: number): void {
    if (scope.kind === 'module') {
      if (!this.moduleNames.has(name)) this.moduleNames.set(name, id);
      return;
    }
    scope.bound.add(name);
    if (scope.kind === 'class' && !scope.members.has(name)) scope.members.set(name, id);
  }

  private basesOf(definition: Node): string[] {
    const list = definition.childForFieldName('superclasses');
    if (!list) return [];
    const bases: string[] = [];
    for (const item of list.namedChildren) {
      const type = item.type;
      if (type === 'keyword_argument' || type === 'comment' || type === 'list_splat' || type === 'dictionary_splat') continue;
      bases.push(collapseWhitespace(this.src.slice(item.startIndex, item.endIndex), 500));
    }
    return bases;
  }

  private firstParameterName(definition: Node): string | null {
    let first = definition.childForFieldName('parameters')?.firstNamedChild ?? null;
    if (!first) return null;
    const kind = this.kinds[first.typeId];
    if (kind === Kind.DEFAULT_PARAMETER || kind === Kind.TYPED_PARAMETER) first = first.firstNamedChild;
    if (!first || this.kinds[first.typeId] !== Kind.IDENTIFIER) return null;
    return this.src.slice(first.startIndex, first.endIndex);
  }

  /** Docstring of a module or block: a lone string literal as its first statement. */
  private docstringOf(container: Node): string | null {
    // A cursor, not nextNamedSibling: that call is linear in the sibling count, so skipping
    // a long run of leading comments with it is quadratic (a 20 MB comment file took minutes).
    const cursor = openCursor(container);
    try {
      if (!cursor.gotoFirstChild()) return null;
      do {
        if (!cursor.nodeIsNamed || this.kinds[cursor.nodeTypeId] === Kind.COMMENT) continue;
        if (this.kinds[cursor.nodeTypeId] !== Kind.EXPRESSION_STATEMENT) return null;
        return this.loneStringValue(cursor.currentNode);
      } while (cursor.gotoNextSibling());
      return null;
    } finally {
      cursor.delete();
    }
  }

  /** Cleaned value of an expression statement that is only a string literal, else null. */
  private loneStringValue(statement: Node): string | null {
    if (statement.namedChildCount !== 1) return null;
    const expression = statement.firstNamedChild;
    if (!expression) return null;
    const kind = this.kinds[expression.typeId];
    const src = this.src;
    if (kind === Kind.STRING) return docstringFromLiterals([src.slice(expression.startIndex, expression.endIndex)]);
    if (kind !== Kind.CONCATENATED_STRING) return null;
    const raws: string[] = [];
    for (const part of expression.namedChildren) {
      if (this.kinds[part.typeId] === Kind.STRING) raws.push(src.slice(part.startIndex, part.endIndex));
    }
    return docstringFromLiterals(raws);
  }

  // ---------------------------------------------------------------- statements

  /** Module- or class-level expression statement: variables, fields, `__all__`, attribute docstrings. */
  private onStatement(node: Node, depth: number): void {
    const expression = node.firstNamedChild;
    const previous = this.lastVariables;
    this.lastVariables = null;
    if (!expression) return;
    const kind = this.kinds[expression.typeId];
    const atModule = this.scope.kind === 'module';
    if (kind === Kind.ASSIGNMENT) {
      const names = this.targetNames(expression);
      if (atModule && names.includes('__all__')) this.onAllAssignment(expression);
      const created: number[] = [];
      let first: number | null = null;
      for (const name of names) {
        const before = this.entities.length;
        const id = this.defineVariable(name, node);
        if (id === null) continue;
        first ??= id;
        if (id >= before) created.push(id);
        // `repo: Repo`, `repo = Repo()` (a dataclass field, a module-level instance): its class.
        if (id >= before && names.length === 1 && this.src.startsWith(name, node.startIndex)) {
          const type = boundType(this.src, node.startIndex + name.length);
          if (type !== null) this.entities[id]!.declaredType = type;
        }
      }
      if (atModule && first !== null) this.pushFrame(depth, null, first, false);
      if (created.length > 0) this.lastVariables = { end: node.endIndex, ids: created };
      return;
    }
    if (atModule && (kind === Kind.AUGMENTED_ASSIGNMENT || kind === Kind.CALL) && this.src.startsWith('__all__', node.startIndex)) {
      this.onAllUpdate(expression, kind);
      return;
    }
    if (previous && (kind === Kind.STRING || kind === Kind.CONCATENATED_STRING)) {
      if (this.src.slice(previous.end, node.startIndex).trim() !== '') return;
      const doc = this.loneStringValue(node);
      if (doc === null) return;
      for (const id of previous.ids) this.entities[id]!.docstring ??= doc;
    }
  }

  /** Plain names assigned by an assignment (tuple targets and chained `a = b = ...` included). */
  private targetNames(assignment: Node): string[] {
    const names: string[] = [];
    let current: Node | null = assignment;
    while (current) {
      const left = current.childForFieldName('left');
      const stack: Node[] = left ? [left] : [];
      while (stack.length > 0) {
        const target = stack.pop()!;
        if (this.kinds[target.typeId] === Kind.IDENTIFIER) {
          names.push(this.src.slice(target.startIndex, target.endIndex));
        } else if (TARGET_CONTAINERS.has(target.type)) {
          const children = target.namedChildren;
          for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
        }
      }
      const right = current.childForFieldName('right');
      current = right && this.kinds[right.typeId] === Kind.ASSIGNMENT ? right : null;
    }
    return names;
  }

  /** GlobalVariable (module) or Field (class) for a name; null when the name is a def already. */
  private defineVariable(name: string, statement: Node): number | null {
    const scope = this.scope;
    if (scope.kind === 'module') {
      const existing = this.moduleNames.get(name);
      if (existing !== undefined) return this.entities[existing]!.kind === 'GlobalVariable' ? existing : null;
      const id = this.addVariable('GlobalVariable', name, null, statement, null);
      this.moduleNames.set(name, id);
      return id;
    }
    const existing = scope.members.get(name);
    if (existing !== undefined) return null;
    const id = this.addVariable('Field', name, scope.entityId, statement, null);
    scope.members.set(name, id);
    return id;
  }

  private addVariable(kind: EntityKind, name: string, parent: number | null, statement: Node, docstring: string | null): number {
    const code = this.src.slice(statement.startIndex, statement.endIndex);
    const id = this.entities.length;
    this.entities.push({
      id,
      kind,
      name,
      qualifiedName: parent === null ? name : `${this.entities[parent]!.qualifiedName}.${name}`,
      parent,
      startLine: statement.startPosition.row + 1,
      endLine: statement.endPosition.row + 1,
      signature: collapseWhitespace(code),
      code,
      codeStart: statement.startIndex,
      codeEnd: statement.endIndex,
      docstring,
    });
    return id;
  }

  /** `type Alias = ...` at module level: a GlobalVariable. */
  private onTypeAlias(node: Node, depth: number): void {
    const m = /^type\s+([\p{ID_Start}_][\p{ID_Continue}]*)/u.exec(this.src.slice(node.startIndex, node.startIndex + 200));
    if (!m) return;
    const id = this.defineVariable(m[1]!, node);
    if (id !== null) this.pushFrame(depth, null, id, false);
  }

  private onAllAssignment(assignment: Node): void {
    const left = assignment.childForFieldName('left');
    const right = assignment.childForFieldName('right');
    if (!left || this.src.slice(left.startIndex, left.endIndex) !== '__all__') {
      this.allDynamic = true;
      return;
    }
    if (!right) return; // `__all__: list[str]` declares without a value
    const names = staticStringList(this.src, right);
    if (names === null) this.allDynamic = true;
    else this.all = names;
  }

  /** `__all__ += [...]`, `__all__.extend([...])`, `__all__.append('x')`. */
  private onAllUpdate(expression: Node, kind: number): void {
    const src = this.src;
    let values: string[] | null = null;
    if (kind === Kind.AUGMENTED_ASSIGNMENT) {
      const left = expression.childForFieldName('left');
      const operator = expression.childForFieldName('operator');
      const right = expression.childForFieldName('right');
      if (!left || src.slice(left.startIndex, left.endIndex) !== '__all__') return;
      if (operator?.type === '+=' && right) values = staticStringList(src, right);
    } else {
      const callee = expression.childForFieldName('function');
      const args = expression.childForFieldName('arguments');
      const method = callee ? src.slice(callee.startIndex, callee.endIndex).replace(/\s+/g, '') : '';
      const items = args?.namedChildren.filter((n) => n.type !== 'comment') ?? [];
      if (method === '__all__.extend' && items.length === 1) values = staticStringList(src, items[0]!);
      else if (method === '__all__.append' && items.length === 1 && items[0]!.type === 'string') {
        const raw = src.slice(items[0]!.startIndex, items[0]!.endIndex);
        const value = stringLiteralParts(raw);
        values = value && !/[fbt]/.test(value.prefix) ? [value.body] : null;
      } else if (!method.startsWith('__all__.')) return;
    }
    if (values === null) this.allDynamic = true;
    else this.all = [...(this.all ?? []), ...values];
  }

  private onImport(node: Node): void {
    const found = extractImports(node, {
      src: this.src,
      dottedFolderName: this.folder,
      scope: this.scope.entityId,
      typeOnly: this.typeOnly > 0,
    });
    for (const imp of found) this.imports.push(imp);
  }
}
