/**
 * @file Pre-pass of the TS/JS extractor: sorts the query's captures into structures (to sweep
 * in document order), names (reads and bindings) and position-keyed facts (roles of callees,
 * non-read identifiers, decorators, names of function/class expressions).
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node, QueryCapture } from 'web-tree-sitter';
import { Cap } from './tsQuery.ts';
import type { CapCode } from './tsQuery.ts';
import { commonJsTarget, DEFAULT_VALUE_ENTITY_TYPES } from './tsExports.ts';
import { firstNamedChild, nameText, textOf } from './tsNodes.ts';
import { plainChain, skipWhitespace, skipWhitespaceBack } from './tsText.ts';

/** Structures only seen in the pre-pass by their left-hand side (not query patterns). */
export const ThisAssign = 100;
export const CommonJsAssign = 101;

export interface Struct {
  cap: CapCode | typeof ThisAssign | typeof CommonJsAssign;
  node: Node;
  start: number;
  end: number;
  /** Where the frame opens: before decorators / `export` / the declarator for named expressions. */
  frameStart: number;
}

export interface NameCapture {
  cap: CapCode;
  node: Node;
  start: number;
}

/** A function or class expression that stands for a named definition. */
export interface NamedValue {
  name: string;
  /** Start of the range the entity covers (its lines and code). */
  entityStart: number;
  /** Start of the frame that attributes uses to it (the declarator, the assignment). */
  frameStart: number;
  /** Only made when not inside another entity (CommonJS exports, default exports). */
  moduleLevelOnly: boolean;
}

export type Role = 'call' | 'instantiate' | 'decorate' | 'inherit' | 'jsx';

const ROLE_RANK: Record<Role, number> = { jsx: 1, call: 2, instantiate: 3, inherit: 4, decorate: 5 };

const ROLE_OF_CAP = {
  [Cap.RoleCall]: 'call',
  [Cap.RoleNew]: 'instantiate',
  [Cap.RoleDecorate]: 'decorate',
  [Cap.RoleInherit]: 'inherit',
  [Cap.RoleJsx]: 'jsx',
} as const satisfies Record<number, Role>;

export interface Facts {
  structs: Struct[];
  names: NameCapture[];
  /** Start indices of identifiers that are not reads (declared names, bindings). */
  nonRead: Set<number>;
  roles: Map<number, Role>;
  /** Start of a declaration -> start of the `export` / `declare` statement wrapping it. */
  wrapperStart: Map<number, number>;
  /** Starts of declarations wrapped by an `export` statement. */
  exportedDeclarations: Set<number>;
  /** Decorator end -> start, and start -> end. */
  decoratorByEnd: Map<number, number>;
  decoratorByStart: Map<number, number>;
  /** Function / class expression start -> the name it is defined under. */
  namedValues: Map<number, NamedValue>;
  /** Starts of declarator names that name an entity (not hidden as locals). */
  entityNameStarts: Set<number>;
}

/** One number for a node span (files are far below 2^26 UTF-16 units). */
export function spanKey(start: number, end: number): number {
  return start * 67108864 + end;
}

function setRole(roles: Map<number, Role>, key: number, role: Role): void {
  const current = roles.get(key);
  if (current === undefined || ROLE_RANK[role] > ROLE_RANK[current]) roles.set(key, role);
}

/** Sort captures into the facts the sweep needs. */
export function collectFacts(captures: QueryCapture[], meaning: Uint8Array, text: string): Facts {
  const facts: Facts = {
    structs: [],
    names: [],
    nonRead: new Set(),
    roles: new Map(),
    wrapperStart: new Map(),
    exportedDeclarations: new Set(),
    decoratorByEnd: new Map(),
    decoratorByStart: new Map(),
    namedValues: new Map(),
    entityNameStarts: new Set(),
  };
  const paramProperties = new Set<number>();
  for (const capture of captures) {
    const cap = meaning[capture.patternIndex] as CapCode;
    const node = capture.node;
    const start = node.startIndex;
    if (cap >= Cap.Bind) {
      if (cap === Cap.Bind) facts.nonRead.add(start);
      facts.names.push({ cap, node, start });
      continue;
    }
    switch (cap) {
      case Cap.NonRead:
        facts.nonRead.add(start);
        break;
      case Cap.RoleCall:
      case Cap.RoleNew:
      case Cap.RoleDecorate:
      case Cap.RoleInherit:
      case Cap.RoleJsx:
        setRole(facts.roles, spanKey(start, node.endIndex), ROLE_OF_CAP[cap]);
        break;
      case Cap.Decorator: {
        const end = node.endIndex;
        facts.decoratorByEnd.set(end, start);
        facts.decoratorByStart.set(start, end);
        break;
      }
      case Cap.Wrapper: {
        const declaration = firstNamedChild(node);
        if (declaration) facts.wrapperStart.set(declaration.startIndex, start);
        break;
      }
      case Cap.DeclaredFunction:
        noteDeclaredFunction(node, text, facts);
        break;
      case Cap.AssignLeft:
        noteAssignment(node, text, facts);
        break;
      case Cap.Export:
        noteExport(node, text, facts);
        facts.structs.push({ cap, node, start, end: node.endIndex, frameStart: start });
        break;
      case Cap.ParamProperty:
        if (paramProperties.has(start)) break;
        paramProperties.add(start);
        facts.structs.push({ cap, node, start, end: node.endIndex, frameStart: start });
        break;
      default:
        facts.structs.push({ cap, node, start, end: node.endIndex, frameStart: start });
        break;
    }
  }
  for (const struct of facts.structs) struct.frameStart = frameStartOf(struct, text, facts);
  // At one position, structures that open no frame go first: they belong to the enclosing range.
  facts.structs.sort((a, b) => a.frameStart - b.frameStart || opensFrame(a) - opensFrame(b) || b.end - a.end);
  if (!isSortedByStart(facts.names)) facts.names.sort((a, b) => a.start - b.start);
  return facts;
}

