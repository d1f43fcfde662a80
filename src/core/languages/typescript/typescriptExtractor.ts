/**
 * @file JavaScript / TypeScript / TSX extractor: one tree-sitter tree -> FileIR (RANGER 3.2).
 *
 * Kinds: class declarations, abstract classes and class expressions bound to a name -> Class;
 * interfaces and enums -> Class too (their members -> Method / Field), TS namespaces and
 * ambient modules -> Class (their functions -> Method, variables -> Field); type aliases ->
 * GlobalVariable. Class methods, accessors, constructors and overload groups (merged into one
 * entity) -> Method; class fields -> Field, except fields whose value is an arrow function or
 * function expression (`onClick = () => {}`), which are callable members -> Method. Constructor
 * parameter properties and `this.x = ...` in methods -> Field (deduplicated per class).
 * Function declarations and function/arrow/class expressions bound to a name (`const f = () =>`,
 * `exports.f = function`, `export default () =>`, named 'default' when anonymous) -> Function,
 * nested ones with a parent. Other module-level variables -> GlobalVariable, one per bound name.
 *
 * How: one tree-sitter query (tsQuery.ts) finds every node of interest in C; a pre-pass sorts
 * the captures (tsFacts.ts); one sweep in document order keeps a stack of open ranges that gives
 * each definition its parent and each read its enclosing entity and scope (tsScopes.ts).
 * No recursion over the tree anywhere, and text is sliced from the file string by index.
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { EntityIR, EntityKind, ExportIR, FileIR, ImportIR, UseKind } from '../../parse/fileIR.ts';
import { collectSyntaxIssues } from '../../parse/treeSitter.ts';
import { exportsOfCommonJs, exportsOfStatement, commonJsTarget } from './tsExports.ts';
import { afterDecorators, collectFacts, CommonJsAssign, spanKey, ThisAssign, wrappedStart } from './tsFacts.ts';
import type { Facts, NameCapture, Struct } from './tsFacts.ts';
import { callSpecifier, dottedFolderName, importsOfCall, importsOfStatement } from './tsImports.ts';
import type { ImportSite } from './tsImports.ts';
import { boundNames, firstNamedChild, nameText, textOf } from './tsNodes.ts';
import { Cap, extractionQuery } from './tsQuery.ts';
import { bindImported, bindName, makeFrame, PendingReferences } from './tsScopes.ts';
import type { Frame, FrameInit } from './tsScopes.ts';
import { basesOf, docstringBefore, fileDocstring, headerSignature, valueSignature } from './tsSignatures.ts';
import { followedByCall, identifierEnd, scanChain } from './tsChains.ts';
import { countLines, headOf, lineAt, lineStarts, plainChain } from './tsText.ts';

export interface TsSourceFile {
  path: string;
  text: string;
  language: 'javascript' | 'typescript' | 'tsx';
}

/** Extract entities, imports, exports and references from a parsed JS / TS / TSX file. */
export function extractTypeScript(tree: Tree, file: TsSourceFile): FileIR {
  const { query, meaning } = extractionQuery(tree.language, file.language);
  const captures = query.captures(tree.rootNode);
  const facts = collectFacts(captures, meaning, file.text);
  const extraction = new Extraction(file, facts, tree.rootNode);
  extraction.sweep();
  return extraction.result(collectSyntaxIssues(tree));
}

const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'generator_function']);

interface ThisField {
  classId: number;
  name: string;
  assignment: Node;
}

class Extraction {
  private readonly text: string;
  private readonly lines: Int32Array;
  private readonly entities: EntityIR[] = [];
  /** Range start of each entity (for merging overloads). */
  private readonly entityStarts: number[] = [];
  private readonly imports: ImportIR[] = [];
  private readonly exports: ExportIR[] = [];
  private readonly stack: Frame[] = [];
  /** Frames that open later than the structure that made them (one per declarator), by start. */
  private readonly deferred: { start: number; init: FrameInit }[] = [];
  private deferredNext = 0;
  private readonly references = new PendingReferences();
  /** `${parent}|${kind}|${name}` -> entity still without a body (an overload signature). */
  private readonly bodyless = new Map<string, number>();
  private readonly thisFields: ThisField[] = [];
  private readonly folder: string;
  private readonly fileDoc: { start: number; doc: string | null };

