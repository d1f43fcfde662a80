/**
 * @file TS/JS exports -> ExportIR: ESM `export` statements in all their forms, TS `export =`,
 * and CommonJS `module.exports = ...` / `exports.x = ...` / `module.exports.x = ...`.
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node } from 'web-tree-sitter';
import type { ExportIR } from '../../parse/fileIR.ts';
import { callSpecifier } from './tsImports.ts';
import { boundNames, firstNamedChild, hasKeyword, nameText, textOf } from './tsNodes.ts';
import { plainChain } from './tsText.ts';

/** Node types a `export default <value>` creates an entity for (named 'default' when anonymous). */
export const DEFAULT_VALUE_ENTITY_TYPES = new Set(['class', 'function_expression', 'generator_function', 'arrow_function']);

/** Names a declaration introduces (`export <declaration>`), iteratively through `declare` wrappers. */
export function declarationNames(declaration: Node, text: string): string[] {
  let node: Node | null = declaration;
  while (node && node.type === 'ambient_declaration') node = firstNamedChild(node);
  if (!node) return [];
  if (node.type === 'lexical_declaration' || node.type === 'variable_declaration') {
    const names: string[] = [];
    for (const declarator of node.namedChildren) {
      if (declarator.type !== 'variable_declarator') continue;
      const pattern = declarator.childForFieldName('name');
      if (pattern) for (const bound of boundNames(pattern)) names.push(textOf(text, bound));
    }
    return names;
  }
  if (node.type === 'import_alias') {
    const alias = firstNamedChild(node);
    return alias ? [textOf(text, alias)] : [];
  }
  if (node.type === 'expression_statement') {
    const inner = firstNamedChild(node);
    return inner && inner.type === 'internal_module' ? declarationNames(inner, text) : [];
  }
  if (node.type === 'module') return [];
  const name = nameText(text, node.childForFieldName('name'));
  return name === null ? [] : [name];
}

/** ExportIRs of one `export ...` statement at module level. */
export function exportsOfStatement(statement: Node, text: string): ExportIR[] {
  const line = statement.startPosition.row + 1;
  const isDefault = hasKeyword(statement, 'default');
  const declaration = statement.childForFieldName('declaration');
  if (declaration) {
    const names = declarationNames(declaration, text);
    if (isDefault) return names.slice(0, 1).map((name) => ({ exportedName: 'default', localName: name, line }));
    return names.map((name) => ({ exportedName: name, localName: name, line }));
  }
  const value = statement.childForFieldName('value');
  if (value) {
    let localName: string | null = null;
    if (value.type === 'identifier') localName = textOf(text, value);
    else if (DEFAULT_VALUE_ENTITY_TYPES.has(value.type)) localName = nameText(text, value.childForFieldName('name')) ?? 'default';
    return [{ exportedName: 'default', localName, line }];
  }
  const sourceNode = statement.childForFieldName('source');
  const fromModule = sourceNode ? nameText(text, sourceNode) : null;
  const exports: ExportIR[] = [];
  let sawEquals = false;
  for (const child of statement.children) {
    if (!child.isNamed) {
      if (child.type === '=') sawEquals = true;
      else if (child.type === '*' && fromModule !== null) {
        exports.push({ exportedName: '*', localName: null, fromModule, importedName: '*', line });
      }
      continue;
    }
    if (child.type === 'export_clause') {
      for (const specifier of child.namedChildren) {
        if (specifier.type !== 'export_specifier') continue;
        const name = nameText(text, specifier.childForFieldName('name'));
        const alias = nameText(text, specifier.childForFieldName('alias'));
        if (name === null) continue;
        if (fromModule !== null) exports.push({ exportedName: alias ?? name, localName: null, fromModule, importedName: name, line });
        else exports.push({ exportedName: alias ?? name, localName: name, line });
      }
    } else if (child.type === 'namespace_export' && fromModule !== null) {
      const name = nameText(text, firstNamedChild(child));
      if (name !== null) exports.push({ exportedName: name, localName: null, fromModule, importedName: '*', line });
    } else if (sawEquals) {
      // TS `export = X`
      exports.push({ exportedName: 'default', localName: child.type === 'identifier' ? textOf(text, child) : null, line });
      sawEquals = false;
    }
  }
  return exports;
}

/**
 * The exported name a CommonJS assignment target stands for: '' for `module.exports`,
 * 'x' for `exports.x` / `module.exports.x`, null for anything else.
 */
export function commonJsTarget(leftText: string): string | null {
  if (!leftText.startsWith('module') && !leftText.startsWith('exports')) return null;
  const chain = plainChain(leftText);
  if (chain === 'module.exports') return '';
  const match = chain === null ? null : /^(?:module\.)?exports\.([^.]+)$/.exec(chain);
  return match ? match[1] : null;
}

/** `require('m')` or `require('m').z` as a re-export source, else null. */
function requiredFrom(node: Node, text: string): { module: string; name: string } | null {
  let call = node;
  let name = '*';
  if (node.type === 'member_expression') {
    const object = node.childForFieldName('object');
    const property = node.childForFieldName('property');
    if (!object || !property) return null;
    call = object;
    name = textOf(text, property);
  }
  if (call.type !== 'call_expression') return null;
  const callee = call.childForFieldName('function');
  if (!callee || textOf(text, callee) !== 'require') return null;
  const module = callSpecifier(call, text);
  return module === null ? null : { module, name };
}

/**
 * ExportIRs of a CommonJS assignment `target = right` (target from commonJsTarget).
 * `entityName` is the name of the entity the extractor made for a function/class right side.
 */
export function exportsOfCommonJs(target: string, right: Node, text: string, entityName: string | null): ExportIR[] {
  const line = right.startPosition.row + 1;
  const reexport = requiredFrom(right, text);
  if (target === '') {
    if (reexport) return [{ exportedName: '*', localName: null, fromModule: reexport.module, importedName: reexport.name, line }];
    if (right.type === 'object') return objectExports(right, text, line);
    const localName = right.type === 'identifier' ? textOf(text, right) : entityName;
    return [{ exportedName: 'default', localName, line }];
  }
  if (reexport) return [{ exportedName: target, localName: null, fromModule: reexport.module, importedName: reexport.name, line }];
  const localName = right.type === 'identifier' ? textOf(text, right) : entityName;
  return [{ exportedName: target, localName, line }];
}

/** `module.exports = { a, b: c, d() {} }` -> a (a), b (c), d (null). */
function objectExports(object: Node, text: string, line: number): ExportIR[] {
  const exports: ExportIR[] = [];
  for (const member of object.namedChildren) {
    if (member.type === 'shorthand_property_identifier') {
      const name = textOf(text, member);
      exports.push({ exportedName: name, localName: name, line: member.startPosition.row + 1 });
    } else if (member.type === 'pair' || member.type === 'method_definition') {
      const key = member.type === 'pair' ? member.childForFieldName('key') : member.childForFieldName('name');
      const name = key && key.type !== 'computed_property_name' ? nameText(text, key) : null;
      if (name === null) continue;
      const value = member.type === 'pair' ? member.childForFieldName('value') : null;
      const localName = value && value.type === 'identifier' ? textOf(text, value) : null;
      exports.push({ exportedName: name, localName, line: member.startPosition.row + 1 });
    }
  }
  return exports.length > 0 ? exports : [{ exportedName: 'default', localName: null, line }];
}
