/**
 * @file C++ extractor: tree-sitter-cpp tree -> FileIR through the shared DeclarationWalker.
 * class / struct / union / enum with a body -> Class (base class clause -> bases), functions ->
 * Function, member functions (defined or declared in the class, or defined out of line as
 * `T::f` in the file of T) -> Method, out-of-line definitions of a class in another file ->
 * Function 'T.f', data members and enumerators -> Field, namespace-scope variables ->
 * GlobalVariable. The namespace holding most of the file's definitions -> FileIR.packageName ('a.b');
 * `#include "x.h"` / `<x.h>` -> imports of files; `using namespace a::b;` -> a star of a.b;
 * `using a::X;` -> {module 'a', name 'X'}; the comment the file opens with -> its docstring. Uses: calls, `new T`, `this->m`, qualified names,
 * type names (annotate). Parameters and function-local variables are locals; a member of one, or
 * of a data member, is read through its declared type (`T*`, `const T&`, `std::unique_ptr<T>`,
 * `auto x = new T` / `T(..)` / `std::make_unique<T>(..)`: T).
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileIR } from '../../parse/fileIR.ts';
import type { WalkRules } from '../common/declarationWalker.ts';
import { DeclarationWalker, lastSegment, leadingComment } from '../common/declarationWalker.ts';
import { bindLocal, referenceChain, referenceName } from '../common/ruleSteps.ts';

const TYPES = new Set(['class_specifier', 'struct_specifier', 'union_specifier', 'enum_specifier']);
const PARAMETERS = new Set(['parameter_declaration', 'optional_parameter_declaration', 'variadic_parameter_declaration']);
/** Declarators that wrap the name: `*p`, `&r`, `a[3]`, `x = 1`, `f(...)`. */
const WRAPPERS = new Set(['pointer_declarator', 'reference_declarator', 'array_declarator', 'init_declarator', 'parenthesized_declarator']);

const rules: WalkRules = {
  types: new Set([
    'preproc_include', 'namespace_definition', 'using_declaration', ...TYPES, 'function_definition', 'field_declaration',
    'declaration', 'enumerator', ...PARAMETERS, 'call_expression', 'new_expression', 'field_expression',
    'qualified_identifier', 'identifier', 'type_identifier', 'template_type', 'comment',
  ]),
  visit(node, w) {
    const type = node.type;
    if (TYPES.has(type)) return defineType(node, w);
    if (PARAMETERS.has(type)) {
      const name = declaredName(node.childForFieldName('declarator'));
      if (name?.type === 'identifier') bindLocal(w, name, cppType(node.childForFieldName('type'), w));
      return true;
    }
    switch (type) {
      case 'preproc_include':
        readInclude(node, w);
        return false;
      case 'namespace_definition':
        w.skip(node.childForFieldName('name'));
        return true;
      case 'using_declaration':
        readUsing(node, w);
        return false;
      case 'function_definition':
        return defineFunction(node, w);
      case 'field_declaration':
      case 'declaration':
        return defineDeclared(node, w);
      case 'enumerator': {
        const name = node.childForFieldName('name');
        w.skip(name);
        if (w.classBody() !== null) w.define('variable', w.textOf(name), node);
        return true;
      }
      case 'call_expression': {
        const callee = node.childForFieldName('function');
        const chain = cppChain(callee, w);
        if (chain !== null) {
          w.reference(chain, 'call', node, callee?.type === 'qualified_identifier');
          w.skip(callee);
        } else if (callee?.type === 'field_expression') w.skip(callee.childForFieldName('field'));
        return true;
      }
      case 'new_expression': {
        const created = node.childForFieldName('type');
        const chain = w.chain(created);
        if (chain !== null) {
          w.reference(chain, 'call', node);
          w.skip(created);
        }
        return true;
      }
      case 'field_expression': {
        const chain = cppChain(node, w);
        if (chain !== null) {
          w.reference(chain, 'reference', node);
          return false;
        }
        w.skip(node.childForFieldName('field'));
        return true;
      }
      case 'qualified_identifier': {
        // `a::b`: its head is a namespace or a type even where a local has its name.
        const chain = w.chain(node);
        if (chain !== null) w.reference(chain, 'reference', node, true);
        return false;
      }
      case 'identifier':
        return referenceName(w, node);
      case 'type_identifier':
        return referenceChain(w, node, 'annotate', node);
      case 'template_type': {
        const name = node.childForFieldName('name');
        referenceChain(w, name, 'annotate', node);
        w.skip(name);
        return true;
      }
      default:
        return false;
    }
  },
};

