/**
 * @file Open ranges (frames) during the TS/JS extractor's document-order sweep, and the cheap
 * scope analysis behind references: names bound in a function (parameters, locals, catch and
 * loop variables, type parameters) hide reads of those names in it and in its nested scopes.
 * Reads are resolved after the sweep, so hoisted and later-declared locals count too.
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { ReferenceIR, UseKind } from '../../parse/fileIR.ts';
import { isGlobalName } from './tsBuiltins.ts';

/** A scope that binds names (function, block, class for its type parameters). */
export interface Scope {
  locals: Set<string> | null;
  /** Names bound by a function-local require() / import(): reads of them are kept (imports resolve). */
  imported: Set<string> | null;
  parent: Scope | null;
}

/** An open range in the sweep. Frames nest; the innermost is on top of the stack. */
export interface Frame {
  /** Exclusive end index of the range. */
  end: number;
  /** The entity this frame is (-1: none); `entity` is the nearest one, itself or inherited. */
  own: number;
  entity: number;
  scope: Scope | null;
  /** Class whose instance `this` is here (-1: none). Arrow functions and blocks inherit it. */
  thisClass: number;
  /** Direct members (methods, fields, nested declarations) become entities of `own`. */
  members: boolean;
  /** A TS namespace / ambient module: its variables are Fields, its exports are not the file's. */
  namespace: boolean;
}

export interface FrameInit {
  end: number;
  own?: number;
  isScope?: boolean;
  /** undefined: inherit from the parent frame. */
  thisClass?: number;
  members?: boolean;
  namespace?: boolean;
}

/** Make a frame nested in `parent` (null at module level). */
export function makeFrame(parent: Frame | null, init: FrameInit): Frame {
  const own = init.own ?? -1;
  const parentScope = parent ? parent.scope : null;
  return {
    end: init.end,
    own,
    entity: own >= 0 ? own : parent ? parent.entity : -1,
    scope: init.isScope ? { locals: null, imported: null, parent: parentScope } : parentScope,
    thisClass: init.thisClass ?? (parent ? parent.thisClass : -1),
    members: init.members ?? false,
    namespace: init.namespace ?? false,
  };
}

/** Bind a name in the frame's scope (ignored at module level: module names are never hidden). */
export function bindName(frame: Frame | null, name: string): void {
  const scope = frame?.scope;
  if (!scope || name === '') return;
  (scope.locals ??= new Set()).add(name);
}

/** Mark a name bound in the frame's scope as an import binding (not a hiding local). */
export function bindImported(frame: Frame | null, name: string): void {
  const scope = frame?.scope;
  if (!scope || name === '') return;
  (scope.imported ??= new Set()).add(name);
}

interface PendingRead {
  scope: Scope | null;
  from: number;
  name: string;
  head: string;
  kind: UseKind;
  line: number;
}

/** Reads seen during the sweep, turned into ReferenceIRs once every binding is known. */
export class PendingReferences {
  private readonly reads: PendingRead[] = [];

  add(frame: Frame | null, name: string, head: string, kind: UseKind, line: number): void {
    this.reads.push({ scope: frame ? frame.scope : null, from: frame ? frame.entity : -1, name, head, kind, line });
  }

  /**
   * Drop reads of locals and of runtime globals (unless `moduleNames` binds the name), dedupe
   * on (from, name, kind) keeping the first line.
   */
  resolve(moduleNames: ReadonlySet<string>): ReferenceIR[] {
    const seen = new Set<string>();
    const references: ReferenceIR[] = [];
    for (const read of this.reads) {
      if (read.head !== 'this' && read.head !== 'super') {
        if (isLocal(read.scope, read.head)) continue;
        if (!moduleNames.has(read.head) && isGlobalName(read.head, read.kind === 'annotate' || read.kind === 'inherit')) continue;
      }
      const from = read.from >= 0 ? read.from : null;
      const key = `${from ?? ''}\u0000${read.kind}\u0000${read.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      references.push({ from, name: read.name, kind: read.kind, line: read.line });
    }
    return references;
  }
}

function isLocal(scope: Scope | null, head: string): boolean {
  for (let current = scope; current; current = current.parent) {
    if (current.imported && current.imported.has(head)) return false;
    if (current.locals && current.locals.has(head)) return true;
  }
  return false;
}
