/**
 * @file Numeric node-kind table for tree-sitter-python, built once per loaded Language.
 * The extractor walks with a TreeCursor and compares small integers instead of type strings;
 * field ids are never asked for (TreeCursor.currentFieldId is slow in web-tree-sitter), so roles
 * come from the parent kind, the child's named index and separator tokens (`=`, `in`, `:=` ...).
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Language } from 'web-tree-sitter';

/** Node kinds the extractor distinguishes; everything else is OTHER. */
export const Kind = {
  OTHER: 0,
  IDENTIFIER: 1,
  ATTRIBUTE: 2,
  CALL: 3,
  SUBSCRIPT: 4,
  KEYWORD_ARGUMENT: 5,
  STRING: 6,
  CONCATENATED_STRING: 7,
  COMMENT: 8,
  TYPE: 9,
  GENERIC_TYPE: 10,
  TYPE_PARAMETER: 11,
  DECORATOR: 12,
  DECORATED_DEFINITION: 13,
  FUNCTION_DEFINITION: 14,
  CLASS_DEFINITION: 15,
  PARAMETERS: 16,
  DEFAULT_PARAMETER: 17,
  TYPED_PARAMETER: 18,
  SPLAT_PARAMETER: 19,
  GLOBAL_STATEMENT: 20,
  NONLOCAL_STATEMENT: 21,
  ASSIGNMENT: 22,
  AUGMENTED_ASSIGNMENT: 23,
  FOR: 24,
  NAMED_EXPRESSION: 25,
  AS_PATTERN_TARGET: 26,
  EXPRESSION_STATEMENT: 28,
  IMPORT: 29,
  IF_STATEMENT: 30,
  ELSE_CLAUSE: 31,
  BLOCK: 32,
  ARGUMENT_LIST: 33,
  CASE_PATTERN: 34,
  CLASS_PATTERN: 35,
  DOTTED_NAME: 36,
  KEYWORD_PATTERN: 37,
  TYPE_ALIAS_STATEMENT: 38,
  MODULE: 39,
  LEAF: 40,
} as const;

/** Per type id bit flags. */
export const NAMED = 1;
/** No children worth visiting (tokens, literals, comments). */
export const LEAF = 2;
/** Anonymous separator token that ends the "target" part of its parent (`=`, `:`, `in`, `:=`, `+=` ...). */
export const SEPARATOR = 4;

export interface PythonGrammar {
  /** Kind per type id (65536 entries: ERROR is 65535). */
  kinds: Uint8Array;
  flags: Uint8Array;
}

const NAMED_KINDS: Record<string, number> = {
  identifier: Kind.IDENTIFIER,
  attribute: Kind.ATTRIBUTE,
  call: Kind.CALL,
  subscript: Kind.SUBSCRIPT,
  keyword_argument: Kind.KEYWORD_ARGUMENT,
  string: Kind.STRING,
  concatenated_string: Kind.CONCATENATED_STRING,
  comment: Kind.COMMENT,
  type: Kind.TYPE,
  generic_type: Kind.GENERIC_TYPE,
  type_parameter: Kind.TYPE_PARAMETER,
  decorator: Kind.DECORATOR,
  decorated_definition: Kind.DECORATED_DEFINITION,
  function_definition: Kind.FUNCTION_DEFINITION,
  class_definition: Kind.CLASS_DEFINITION,
  parameters: Kind.PARAMETERS,
  lambda_parameters: Kind.PARAMETERS,
  default_parameter: Kind.DEFAULT_PARAMETER,
  typed_default_parameter: Kind.DEFAULT_PARAMETER,
  typed_parameter: Kind.TYPED_PARAMETER,
  list_splat_pattern: Kind.SPLAT_PARAMETER,
  dictionary_splat_pattern: Kind.SPLAT_PARAMETER,
  global_statement: Kind.GLOBAL_STATEMENT,
  nonlocal_statement: Kind.NONLOCAL_STATEMENT,
  assignment: Kind.ASSIGNMENT,
  augmented_assignment: Kind.AUGMENTED_ASSIGNMENT,
  for_statement: Kind.FOR,
  for_in_clause: Kind.FOR,
  named_expression: Kind.NAMED_EXPRESSION,
  as_pattern_target: Kind.AS_PATTERN_TARGET,
  expression_statement: Kind.EXPRESSION_STATEMENT,
  import_statement: Kind.IMPORT,
  import_from_statement: Kind.IMPORT,
  future_import_statement: Kind.IMPORT,
  if_statement: Kind.IF_STATEMENT,
  else_clause: Kind.ELSE_CLAUSE,
  block: Kind.BLOCK,
  argument_list: Kind.ARGUMENT_LIST,
  case_pattern: Kind.CASE_PATTERN,
  class_pattern: Kind.CLASS_PATTERN,
  dotted_name: Kind.DOTTED_NAME,
  keyword_pattern: Kind.KEYWORD_PATTERN,
  type_alias_statement: Kind.TYPE_ALIAS_STATEMENT,
  module: Kind.MODULE,
};

/** Named nodes whose children never matter (literals, string pieces, comments). */
const LEAF_TYPES = new Set([
  'identifier', 'integer', 'float', 'true', 'false', 'none', 'ellipsis', 'comment', 'escape_sequence',
  'string_start', 'string_content', 'string_end', 'line_continuation', 'type_conversion',
  'escape_interpolation', 'positional_separator', 'keyword_separator', 'import_prefix', 'wildcard_import',
  'pass_statement', 'break_statement', 'continue_statement',
]);

const SEPARATORS = new Set([
  '=', ':', 'in', ':=', '+=', '-=', '*=', '/=', '@=', '//=', '%=', '**=', '>>=', '<<=', '&=', '^=', '|=',
]);

const ERROR_TYPE_ID = 65535;
const cache = new WeakMap<Language, PythonGrammar>();

/** The kind table for a loaded tree-sitter-python Language (cached). */
export function pythonGrammar(language: Language): PythonGrammar {
  const cached = cache.get(language);
  if (cached) return cached;
  const kinds = new Uint8Array(65536);
  const flags = new Uint8Array(65536);
  const types = language.types;
  for (let id = 0; id < types.length; id++) {
    const type = types[id];
    if (!type) continue;
    if (language.nodeTypeIsNamed(id)) {
      kinds[id] = NAMED_KINDS[type] ?? Kind.OTHER;
      flags[id] = NAMED | (LEAF_TYPES.has(type) ? LEAF : 0);
      if (kinds[id] === Kind.OTHER && LEAF_TYPES.has(type)) kinds[id] = Kind.LEAF;
    } else {
      kinds[id] = Kind.LEAF;
      flags[id] = LEAF | (SEPARATORS.has(type) ? SEPARATOR : 0);
    }
  }
  kinds[ERROR_TYPE_ID] = Kind.OTHER;
  flags[ERROR_TYPE_ID] = NAMED;
  const grammar = { kinds, flags };
  cache.set(language, grammar);
  return grammar;
}
