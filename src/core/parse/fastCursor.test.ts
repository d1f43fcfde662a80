/**
 * @file The direct cursor against web-tree-sitter's own TreeCursor: both walk the same real
 * files (the demo repo, the language fixtures, this folder's own sources, a file with syntax
 * errors) and must report the same node at every step, with library calls interleaved (a Node
 * read between two moves overwrites the wasm transfer buffer the cursor works through).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tree, TreeCursor } from 'web-tree-sitter';
import type { Language } from '../ingest/types.ts';
import { languageOf } from '../ingest/pathRules.ts';
import { fastCursorAvailable, openCursor } from './fastCursor.ts';
import type { SyntaxCursor } from './syntaxCursor.ts';
import { nodeParsers } from '../languages/python/testParsers.ts';
import { walkCursor } from './treeSitter.ts';
import { filesBelow } from '../../../test/filesBelow.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;

function filesUnder(folder: string): { path: string; language: Language }[] {
  return filesBelow(join(ROOT, folder)).flatMap((path) => {
    const language = languageOf(path);
    return language ? [{ path, language }] : [];
  });
}

/** One step's view of the cursor: everything the extractors read. */
function snapshot(cursor: SyntaxCursor | TreeCursor): string {
  return [cursor.nodeTypeId, cursor.nodeType, cursor.nodeIsNamed, cursor.nodeId, cursor.startIndex, cursor.endIndex].join(' ');
}

/** Pre-order walk; every 7th node also reads currentNode (a library call in between moves). */
function trace(cursor: SyntaxCursor | TreeCursor): string[] {
  const steps: string[] = [];
  walkCursor(cursor, (at) => {
    if (steps.length % 7 === 0) steps.push(`node ${at.currentNode.type} ${at.currentNode.text.length}`);
    steps.push(snapshot(at));
    return true;
  });
  return steps;
}

async function parse(language: Language, text: string): Promise<Tree> {
  const parsers = await nodeParsers();
  await parsers.load([language]);
  return parsers.parse(language, text);
}

describe('openCursor', () => {
  it('is the direct cursor once the parsers are set up', async () => {
    await nodeParsers();
    expect(fastCursorAvailable()).toBe(true);
  });

  const files = [...filesUnder('demo/shopkit'), ...filesUnder('test/fixtures/languages'), ...filesUnder('src/core/languages/python')];
  it.each(files.map((f) => [f.path.slice(ROOT.length), f.language] as const))('walks %s (%s) like the library cursor', async (path, language) => {
    const tree = await parse(language, readFileSync(join(ROOT, path), 'utf8'));
    try {
      expect(trace(openCursor(tree))).toEqual(trace(tree.walk()));
    } finally {
      tree.delete();
    }
  });

  it('walks a broken file and a subtree like the library cursor', async () => {
    const tree = await parse('python', 'def f(:\n    return [1, 2\nclass C(\n    x = é\n');
    try {
      expect(tree.rootNode.hasError).toBe(true);
      expect(trace(openCursor(tree))).toEqual(trace(tree.walk()));
      const inner = tree.rootNode.namedChildren[0]!;
      expect(trace(openCursor(inner))).toEqual(trace(inner.walk()));
    } finally {
      tree.delete();
    }
  });

  it('keeps two cursors apart (each carries its own state)', async () => {
    const tree = await parse('python', 'class A:\n    def f(self):\n        return g(1)\n');
    try {
      const a = openCursor(tree);
      const b = openCursor(tree);
      a.gotoFirstChild();
      a.gotoFirstChild();
      b.gotoFirstChild();
      expect(a.nodeType).toBe('class');
      expect(b.nodeType).toBe('class_definition');
      a.gotoNextSibling();
      expect(a.nodeType).toBe('identifier');
      expect(b.nodeType).toBe('class_definition');
      a.delete();
      b.delete();
    } finally {
      tree.delete();
    }
  });
});
