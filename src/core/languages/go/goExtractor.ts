/**
 * @file Go extractor: tree-sitter-go tree -> FileIR through the shared DeclarationWalker.
 * type specs (struct, interface, named types) -> Class (embedded fields and embedded interfaces
 * -> bases), struct fields -> Field, interface methods and methods with a receiver -> Method of
 * the receiver's type when this file defines it (else a Function 'T.f'), functions -> Function,
 * package-level const / var -> GlobalVariable, the package clause -> FileIR.packageName.
 * Imports: {module: import path, localName: alias or the path's package name}; `.` imports are
 * stars, `_` imports bind nothing. Uses: calls, composite literals (instantiate), selectors,
 * names, type names (annotate); the receiver name reads as `this`; a member of a parameter, local
 * or struct field is read through its declared type (`x := &T{}`: T).
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileIR } from '../../parse/fileIR.ts';
import type { WalkRules } from '../common/declarationWalker.ts';
import { DeclarationWalker, docBefore } from '../common/declarationWalker.ts';
import { bindLocal, defineNamed, referenceCall, referenceChain, referenceCreated, referenceMember, referenceName } from '../common/ruleSteps.ts';

const rules: WalkRules = {
  types: new Set([
    'package_clause', 'import_spec', 'type_spec', 'type_alias', 'field_declaration', 'method_elem', 'function_declaration',
    'method_declaration', 'const_spec', 'var_spec', 'parameter_declaration', 'variadic_parameter_declaration',
    'short_var_declaration', 'range_clause', 'func_literal', 'call_expression', 'composite_literal',
    'selector_expression', 'identifier', 'type_identifier', 'qualified_type', 'comment',
  ]),
  visit(node, w) {
    switch (node.type) {
      case 'package_clause':
        w.packageName = w.textOf(node.namedChildren[0]);
        w.docstring = docBefore(node);
        return false;
      case 'import_spec':
        readImport(node, w);
        return false;
      case 'type_spec':
      case 'type_alias': {
        const name = node.childForFieldName('name');
        w.skip(name);
        const body = node.childForFieldName('type');
        w.define('type', w.textOf(name), node.parent?.type === 'type_declaration' && node.parent.namedChildCount === 1 ? node.parent : node, {
          bases: embedded(body, w),
          body,
          scope: true,
        });
        return true;
      }
      case 'field_declaration': {
        const names = node.childrenForFieldName('name').filter((n) => n !== null);
        if (names.length === 0) {
          w.skip(node.childForFieldName('type'));
          return false; // embedded: a base, recorded by type_spec
        }
        const type = w.typeName(node.childForFieldName('type'), WRAPPED);
        for (const name of names) {
          w.skip(name);
          w.define('variable', w.textOf(name), node, { type });
        }
        return true;
      }
      case 'method_elem':
        defineNamed(w, 'function', node, { scope: true });
        return true;
      case 'function_declaration':
        defineNamed(w, 'function', node, { body: node.childForFieldName('body'), parent: null, returns: resultType(node, w) });
        return true;
      case 'method_declaration': {
        const name = node.childForFieldName('name');
        w.skip(name);
        const receiver = node.childForFieldName('receiver');
        const param = receiver?.namedChildren.find((c) => c?.type === 'parameter_declaration');
        const receiverName = param?.childForFieldName('name');
        const receiverType = w.typeName(param?.childForFieldName('type'), WRAPPED);
        const owner = receiverType === null ? null : w.topLevelClass(receiverType);
        w.skip(receiver);
        const id = w.define('function', w.textOf(name), node, {
          body: node.childForFieldName('body'),
          parent: owner,
          selfName: receiverName ? w.textOf(receiverName) : null,
          returns: resultType(node, w),
        });
        // The type lives in another file of the package: a Function named after both ('T.f').
        if (owner === null && receiverType !== null) Object.assign(w.entities[id]!, { qualifiedName: `${receiverType}.${w.textOf(name)}`, owner: receiverType });
        return true;
      }
      case 'const_spec':
      case 'var_spec': {
        const declared = w.typeName(node.childForFieldName('type'), WRAPPED);
        const values = node.childForFieldName('value')?.namedChildren ?? [];
        node.childrenForFieldName('name').forEach((name, i) => {
          if (!name) return;
          w.skip(name);
          w.define('variable', w.textOf(name), node.parent?.namedChildCount === 1 ? node.parent : node, { type: declared ?? createdType(values[i], w) });
        });
        return true;
      }
      case 'parameter_declaration':
      case 'variadic_parameter_declaration': {
        const type = node.type === 'parameter_declaration' ? w.typeName(node.childForFieldName('type'), WRAPPED) : null;
        for (const name of node.childrenForFieldName('name')) bindLocal(w, name, type);
        return true;
      }
      case 'short_var_declaration':
      case 'range_clause': {
        const left = node.childForFieldName('left');
        const values = node.type === 'short_var_declaration' ? (node.childForFieldName('right')?.namedChildren ?? []) : [];
        (left?.type === 'identifier' ? [left] : (left?.namedChildren ?? [])).forEach((id, i) => {
          if (id?.type === 'identifier') bindLocal(w, id, createdType(values[i], w));
        });
        return true;
      }
      case 'call_expression':
        return referenceCall(w, node, { callee: 'function', memberType: 'selector_expression', member: 'field' });
      case 'composite_literal':
        return referenceCreated(w, node, 'type');
      case 'selector_expression':
        return referenceMember(w, node);
      case 'identifier':
        return referenceName(w, node);
      case 'type_identifier':
      case 'qualified_type':
        return referenceChain(w, node, 'annotate', node);
      default:
        return node.type !== 'comment';
    }
  },
};

/** `*Repo`, `Repo[T]`, `(Repo)` declare Repo. */
const WRAPPED = new Set(['pointer_type', 'generic_type', 'parenthesized_type']);