  constructor(
    private readonly file: TsSourceFile,
    private readonly facts: Facts,
    private readonly root: Node,
  ) {
    this.text = file.text;
    this.lines = lineStarts(file.text);
    this.folder = dottedFolderName(file.path);
    this.fileDoc = fileDocstring(file.text, root);
  }

  sweep(): void {
    const { structs, names } = this.facts;
    let next = 0;
    for (const name of names) {
      while (next < structs.length && structs[next].frameStart <= name.start) this.structure(structs[next++]);
      this.advance(name.start);
      this.name(name);
    }
    while (next < structs.length) this.structure(structs[next++]);
  }

  result(syntaxErrors: FileIR['syntaxErrors']): FileIR {
    this.addThisFields();
    const moduleNames = new Set<string>();
    for (const entry of this.imports) if (entry.localName !== '') moduleNames.add(entry.localName);
    const topLevel = new Map<string, EntityIR[]>();
    for (const entity of this.entities) {
      if (entity.parent !== null) continue;
      moduleNames.add(entity.name);
      const sameName = topLevel.get(entity.name);
      if (sameName) sameName.push(entity);
      else topLevel.set(entity.name, [entity]);
    }
    // A name exported many times is marked once (else a file redeclaring one name is quadratic).
    const exportedNames = new Set<string>();
    for (const entry of this.exports) {
      if (entry.localName !== null && entry.fromModule === undefined) exportedNames.add(entry.localName);
    }
    for (const name of exportedNames) for (const entity of topLevel.get(name) ?? []) entity.exported = true;
    return {
      path: this.file.path,
      language: this.file.language,
      lines: countLines(this.text),
      entities: this.entities,
      imports: this.imports,
      references: this.references.resolve(moduleNames),
      exports: this.exports,
      all: null,
      docstring: this.fileDoc.doc,
      syntaxErrors,
    };
  }

  // ---- frames ----

  private top(): Frame | null {
    return this.stack.length > 0 ? this.stack[this.stack.length - 1] : null;
  }

  private popTo(position: number): void {
    const stack = this.stack;
    while (stack.length > 0 && stack[stack.length - 1].end <= position) stack.pop();
  }

  /** Close the frames that end by `position` and open the deferred ones that start by it. */
  private advance(position: number): void {
    const deferred = this.deferred;
    while (this.deferredNext < deferred.length && deferred[this.deferredNext].start <= position) {
      const { start, init } = deferred[this.deferredNext++];
      this.popTo(start);
      this.push(init);
    }
    this.popTo(position);
  }

  private push(init: FrameInit): Frame {
    const frame = makeFrame(this.top(), init);
    this.stack.push(frame);
    return frame;
  }

  // ---- entities ----

  private line(index: number): number {
    return lineAt(this.lines, index);
  }

  private addEntity(kind: EntityKind, name: string, start: number, end: number, signature: string, exported: boolean, hasBody = true): number {
    const top = this.top();
    const parent = top && top.entity >= 0 ? top.entity : null;
    const key = `${parent ?? ''}|${kind}|${name}`;
    const earlier = kind === 'Function' || kind === 'Method' ? this.bodyless.get(key) : undefined;
    if (earlier !== undefined) {
      // The next overload signature or the implementation of an overloaded function.
      const entity = this.entities[earlier];
      const from = this.entityStarts[earlier];
      entity.endLine = this.line(Math.max(from, end - 1));
      entity.code = this.text.slice(from, end);
      entity.signature = signature;
      entity.exported = entity.exported || exported;
      if (hasBody) this.bodyless.delete(key);
      return earlier;
    }
    const id = this.entities.length;
    const entity: EntityIR = {
      id,
      kind,
      name,
      qualifiedName: parent === null ? name : `${this.entities[parent].qualifiedName}.${name}`,
      parent,
      startLine: this.line(start),
      endLine: this.line(Math.max(start, end - 1)),
      signature,
      code: this.text.slice(start, end),
      codeStart: start,
      codeEnd: end,
      docstring: docstringBefore(this.text, start, this.root, this.fileDoc.start),
      exported,
    };
    this.entities.push(entity);
    this.entityStarts.push(start);
    if (!hasBody && (kind === 'Function' || kind === 'Method')) this.bodyless.set(key, id);
    return id;
  }

