/**
 * @file The cursor interface the extractors walk trees with, apart from its implementations
 * (fastCursor.ts, flatTree.ts), which both give it.
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node } from 'web-tree-sitter';

/** What the extractors use of a cursor; the library's TreeCursor has the same members. */
export interface SyntaxCursor {
  readonly nodeTypeId: number;
  readonly nodeType: string;
  readonly nodeIsNamed: boolean;
  readonly nodeId: number;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly currentNode: Node;
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
  delete(): void;
}