/** The type a value is built as: `Repo{}`, `&Repo{}`, or a call's (`NewRepo()`: its first result); else null. */
function createdType(value: Node | null | undefined, w: DeclarationWalker): string | null {
  if (value?.type === 'call_expression') return w.callResult(w.chain(value.childForFieldName('function')));
  const literal = value?.type === 'unary_expression' ? value.childForFieldName('operand') : value;
  return literal?.type === 'composite_literal' ? w.typeName(literal.childForFieldName('type'), WRAPPED) : null;
}

/** A function's (first) result type: `*Repo` in `func NewRepo() (*Repo, error)`. */
function resultType(node: Node, w: DeclarationWalker): string | null {
  const result = node.childForFieldName('result');
  const first = result?.type === 'parameter_list' ? result.namedChildren.find((c) => c?.type === 'parameter_declaration')?.childForFieldName('type') : result;
  return w.typeName(first, WRAPPED);
}

/** Embedded fields of a struct and embedded interfaces: the type's bases. */
function embedded(body: Node | null, w: DeclarationWalker): string[] {
  if (!body) return [];
  const bases: string[] = [];
  if (body.type === 'struct_type') {
    const list = body.namedChildren.find((c) => c?.type === 'field_declaration_list');
    for (const field of list?.namedChildren ?? []) {
      if (field?.type !== 'field_declaration' || field.childrenForFieldName('name').length > 0) continue;
      const name = w.typeName(field.childForFieldName('type'), WRAPPED);
      if (name !== null) bases.push(name);
    }
  } else if (body.type === 'interface_type') {
    for (const element of body.namedChildren) {
      if (element?.type !== 'type_elem' || element.namedChildCount !== 1) continue;
      const chain = w.chain(element.namedChildren[0]);
      if (chain !== null) bases.push(chain);
    }
  }
  return bases;
}

const VERSION = /^v\d+$/;

/** The package name an import path binds by convention: 'gopkg.in/yaml.v3' -> 'yaml', 'x/go-cmp' -> 'cmp', 'x/v2' -> its parent. */
export function goPackageName(path: string): string {
  const segments = path.split('/');
  let last = segments[segments.length - 1]!;
  if (VERSION.test(last) && segments.length > 1) last = segments[segments.length - 2]!;
  last = last.replace(/\.v\d+$/, '');
  const dash = last.lastIndexOf('-');
  if (dash >= 0) last = last.slice(dash + 1);
  return last.replace(/[^\p{L}\p{N}_]/gu, '_');
}

function readImport(node: Node, w: DeclarationWalker): void {
  const pathNode = node.childForFieldName('path');
  const path = w.textOf(pathNode).replace(/^["`]|["`]$/g, '');
  if (path === '') return;
  const alias = node.childForFieldName('name');
  const line = node.startPosition.row + 1;
  if (alias?.type === 'dot') {
    w.addImport({ module: path, name: '*', alias: null, localName: '*', line });
    return;
  }
  const aliasText = alias ? w.textOf(alias) : null;
  const localName = aliasText === '_' ? '' : (aliasText ?? goPackageName(path));
  w.addImport({ module: path, name: null, alias: aliasText, localName, line });
}

export function extractGo(tree: Tree, file: { path: string; text: string }): FileIR {
  return new DeclarationWalker(tree, file, 'go').walk(rules).finish();
}