  /** The class whose direct member this position is (top frame is a named class-like), else -1. */
  private memberOwner(): number {
    const top = this.top();
    return top && top.members && top.own >= 0 ? top.own : -1;
  }

  // ---- structures ----

  private structure(struct: Struct): void {
    this.advance(struct.frameStart);
    switch (struct.cap) {
      case Cap.Class:
      case Cap.Interface:
      case Cap.Enum:
      case Cap.Namespace:
        this.classLike(struct);
        break;
      case Cap.ClassExpr:
        this.classExpression(struct);
        break;
      case Cap.TypeAlias:
        this.typeAlias(struct);
        break;
      case Cap.Function:
      case Cap.FunctionSig:
        this.functionDeclaration(struct);
        break;
      case Cap.FunctionExpr:
        this.functionExpression(struct);
        break;
      case Cap.Method:
      case Cap.MethodSig:
        this.method(struct);
        break;
      case Cap.Field:
        this.field(struct);
        break;
      case Cap.PropertySig:
      case Cap.EnumMember:
        this.memberField(struct);
        break;
      case Cap.Vars:
        this.variables(struct);
        break;
      case Cap.Export:
        if (this.top() === null) this.exports.push(...exportsOfStatement(struct.node, this.text));
        break;
      case Cap.Import:
        this.imports.push(...importsOfStatement(struct.node, this.site()));
        break;
      case Cap.StringCall:
        this.requireCall(struct);
        break;
      case Cap.DynamicImport: {
        const module = callSpecifier(struct.node, this.text);
        if (module !== null) this.addImports(importsOfCall(struct.node, module, this.site()));
        break;
      }
      case Cap.BlockScope:
        this.push({ end: struct.end, isScope: true });
        break;
      case Cap.StaticBlock:
        this.push({ end: struct.end, isScope: true, thisClass: this.memberOwner() });
        break;
      case Cap.ParamProperty:
        this.parameterProperty(struct);
        break;
      case ThisAssign:
        this.thisAssignment(struct);
        break;
      case CommonJsAssign:
        this.commonJsAssignment(struct);
        break;
      default:
        break;
    }
  }

  private site(): ImportSite {
    const top = this.top();
    return { text: this.text, dottedFolderName: this.folder, scope: top && top.entity >= 0 ? top.entity : null };
  }

  private classLike(struct: Struct): void {
    const node = struct.node;
    const isNamespace = struct.cap === Cap.Namespace;
    const name = nameText(this.text, node.childForFieldName('name'));
    const isScope = struct.cap === Cap.Class || struct.cap === Cap.Interface;
    if (name === null) {
      this.push({ end: struct.end, isScope, thisClass: -1 });
      return;
    }
    const { start, exported } = wrappedStart(struct.start, this.facts);
    this.openClass(node, name, start, struct.end, exported, isScope, isNamespace);
  }

  private openClass(node: Node, name: string, start: number, end: number, exported: boolean, isScope: boolean, isNamespace: boolean): void {
    const body = node.childForFieldName('body');
    const signature = headerSignature(this.text, afterDecorators(start, this.text, this.facts), body ? body.startIndex : end);
    const id = this.addEntity('Class', name, start, end, signature, exported);
    if (!isNamespace) {
      const bases = basesOf(node, this.text);
      if (bases.length > 0) this.entities[id].bases = bases;
    }
    this.push({ end, own: id, isScope, thisClass: -1, members: true, namespace: isNamespace });
  }

  private classExpression(struct: Struct): void {
    const named = this.facts.namedValues.get(struct.start);
    const top = this.top();
    if (!named || (named.moduleLevelOnly && top !== null && top.entity >= 0)) {
      this.push({ end: struct.end, isScope: true, thisClass: -1 });
      return;
    }
    const { start, exported } = wrappedStart(named.entityStart, this.facts);
    this.openClass(struct.node, named.name, start, struct.end, exported || named.moduleLevelOnly, true, false);
  }

