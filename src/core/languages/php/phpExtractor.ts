/**
 * @file PHP extractor: tree-sitter-php tree -> FileIR through the shared DeclarationWalker.
 * class / interface / trait / enum -> Class (extends, implements and `use Trait;` -> bases),
 * method -> Method, function -> Function, property, promoted constructor parameter, class
 * constant and enum case -> Field, namespace-level `const` and `define('X', ...)` ->
 * GlobalVariable. `namespace A\B;` -> FileIR.packageName 'A.B' (names use dots, as in Java);
 * `use A\B\C [as D]`, `use function`, `use const` and group uses -> {module 'A.B', name 'C'}.
 * `require` / `include` (a literal path, `__DIR__ . '/x.php'`, `CONST . '/x.php'`) -> imports of files.
 * Uses: function calls, `new T`, `T::m()` / `self::` / `static::` / `parent::`, `$this->m()`,
 * class constants, type hints (annotate), attributes (decorate). Variables are never uses; a
 * member of `$this`'s typed properties, of a typed parameter or of a `$x = new T()` local is read
 * through that type (`$this->repo->save()`, `$repo->save()`).
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileIR } from '../../parse/fileIR.ts';
import type { WalkRules } from '../common/declarationWalker.ts';
import { DeclarationWalker, docBefore } from '../common/declarationWalker.ts';
import { defineNamed, referenceChain, referenceName } from '../common/ruleSteps.ts';

const TYPES = new Set(['class_declaration', 'interface_declaration', 'trait_declaration', 'enum_declaration']);
const NAMES = new Set(['name', 'qualified_name']);
const MEMBER_CALLS = new Set(['member_call_expression', 'nullsafe_member_call_expression']);
const MEMBER_READS = new Set(['member_access_expression', 'nullsafe_member_access_expression']);
const INCLUDES = new Set(['include_expression', 'include_once_expression', 'require_expression', 'require_once_expression']);

const rules: WalkRules = {
  types: new Set([
    'namespace_definition', 'namespace_use_declaration', ...TYPES, 'use_declaration', 'method_declaration',
    'function_definition', 'property_declaration', 'property_promotion_parameter', 'const_declaration', 'enum_case',
    'function_call_expression', 'scoped_call_expression', ...MEMBER_CALLS, ...MEMBER_READS, 'object_creation_expression',
    'class_constant_access_expression', 'scoped_property_access_expression', 'named_type', 'attribute',
    'variable_name', 'name', 'qualified_name', 'comment', ...INCLUDES, 'simple_parameter', 'assignment_expression',
  ]),
  visit(node, w) {
    const type = node.type;
    if (TYPES.has(type)) return defineType(node, w);
    if (MEMBER_CALLS.has(type)) return referenceThisMember(node, w, 'call');
    if (MEMBER_READS.has(type)) return referenceThisMember(node, w, 'reference');
    if (INCLUDES.has(type)) return readInclude(node, w);
    switch (type) {
      case 'namespace_definition': {
        const name = node.childForFieldName('name');
        w.skip(name);
        if (w.packageName === null && name) {
          w.packageName = w.chain(name);
          w.docstring = docBefore(node);
        }
        return node.childForFieldName('body') !== null;
      }
      case 'namespace_use_declaration':
        readUse(node, w);
        return false;
      case 'use_declaration': {
        const owner = w.currentClass();
        for (const child of node.namedChildren) {
          const chain = child && NAMES.has(child.type) ? w.chain(child) : null;
          if (owner !== null && chain !== null) w.addBase(owner, chain, node);
        }
        return false;
      }
      case 'method_declaration':
      case 'function_definition':
        defineNamed(w, 'function', node, { body: node.childForFieldName('body'), returns: returnType(node, w) });
        return true;
      case 'property_declaration': {
        const declared = phpType(node.childForFieldName('type'), w);
        for (const element of node.namedChildren) {
          if (element?.type === 'property_element') w.define('variable', variableName(w, element.childForFieldName('name')), node, { type: declared });
        }
        return true;
      }
      case 'property_promotion_parameter': {
        const owner = w.currentClass();
        const declared = phpType(node.childForFieldName('type'), w);
        if (owner !== null) w.define('variable', variableName(w, node.childForFieldName('name')), node, { parent: owner, scope: false, type: declared });
        // Inside the constructor the parameter is a local of that type too.
        w.local(w.textOf(node.childForFieldName('name')), declared);
        return true;
      }
      // Locals keep their `$`: a variable never hides a function or constant of the same name.
      case 'simple_parameter':
        w.local(w.textOf(node.childForFieldName('name')), phpType(node.childForFieldName('type'), w));
        return true;
      case 'assignment_expression': {
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        if (left?.type === 'variable_name' && w.inFunction()) w.local(w.textOf(left), valueType(right, w));
        return true;
      }
      case 'const_declaration':
        for (const element of node.namedChildren) {
          const name = element?.type === 'const_element' ? element.namedChildren.find((c) => c?.type === 'name') : null;
          if (!name) continue;
          w.skip(name);
          w.define('variable', w.textOf(name), node);
        }
        return true;
      case 'enum_case':
        defineNamed(w, 'variable', node);
        return true;
      case 'function_call_expression':
        return functionCall(node, w);
      case 'scoped_call_expression':
        return referenceScoped(node, w, node.childForFieldName('scope'), node.childForFieldName('name'), 'call');
      case 'class_constant_access_expression': {
        const [scope, name] = node.namedChildren;
        return referenceScoped(node, w, scope ?? null, name?.type === 'name' && w.textOf(name) !== 'class' ? name : null, 'reference');
      }
      case 'scoped_property_access_expression':
        return referenceScoped(node, w, node.childForFieldName('scope'), node.childForFieldName('name'), 'reference');
      case 'object_creation_expression': {
        const created = node.namedChildren[0];
        if (created && NAMES.has(created.type)) {
          const chain = w.chain(created);
          if (chain !== null) w.reference(chain, 'call', node);
          w.skip(created);
        }
        return true;
      }
      case 'named_type':
        return referenceChain(w, node.namedChildren[0] ?? null, 'annotate', node);
      case 'attribute':
        referenceChain(w, node.namedChildren.find((c) => c !== null && NAMES.has(c.type)) ?? null, 'decorate', node);
        return true;
      case 'name':
        return referenceName(w, node);
      case 'qualified_name':
        return referenceChain(w, node, 'reference', node);
      default:
        // variable_name (locals, parameters, globals: never entity uses) and comments.
        return false;
    }
  },
};

function defineType(node: Node, w: DeclarationWalker): boolean {
  const name = node.childForFieldName('name');
  w.skip(name);
  const bases: string[] = [];
  for (const clause of node.namedChildren) {
    if (clause?.type !== 'base_clause' && clause?.type !== 'class_interface_clause') continue;
    for (const base of clause.namedChildren) {
      const chain = base && NAMES.has(base.type) ? w.chain(base) : null;
      if (chain !== null) bases.push(chain);
    }
    w.skip(clause);
  }
  w.define('type', w.textOf(name), node, { bases, body: node.childForFieldName('body') });
  return true;
}

/** `use A\B\C as D;`, `use function A\f;`, `use A\{B, C as E};` -> one import per clause. */
function readUse(node: Node, w: DeclarationWalker): void {
  const group = node.childForFieldName('body');
  const prefix = group ? w.chain(node.namedChildren.find((c) => c?.type === 'namespace_name')) : null;
  if (group && prefix === null) return;
  const line = node.startPosition.row + 1;
  for (const clause of (group ?? node).namedChildren) {
    if (clause?.type !== 'namespace_use_clause') continue;
    const written = w.chain(clause.namedChildren.find((c) => c !== null && NAMES.has(c.type) && c.id !== clause.childForFieldName('alias')?.id));
    if (written === null) continue;
    const alias = clause.childForFieldName('alias');
    w.importQualified(prefix === null ? written : `${prefix}.${written}`, line, alias ? w.textOf(alias) : null);
  }
}