function opensFrame(struct: Struct): number {
  const cap = struct.cap;
  return cap === Cap.Export || cap === Cap.Import || cap === Cap.StringCall || cap === Cap.DynamicImport || cap === ThisAssign || cap === CommonJsAssign ? 0 : 1;
}

function isSortedByStart(names: NameCapture[]): boolean {
  for (let index = 1; index < names.length; index++) if (names[index].start < names[index - 1].start) return false;
  return true;
}

/** `const f = () => {}` / `const K = class {}`: the expression is the entity named f / K. */
function noteDeclaredFunction(declarator: Node, text: string, facts: Facts): void {
  const name = declarator.childForFieldName('name');
  const value = declarator.childForFieldName('value');
  if (!name || !value) return;
  const statement = declarator.parent;
  let single = false;
  if (statement && (statement.type === 'lexical_declaration' || statement.type === 'variable_declaration')) {
    single = statement.namedChildren.filter((child) => child.type === 'variable_declarator').length === 1;
  }
  facts.entityNameStarts.add(name.startIndex);
  facts.namedValues.set(value.startIndex, {
    name: textOf(text, name),
    entityStart: single && statement ? statement.startIndex : declarator.startIndex,
    frameStart: declarator.startIndex,
    moduleLevelOnly: false,
  });
}

/** `this.x = ...` (a Field candidate) and CommonJS `module.exports... = ...` (exports). */
function noteAssignment(left: Node, text: string, facts: Facts): void {
  const start = left.startIndex;
  const first = text.charCodeAt(start);
  if (first === 116 /* t */ && text.startsWith('this', start)) {
    const chain = plainChain(textOf(text, left));
    if (chain !== null && chain.startsWith('this.') && chain.indexOf('.', 5) === -1) {
      facts.structs.push({ cap: ThisAssign, node: left, start, end: left.endIndex, frameStart: start });
    }
    return;
  }
  if (first !== 109 /* m */ && first !== 101 /* e */) return;
  const target = commonJsTarget(textOf(text, left));
  if (target === null) return;
  const assignment = left.parent;
  const right = assignment?.childForFieldName('right');
  if (!assignment || !right) return;
  facts.structs.push({ cap: CommonJsAssign, node: left, start, end: left.endIndex, frameStart: start });
  if (DEFAULT_VALUE_ENTITY_TYPES.has(right.type)) {
    const ownName = target === '' ? nameText(text, right.childForFieldName('name')) : null;
    facts.namedValues.set(right.startIndex, {
      name: target === '' ? (ownName ?? 'default') : target,
      entityStart: assignment.startIndex,
      frameStart: assignment.startIndex,
      moduleLevelOnly: true,
    });
  }
}

/** Wrapper starts for `export <declaration>`, names for `export default <anonymous>`. */
function noteExport(statement: Node, text: string, facts: Facts): void {
  const declaration = statement.childForFieldName('declaration');
  if (declaration) {
    facts.wrapperStart.set(declaration.startIndex, statement.startIndex);
    facts.exportedDeclarations.add(declaration.startIndex);
    return;
  }
  const value = statement.childForFieldName('value');
  if (value && DEFAULT_VALUE_ENTITY_TYPES.has(value.type)) {
    facts.namedValues.set(value.startIndex, {
      name: nameText(text, value.childForFieldName('name')) ?? 'default',
      entityStart: statement.startIndex,
      frameStart: statement.startIndex,
      moduleLevelOnly: true,
    });
    facts.exportedDeclarations.add(value.startIndex);
  }
}

/** Outermost start of a declaration: through `export` / `declare` wrappers. */
export function wrappedStart(start: number, facts: Facts): { start: number; exported: boolean } {
  let current = start;
  let exported = facts.exportedDeclarations.has(current);
  for (let wrapper = facts.wrapperStart.get(current); wrapper !== undefined; wrapper = facts.wrapperStart.get(current)) {
    current = wrapper;
    if (facts.exportedDeclarations.has(current)) exported = true;
  }
  return { start: current, exported };
}

/** Start extended backwards over decorators written before it (TS class members). */
export function decoratedStart(start: number, text: string, facts: Facts): number {
  let current = start;
  for (;;) {
    const before = skipWhitespaceBack(text, current);
    const decorator = facts.decoratorByEnd.get(before);
    if (decorator === undefined || decorator >= current) return current;
    current = decorator;
  }
}

/** First index after any decorators at `start` (where a signature begins). */
export function afterDecorators(start: number, text: string, facts: Facts): number {
  let current = start;
  for (;;) {
    const at = skipWhitespace(text, current);
    const end = facts.decoratorByStart.get(at);
    if (end === undefined) return at;
    current = end;
  }
}

function frameStartOf(struct: Struct, text: string, facts: Facts): number {
  switch (struct.cap) {
    case Cap.Method:
    case Cap.MethodSig:
    case Cap.Field:
      return decoratedStart(struct.start, text, facts);
    case Cap.FunctionExpr:
    case Cap.ClassExpr:
      return facts.namedValues.get(struct.start)?.frameStart ?? struct.start;
    case Cap.Class:
    case Cap.Interface:
    case Cap.Enum:
    case Cap.TypeAlias:
    case Cap.Function:
    case Cap.FunctionSig:
    case Cap.Namespace:
    case Cap.Vars:
      return wrappedStart(struct.start, facts).start;
    default:
      return struct.start;
  }
}