  private typeAlias(struct: Struct): void {
    const top = this.top();
    const name = nameText(this.text, struct.node.childForFieldName('name'));
    let own = -1;
    if (name !== null && (top === null || top.namespace)) {
      const { start, exported } = wrappedStart(struct.start, this.facts);
      const value = struct.node.childForFieldName('value');
      const signature = valueSignature(this.text, start, value ? value.startIndex : -1, struct.end);
      own = this.addEntity(top === null ? 'GlobalVariable' : 'Field', name, start, struct.end, signature, exported);
    }
    this.push({ end: struct.end, own, isScope: true });
  }

  private functionDeclaration(struct: Struct): void {
    const node = struct.node;
    const name = nameText(this.text, node.childForFieldName('name'));
    let own = -1;
    if (name !== null) {
      const { start, exported } = wrappedStart(struct.start, this.facts);
      const body = node.childForFieldName('body');
      const signature = headerSignature(this.text, start, body ? body.startIndex : struct.end);
      const kind: EntityKind = this.memberOwner() >= 0 ? 'Method' : 'Function';
      own = this.addEntity(kind, name, start, struct.end, signature, exported, struct.cap === Cap.Function);
    }
    this.push({ end: struct.end, own, isScope: true, thisClass: -1 });
  }

  private functionExpression(struct: Struct): void {
    const node = struct.node;
    const isArrow = node.type === 'arrow_function';
    const thisClass = isArrow ? undefined : -1;
    const named = this.facts.namedValues.get(struct.start);
    const top = this.top();
    if (!named || (named.moduleLevelOnly && top !== null && top.entity >= 0)) {
      this.push({ end: struct.end, isScope: true, thisClass });
      return;
    }
    const { start, exported } = wrappedStart(named.entityStart, this.facts);
    const body = node.childForFieldName('body');
    const signature = headerSignature(this.text, afterDecorators(start, this.text, this.facts), body ? body.startIndex : struct.end);
    const kind: EntityKind = this.memberOwner() >= 0 ? 'Method' : 'Function';
    const own = this.addEntity(kind, named.name, start, struct.end, signature, exported || named.moduleLevelOnly);
    this.push({ end: struct.end, own, isScope: true, thisClass });
  }

  private method(struct: Struct): void {
    const node = struct.node;
    const owner = this.memberOwner();
    const name = owner >= 0 ? nameText(this.text, node.childForFieldName('name')) : null;
    if (name === null) {
      this.push({ end: struct.end, isScope: true, thisClass: -1 });
      return;
    }
    const start = struct.frameStart;
    const body = node.childForFieldName('body');
    const hasBody = struct.cap === Cap.Method;
    const signature = headerSignature(this.text, afterDecorators(start, this.text, this.facts), body ? body.startIndex : struct.end);
    const own = this.addEntity('Method', name, start, struct.end, signature, false, hasBody);
    this.push({ end: struct.end, own, isScope: true, thisClass: this.entities[owner].kind === 'Class' ? owner : -1 });
  }

  private field(struct: Struct): void {
    const node = struct.node;
    const owner = this.memberOwner();
    const name = owner >= 0 ? nameText(this.text, node.childForFieldName('name') ?? node.childForFieldName('property')) : null;
    if (name === null) {
      this.push({ end: struct.end, thisClass: owner });
      return;
    }
    const start = struct.frameStart;
    const from = afterDecorators(start, this.text, this.facts);
    const value = node.childForFieldName('value');
    let own: number;
    if (value && FUNCTION_VALUES.has(value.type)) {
      const body = value.childForFieldName('body');
      own = this.addEntity('Method', name, start, struct.end, headerSignature(this.text, from, body ? body.startIndex : struct.end), false);
    } else {
      own = this.addEntity('Field', name, start, struct.end, valueSignature(this.text, from, value ? value.startIndex : -1, struct.end), false);
    }
    this.push({ end: struct.end, own, thisClass: owner });
  }

  /** Interface property signatures and enum members. */
  private memberField(struct: Struct): void {
    const owner = this.memberOwner();
    if (owner < 0) return;
    const node = struct.node;
    const type = node.type;
    const name = nameText(this.text, type === 'property_identifier' ? node : node.childForFieldName('name'));
    if (name === null) return;
    const value = type === 'property_identifier' ? null : node.childForFieldName(type === 'enum_assignment' ? 'value' : 'type');
    const signature = valueSignature(this.text, struct.start, value ? value.startIndex : -1, struct.end);
    const own = this.addEntity('Field', name, struct.start, struct.end, signature, false);
    this.push({ end: struct.end, own });
  }

