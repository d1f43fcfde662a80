/**
 * @file Rust extractor: tree-sitter-rust tree -> FileIR through the shared DeclarationWalker.
 * struct / enum / union / trait / type alias -> Class (supertraits -> bases), struct fields and enum variants
 * -> Field, `impl T` methods -> Methods of struct T when this file defines it (else the impl
 * block is a Class named T), `impl Trait for T` adds Trait to T's bases, fn -> Function, const /
 * static -> GlobalVariable (Field inside an impl or trait). Inline `mod x { }` items are read as
 * the file's own. `use a::b::{C, d::E as F, self}` -> one import per name ({module 'a.b', name
 * 'C'}, paths keep `crate` / `self` / `super`), `use a::b::*` -> a star. Uses: calls (paths
 * and methods), struct literals (instantiate), paths, field accesses, type names (annotate),
 * and calls inside macro arguments (`println!("{}", f(x))`); a member of a parameter, `let` or
 * struct field is read through its type (`&T`, `Box<T>`, `T { .. }`, `T::new()`: T).
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileIR } from '../../parse/fileIR.ts';
import type { WalkRules } from '../common/declarationWalker.ts';
import { DeclarationWalker, leadingInnerDoc } from '../common/declarationWalker.ts';
import { bindLocal, defineIfNamed, defineNamed, referenceCall, referenceChain, referenceCreated, referenceMember, referenceName } from '../common/ruleSteps.ts';

const TYPES = new Set(['struct_item', 'enum_item', 'union_item', 'trait_item', 'type_item']);

const rules: WalkRules = {
  types: new Set([
    'use_declaration', ...TYPES, 'impl_item', 'function_item', 'function_signature_item', 'field_declaration',
    'enum_variant', 'const_item', 'static_item', 'parameter', 'let_declaration', 'closure_parameters',
    'for_expression', 'call_expression', 'struct_expression', 'field_expression', 'scoped_identifier', 'identifier',
    'type_identifier', 'scoped_type_identifier', 'macro_invocation', 'attribute_item', 'inner_attribute_item',
    'line_comment', 'block_comment', 'macro_definition',
  ]),
  visit(node, w) {
    const type = node.type;
    if (TYPES.has(type)) {
      // Associated types (`type Item = T;` in an impl or trait) are not definitions of their own.
      if (type === 'type_item' && w.current() !== null) return true;
      const name = node.childForFieldName('name');
      w.skip(name);
      const bases: string[] = [];
      const bounds = node.childForFieldName('bounds');
      for (const bound of bounds?.namedChildren ?? []) {
        const chain = w.chain(bound);
        if (chain !== null) bases.push(chain);
      }
      w.skip(bounds);
      w.define('type', w.textOf(name), node, { bases, body: node.childForFieldName('body'), start: attributesStart(node) });
      return true;
    }
    switch (type) {
      case 'use_declaration':
        readUse(node, w);
        return false;
      case 'impl_item':
        return readImpl(node, w);
      case 'function_item':
      case 'function_signature_item':
        defineNamed(w, 'function', node, { body: node.childForFieldName('body'), start: attributesStart(node), returns: returnType(node, w) });
        return true;
      case 'field_declaration': {
        const name = node.childForFieldName('name');
        w.skip(name);
        if (name) w.define('variable', w.textOf(name), node, { type: rustType(node.childForFieldName('type'), w) });
        return true;
      }
      case 'enum_variant':
        defineIfNamed(w, 'variable', node);
        return true;
      case 'const_item':
      case 'static_item':
        defineNamed(w, 'variable', node, { start: attributesStart(node) });
        return true;
      case 'parameter':
      case 'let_declaration':
      case 'for_expression': {
        const pattern = node.childForFieldName('pattern');
        const declared = type === 'for_expression' ? null : (rustType(node.childForFieldName('type'), w) ?? createdType(node.childForFieldName('value'), w));
        bindPattern(pattern, w, declared);
        return true;
      }
      case 'closure_parameters':
        bindPattern(node, w);
        return true;
      case 'call_expression':
        return referenceCall(w, node, { callee: 'function', memberType: 'field_expression', member: 'field', scoped: 'scoped_identifier' });
      case 'struct_expression':
        return referenceCreated(w, node, 'name');
      case 'field_expression':
        return referenceMember(w, node, 'field');
      case 'scoped_identifier': {
        // `a::b`: a path, whose head is a module or a type even where a local has its name.
        const chain = w.chain(node);
        if (chain !== null) w.reference(chain, 'reference', node, true);
        return chain === null;
      }
      case 'identifier':
        return referenceName(w, node);
      case 'type_identifier':
      case 'scoped_type_identifier':
        return referenceChain(w, node, 'annotate', node, 'Self');
      case 'macro_invocation':
        macroCalls(node, w);
        return false;
      default:
        return false;
    }
  },
};

/** The first attribute (`#[derive]`, `#[cfg]`) right above an item, so ranges include them. */
function attributesStart(node: Node): Node | undefined {
  let start: Node | undefined;
  for (let sibling = node.previousNamedSibling; sibling?.type === 'attribute_item'; sibling = sibling.previousNamedSibling) start = sibling;
  return start;
}

