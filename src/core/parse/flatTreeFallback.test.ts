/**
 * @file A language whose first tree the flat reader does not read like the library stays on the
 * direct cursor for the rest of the thread (its own file: the verdict is kept per thread).
 */
import { expect, it } from 'vitest';
import { openCursor } from './fastCursor.ts';
import { FlatCursor, openFlatCursor } from './flatTree.ts';
import { nodeParsers } from '../languages/python/testParsers.ts';

it('leaves a language that fails the check on the direct cursor, asking once', async () => {
  const parsers = await nodeParsers();
  await parsers.load(['go', 'ruby']);
  const tree = parsers.parse('go', 'package a\nfunc F() {}\n');
  const other = parsers.parse('ruby', 'def f; end\n');
  try {
    let checks = 0;
    const refuse = () => {
      checks++;
      return false;
    };
    expect(openFlatCursor(tree, refuse)).toBeNull();
    expect(openFlatCursor(tree, refuse)).toBeNull();
    expect(checks).toBe(1);
    const cursor = openCursor(tree);
    expect(cursor).not.toBeInstanceOf(FlatCursor);
    expect(cursor.gotoFirstChild() && cursor.nodeType).toBe('package_clause');
    cursor.delete();
    const flat = openCursor(other);
    expect(flat).toBeInstanceOf(FlatCursor);
    flat.delete();
  } finally {
    tree.delete();
    other.delete();
  }
});
