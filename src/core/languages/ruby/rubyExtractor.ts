/**
 * @file Ruby extractor: tree-sitter-ruby tree -> FileIR through the shared DeclarationWalker.
 * class and module -> Class (superclass, `include` / `extend` / `prepend` -> bases), `def` in a
 * class or module and `def self.x` -> Method, top-level `def` -> Function, constants ->
 * Field / GlobalVariable, `attr_accessor` / `attr_reader` / `attr_writer` and `@x = ...` in a
 * method -> Field. `require 'a/b'`, `require_relative 'c'` and `autoload :X, 'a/x'` -> imports of files. Uses:
 * method calls (a bare name that is no local is a call), `T.new` (instantiate), constants and
 * `A::B` paths, `self.x` and `@x`. Parameters, block parameters and assigned names are locals;
 * a member of a local or `@x` assigned `T.new` is read through T (`repo.save`, `@repo.save`).
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileIR } from '../../parse/fileIR.ts';
import type { WalkRules } from '../common/declarationWalker.ts';
import { DeclarationWalker, lastSegment, leadingComment } from '../common/declarationWalker.ts';
import { bindLocal, referenceChain } from '../common/ruleSteps.ts';

const REQUIRES = new Set(['require', 'require_relative', 'load']);
const MIXINS = new Set(['include', 'extend', 'prepend']);
const ATTRIBUTES = new Set(['attr_accessor', 'attr_reader', 'attr_writer']);
const NAMED_PARAMETERS = new Set(['optional_parameter', 'keyword_parameter', 'splat_parameter', 'hash_splat_parameter', 'block_parameter']);
const PARAMETER_LISTS = new Set(['method_parameters', 'block_parameters', 'lambda_parameters']);

/** Per walk: the Fields defined by attr_* and `@x =` so far, as 'class entity:name'. */
const fieldsOf = new WeakMap<DeclarationWalker, Map<string, number>>();

/** Define Field `name` of class `owner` once, however many attr_* or `@x =` name it; the first `@x = T.new` gives its type. */
function defineField(w: DeclarationWalker, owner: number, name: string, node: Node, type: string | null = null): void {
  let known = fieldsOf.get(w);
  if (!known) fieldsOf.set(w, (known = new Map()));
  const key = `${owner}:${name}`;
  const id = known.get(key);
  if (id === undefined) known.set(key, w.define('variable', name, node, { parent: owner, scope: false, type }));
  else if (type !== null) w.entities[id]!.declaredType ??= type;
}

/** `T.new(...)`: T, the class it creates; null for any other value. */
function createdType(value: Node | null, w: DeclarationWalker): string | null {
  if (value?.type !== 'call' || w.textOf(value.childForFieldName('method')) !== 'new') return null;
  return w.typeName(value.childForFieldName('receiver'));
}

const rules: WalkRules = {
  types: new Set([
    'class', 'module', 'method', 'singleton_method', 'call', 'assignment', 'operator_assignment', 'identifier',
    'constant', 'scope_resolution', 'instance_variable', ...PARAMETER_LISTS, ...NAMED_PARAMETERS, 'comment',
  ]),
  visit(node, w) {
    const type = node.type;
    if (PARAMETER_LISTS.has(type)) {
      for (const child of node.namedChildren) if (child?.type === 'identifier') bindLocal(w, child);
      return true;
    }
    if (NAMED_PARAMETERS.has(type)) {
      bindLocal(w, node.childForFieldName('name'));
      return true;
    }
    switch (type) {
      case 'class':
      case 'module':
        return defineType(node, w);
      case 'method':
      case 'singleton_method': {
        const name = node.childForFieldName('name');
        w.skip(name);
        w.skip(node.childForFieldName('object'));
        w.define('function', w.textOf(name), node, { body: node.childForFieldName('body'), docFrom: docAnchor(node) });
        return true;
      }
      case 'call':
        return call(node, w);
      case 'assignment':
      case 'operator_assignment':
        return assignment(node, w);
      case 'identifier':
        // Not a local (the walker drops those): a method called without arguments.
        w.reference(w.textOf(node), 'call', node);
        return false;
      case 'constant':
      case 'scope_resolution':
        return referenceChain(w, node, 'reference', node);
      case 'instance_variable':
        w.reference(`self.${w.textOf(node).slice(1)}`, 'reference', node);
        return false;
      default:
        return false;
    }
  },
};

