/**
 * @file Python import statements and `__all__` -> ImportIR / string lists (see fileIR.ts).
 * Works on one statement node at a time through the Node API (statements are small).
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node } from 'web-tree-sitter';
import type { ImportIR } from '../../parse/fileIR.ts';
import { plainStringValue } from './pythonText.ts';

export interface ImportContext {
  src: string;
  dottedFolderName: string;
  /** Enclosing class/function entity id, null at module level. */
  scope: number | null;
  typeOnly: boolean;
}

function textOf(src: string, node: Node): string {
  return src.slice(node.startIndex, node.endIndex);
}

function dotted(src: string, node: Node): string {
  return textOf(src, node).replace(/[\s\\]+/g, '');
}

interface ImportedName {
  name: string;
  alias: string | null;
  line: number;
}

/** The `name` items of an import statement: the dotted name, its `as` alias (or null) and line. */
function importedNames(src: string, node: Node): ImportedName[] {
  const names: ImportedName[] = [];
  for (const item of node.childrenForFieldName('name')) {
    const line = item.startPosition.row + 1;
    if (item.type === 'aliased_import') {
      const nameNode = item.childForFieldName('name');
      const aliasNode = item.childForFieldName('alias');
      if (!nameNode) continue;
      names.push({ name: dotted(src, nameNode), alias: aliasNode ? textOf(src, aliasNode) : null, line });
    } else if (item.type === 'dotted_name') {
      names.push({ name: dotted(src, item), alias: null, line });
    }
  }
  return names;
}

/** Every binding of an `import ...` / `from ... import ...` / `from __future__ import ...` statement. */
export function extractImports(node: Node, ctx: ImportContext): ImportIR[] {
  const out: ImportIR[] = [];
  const { src } = ctx;
  const base = { level: 0, dottedFolderName: ctx.dottedFolderName, scope: ctx.scope };
  const flag = ctx.typeOnly ? { typeOnly: true } : {};
  if (node.type === 'import_statement') {
    for (const { name: module, alias, line } of importedNames(src, node)) {
      out.push({ ...base, localName: alias ?? module.split('.')[0]!, module, name: null, alias, line, ...flag });
    }
    return out;
  }
  let module = '__future__';
  let level = 0;
  if (node.type === 'import_from_statement') {
    const moduleNode = node.childForFieldName('module_name');
    if (!moduleNode) return out;
    if (moduleNode.type === 'relative_import') {
      module = '';
      for (const part of moduleNode.namedChildren) {
        if (!part) continue;
        if (part.type === 'import_prefix') level = textOf(src, part).replace(/[^.]/g, '').length;
        else if (part.type === 'dotted_name') module = dotted(src, part);
      }
    } else {
      module = dotted(src, moduleNode);
    }
  }
  const fromBase = { ...base, module, level };
  for (const { name, alias, line } of importedNames(src, node)) {
    out.push({ ...fromBase, localName: alias ?? name, name, alias, line, ...flag });
  }
  for (const child of node.namedChildren) {
    if (child?.type === 'wildcard_import') {
      out.push({ ...fromBase, localName: '*', name: '*', alias: null, line: child.startPosition.row + 1, ...flag });
    }
  }
  return out;
}

/**
 * Strings of a static `__all__` value: a list or tuple of plain string literals, or `+` of such.
 * Returns null when anything is dynamic.
 */
export function staticStringList(src: string, value: Node): string[] | null {
  const out: string[] = [];
  const stack: Node[] = [value];
  while (stack.length > 0) {
    let node = stack.pop()!;
    while (node.type === 'parenthesized_expression' && node.namedChildCount === 1) node = node.firstNamedChild!;
    if (node.type === 'binary_operator') {
      const operator = node.childForFieldName('operator');
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      if (!operator || operator.type !== '+' || !left || !right) return null;
      stack.push(right, left);
      continue;
    }
    if (node.type !== 'list' && node.type !== 'tuple') return null;
    for (const item of node.namedChildren) {
      if (!item || item.type === 'comment') continue;
      if (item.type !== 'string') return null;
      const value = plainStringValue(src.slice(item.startIndex, item.endIndex));
      if (value === null) return null;
      out.push(value);
    }
  }
  return out;
}
