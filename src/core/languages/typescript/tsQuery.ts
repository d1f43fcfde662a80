/**
 * @file The one tree-sitter query the TS/JS extractor runs per file, and what each pattern means.
 * Every pattern has exactly one capture; a match is identified by its pattern index, whose
 * meaning (`Cap`) is looked up in a table built with the query. A query runs in C (wasm) and is
 * several times faster than stepping a TreeCursor from JS, which is why extraction is query-first.
 * Captures cost time and memory, so frequent facts that the text shows directly are not captured:
 * member chains (`a.b.c`) and plain calls are read forward from their head (tsChains.ts).
 * Runs in: parse workers, Node. Layer src/core.
 */
import { Query } from 'web-tree-sitter';
import type { Language } from 'web-tree-sitter';

export type Dialect = 'javascript' | 'typescript' | 'tsx';

/** What a capture is for. Numbers (not strings) so the hot loop switches on small ints. */
export const Cap = {
  // Structures: processed in document order with a stack of open ranges.
  Class: 1,
  ClassExpr: 2,
  Interface: 3,
  Enum: 4,
  TypeAlias: 5,
  Function: 6,
  FunctionSig: 7,
  FunctionExpr: 8,
  Method: 9,
  MethodSig: 10,
  Field: 11,
  PropertySig: 12,
  EnumMember: 13,
  Namespace: 14,
  Vars: 15,
  Export: 16,
  Import: 17,
  StringCall: 18,
  DynamicImport: 19,
  BlockScope: 20,
  StaticBlock: 21,
  ParamProperty: 22,
  // Pre-pass only: facts keyed by position, read while structures and names are processed.
  DeclaredFunction: 30,
  Wrapper: 31,
  AssignLeft: 32,
  Decorator: 33,
  RoleCall: 40,
  RoleNew: 41,
  RoleDecorate: 42,
  RoleInherit: 43,
  RoleJsx: 44,
  NonRead: 50,
  // Names, in document order.
  Bind: 60,
  ReadId: 61,
  ReadThis: 62,
  ReadType: 63,
  ReadTypeChain: 64,
} as const;
export type CapCode = (typeof Cap)[keyof typeof Cap];

type Where = 'all' | 'ts' | 'js' | 'jsx';

/** `[(a name: (_) @c) (b name: (_) @c)]`: the name child of any of these node types. */
function nameOf(types: string[]): string {
  return `[${types.map((type) => `(${type} name: (_) @c)`).join(' ')}]`;
}

