/**
 * @file FileIR: the per-file intermediate JSON of RANGER 3.2 (Stage 1 output).
 * One FileIR per source file, produced by a language extractor, consumed by the stitcher.
 * Plain data only (crosses worker boundaries by structured clone).
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Language } from '../ingest/types.ts';

export type EntityKind = 'Class' | 'Function' | 'Method' | 'Field' | 'GlobalVariable';

/** A definition inside the file. Module-level definitions have parent === null. */
export interface EntityIR {
  /** Index of this entity in FileIR.entities. */
  id: number;
  kind: EntityKind;
  name: string;
  /** Dotted path inside the module: 'Calculator.add', 'outer.inner'. */
  qualifiedName: string;
  /** id of the enclosing Class (for Method/Field) or Function (nested defs); null at module level. */
  parent: number | null;
  /** 1-based, inclusive; the range includes decorators. */
  startLine: number;
  endLine: number;
  signature: string;
  /**
   * The entity's source text, as the extractor cut it. It does not cross the worker boundary nor
   * go into storage: detachCode() replaces it with [codeStart, codeEnd), UTF-16 offsets into the
   * file's text, and the stitcher slices the text it already holds (entityCode()).
   */
  code?: string;
  codeStart?: number;
  codeEnd?: number;
  docstring: string | null;
  /** Class only: base class expressions as written ('Calculator', 'mod.Base', 'Generic[T]'). */
  bases?: string[];
  /** Whether the name is exported (TS/JS `export`, default export). Python: always undefined. */
  exported?: boolean;
  /**
   * A member defined away from its class (C++ `a::T::f` in another file than T, Go's method of a
   * type of another file): the qualifier as written ('a.T', 'Outer.Inner'), which the stitcher
   * resolves to the class whose members the body reads.
   */
  owner?: string;
  /**
   * Field / GlobalVariable of a statically typed language: its declared class type as written
   * ('Repository', 'store.Repo'; pointers, references and generic arguments dropped). The
   * stitcher reads a chain through it (`this.repo.save`) as a member of that type.
   */
  declaredType?: string;
  /**
   * Function / Method of a statically typed language: its declared class return type as written
   * ('Repo'; `Result<Repo, E>` and `Option<Repo>` read as Repo). A local built by calling it
   * (`x := NewRepo()`: ReferenceIR.receiver 'NewRepo()') reads its members through that type.
   */
  returnType?: string;
}

/**
 * Import placeholder (A.8 "Import (temporary)"). Lives only until the stitcher resolves it.
 * Python: `import a.b as c` -> {module:'a.b', name:null, alias:'c', localName:'c'};
 *         `import a.b` -> {module:'a.b', name:null, alias:null, localName:'a'};
 *         `from ..x import y as z` -> {module:'x', level:2, name:'y', alias:'z', localName:'z'};
 *         `from . import m` -> {module:'', level:1, name:'m', localName:'m'};
 *         `from x import *` -> {module:'x', name:'*', localName:'*'}.
 * TS/JS:  `import d, {a as b} from './x'` -> two: {module:'./x', name:'default', localName:'d'},
 *         {module:'./x', name:'a', alias:'b', localName:'b'}; `import * as ns from './x'` ->
 *         {module:'./x', name:null, localName:'ns'}; `require('./x')` bound to `x` -> name:null;
 *         `const {a} = require('./x')` -> name:'a'; side-effect `import './x'` -> name:null, localName:''.
 */
export interface ImportIR {
  localName: string;
  module: string;
  name: string | null;
  alias: string | null;
  /** Python relative level (number of leading dots); 0 for absolute and for TS/JS. */
  level: number;
  /** A.8's dotted_folder_name: the importing file's package, dotted ('pkg.sub'); '' at the root. */
  dottedFolderName: string;
  line: number;
  /** Inside `if TYPE_CHECKING:` or a type-only TS import: still resolved, flagged for the UI. */
  typeOnly?: boolean;
  /** Entity id enclosing the import when it is not at module level (function-local import). */
  scope: number | null;
}

/** TS/JS module exports. Python modules export their top-level bindings (see FileIR.all). */
export interface ExportIR {
  /** Name visible to importers ('default' for default exports, '*' for `export * from`). */
  exportedName: string;
  /** Local binding it refers to (entity name or import localName); null for re-exports. */
  localName: string | null;
  /** `export {a as b} from './x'` / `export * from './x'` / `export * as ns from './x'`. */
  fromModule?: string;
  /** Name in fromModule ('a', or '*' for star / namespace re-exports). */
  importedName?: string;
  line: number;
}