  private variables(struct: Struct): void {
    const top = this.top();
    if (top !== null && !top.namespace) return;
    const kind: EntityKind = top === null ? 'GlobalVariable' : 'Field';
    const declarators = struct.node.namedChildren.filter((child) => child.type === 'variable_declarator');
    const statement = wrappedStart(struct.start, this.facts);
    for (const declarator of declarators) {
      const pattern = declarator.childForFieldName('name');
      const value = declarator.childForFieldName('value');
      if (!pattern || (value && (this.facts.namedValues.has(value.startIndex) || this.isImportValue(value)))) continue;
      const start = declarators.length === 1 ? statement.start : declarator.startIndex;
      const end = declarators.length === 1 ? struct.end : declarator.endIndex;
      let signature = valueSignature(this.text, start, value ? value.startIndex : -1, end);
      if (declarators.length > 1) signature = `${headerSignature(this.text, statement.start, declarators[0].startIndex)} ${signature}`;
      let first = -1;
      for (const bound of boundNames(pattern)) {
        const name = textOf(this.text, bound);
        if (name === '') continue;
        const id = this.addEntity(kind, name, start, end, signature, statement.exported);
        if (first < 0) first = id;
      }
      // Uses in the initializer belong to the variable; its frame opens when the sweep gets there.
      if (first >= 0) this.deferred.push({ start: declarator.startIndex, init: { end: declarator.endIndex, own: first } });
    }
  }

  /** `require('x')`, `require('x').y`, `import('x')`, `await import('x')`. */
  private isImportValue(value: Node): boolean {
    let node: Node | null = value;
    if (node.type === 'await_expression') node = firstNamedChild(node);
    if (node && node.type === 'member_expression') node = node.childForFieldName('object');
    if (!node || node.type !== 'call_expression') return false;
    const callee = node.childForFieldName('function');
    return callee !== null && (callee.type === 'import' || textOf(this.text, callee) === 'require');
  }

  private requireCall(struct: Struct): void {
    const text = this.text;
    if (!text.startsWith('require', struct.start) || identifierEnd(text, struct.start) !== struct.start + 7) return;
    const module = callSpecifier(struct.node, text);
    if (module !== null) this.addImports(importsOfCall(struct.node, module, this.site()));
  }

  /** require() / import() results; inside functions their names are imports, not hiding locals. */
  private addImports(imports: ImportIR[]): void {
    const top = this.top();
    for (const entry of imports) {
      this.imports.push(entry);
      bindImported(top, entry.localName);
    }
  }

  private parameterProperty(struct: Struct): void {
    const top = this.top();
    if (!top || top.own < 0) return;
    const method = this.entities[top.own];
    if (method.kind !== 'Method' || method.name !== 'constructor' || method.parent === null) return;
    const pattern = struct.node.childForFieldName('pattern');
    if (!pattern || pattern.type !== 'identifier') return;
    const value = struct.node.childForFieldName('value');
    const signature = valueSignature(this.text, struct.start, value ? value.startIndex : -1, struct.end);
    // Parameter properties belong to the class, not to the constructor.
    const own = this.addEntityUnder(method.parent, 'Field', textOf(this.text, pattern), struct.start, struct.end, signature);
    this.push({ end: struct.end, own });
  }

  /** Add an entity whose parent is `parentId` regardless of the frames (used for class members found inside methods). */
  private addEntityUnder(parentId: number, kind: EntityKind, name: string, start: number, end: number, signature: string): number {
    const id = this.entities.length;
    this.entities.push({
      id,
      kind,
      name,
      qualifiedName: `${this.entities[parentId].qualifiedName}.${name}`,
      parent: parentId,
      startLine: this.line(start),
      endLine: this.line(Math.max(start, end - 1)),
      signature,
      code: this.text.slice(start, end),
      codeStart: start,
      codeEnd: end,
      docstring: docstringBefore(this.text, start, this.root, this.fileDoc.start),
      exported: false,
    });
    this.entityStarts.push(start);
    return id;
  }