function defineType(node: Node, w: DeclarationWalker): boolean {
  const name = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  if (!body) return name ? referenceChain(w, name, 'annotate', node) : true;
  w.skip(name);
  const written = name ? w.chain(name) : null;
  if (written === null) return true;
  const bases: string[] = [];
  const clause = node.namedChildren.find((c) => c?.type === 'base_class_clause');
  for (const base of clause?.namedChildren ?? []) {
    const chain = base?.type === 'template_type' ? w.chain(base.childForFieldName('name')) : base ? w.chain(base) : null;
    if (chain !== null && base?.type !== 'access_specifier') bases.push(chain);
  }
  w.skip(clause);
  setPackage(node, w);
  w.define('type', lastSegment(written), node, { bases, body });
  return true;
}

/** 'QHash<K,T>.operator=' -> 'QHash.operator=': the arguments of the scope go, the operator's own '<' stays. */
function withoutTemplateArguments(written: string): string {
  const at = written.search(/\boperator\b/);
  let scope = written.slice(0, at);
  for (let previous = ''; previous !== scope; ) [previous, scope] = [scope, scope.replace(/<[^<>]*>/g, '')];
  return scope + written.slice(at);
}

/** A function body: a Method inside a class, `T::f` a Method of T when T is in this file. */
function defineFunction(node: Node, w: DeclarationWalker): boolean {
  const declarator = functionDeclarator(node.childForFieldName('declarator'));
  const name = declarator?.childForFieldName('declarator') ?? null;
  // Operators and destructors are no plain chain ('operator<' is no generic): their text, '::'
  // read as '.' ('T.operator<', 'T.~T').
  const asWritten = name ? w.textOf(name).replace(/\s+/g, '').replaceAll('::', '.') : null;
  const written = name && /\boperator\b/.test(asWritten!) ? withoutTemplateArguments(asWritten!) : (w.chain(name) ?? asWritten);
  if (!name || written === null) return true;
  w.skip(name);
  setPackage(node, w);
  const body = node.childForFieldName('body');
  const returns = cppType(node.childForFieldName('type'), w);
  const segments = written.split('.');
  if (segments.length < 2 || w.current() !== null) {
    w.define('function', lastSegment(written), node, { body, returns });
    return true;
  }
  const owner = w.topLevelClass(segments[segments.length - 2]!);
  if (owner !== null) {
    w.define('function', segments[segments.length - 1]!, node, { body, parent: owner, returns });
    return true;
  }
  // The class lives in another file (a header): a Function named after both.
  const id = w.define('function', segments[segments.length - 1]!, node, { body, returns });
  w.entities[id]!.qualifiedName = segments.slice(-2).join('.');
  w.entities[id]!.owner = segments.slice(0, -1).join('.');
  return true;
}

/** `int a = 1, *b;` / a member `int x_;` / a member prototype `void f();` / a global. */
function defineDeclared(node: Node, w: DeclarationWalker): boolean {
  const inClass = w.classBody() !== null;
  for (const declarator of node.childrenForFieldName('declarator')) {
    const fn = functionDeclarator(declarator);
    if (fn) {
      // A prototype: a Method when it declares a member, nothing at namespace scope.
      const name = fn.childForFieldName('declarator');
      w.skip(name);
      const text = w.textOf(name);
      // An operator's '<' is no template argument list: `operator<` stays as written.
      const written = name ? (/\boperator\b/.test(text) ? text : (w.chain(name) ?? text)) : '';
      // An operator's spaces go ('operator=='); other text with spaces is a name run into what
      // tree-sitter misread before it (`::type #endif arg`, `(APIENTRYP glUniform1f)`): its last identifier.
      const member = /\boperator\b/.test(written) ? written.replace(/\s+/g, '') : /\s/.test(written) ? /[A-Za-z_]\w*(?=[\s)]*$)/.exec(written)?.[0] : written;
      if (inClass && member) w.define('function', lastSegment(member), node, { returns: cppType(node.childForFieldName('type'), w) });
      continue;
    }
    const name = declaredName(declarator);
    // A name tree-sitter had to make up (MISSING: a declaration split by #if / #else) is none.
    if (!name || (name.type !== 'identifier' && name.type !== 'field_identifier') || name.isMissing) continue;
    w.skip(name);
    if (!inClass && w.current() === null) setPackage(node, w);
    const type = cppType(node.childForFieldName('type'), w) ?? createdType(declarator?.type === 'init_declarator' ? declarator.childForFieldName('value') : null, w);
    w.define('variable', w.textOf(name), inClass || w.current() === null ? node : declarator!, { type });
  }
  return true;
}

const SMART_POINTERS = new Set(['unique_ptr', 'shared_ptr']);
const MAKERS = new Set(['make_unique', 'make_shared']);

/** The first template argument's type when `node` (a template_type or _function, qualified or not) is named one of `names`. */
function templateArgument(node: Node | null, names: ReadonlySet<string>): Node | null {
  const template = node?.type === 'qualified_identifier' ? node.childForFieldName('name') : node;
  if ((template?.type !== 'template_type' && template?.type !== 'template_function') || !names.has(template.childForFieldName('name')?.text ?? '')) return null;
  const argument = template.childForFieldName('arguments')?.namedChildren[0];
  return argument?.type === 'type_descriptor' ? argument.childForFieldName('type') : null;
}