/** `&Repo`, `&mut Repo`, `Box<Repo>`, `Rc<Repo>`, `Arc<Repo>`: Repo; `Self`: the impl's type. */
function rustType(node: Node | null, w: DeclarationWalker): string | null {
  let current = node;
  while (current?.type === 'reference_type' || (current?.type === 'generic_type' && POINTERS.has(w.textOf(current.childForFieldName('type'))))) {
    current = current.type === 'reference_type' ? current.childForFieldName('type') : (current.childForFieldName('type_arguments')?.namedChildren[0] ?? null);
  }
  const name = w.typeName(current);
  return name === 'Self' ? w.currentClassName() : name;
}

const POINTERS = new Set(['Box', 'Rc', 'Arc']);
/** Associated functions that build their type by convention. */
const CONSTRUCTORS = /^(new|default|with_.*|new_.*)$/;

/** The type a value is built as: `Repo { .. }`, `Repo::new(..)`, `Repo::with_capacity(..)`, or a call's (`open()?`); else null. */
function createdType(value: Node | null, w: DeclarationWalker): string | null {
  const built = value?.type === 'try_expression' ? value.namedChildren[0] ?? null : value;
  if (built?.type === 'struct_expression') return rustType(built.childForFieldName('name'), w);
  if (built?.type !== 'call_expression') return null;
  const callee = built.childForFieldName('function');
  if (callee?.type === 'scoped_identifier' && CONSTRUCTORS.test(w.textOf(callee.childForFieldName('name')))) return rustType(callee.childForFieldName('path'), w);
  return w.callResult(w.chain(callee));
}

const WRAPPERS = new Set(['Result', 'Option']);

/** `-> Repo`, `-> Self`, `-> Result<Repo, E>`, `-> Option<&Repo>`: Repo. */
function returnType(node: Node, w: DeclarationWalker): string | null {
  let type = node.childForFieldName('return_type');
  if (type?.type === 'generic_type' && WRAPPERS.has(w.textOf(type.childForFieldName('type')))) type = type.childForFieldName('type_arguments')?.namedChildren[0] ?? null;
  return rustType(type, w);
}

/** Identifiers a pattern binds: locals of the enclosing function; a plain name gets `type`. */
function bindPattern(pattern: Node | null, w: DeclarationWalker, type: string | null = null): void {
  if (!pattern) return;
  if (pattern.type === 'identifier') {
    bindLocal(w, pattern, type);
    return;
  }
  for (const id of pattern.descendantsOfType('identifier')) {
    if (!id) continue;
    const parent = id.parent;
    // `Some(x)`, `Point { x, .. }`: the path is read, the names inside are bound.
    if (parent && (parent.type === 'scoped_identifier' || (parent.type === 'tuple_struct_pattern' && parent.childForFieldName('type')?.id === id.id))) continue;
    bindLocal(w, id);
  }
}

function readImpl(node: Node, w: DeclarationWalker): boolean {
  const typeNode = node.childForFieldName('type');
  const typeChain = w.chain(typeNode?.type === 'generic_type' ? typeNode.childForFieldName('type') : typeNode);
  const typeName = typeChain === null ? null : typeChain.slice(typeChain.lastIndexOf('.') + 1);
  const trait = node.childForFieldName('trait');
  const traitChain = w.chain(trait?.type === 'generic_type' ? trait.childForFieldName('type') : trait);
  w.skip(typeNode);
  w.skip(trait);
  if (typeName === null) return true;
  const existing = w.topLevelClass(typeName);
  if (existing !== null) {
    if (traitChain !== null) w.addBase(existing, traitChain, node);
    w.enter(existing, node);
  } else {
    w.define('type', typeName, node, { bases: traitChain === null ? [] : [traitChain], body: node.childForFieldName('body'), parent: null });
  }
  return true;
}

