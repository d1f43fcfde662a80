/**
 * @file The flat tree reader against web-tree-sitter's own TreeCursor and Nodes: every language's
 * real files (the demo repo, the language fixtures, this folder's sources), broken and deeply
 * nested text, must give the same nodes in the same order, and the Nodes the flat cursor builds
 * must answer every Node question like the library's own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Node, Tree } from 'web-tree-sitter';
import type { Language } from '../ingest/types.ts';
import { languageOf } from '../ingest/pathRules.ts';
import { LANGUAGE_IDS } from '../languages/catalog.ts';
import { openCursor } from './fastCursor.ts';
import type { SyntaxCursor } from './syntaxCursor.ts';
import { FlatCursor } from './flatTree.ts';
import { nodeParsers } from '../languages/python/testParsers.ts';
import { walkCursor } from './treeSitter.ts';
import { filesBelow } from '../../../test/filesBelow.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;

async function parse(language: Language, text: string): Promise<Tree> {
  const parsers = await nodeParsers();
  await parsers.load([language]);
  return parsers.parse(language, text);
}

/** Everything a caller can ask a Node, in one line. */
function describeNode(node: Node): string {
  const field = node.parent ? node.parent.children.findIndex((c) => c?.id === node.id) : -1;
  return [
    node.id,
    node.typeId,
    node.type,
    node.isNamed,
    node.isMissing,
    node.startIndex,
    node.endIndex,
    `${node.startPosition.row}:${node.startPosition.column}`,
    `${node.endPosition.row}:${node.endPosition.column}`,
    node.childCount,
    node.namedChildCount,
    node.parent?.type ?? '-',
    field >= 0 ? (node.parent!.fieldNameForChild(field) ?? '-') : '-',
    node.text.length,
  ].join(' ');
}

/** Pre-order walk: each step's cursor reads and its Node. */
function trace(cursor: SyntaxCursor): string[] {
  const steps: string[] = [];
  walkCursor(cursor, (at) => {
    steps.push(`${at.nodeTypeId} ${at.nodeType} ${at.nodeIsNamed} ${at.nodeId} ${at.startIndex} ${at.endIndex} | ${describeNode(at.currentNode)}`);
    return true;
  });
  return steps;
}

async function expectLikeLibrary(language: Language, text: string): Promise<void> {
  const tree = await parse(language, text);
  try {
    const flat = openCursor(tree);
    expect(flat).toBeInstanceOf(FlatCursor);
    expect(trace(flat)).toEqual(trace(tree.walk()));
  } finally {
    tree.delete();
  }
}

const SAMPLES: Record<Language, string> = {
  python: 'class A(B):\n    @d\n    def f(self, x: "T" = 1) -> int:\n        """doc"""\n        return g(x)[0]\n',
  javascript: 'export function f(a) { return <div a="b">{a}</div>; }\n// c\n',
  typescript: 'export class A<T> extends B { f(x?: T): number { return g(x as any) ?? 1; } }\n',
  tsx: 'const a = <A b="c">{d}</A>;\n',
  java: 'package p;\nclass A { @Override int f() { return g(1); } }\n',
  go: 'package a\n\nfunc (r *R) F() (int, error) { return g(1), nil }\n',
  rust: 'use a::b;\nimpl A { fn f(&self) -> Option<u8> { g!(1); None } }\n',
  csharp: 'namespace N { class A { int F() => G(1); } }\n',
  cpp: '#include <x>\ntemplate<class T> class A : B { int f() const { return g<T>(1); } };\n',
  php: '<?php\nnamespace N;\nclass A { function f(): ?B { return g(1); } }\n',
  ruby: "class A < B\n  def f(x)\n    g(x) { |y| y }\n  end\nend\n",
};

describe('the flat tree reader', () => {
  it.each(LANGUAGE_IDS.map((language) => [language] as const))('reads a %s tree like the library', async (language) => {
    await expectLikeLibrary(language, SAMPLES[language]);
  });

  const files = ['demo/shopkit', 'test/fixtures/languages', 'src/core/languages/python'].flatMap((folder) =>
    filesBelow(join(ROOT, folder)).flatMap((path) => {
      const language = languageOf(path);
      return language ? [[path.slice(ROOT.length), language] as const] : [];
    }),
  );
  it.each(files)('reads %s (%s) like the library', async (path, language) => {
    await expectLikeLibrary(language, readFileSync(join(ROOT, path), 'utf8'));
  });

  it('reads broken text, MISSING nodes and non-ASCII positions like the library', async () => {
    await expectLikeLibrary('python', 'def f(:\n    return [1, 2\nclass C(\n    x = "é😀" + y\n');
    await expectLikeLibrary('java', 'class A { void f( { int x = ; } \n');
    await expectLikeLibrary('cpp', 'int main() { return (1 + ; }\n');
  });

  it('reads an empty file, a lone comment and text that is all error like the library', async () => {
    await expectLikeLibrary('python', '');
    await expectLikeLibrary('python', '# only a comment');
    await expectLikeLibrary('java', ')))(((');
    await expectLikeLibrary('cpp', '\u0000\u0001 }}}');
    await expectLikeLibrary('ruby', '\n\n\n');
  });

  it('reads 1,000-deep nesting (its own stack grows) like the library', async () => {
    await expectLikeLibrary('python', `x = ${'['.repeat(1000)}1${']'.repeat(1000)}\n`);
  });

  it('gives each open cursor its own arrays, and reuses them once deleted', async () => {
    const one = await parse('python', 'a = 1\nb = 2\n');
    const two = await parse('python', 'class C:\n    pass\n');
    try {
      const a = openCursor(one);
      const b = openCursor(two);
      a.gotoFirstChild();
      b.gotoFirstChild();
      expect(a.nodeType).toBe('expression_statement');
      expect(b.nodeType).toBe('class_definition');
      expect(a.gotoNextSibling()).toBe(true);
      expect(a.currentNode.text).toBe('b = 2');
      a.delete();
      const c = openCursor(two);
      expect(c.gotoFirstChild() && c.gotoFirstChild()).toBe(true);
      expect(c.nodeType).toBe('class');
      expect(b.currentNode.text).toBe('class C:\n    pass');
      b.delete();
      c.delete();
    } finally {
      one.delete();
      two.delete();
    }
  });
});
