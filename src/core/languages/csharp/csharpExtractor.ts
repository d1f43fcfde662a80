/**
 * @file C# extractor: tree-sitter-c-sharp tree -> FileIR through the shared DeclarationWalker.
 * class / struct / interface / enum / record -> Class (base list -> bases), method, constructor,
 * destructor, operator -> Method, local functions -> Function, field, property, event, enum
 * member -> Field; the file's first namespace (block or file-scoped, nested names joined) ->
 * FileIR.packageName. `using A.B;` -> a star of namespace A.B, `using static A.B.C;` -> a star
 * of type C, `using X = A.B.C;` -> {module 'A.B', name 'C', alias 'X'}. Uses: invocations,
 * `new T()`, member accesses (`base.` read as `super.`), names, attributes (decorate); a member of
 * a parameter, local, field or property is read through its declared type (`var x = new T()`: T).
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileIR } from '../../parse/fileIR.ts';
import type { WalkRules } from '../common/declarationWalker.ts';
import { DeclarationWalker } from '../common/declarationWalker.ts';
import { bindLocal, referenceCall, referenceChain, referenceCreated, referenceMember, referenceName } from '../common/ruleSteps.ts';

const TYPES = new Set(['class_declaration', 'struct_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'record_struct_declaration']);
const FUNCTIONS = new Set(['method_declaration', 'constructor_declaration', 'destructor_declaration', 'local_function_statement', 'operator_declaration', 'conversion_operator_declaration']);
const MEMBERS = new Set(['property_declaration', 'enum_member_declaration', 'event_declaration']);
const LOCALS = new Set(['parameter', 'catch_declaration', 'foreach_statement', 'declaration_expression', 'declaration_pattern']);
const NAMESPACES = new Set(['namespace_declaration', 'file_scoped_namespace_declaration']);
/** `Repo?` declares Repo. */
const WRAPPED = new Set(['nullable_type']);

const rules: WalkRules = {
  types: new Set([
    'using_directive', ...NAMESPACES, ...TYPES, ...FUNCTIONS, ...MEMBERS, 'variable_declarator', ...LOCALS,
    'lambda_expression', 'invocation_expression', 'object_creation_expression', 'member_access_expression',
    'identifier', 'qualified_name', 'attribute', 'comment',
  ]),
  visit(node, w) {
    const type = node.type;
    if (TYPES.has(type)) {
      const name = node.childForFieldName('name');
      w.skip(name);
      const bases: string[] = [];
      const list = node.namedChildren.find((c) => c?.type === 'base_list');
      for (const base of list?.namedChildren ?? []) {
        const chain = base ? w.chain(base.type === 'generic_name' ? base.namedChildren[0] : base) : null;
        if (chain !== null) bases.push(chain);
      }
      w.skip(list);
      w.define('type', w.textOf(name), node, { bases, body: node.childForFieldName('body') });
      return true;
    }
    if (FUNCTIONS.has(type)) {
      const name = node.childForFieldName('name');
      w.skip(name);
      const returns = w.typeName(node.childForFieldName('returns') ?? node.childForFieldName('type'), WRAPPED);
      w.define('function', name ? w.textOf(name) : 'operator', node, { body: node.childForFieldName('body'), returns });
      return true;
    }
    if (MEMBERS.has(type)) {
      const name = node.childForFieldName('name');
      w.skip(name);
      if (name) w.define('variable', w.textOf(name), node, { type: w.typeName(node.childForFieldName('type'), WRAPPED) });
      return true;
    }
    if (LOCALS.has(type)) {
      const name = node.childForFieldName('name') ?? node.childForFieldName('left');
      if (name?.type === 'identifier') bindLocal(w, name, w.typeName(node.childForFieldName('type'), WRAPPED));
      return true;
    }
    if (NAMESPACES.has(type)) {
      const name = w.chain(node.childForFieldName('name'));
      if (name !== null && w.packageName === null) w.packageName = enclosingNamespaces(node, w, name);
      w.skip(node.childForFieldName('name'));
      return true;
    }
    switch (type) {
      case 'using_directive':
        readUsing(node, w);
        return false;
      case 'variable_declarator': {
        const name = node.childForFieldName('name');
        w.skip(name);
        const holder = node.parent?.parent;
        const value = node.namedChildren.find((c) => c?.type === 'object_creation_expression' || c?.type === 'invocation_expression');
        const created = value?.type === 'object_creation_expression' ? w.typeName(value.childForFieldName('type'), WRAPPED) : null;
        const called = value?.type === 'invocation_expression' ? w.callResult(w.chain(value.childForFieldName('function'))) : null;
        const type = w.typeName(node.parent?.childForFieldName('type'), WRAPPED) ?? created ?? called;
        w.define('variable', w.textOf(name), holder && holder.type !== 'local_declaration_statement' ? holder : node, { type });
        return true;
      }
      case 'lambda_expression': {
        const params = node.childForFieldName('parameters');
        if (params?.type === 'identifier') bindLocal(w, params);
        return true;
      }
      case 'invocation_expression':
        return referenceCall(w, node, { callee: 'function', memberType: 'member_access_expression', member: 'name', rename: fromBase });
      case 'object_creation_expression':
        return referenceCreated(w, node, 'type', (created) => (created?.type === 'generic_name' ? created.namedChildren[0] : created));
      case 'member_access_expression':
      case 'qualified_name':
        return referenceMember(w, node, 'name', fromBase);
      case 'identifier':
        return referenceName(w, node);
      case 'attribute':
        return referenceChain(w, node.childForFieldName('name'), 'decorate', node);
      default:
        return false;
    }
  },
};

/** `base.M()` is the base class's member: the resolver reads it as `super.M`. */
function fromBase(chain: string): string {
  return chain.startsWith('base.') ? `super${chain.slice(4)}` : chain;
}

/** 'Inner' inside `namespace Outer { namespace Inner {...} }` -> 'Outer.Inner'. */
function enclosingNamespaces(node: Node, w: DeclarationWalker, name: string): string {
  let full = name;
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type !== 'namespace_declaration') continue;
    const outer = w.chain(parent.childForFieldName('name'));
    if (outer !== null) full = `${outer}.${full}`;
  }
  return full;
}

function readUsing(node: Node, w: DeclarationWalker): void {
  const line = node.startPosition.row + 1;
  const alias = node.childForFieldName('name');
  const target = node.namedChildren.find((c) => c !== null && c.id !== alias?.id && (c.type === 'qualified_name' || c.type === 'identifier'));
  const path = w.chain(target);
  if (path === null) return;
  if (alias) w.importQualified(path, line, w.textOf(alias));
  else w.importAll(path, line);
}

export function extractCSharp(tree: Tree, file: { path: string; text: string }): FileIR {
  return new DeclarationWalker(tree, file, 'csharp').walk(rules).finish();
}
