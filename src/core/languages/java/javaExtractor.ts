/**
 * @file Java extractor: tree-sitter-java tree -> FileIR through the shared DeclarationWalker.
 * class / interface / enum / record / @interface -> Class (extends and implements -> bases),
 * method and constructor -> Method, field, interface constant and enum constant -> Field,
 * `package` -> FileIR.packageName, `import a.b.C` -> {module 'a.b', name 'C'}, `import a.b.*`
 * -> a star, `import static a.b.C.m` -> {module 'a.b.C', name 'm'}. Uses: method calls,
 * `new T()`, field accesses, type names (annotate), annotations (decorate), method references;
 * a member of a parameter, local or field is read through its declared type (`var x = new T()`: T).
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileIR } from '../../parse/fileIR.ts';
import type { WalkRules } from '../common/declarationWalker.ts';
import { DeclarationWalker, docBefore } from '../common/declarationWalker.ts';
import { bindLocal, defineNamed, referenceChain, referenceCreated, referenceMember, referenceName } from '../common/ruleSteps.ts';

const TYPES = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'annotation_type_declaration']);
const LOCAL_NAMES = new Set(['formal_parameter', 'spread_parameter', 'catch_formal_parameter', 'enhanced_for_statement', 'resource']);

const rules: WalkRules = {
  types: new Set([
    'package_declaration', 'import_declaration', ...TYPES, 'method_declaration', 'constructor_declaration',
    'variable_declarator', 'enum_constant', ...LOCAL_NAMES, 'lambda_expression', 'method_invocation',
    'object_creation_expression', 'field_access', 'identifier', 'type_identifier', 'scoped_type_identifier',
    'marker_annotation', 'annotation', 'method_reference', 'line_comment', 'block_comment', 'instanceof_expression', 'type_pattern',
  ]),
  visit(node, w) {
    const type = node.type;
    if (TYPES.has(type)) return defineType(node, w);
    switch (type) {
      case 'package_declaration':
        w.packageName = w.chain(node.namedChildren.find((c) => c?.type !== 'annotation' && c?.type !== 'marker_annotation'));
        w.docstring = docBefore(node);
        return false;
      case 'import_declaration':
        readImport(node, w);
        return false;
      case 'method_declaration':
      case 'constructor_declaration':
        defineNamed(w, 'function', node, { body: node.childForFieldName('body'), returns: w.typeName(node.childForFieldName('type')) });
        return true;
      case 'variable_declarator': {
        const name = node.childForFieldName('name');
        w.skip(name);
        const declaration = node.parent;
        const type = w.typeName(declaration?.childForFieldName('type')) ?? createdType(node.childForFieldName('value'), w);
        w.define('variable', w.textOf(name), declaration && declaration.type !== 'local_variable_declaration' ? declaration : node, { type });
        return true;
      }
      case 'enum_constant':
        defineNamed(w, 'variable', node);
        return true;
      case 'lambda_expression': {
        const params = node.childForFieldName('parameters');
        if (params?.type === 'identifier') bindLocal(w, params);
        else if (params) {
          for (const p of params.namedChildren) if (p?.type === 'identifier') bindLocal(w, p);
        }
        return true;
      }
      case 'method_invocation': {
        const object = node.childForFieldName('object');
        const name = node.childForFieldName('name');
        w.skip(name);
        if (!object) w.reference(w.textOf(name), 'call', node);
        else {
          const chain = w.chain(object);
          if (chain !== null) {
            w.reference(`${chain}.${w.textOf(name)}`, 'call', node);
            w.skip(object);
          }
        }
        return true;
      }
      case 'instanceof_expression':
        // `o instanceof Repo r`: r is a local of type Repo.
        bindLocal(w, node.childForFieldName('name'), w.typeName(node.childForFieldName('right')));
        return true;
      case 'type_pattern': {
        // `case Repo r ->`: the same.
        const [type, name] = node.namedChildren;
        if (name?.type === 'identifier') bindLocal(w, name, w.typeName(type));
        return true;
      }
      case 'object_creation_expression':
        return referenceCreated(w, node, 'type');
      case 'field_access':
      case 'method_reference':
        return referenceMember(w, node);
      case 'identifier':
        return referenceName(w, node);
      case 'type_identifier':
      case 'scoped_type_identifier':
        return referenceChain(w, node, 'annotate', node);
      case 'marker_annotation':
      case 'annotation':
        return referenceChain(w, node.childForFieldName('name'), 'decorate', node, 'Override');
      case 'line_comment':
      case 'block_comment':
        return false;
      default:
        if (LOCAL_NAMES.has(type)) bindLocal(w, node.childForFieldName('name'), w.typeName(node.childForFieldName('type')));
        return true;
    }
  },
};

function defineType(node: Node, w: DeclarationWalker): boolean {
  const name = node.childForFieldName('name');
  w.skip(name);
  const bases: string[] = [];
  const addTypes = (holder: Node | null | undefined) => {
    if (!holder) return;
    for (const child of holder.namedChildren) {
      if (!child) continue;
      if (child.type === 'type_list') addTypes(child);
      else {
        const chain = w.chain(child.type === 'generic_type' ? child.namedChildren[0] : child);
        if (chain !== null) bases.push(chain);
      }
    }
  };
  addTypes(node.childForFieldName('superclass'));
  addTypes(node.childForFieldName('interfaces'));
  addTypes(node.namedChildren.find((c) => c?.type === 'extends_interfaces'));
  for (const holder of [node.childForFieldName('superclass'), node.childForFieldName('interfaces')]) w.skip(holder);
  w.skip(node.namedChildren.find((c) => c?.type === 'extends_interfaces'));
  w.define('type', w.textOf(name), node, { bases, body: node.childForFieldName('body') });
  return true;
}

/** `var x = new Foo<>()`: the created type; `var x = find()` / `repo.find()`: the call's (DeclarationWalker.callResult). */
function createdType(value: Node | null, w: DeclarationWalker): string | null {
  if (value?.type === 'object_creation_expression') return w.typeName(value.childForFieldName('type'));
  if (value?.type !== 'method_invocation') return null;
  const name = w.textOf(value.childForFieldName('name'));
  const object = value.childForFieldName('object');
  const chain = object ? w.chain(object) : null;
  return object && chain === null ? null : w.callResult(chain === null ? name : `${chain}.${name}`);
}

function readImport(node: Node, w: DeclarationWalker): void {
  const path = w.chain(node.namedChildren.find((c) => c?.type === 'scoped_identifier' || c?.type === 'identifier'));
  if (path === null) return;
  const line = node.startPosition.row + 1;
  if (node.namedChildren.some((c) => c?.type === 'asterisk')) w.importAll(path, line);
  else w.importQualified(path, line);
}

export function extractJava(tree: Tree, file: { path: string; text: string }): FileIR {
  return new DeclarationWalker(tree, file, 'java').walk(rules).finish();
}
