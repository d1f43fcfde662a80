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
  code: string;
  docstring: string | null;
  /** Class only: base class expressions as written ('Calculator', 'mod.Base', 'Generic[T]'). */
  bases?: string[];
  /** Whether the name is exported (TS/JS `export`, default export). Python: always undefined. */
  exported?: boolean;
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
}

export interface SyntaxIssue {
  line: number;
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