  private thisAssignment(struct: Struct): void {
    const top = this.top();
    if (!top || top.thisClass < 0) return;
    const chain = plainChain(this.text.slice(struct.start, struct.end));
    const assignment = struct.node.parent;
    if (chain === null || !assignment) return;
    this.thisFields.push({ classId: top.thisClass, name: chain.slice(5), assignment });
  }

  private addThisFields(): void {
    const members = new Map<number, Set<string>>();
    const membersOf = (classId: number): Set<string> => {
      let names = members.get(classId);
      if (!names) {
        names = new Set(this.entities.filter((entity) => entity.parent === classId).map((entity) => entity.name));
        members.set(classId, names);
      }
      return names;
    };
    for (const field of this.thisFields) {
      const names = membersOf(field.classId);
      if (names.has(field.name)) continue;
      names.add(field.name);
      const statement = field.assignment.parent?.type === 'expression_statement' ? field.assignment.parent : field.assignment;
      const right = field.assignment.childForFieldName('right');
      const start = statement.startIndex;
      const signature = valueSignature(this.text, start, right ? right.startIndex : -1, statement.endIndex);
      this.addEntityUnder(field.classId, 'Field', field.name, start, statement.endIndex, signature);
    }
  }

  private commonJsAssignment(struct: Struct): void {
    const top = this.top();
    if (top !== null && top.entity >= 0) return;
    const target = commonJsTarget(this.text.slice(struct.start, struct.end));
    const right = struct.node.parent?.childForFieldName('right');
    if (target === null || !right) return;
    const named = this.facts.namedValues.get(right.startIndex);
    this.exports.push(...exportsOfCommonJs(target, right, this.text, named ? named.name : null));
  }

  // ---- names ----

  private name(capture: NameCapture): void {
    const { node, start } = capture;
    const facts = this.facts;
    switch (capture.cap) {
      case Cap.Bind:
        if (!facts.entityNameStarts.has(start)) bindName(this.top(), this.text.slice(start, node.endIndex));
        return;
      case Cap.ReadId: {
        if (facts.nonRead.has(start)) return;
        const text = this.text;
        let headEnd = identifierEnd(text, start);
        if (headEnd === start || text.charCodeAt(headEnd) === 92 /* backslash escape */) headEnd = node.endIndex;
        // Zero-width identifiers are MISSING nodes from error recovery.
        if (headEnd > start) this.readChain(start, headEnd, node, true);
        return;
      }
      case Cap.ReadThis:
        // `this.x` / `super.x` only; a bare `this` names nothing.
        this.readChain(start, start + (this.text.startsWith('this', start) ? 4 : 5), node, false);
        return;
      case Cap.ReadType: {
        if (facts.nonRead.has(start)) return;
        const end = node.endIndex;
        const name = this.text.slice(start, end);
        if (name === '') return;
        this.read(name, facts.roles.get(spanKey(start, end)) === 'inherit' ? 'inherit' : 'annotate', node);
        return;
      }
      case Cap.ReadTypeChain: {
        const end = node.endIndex;
        const chain = plainChain(this.text.slice(start, end));
        if (chain === null) return;
        this.read(chain, facts.roles.get(spanKey(start, end)) === 'inherit' ? 'inherit' : 'annotate', node);
        return;
      }
      default:
        return;
    }
  }

  /** Read the longest plain chain starting at a head; its kind comes from the tree's roles or a following '('. */
  private readChain(start: number, headEnd: number, node: Node, bareAllowed: boolean): void {
    const text = this.text;
    const chain = scanChain(text, start, headEnd);
    if (!bareAllowed && chain.end === headEnd) return;
    const role = this.facts.roles.get(spanKey(start, chain.end));
    let kind: UseKind;
    if (role === undefined) kind = followedByCall(text, chain.end) ? 'call' : 'reference';
    else if (role === 'jsx') {
      // Lower-case single names are intrinsic elements (<div>), not components.
      if (chain.end === headEnd && !/^[A-Z_$]/.test(chain.name)) return;
      kind = 'reference';
    } else kind = role;
    this.read(chain.name, kind, node);
  }

  private read(name: string, kind: UseKind, node: Node): void {
    this.references.add(this.top(), name, headOf(name), kind, node.startPosition.row + 1);
  }
}