/** `class A::B < C` / `module M`: the last segment names it; the superclass is its base. */
function defineType(node: Node, w: DeclarationWalker): boolean {
  const name = node.childForFieldName('name');
  w.skip(name);
  const written = w.chain(name);
  const superclass = node.childForFieldName('superclass');
  const base = superclass ? w.chain(superclass.namedChildren[0]) : null;
  w.skip(superclass);
  if (written === null) return true;
  const id = w.define('type', lastSegment(written), node, {
    bases: base === null ? [] : [base],
    body: node.childForFieldName('body'),
    docFrom: docAnchor(node),
  });
  // `class A::B` nests B in A as written, whatever encloses it in this file.
  const entity = w.entities[id]!;
  if (written.includes('.')) entity.qualifiedName = entity.parent === null ? written : `${w.entities[entity.parent]!.qualifiedName}.${written}`;
  return true;
}

function call(node: Node, w: DeclarationWalker): boolean {
  const method = node.childForFieldName('method');
  const receiver = node.childForFieldName('receiver');
  const name = w.textOf(method);
  w.skip(method);
  if (!receiver) {
    const args = node.childForFieldName('arguments')?.namedChildren ?? [];
    if (REQUIRES.has(name)) return requireCall(node, w, name, args[0]);
    if (name === 'autoload') return requireCall(node, w, name, args[1]);
    const owner = w.classBody();
    if (owner !== null && MIXINS.has(name)) {
      for (const arg of args) {
        const chain = arg ? w.chain(arg) : null;
        if (chain !== null) w.addBase(owner, chain, node);
      }
      return false;
    }
    if (owner !== null && ATTRIBUTES.has(name)) {
      for (const arg of args) {
        if (arg?.type === 'simple_symbol') defineField(w, owner, w.textOf(arg).slice(1), node);
      }
      return false;
    }
    if (method?.type === 'identifier') w.reference(name, 'call', node);
    return true;
  }
  // `@repo.save`: a member of the Field repo (read on through its type when it has one).
  const chain = receiver?.type === 'instance_variable' ? `self.${w.textOf(receiver).slice(1)}` : w.chain(receiver);
  if (chain === null || method?.type !== 'identifier') return true;
  w.skip(receiver);
  // `T.new(...)` creates a T: a call of the class (the stitcher records it as instantiate).
  w.reference(name === 'new' ? chain : `${chain}.${name}`, 'call', node);
  return true;
}

/** `require 'a/b'`, `require_relative 'c'`, `load`, `autoload :B, 'a/b'`: `path` is the string. */
function requireCall(node: Node, w: DeclarationWalker, kind: string, path: Node | null | undefined): boolean {
  const literal = path?.type === 'string' && path.namedChildren.length === 1 ? path.namedChildren[0] : null;
  if (literal?.type !== 'string_content') return true;
  const spec = w.textOf(literal);
  // require_relative and load('./x') name a path from the requiring file.
  w.importFile(spec, node.startPosition.row + 1, kind === 'require_relative' || spec.startsWith('./') || spec.startsWith('../'), w.current());
  return false;
}

/** `X = ...` defines a constant; `@x = ...` in a method a Field of its class; `x = ...` a local. */
function assignment(node: Node, w: DeclarationWalker): boolean {
  const left = node.childForFieldName('left');
  const created = node.type === 'assignment' ? createdType(node.childForFieldName('right'), w) : null;
  if (left?.type === 'constant') {
    w.skip(left);
    w.define('variable', w.textOf(left), node);
  } else if (left?.type === 'identifier') {
    bindLocal(w, left, created);
  } else if (left?.type === 'instance_variable' && w.inFunction()) {
    const owner = w.currentClass();
    if (owner !== null) defineField(w, owner, w.textOf(left).slice(1), node, created);
  }
  return true;
}

/** Where a definition's `#` comments sit: before it, or before the body it opens. */
function docAnchor(node: Node): Node {
  const parent = node.parent;
  return node.previousSibling === null && parent?.type === 'body_statement' ? parent : node;
}

/** A shebang or a magic comment (`# frozen_string_literal: true`) documents nothing. */
function isDirective(text: string): boolean {
  return text.startsWith('#!') || /^#\s*(frozen_string_literal|encoding|coding):/.test(text);
}

export function extractRuby(tree: Tree, file: { path: string; text: string }): FileIR {
  const walker = new DeclarationWalker(tree, file, 'ruby');
  walker.docstring = leadingComment(tree.rootNode, isDirective);
  return walker.walk(rules).finish();
}