/**
 * `require 'x.php'` and `__DIR__ . '/x.php'` (or `dirname(__FILE__) . ...`) name a file from this
 * one's folder; `CONST . '/x.php'` (WordPress's ABSPATH . WPINC) a file ending so, anywhere.
 */
function readInclude(node: Node, w: DeclarationWalker): boolean {
  const parts: Node[] = [];
  const collect = (part: Node | null | undefined): void => {
    if (part?.type === 'binary_expression') {
      collect(part.childForFieldName('left'));
      collect(part.childForFieldName('right'));
    } else if (part) parts.push(part);
  };
  collect(node.namedChildren[0]);
  const literal = (part: Node) => (part.type === 'string' || part.type === 'encapsed_string' ? part.namedChildren.map((c) => (c?.type === 'string_content' ? w.textOf(c) : '\u0000')).join('') : null);
  const first = parts[0];
  const fromHere = first !== undefined && (w.textOf(first) === '__DIR__' || /^dirname\(\s*__FILE__\s*\)$/.test(w.textOf(first)));
  const written = fromHere ? parts.slice(1).map(literal) : first && parts.length === 1 ? [literal(first)] : [literal(parts[parts.length - 1]!)];
  const path = written.every((p) => p !== null) ? written.join('').replace(/^\/+/, '') : '';
  if (path === '' || path.includes('\u0000')) return true;
  const relative = fromHere || parts.length === 1;
  w.importFile(path, node.startPosition.row + 1, relative, w.current());
  return true;
}