export type UseKind = 'call' | 'instantiate' | 'reference' | 'decorate' | 'annotate' | 'inherit';

/**
 * A name used inside an entity (or at module level when from === null), as written:
 * 'Calculator', 'base.format_result', 'self.helper', 'np.array'. The stitcher resolves the
 * first segment through local definitions and imports and walks the rest through members.
 * 'call' on a class becomes 'instantiate' once resolved.
 */
export interface ReferenceIR {
  from: number | null;
  name: string;
  kind: UseKind;
  line: number;
  /**
   * The chain starts at a local (parameter, variable) whose declared or constructed type this is
   * ('Repository'), or the call it was assigned from ('NewRepository()', 'Repo.find()': the
   * class called, or the callee's EntityIR.returnType): `name` stays as written ('repo.save') and
   * its segments after the first are members of that type. It counts only when it reaches one;
   * otherwise it is a local's read.
   */
  receiver?: string;
}

/**
 * A reference, always with the same fields in the same order (`receiver` undefined when it has
 * none): the walkers and the resolver read hundreds of thousands, and one object shape keeps V8
 * from deoptimizing them on a second one.
 */
export function referenceIR(from: number | null, name: string, kind: UseKind, line: number, receiver?: string): ReferenceIR {
  return { from, name, kind, line, receiver };
}

export interface SyntaxIssue {
  line: number;
  /** 1-based; 0 when the whole file failed (parser crash, timeout) and no position applies. */
  column: number;
  message: string;
}

export interface FileIR {
  path: string;
  language: Language;
  /** Total line count of the file. */
  lines: number;
  entities: EntityIR[];
  imports: ImportIR[];
  references: ReferenceIR[];
  exports: ExportIR[];
  /** Python `__all__` when statically readable; null when absent or dynamic. */
  all: string[] | null;
  /** Module docstring (Python) or leading JSDoc block (TS/JS). */
  docstring: string | null;
  /** ERROR / MISSING nodes from tree-sitter's recovery; non-empty means the file is flagged. */
  syntaxErrors: SyntaxIssue[];
  /** Java `package`, Go package clause, C# namespace (the file's first); absent or null elsewhere. */
  packageName?: string | null;
}

/** Any character outside ASCII: then UTF-16 offsets are not the code-point offsets DuckDB's substring counts. */
export const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Puts the FileIR in storage form, the one a parse worker posts back and file_irs keeps. An ASCII
 * file's entities keep only their offsets in `text` (no copy of the source; the node rows slice it
 * from files.text); a file with other characters keeps each entity's code and no offsets (the
 * stitcher then needs no text to tell them apart). The shipped extractors set the offsets where
 * they cut the code; for an entity without them, the code is looked up in the text (it starts on
 * the entity's first line, after any indentation), and an entity whose code is not found there
 * keeps it.
 */
export function detachCode(ir: FileIR, text: string): FileIR {
  if (NON_ASCII.test(text)) {
    for (const entity of ir.entities) {
      entity.code = entityCode(entity, text) ?? undefined;
      entity.codeStart = undefined;
      entity.codeEnd = undefined;
    }
    return ir;
  }
  let lineStarts: number[] | null = null;
  for (const entity of ir.entities) {
    const code = entity.code;
    if (code === undefined) continue;
    if (entity.codeStart !== undefined && entity.codeEnd !== undefined) {
      entity.code = undefined; // the extractor knew where it cut the code
      continue;
    }
    lineStarts ??= lineStartOffsets(text);
    const from = lineStarts[entity.startLine - 1] ?? 0;
    let indented = from;
    while (text.charCodeAt(indented) === 32 || text.charCodeAt(indented) === 9) indented++;
    const at = text.startsWith(code, indented) ? indented : text.indexOf(code, from);
    if (at < 0) continue;
    entity.codeStart = at;
    entity.codeEnd = at + code.length;
    entity.code = undefined;
  }
  return ir;
}

/** An entity's code: the string it carries, or its slice of the file's text (detachCode). */
export function entityCode(entity: EntityIR, text: string | undefined): string | null {
  if (entity.code !== undefined) return entity.code;
  if (entity.codeStart === undefined || entity.codeEnd === undefined || text === undefined) return null;
  return text.slice(entity.codeStart, entity.codeEnd);
}

function lineStartOffsets(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