/** [capture meaning, dialects, pattern]. Patterns use the single capture name @c. */
const PATTERNS: readonly [CapCode, Where, string][] = [
  [Cap.Class, 'all', '(class_declaration) @c'],
  [Cap.Class, 'ts', '(abstract_class_declaration) @c'],
  [Cap.ClassExpr, 'all', '(class) @c'],
  [Cap.Interface, 'ts', '(interface_declaration) @c'],
  [Cap.Enum, 'ts', '(enum_declaration) @c'],
  [Cap.TypeAlias, 'ts', '(type_alias_declaration) @c'],
  [Cap.Function, 'all', '[(function_declaration) (generator_function_declaration)] @c'],
  [Cap.FunctionSig, 'ts', '(function_signature) @c'],
  [Cap.FunctionExpr, 'all', '[(function_expression) (generator_function) (arrow_function)] @c'],
  [Cap.Method, 'all', '(method_definition) @c'],
  [Cap.MethodSig, 'ts', '[(method_signature) (abstract_method_signature)] @c'],
  [Cap.Field, 'ts', '(public_field_definition) @c'],
  [Cap.Field, 'js', '(field_definition) @c'],
  [Cap.PropertySig, 'ts', '(property_signature) @c'],
  [Cap.EnumMember, 'ts', '(enum_body (property_identifier) @c)'],
  [Cap.EnumMember, 'ts', '(enum_assignment) @c'],
  [Cap.Namespace, 'ts', '[(internal_module) (module)] @c'],
  [Cap.Vars, 'all', '[(lexical_declaration) (variable_declaration)] @c'],
  [Cap.Export, 'all', '(export_statement) @c'],
  [Cap.Import, 'all', '(import_statement) @c'],
  [Cap.StringCall, 'all', '(call_expression function: (identifier) arguments: (arguments . (string) .)) @c'],
  [Cap.DynamicImport, 'all', '(call_expression function: (import)) @c'],
  [Cap.BlockScope, 'all', '[(for_statement) (for_in_statement) (catch_clause)] @c'],
  [Cap.StaticBlock, 'all', '(class_static_block) @c'],
  [Cap.ParamProperty, 'ts', '[(required_parameter (accessibility_modifier)) (optional_parameter (accessibility_modifier))] @c'],
  [Cap.ParamProperty, 'ts', '[(required_parameter "readonly") (optional_parameter "readonly")] @c'],
  [Cap.ParamProperty, 'ts', '[(required_parameter (override_modifier)) (optional_parameter (override_modifier))] @c'],

  [Cap.DeclaredFunction, 'all',
    '(variable_declarator name: (identifier) value: [(arrow_function) (function_expression) (generator_function) (class)]) @c'],
  [Cap.Wrapper, 'ts', '(ambient_declaration) @c'],
  [Cap.AssignLeft, 'all', '(assignment_expression left: (member_expression) @c)'],
  [Cap.Decorator, 'all', '(decorator) @c'],

  // Other calls are recognised by the '(' after the callee (cheaper than a capture per call).
  [Cap.RoleCall, 'ts', '(call_expression function: (_) @c type_arguments: (_))'],
  [Cap.RoleNew, 'all', '(new_expression constructor: (_) @c)'],
  [Cap.RoleDecorate, 'all', '(decorator [(identifier) (member_expression)] @c)'],
  [Cap.RoleDecorate, 'all', '(decorator (call_expression function: (_) @c))'],
  [Cap.RoleInherit, 'js', '(class_heritage (_) @c)'],
  [Cap.RoleInherit, 'ts', '(extends_clause value: (_) @c)'],
  [Cap.RoleInherit, 'ts', '(implements_clause [(type_identifier) (nested_type_identifier)] @c)'],
  [Cap.RoleInherit, 'ts', '(implements_clause (generic_type name: (_) @c))'],
  [Cap.RoleInherit, 'ts', '(extends_type_clause type: [(type_identifier) (nested_type_identifier)] @c)'],
  [Cap.RoleInherit, 'ts', '(extends_type_clause type: (generic_type name: (_) @c))'],
  [Cap.RoleJsx, 'jsx', '(jsx_opening_element name: (_) @c)'],
  [Cap.RoleJsx, 'jsx', '(jsx_self_closing_element name: (_) @c)'],

  [Cap.NonRead, 'all',
    nameOf(['function_declaration', 'generator_function_declaration', 'function_expression', 'generator_function', 'class_declaration', 'class'])],
  [Cap.NonRead, 'ts',
    nameOf(['function_signature', 'abstract_class_declaration', 'interface_declaration', 'type_alias_declaration', 'enum_declaration', 'internal_module', 'type_predicate'])],
  [Cap.NonRead, 'all', '(import_clause (identifier) @c)'],
  [Cap.NonRead, 'all', '[(import_specifier name: (_) @c) (import_specifier alias: (_) @c)]'],
  [Cap.NonRead, 'all', '(namespace_import (identifier) @c)'],
  [Cap.NonRead, 'all', '[(export_specifier name: (_) @c) (export_specifier alias: (_) @c)]'],
  [Cap.NonRead, 'all', '(namespace_export (identifier) @c)'],
  [Cap.NonRead, 'ts', '(import_require_clause (identifier) @c)'],
  [Cap.NonRead, 'ts', '(import_alias . (identifier) @c)'],
  [Cap.NonRead, 'ts', '(nested_identifier (identifier) @c)'],
  [Cap.NonRead, 'ts', '[(nested_type_identifier module: (identifier) @c) (nested_type_identifier name: (type_identifier) @c)]'],
  [Cap.NonRead, 'jsx', '(jsx_closing_element name: (identifier) @c)'],
  [Cap.NonRead, 'jsx', '(jsx_namespace_name (identifier) @c)'],

  [Cap.Bind, 'all', '(variable_declarator name: (identifier) @c)'],
  [Cap.Bind, 'js', '(formal_parameters (identifier) @c)'],
  [Cap.Bind, 'ts', '[(required_parameter pattern: (identifier) @c) (optional_parameter pattern: (identifier) @c)]'],
  [Cap.Bind, 'all', '(arrow_function parameter: (identifier) @c)'],
  [Cap.Bind, 'all', '(catch_clause parameter: (identifier) @c)'],
  [Cap.Bind, 'all', '(for_in_statement left: (identifier) @c)'],
  [Cap.Bind, 'all', '(shorthand_property_identifier_pattern) @c'],
  [Cap.Bind, 'all', '(pair_pattern value: (identifier) @c)'],
  [Cap.Bind, 'all', '(array_pattern (identifier) @c)'],
  [Cap.Bind, 'all', '(rest_pattern (identifier) @c)'],
  [Cap.Bind, 'all', '(assignment_pattern left: (identifier) @c)'],
  [Cap.Bind, 'ts', '(type_parameter name: (type_identifier) @c)'],
  [Cap.Bind, 'ts', '(infer_type (type_identifier) @c)'],
  [Cap.Bind, 'ts', '(mapped_type_clause name: (type_identifier) @c)'],
  [Cap.Bind, 'ts', '(index_signature name: (identifier) @c)'],

  [Cap.ReadId, 'all', '[(identifier) (shorthand_property_identifier)] @c'],
  [Cap.ReadThis, 'all', '[(this) (super)] @c'],
  [Cap.ReadType, 'ts', '(type_identifier) @c'],
  [Cap.ReadTypeChain, 'ts', '(nested_type_identifier) @c'],
];

export interface CompiledQuery {
  query: Query;
  /** Capture meaning by pattern index. */
  meaning: Uint8Array;
}

const cache = new WeakMap<Language, CompiledQuery>();

function included(where: Where, dialect: Dialect): boolean {
  if (where === 'all') return true;
  if (where === 'ts') return dialect !== 'javascript';
  if (where === 'js') return dialect === 'javascript';
  return dialect !== 'typescript'; // 'jsx': javascript and tsx grammars both parse JSX
}

/** The compiled query for a grammar (compiled once per Language object). */
export function extractionQuery(language: Language, dialect: Dialect): CompiledQuery {
  const hit = cache.get(language);
  if (hit) return hit;
  const chosen = PATTERNS.filter(([, where]) => included(where, dialect));
  const query = new Query(language, chosen.map(([, , pattern]) => pattern).join('\n'));
  const meaning = new Uint8Array(chosen.length);
  chosen.forEach(([code], index) => (meaning[index] = code));
  const compiled = { query, meaning };
  cache.set(language, compiled);
  return compiled;
}