/** `f(...)` is a call of f; `define('X', ...)` at namespace level defines the global X. */
function functionCall(node: Node, w: DeclarationWalker): true {
  const callee = node.childForFieldName('function');
  if (callee && NAMES.has(callee.type)) {
    const chain = w.chain(callee);
    if (chain === 'define' && w.current() === null) {
      const first = node.childForFieldName('arguments')?.namedChildren[0]?.namedChildren[0];
      const constant = first?.type === 'string' ? first.namedChildren.find((c) => c?.type === 'string_content') : null;
      if (constant) w.define('variable', w.textOf(constant), node);
    } else if (chain !== null) w.reference(chain, 'call', node);
    w.skip(callee);
  }
  return true;
}

/** `T::m()`, `T::X`, `T::$p`: self / static -> this, parent -> super; `$x::m()` is no use. */
function referenceScoped(node: Node, w: DeclarationWalker, scope: Node | null, name: Node | null, kind: 'call' | 'reference'): true {
  w.skip(name);
  const owner = scopeOwner(scope, w);
  if (owner === null) return true;
  w.skip(scope);
  const member = name ? w.textOf(name).replace(/^\$/, '') : '';
  w.reference(member === '' ? owner : `${owner}.${member}`, kind, node);
  return true;
}

/**
 * `$this->m()`, `$this->repo->save()`, `$repo->save()` with `$repo` a typed parameter or `new`
 * local: a use of a member (through declared types where the chain goes on); other receivers'
 * members are unknown.
 */
function referenceThisMember(node: Node, w: DeclarationWalker, kind: 'call' | 'reference'): true {
  const object = node.childForFieldName('object');
  const name = node.childForFieldName('name');
  w.skip(name);
  const chain = name?.type === 'name' ? receiverChain(object, w) : null;
  if (chain !== null) {
    w.reference(`${chain}.${w.textOf(name)}`, kind, node);
    w.skip(object);
  }
  return true;
}

/** `$this` -> 'this', a typed local `$x` -> '$x', `$this->a` -> 'this.a'; null for any other receiver. */
function receiverChain(node: Node | null, w: DeclarationWalker): string | null {
  if (node?.type === 'variable_name') {
    const variable = w.textOf(node);
    if (variable === '$this') return 'this';
    return typeof w.localType(variable) === 'string' ? variable : null;
  }
  if (!node || !MEMBER_READS.has(node.type)) return null;
  const name = node.childForFieldName('name');
  const object = name?.type === 'name' ? receiverChain(node.childForFieldName('object'), w) : null;
  return object === null ? null : `${object}.${w.textOf(name)}`;
}

/** What `X::` names: `parent` -> 'super', `self` / `static` -> 'this', a class name as written; else null. */
function scopeOwner(scope: Node | null, w: DeclarationWalker): string | null {
  if (scope?.type === 'relative_scope') return w.textOf(scope).toLowerCase() === 'parent' ? 'super' : 'this';
  return scope && NAMES.has(scope.type) ? w.chain(scope) : null;
}

/** The class a value is: `new Repo()`, or a call's (`find_repo()`, `Repo::create()`, `$this->repo->find()`: its return type). */
function valueType(value: Node | null, w: DeclarationWalker): string | null {
  if (value?.type === 'object_creation_expression') {
    const created = value.namedChildren[0];
    return created && NAMES.has(created.type) ? w.chain(created) : null;
  }
  const name = value?.childForFieldName('name');
  if (value?.type === 'function_call_expression') return w.callResult(w.chain(value.childForFieldName('function')));
  if (value?.type === 'scoped_call_expression' && name?.type === 'name') {
    const owner = scopeOwner(value.childForFieldName('scope'), w);
    return owner === null ? null : w.callResult(`${owner}.${w.textOf(name)}`);
  }
  if (!value || !MEMBER_CALLS.has(value.type) || name?.type !== 'name') return null;
  const object = receiverChain(value.childForFieldName('object'), w);
  return object === null ? null : w.callResult(`${object}.${w.textOf(name)}`);
}

/** A declared return type: `: Repo`, `: ?Repo`; `self` and `static` are the enclosing class. */
function returnType(node: Node, w: DeclarationWalker): string | null {
  const type = phpType(node.childForFieldName('return_type'), w);
  return type === 'self' || type === 'static' ? w.currentClassName() : type;
}

/** `Repo`, `?Repo`, `\App\Repo`: the class chain; null for union and intersection types. */
function phpType(node: Node | null, w: DeclarationWalker): string | null {
  const named = node?.type === 'optional_type' ? node.namedChildren[0] : node;
  return named?.type === 'named_type' ? w.typeName(named.namedChildren[0]) : null;
}

function variableName(w: DeclarationWalker, node: Node | null): string {
  return w.textOf(node).replace(/^\$/, '');
}

export function extractPhp(tree: Tree, file: { path: string; text: string }): FileIR {
  return new DeclarationWalker(tree, file, 'php').walk(rules).finish();
}
