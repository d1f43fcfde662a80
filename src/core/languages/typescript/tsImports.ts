/**
 * @file TS/JS imports -> ImportIR: ESM import statements, `import x = require()`, CommonJS
 * `require('./x')` (bound, destructured, member-accessed, bare) and dynamic `import('./x')`.
 * `module` is the specifier as written; level is always 0 for TS/JS.
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node } from 'web-tree-sitter';
import type { ImportIR } from '../../parse/fileIR.ts';
import { firstNamedChild, hasKeyword, nameText, textOf } from './tsNodes.ts';
import { stringValue } from './tsText.ts';

export interface ImportSite {
  text: string;
  dottedFolderName: string;
  /** Enclosing entity id (function-local require / import()), null at module level. */
  scope: number | null;
}

/** A.8's dotted_folder_name for a repo-relative path: 'src/a/b.ts' -> 'src.a'; '' at the root. */
export function dottedFolderName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash).split('/').filter(Boolean).join('.');
}

function importIR(site: ImportSite, module: string, name: string | null, alias: string | null, localName: string, line: number, typeOnly: boolean): ImportIR {
  const ir: ImportIR = { localName, module, name, alias, level: 0, dottedFolderName: site.dottedFolderName, line, scope: site.scope };
  if (typeOnly) ir.typeOnly = true;
  return ir;
}

/** `import ...` statements (ESM, type-only, side-effect, and TS `import x = require('y')`). */
export function importsOfStatement(statement: Node, site: ImportSite): ImportIR[] {
  const { text } = site;
  const line = statement.startPosition.row + 1;
  const statementTypeOnly = hasKeyword(statement, 'type');
  const source = statement.childForFieldName('source');
  const imports: ImportIR[] = [];
  for (const child of statement.namedChildren) {
    if (child.type === 'import_require_clause') {
      const module = stringValue(textOf(text, child.childForFieldName('source') ?? child));
      const local = firstNamedChild(child);
      if (module !== null && local) imports.push(importIR(site, module, null, null, textOf(text, local), line, statementTypeOnly));
      return imports;
    }
  }
  const module = source ? stringValue(textOf(text, source)) : null;
  if (module === null) return imports;
  const clause = statement.namedChildren.find((child) => child.type === 'import_clause');
  if (!clause) {
    imports.push(importIR(site, module, null, null, '', line, statementTypeOnly));
    return imports;
  }
  const before = imports.length;
  for (const part of clause.namedChildren) {
    if (part.type === 'identifier') {
      imports.push(importIR(site, module, 'default', null, textOf(text, part), line, statementTypeOnly));
    } else if (part.type === 'namespace_import') {
      const local = firstNamedChild(part);
      if (local) imports.push(importIR(site, module, null, textOf(text, local), textOf(text, local), line, statementTypeOnly));
    } else if (part.type === 'named_imports') {
      for (const specifier of part.namedChildren) {
        if (specifier.type !== 'import_specifier') continue;
        const name = nameText(text, specifier.childForFieldName('name'));
        const alias = nameText(text, specifier.childForFieldName('alias'));
        if (name === null) continue;
        const typeOnly = statementTypeOnly || hasKeyword(specifier, 'type');
        imports.push(importIR(site, module, name, alias, alias ?? name, line, typeOnly));
      }
    }
  }
  // `import {} from './x'` still loads the module.
  if (imports.length === before) imports.push(importIR(site, module, null, null, '', line, statementTypeOnly));
  return imports;
}

/** The specifier of `require('x')` / `import('x')` when its first argument is a plain string. */
export function callSpecifier(call: Node, text: string): string | null {
  const args = call.childForFieldName('arguments');
  const first = args ? firstNamedChild(args) : null;
  if (!first || (first.type !== 'string' && first.type !== 'template_string')) return null;
  return stringValue(textOf(text, first));
}

/**
 * ImportIRs for a `require('m')` or `import('m')` call, named after how its result is bound:
 * `const x = require('m')` -> name null, localName x; `const {a, b: c} = require('m')` -> a, b as c;
 * `const q = require('m').z` -> name z, alias q; unbound -> name null (or the member), localName ''.
 */
export function importsOfCall(call: Node, module: string, site: ImportSite): ImportIR[] {
  const { text } = site;
  const line = call.startPosition.row + 1;
  let target = call;
  let parent = call.parent;
  if (parent && parent.type === 'await_expression') {
    target = parent;
    parent = parent.parent;
  }
  let member: string | null = null;
  // `require('m').z` picks an export; `import('m').then` is a promise method, not an export.
  const isRequire = call.childForFieldName('function')?.type !== 'import';
  if (isRequire && parent && parent.type === 'member_expression' && parent.childForFieldName('object')?.startIndex === target.startIndex) {
    const property = parent.childForFieldName('property');
    member = property ? textOf(text, property) : null;
    target = parent;
    parent = parent.parent;
  }
  const bound = parent && parent.type === 'variable_declarator' && parent.childForFieldName('value')?.startIndex === target.startIndex
    ? parent.childForFieldName('name')
    : null;
  if (bound && bound.type === 'identifier') {
    const local = textOf(text, bound);
    if (member !== null) return [importIR(site, module, member, local === member ? null : local, local, line, false)];
    return [importIR(site, module, null, null, local, line, false)];
  }
  if (bound && bound.type === 'object_pattern' && member === null) {
    const imports: ImportIR[] = [];
    for (const part of bound.namedChildren) {
      if (part.type === 'shorthand_property_identifier_pattern') {
        const name = textOf(text, part);
        imports.push(importIR(site, module, name, null, name, line, false));
      } else if (part.type === 'object_assignment_pattern') {
        const left = part.childForFieldName('left');
        if (left && left.type === 'shorthand_property_identifier_pattern') {
          const name = textOf(text, left);
          imports.push(importIR(site, module, name, null, name, line, false));
        }
      } else if (part.type === 'pair_pattern') {
        const name = nameText(text, part.childForFieldName('key'));
        let value = part.childForFieldName('value');
        if (value && value.type === 'assignment_pattern') value = value.childForFieldName('left');
        if (name !== null && value && value.type === 'identifier') {
          const local = textOf(text, value);
          imports.push(importIR(site, module, name, local === name ? null : local, local, line, false));
        }
      }
    }
    if (imports.length > 0) return imports;
  }
  return [importIR(site, module, member, null, '', line, false)];
}
