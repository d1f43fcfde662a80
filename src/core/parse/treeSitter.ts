/**
 * @file web-tree-sitter setup shared by every extractor: init, grammar loading, syntax issues,
 * the iterative pre-order cursor walk.
 * Environment-neutral: callers pass grammar bytes (Node: fs read; browser: fetched ?url asset).
 * Runs in: parse workers, Node. Layer src/core.
 */
import { Language as TsLanguage, Parser } from 'web-tree-sitter';
import type { Node, Tree } from 'web-tree-sitter';
import type { Language } from '../ingest/types.ts';
import { LANGUAGE_IDS } from '../languages/catalog.ts';
import type { SyntaxIssue } from './fileIR.ts';
import { openCursor, useBinding } from './fastCursor.ts';
import { useHeapBinding } from './flatTree.ts';
import type { SyntaxCursor } from './syntaxCursor.ts';

export type GrammarSource = Uint8Array | string;

export interface Parsers {
  /** Synchronous; the language's grammar must be loaded (preloaded or through load()). */
  parse(language: Language, text: string): Tree;
  /** Loads the grammars not loaded yet (each once). */
  load(languages: Iterable<Language>): Promise<void>;
}

let initialised: Promise<void> | null = null;

/** Initialise web-tree-sitter once per thread. `locateFile` is needed in the browser only. */
export function initTreeSitter(locateFile?: () => string): Promise<void> {
  // Emscripten makes the options object the module itself: the direct cursor calls its exports.
  const module = locateFile ? { locateFile } : {};
  initialised ??= Parser.init(module).then(() => {
    useBinding(module);
    useHeapBinding(module);
  });
  return initialised;
}

/**
 * One parser per language. `preload` grammars are ready on return; others load through
 * load() (workers load only what a batch needs: the TS/TSX grammars are large to compile).
 * Grammar file names come from the language catalog (languages/catalog.ts).
 */
export async function createParsers(
  grammars: (language: Language) => Promise<GrammarSource>,
  locateFile?: () => string,
  preload: readonly Language[] = LANGUAGE_IDS,
): Promise<Parsers> {
  await initTreeSitter(locateFile);
  const loaded = new Map<Language, Parser>();
  const pending = new Map<Language, Promise<void>>();
  const loadOne = (language: Language): Promise<void> => {
    let loading = pending.get(language);
    if (!loading) {
      loading = (async () => {
        const grammar = await TsLanguage.load(await grammars(language));
        const parser = new Parser();
        parser.setLanguage(grammar);
        loaded.set(language, parser);
      })();
      pending.set(language, loading);
    }
    return loading;
  };
  await Promise.all(preload.map(loadOne));
  return {
    async load(languages) {
      await Promise.all([...new Set(languages)].map(loadOne));
    },
    parse(language, text) {
      const parser = loaded.get(language);
      if (!parser) throw new Error(`No grammar loaded for ${language}`);
      const tree = parser.parse(text);
      if (!tree) throw new Error(`tree-sitter returned no tree for a ${language} file`);
      return tree;
    },
  };
}

/**
 * Pre-order walk with one TreeCursor and no recursion (deep nesting is safe): `visit` sees each
 * node once, at the cursor, and returns whether to go into its children; `done` ends it early.
 */
export function walkTree(tree: Tree, visit: (cursor: SyntaxCursor) => boolean, done?: () => boolean): void {
  walkCursor(openCursor(tree), visit, done);
}

/** walkTree's pre-order walk on a cursor already open (the direct one or the library's); deletes it. */
export function walkCursor(cursor: SyntaxCursor, visit: (cursor: SyntaxCursor) => boolean, done?: () => boolean): void {
  try {
    let descending = true;
    while (!done?.()) {
      if (descending && visit(cursor) && cursor.gotoFirstChild()) continue;
      if (cursor.gotoNextSibling()) {
        descending = true;
        continue;
      }
      if (!cursor.gotoParent()) break;
      descending = false;
    }
  } finally {
    cursor.delete();
  }
}

/** ERROR and MISSING nodes, iteratively (deeply nested trees must not overflow the stack). */
export function collectSyntaxIssues(tree: Tree, limit = 50): SyntaxIssue[] {
  const issues: SyntaxIssue[] = [];
  forEachSyntaxError(tree, (node) => issues.push(toIssue(node)), () => issues.length >= limit);
  return issues;
}

/**
 * How much of the text a tree could not read: the characters under its outermost ERROR nodes,
 * plus one per MISSING node (0 for a tree without errors). One error that swallows a file
 * weighs more than many small ones.
 */
export function errorExtent(tree: Tree): number {
  let extent = 0;
  forEachSyntaxError(tree, (node) => (extent += node.isMissing ? 1 : Math.max(1, node.endIndex - node.startIndex)));
  return extent;
}

/** Each outermost ERROR node and each MISSING node outside one, in document order, until `done`. */
function forEachSyntaxError(tree: Tree, visit: (node: Node) => void, done?: () => boolean): void {
  if (!tree.rootNode.hasError) return;
  walkTree(
    tree,
    (cursor) => {
      const node = cursor.currentNode;
      if (!node.isError && !node.isMissing) return node.hasError;
      visit(node);
      return false;
    },
    done,
  );
}

function toIssue(node: Node): SyntaxIssue {
  const message = node.isMissing ? `missing ${node.type}` : `unexpected ${JSON.stringify(node.text.slice(0, 40))}`;
  return { line: node.startPosition.row + 1, column: node.startPosition.column + 1, message };
}
