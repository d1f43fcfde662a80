/**
 * @file Graph rows exactly as stored in DuckDB (docs/schema.md, RANGER A.8 + CodeRAG).
 * Column names are a contract shared by the store, the CLI, the Cypher compiler and exports.
 * Runs in: everywhere. Layer src/core.
 */
import type { Language } from '../ingest/types.ts';

export type NodeId = number & { readonly __brand: 'NodeId' };

export const NODE_KINDS = ['Repo', 'Module', 'Class', 'Function', 'Method', 'Field', 'GlobalVariable'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

export const EDGE_TYPES = ['CONTAINS', 'HAS_METHOD', 'HAS_FIELD', 'INHERITS', 'USES', 'IMPORTS', 'SIMILAR'] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];

/** USES detail values (edges.detail); other edge types leave detail null (IMPORTS: the names). */
export type UsesDetail = 'call' | 'instantiate' | 'reference' | 'decorate' | 'annotate';

export interface NodeRow {
  id: number;
  kind: NodeKind;
  name: string;
  qualified_name: string;
  module_name: string | null;
  class_name: string | null;
  file_path: string | null;
  start_line: number | null;
  end_line: number | null;
  signature: string | null;
  code: string | null;
  /**
   * [code_start, code_end): code-point offsets of `code` in the file's text, set by the stitcher
   * for ASCII texts; the store then keeps the text once (node_rows + the nodes view).
   */
  code_start?: number | null;
  code_end?: number | null;
  docstring: string | null;
  description: string | null;
  member_descriptions: string | null;
  requirement: string | null;
  language: Language | null;
  local_name: string | null;
  import_name: string | null;
}

export interface EdgeRow {
  src: number;
  dst: number;
  type: EdgeType;
  detail: string | null;
}

export interface FileRow {
  path: string;
  language: Language;
  bytes: number;
  sha256: string;
  text: string;
}

/** An import that leaves the repo (stdlib, third party): counted, listed, never guessed. */
export interface UnresolvedRow {
  /** Module node id of the importing file. */
  src: number;
  name: string;
  module: string;
  alias: string | null;
}

/** Per-file flags shown in the UI (syntax errors, decoding notes). */
export interface FileIssueRow {
  path: string;
  kind: 'syntax' | 'decoding';
  line: number | null;
  message: string;
}

export interface Graph {
  nodes: NodeRow[];
  edges: EdgeRow[];
  unresolved: UnresolvedRow[];
}
