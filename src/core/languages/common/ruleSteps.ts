/**
 * @file The steps the Go, Rust, Java and C# WalkRules share: define what a `name` field names,
 * bind a local, and record names, calls, instantiations, dotted member uses and type or
 * annotation chains as references. Each
 * step works on a DeclarationWalker and returns what `visit` returns where that is fixed.
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node } from 'web-tree-sitter';
import type { UseKind } from '../../parse/fileIR.ts';
import type { DeclarationWalker, DefineOptions, DefinitionRole } from './declarationWalker.ts';

/** Define the entity `node`'s `name` field names (the name itself is not a use). */
export function defineNamed(w: DeclarationWalker, role: DefinitionRole, node: Node, options?: DefineOptions): void {
  const name = node.childForFieldName('name');
  w.skip(name);
  w.define(role, w.textOf(name), node, options);
}

/** As defineNamed, but nothing is defined when the node has no `name` field. */
export function defineIfNamed(w: DeclarationWalker, role: DefinitionRole, node: Node): void {
  const name = node.childForFieldName('name');
  w.skip(name);
  if (name) w.define(role, w.textOf(name), node);
}

/** A name bound inside the current function (parameter, pattern), of a declared `type` chain when known; not read as a use. */
export function bindLocal(w: DeclarationWalker, name: Node | null | undefined, type: string | null = null): void {
  if (!name) return;
  w.local(w.textOf(name), type);
  w.skip(name);
}

/** How a language writes a call: the callee field, and the member node whose `member` field is skipped when the callee is no plain chain. */
export interface CallShape {
  callee: string;
  memberType: string;
  member: string;
  /** Rewrite a chain before it is recorded (C# `base.` -> `super.`). */
  rename?: (chain: string) => string;
  /** The callee type written with a scope operator (Rust `a::f`): its head is never a local. */
  scoped?: string;
}

/** A call: its callee chain is a 'call' use; a callee like `f().g` skips only its member name. */
export function referenceCall(w: DeclarationWalker, node: Node, shape: CallShape): true {
  const callee = node.childForFieldName(shape.callee);
  const chain = w.chain(callee);
  if (chain !== null) {
    w.reference(shape.rename ? shape.rename(chain) : chain, 'call', node, callee?.type === shape.scoped);
    w.skip(callee);
  } else if (callee?.type === shape.memberType) w.skip(callee.childForFieldName(shape.member));
  return true;
}

/** An instantiation (`T{}`, `new T()`): the created type (`field`, read through `unwrap`) is a 'call' use. */
export function referenceCreated(w: DeclarationWalker, node: Node, field: string, unwrap?: (type: Node | null) => Node | null | undefined): true {
  const created = node.childForFieldName(field);
  const chain = w.chain(unwrap ? unwrap(created) : created);
  if (chain !== null) {
    w.reference(chain, 'call', node);
    w.skip(created);
  }
  return true;
}

/**
 * A dotted member use (`a.b.c`): one 'reference' to the whole chain and no visit inside (false);
 * when it is no plain chain the walk goes on inside (true), skipping the `member` field if given.
 */
export function referenceMember(w: DeclarationWalker, node: Node, member?: string, rename?: (chain: string) => string): boolean {
  const chain = w.chain(node);
  if (chain === null) {
    if (member !== undefined) w.skip(node.childForFieldName(member));
    return true;
  }
  w.reference(rename ? rename(chain) : chain, 'reference', node);
  return false;
}

/** A plain name: a 'reference' use; nothing inside to visit (false). */
export function referenceName(w: DeclarationWalker, node: Node): false {
  w.reference(w.textOf(node), 'reference', node);
  return false;
}

/**
 * A use of `kind` at `at` (a type name: 'annotate', an annotation: 'decorate') when `of` is a
 * plain chain other than `except`; nothing inside to visit (false).
 */
export function referenceChain(w: DeclarationWalker, of: Node | null, kind: UseKind, at: Node, except?: string): false {
  const chain = w.chain(of);
  if (chain !== null && chain !== except) w.reference(chain, kind, at);
  return false;
}