/** A declared type as a class chain: `Repo`, `ns::Repo`, `std::unique_ptr<Repo>` (Repo); `auto` none. */
function cppType(node: Node | null, w: DeclarationWalker): string | null {
  const pointee = templateArgument(node, SMART_POINTERS);
  return pointee ? cppType(pointee, w) : w.typeName(node);
}

/**
 * The type an initializer builds: `new Repo(..)`, `std::make_unique<Repo>(..)`, or a call's value
 * (`Repo(..)`, `make()`, `repo.find()`: the class called, else the callee's return type).
 */
function createdType(value: Node | null, w: DeclarationWalker): string | null {
  if (value?.type === 'new_expression') return cppType(value.childForFieldName('type'), w);
  if (value?.type !== 'call_expression') return null;
  const callee = value.childForFieldName('function');
  const made = templateArgument(callee, MAKERS);
  if (made) return cppType(made, w);
  return w.callResult(cppChain(callee, w));
}

function readInclude(node: Node, w: DeclarationWalker): void {
  const path = node.childForFieldName('path');
  if (!path) return;
  const quoted = path.type === 'string_literal';
  const written = quoted ? w.textOf(path.namedChildren.find((c) => c?.type === 'string_content')) : w.textOf(path).slice(1, -1);
  if (written === '') return;
  w.importFile(written, node.startPosition.row + 1, quoted);
}

/** `using namespace a::b;` -> a star of a.b; `using a::X;` -> X from a. */
function readUsing(node: Node, w: DeclarationWalker): void {
  const target = node.namedChildren.find((c) => c?.type === 'qualified_identifier' || c?.type === 'identifier');
  const path = w.chain(target);
  if (path === null) return;
  const line = node.startPosition.row + 1;
  if (node.children.some((c) => c?.type === 'namespace')) w.importAll(path, line, w.current());
  else w.importQualified(path, line, null, w.current());
}

/** `this->x` -> 'this.x', `p->f` -> 'p.f', `a.b` -> 'a.b'; null when the object is no chain. */
function cppChain(node: Node | null, w: DeclarationWalker): string | null {
  if (node?.type !== 'field_expression') return w.chain(node?.type === 'template_function' ? node.childForFieldName('name') : node);
  const object = node.childForFieldName('argument');
  const field = node.childForFieldName('field');
  const base = object?.type === 'this' ? 'this' : cppChain(object, w);
  return base === null || !field ? null : `${base}.${w.textOf(field)}`;
}

/** The declarator a wrapper holds: its `declarator` field (a reference_declarator has none: its named child). */
function innerDeclarator(node: Node): Node | null {
  return node.childForFieldName('declarator') ?? (node.type === 'reference_declarator' ? node.namedChildren[node.namedChildCount - 1] ?? null : null);
}

/** The function_declarator under pointer / reference wrappers (`T* f()`, `T& f()`), or null. */
function functionDeclarator(node: Node | null | undefined): Node | null {
  for (let current = node ?? null; current; current = innerDeclarator(current)) {
    if (current.type === 'function_declarator') return current;
    if (!WRAPPERS.has(current.type)) return null;
  }
  return null;
}

/** The name a (possibly wrapped) declarator declares. */
function declaredName(node: Node | null | undefined): Node | null {
  let current = node ?? null;
  while (current && WRAPPERS.has(current.type)) current = innerDeclarator(current);
  return current;
}

/** Per walk: how many namespace-scope definitions each namespace ('a.b', '' global) holds. */
const namespaceCounts = new WeakMap<DeclarationWalker, Map<string, number>>();

/** Count a namespace-scope definition in its namespace ('a.b' for `namespace a { namespace b {`). */
function setPackage(node: Node, w: DeclarationWalker): void {
  if (w.current() !== null) return;
  const names: string[] = [];
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type !== 'namespace_definition') continue;
    const name = w.chain(parent.childForFieldName('name'));
    if (name !== null) names.unshift(name);
  }
  let counts = namespaceCounts.get(w);
  if (!counts) namespaceCounts.set(w, (counts = new Map()));
  const key = names.join('.');
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** The file's package: the namespace holding most of its definitions (a `detail` one often comes first). */
function mainNamespace(w: DeclarationWalker): string | null {
  let best: string | null = null;
  let most = 0;
  for (const [name, count] of namespaceCounts.get(w) ?? []) {
    if (count > most) [best, most] = [name, count];
  }
  return best;
}


export function extractCpp(tree: Tree, file: { path: string; text: string }): FileIR {
  const walker = new DeclarationWalker(tree, file, 'cpp');
  // The comment block the file opens with: its purpose, or its licence.
  walker.docstring = leadingComment(tree.rootNode);
  walker.walk(rules);
  walker.packageName = mainNamespace(walker);
  return walker.finish();
}