interface UseName {
  path: string[];
  local: string;
  star: boolean;
}

/** Expand a use tree into its names (groups, aliases, `self`, globs). */
function useNames(node: Node, prefix: string[], w: DeclarationWalker, out: UseName[]): void {
  switch (node.type) {
    case 'identifier':
    case 'crate':
    case 'self':
    case 'super':
    case 'scoped_identifier': {
      const chain = w.chain(node);
      if (chain === null) return;
      const path = [...prefix, ...chain.split('.')];
      if (path[path.length - 1] === 'self' && path.length > 1) path.pop();
      out.push({ path, local: path[path.length - 1]!, star: false });
      return;
    }
    case 'use_as_clause': {
      const chain = w.chain(node.childForFieldName('path'));
      const alias = node.childForFieldName('alias');
      if (chain === null || !alias) return;
      out.push({ path: [...prefix, ...chain.split('.')], local: w.textOf(alias), star: false });
      return;
    }
    case 'use_wildcard': {
      const inner = node.namedChildren[0];
      const chain = inner ? w.chain(inner) : null;
      out.push({ path: chain === null ? prefix : [...prefix, ...chain.split('.')], local: '*', star: true });
      return;
    }
    case 'scoped_use_list': {
      const pathNode = node.childForFieldName('path');
      const chain = pathNode ? w.chain(pathNode) : null;
      const list = node.childForFieldName('list');
      const next = chain === null ? prefix : [...prefix, ...chain.split('.')];
      if (list) useNames(list, next, w, out);
      return;
    }
    case 'use_list':
      for (const child of node.namedChildren) if (child) useNames(child, prefix, w, out);
      return;
    default:
      return;
  }
}

function readUse(node: Node, w: DeclarationWalker): void {
  const argument = node.childForFieldName('argument');
  if (!argument) return;
  const names: UseName[] = [];
  useNames(argument, [], w, names);
  const line = node.startPosition.row + 1;
  // Inline modules are read as the file's own: `super` inside `mod tests { }` is the file itself.
  let inline = 0;
  for (let parent = node.parent; parent; parent = parent.parent) if (parent.type === 'mod_item') inline++;
  for (const { path: written, local, star } of names) {
    let path = written;
    let supers = 0;
    while (supers < inline && path[supers] === 'super') supers++;
    if (supers > 0) path = ['self', ...path.slice(supers)];
    if (star) {
      w.addImport({ module: path.join('.'), name: '*', alias: null, localName: '*', line });
      continue;
    }
    const name = path[path.length - 1]!;
    w.addImport({ module: path.slice(0, -1).join('.'), name, alias: local === name ? null : local, localName: local, line });
  }
}

/** Calls and paths inside a macro's token tree (`format!("{}", f(x))`): identifiers followed by `(`. */
function macroCalls(node: Node, w: DeclarationWalker): void {
  const tree = node.namedChildren.find((c) => c?.type === 'token_tree');
  if (!tree) return;
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const current = stack.pop()!;
    const children = current.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (child.type === 'token_tree') {
        stack.push(child);
        continue;
      }
      if (child.type !== 'identifier' || children[i - 1]?.type === '.') continue;
      let name = w.textOf(child);
      let j = i + 1;
      while (children[j]?.type === '::' && children[j + 1]?.type === 'identifier') {
        name += `.${w.textOf(children[j + 1])}`;
        j += 2;
      }
      const next = children[j];
      const opens = next?.type === 'token_tree' ? w.textOf(next)[0] : '';
      // `f(x)` is a call, `Point { .. }` a struct literal (instantiate once resolved).
      const called = opens === '(' || (opens === '{' && /^\p{Lu}/u.test(name.slice(name.lastIndexOf('.') + 1)));
      w.reference(name, called ? 'call' : 'reference', child);
      i = j - 1;
    }
  }
}

export function extractRust(tree: Tree, file: { path: string; text: string }): FileIR {
  const walker = new DeclarationWalker(tree, file, 'rust');
  walker.docstring = leadingInnerDoc(tree.rootNode);
  return walker.walk(rules).finish();
}
