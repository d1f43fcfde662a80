/** @file Text helpers of the Python extractor (pure functions, no tree-sitter). */
import { describe, expect, it } from 'vitest';
import {
  cleanDoc, collapseWhitespace, countLines, docstringFromLiterals, dottedFolderName, headerSignature, isFollowedByParen,
  lineStarts, plainStringValue, readChain,
} from './pythonText.ts';

const header = (text: string) => headerSignature(text, 0, text.length);

describe('headerSignature', () => {
  it('stops at the first top-level colon and normalises whitespace', () => {
    expect(header('def add(self, a, b) -> int:\n    return a + b')).toBe('def add(self, a, b) -> int:');
    expect(header('class Scientific(Calculator):  # note: x\n    pass')).toBe('class Scientific(Calculator):');
    expect(header('def f(\n    a: int = {"k": 1},  # first\n    b=lambda x: x,\n) -> Dict[str, int]:\n')).toBe(
      'def f(a: int = {"k": 1}, b=lambda x: x,) -> Dict[str, int]:',
    );
    expect(header('async  def  g( x ) :')).toBe('async def g(x):');
    expect(header("def h(a='#:(', b=\"\"\")\"\"\"):")).toBe("def h(a='#:(', b=\"\"\")\"\"\"):");
    expect(header('def k(a, \\\n      b):')).toBe('def k(a, b):');
  });
});

describe('readChain', () => {
  it('reads the longest plain dotted chain', () => {
    expect(readChain('a.b.c()', 0)).toEqual({ name: 'a.b.c', end: 5 });
    expect(readChain('self . helper (x)', 0)).toEqual({ name: 'self.helper', end: 13 });
    expect(readChain('mod.f(x).g', 0).name).toBe('mod.f');
    expect(readChain('a[0].b', 0).name).toBe('a');
    expect(readChain('a\n.b', 0).name).toBe('a');
    expect(readChain('a.\\\n  b', 0).name).toBe('a.b');
    expect(readChain('x = 日本.語', 4).name).toBe('日本.語');
    expect(readChain('a.1', 0).name).toBe('a');
  });

  it('detects a following parenthesis on the same line only', () => {
    expect(isFollowedByParen('f (x)', 1)).toBe(true);
    expect(isFollowedByParen('f\n(x)', 1)).toBe(false);
    expect(isFollowedByParen('f[0]', 1)).toBe(false);
  });
});

describe('docstrings and strings', () => {
  it('cleanDoc follows inspect.cleandoc', () => {
    expect(cleanDoc('Summary.\n\n    Details\n      indented\n    ')).toBe('Summary.\n\nDetails\n  indented');
    expect(cleanDoc('\n    Starts on line two.\n    ')).toBe('Starts on line two.');
    expect(cleanDoc('Tabs\n\tindented')).toBe('Tabs\nindented');
    expect(cleanDoc('A\r\n  B\r\n')).toBe('A\nB');
  });

  it('docstringFromLiterals strips prefixes and quotes, rejects f/b strings', () => {
    expect(docstringFromLiterals(['"""Doc."""'])).toBe('Doc.');
    expect(docstringFromLiterals(["r'''Raw \\d.'''"])).toBe('Raw \\d.');
    expect(docstringFromLiterals(['"Part one, "', '"part two."'])).toBe('Part one, part two.');
    expect(docstringFromLiterals(['f"""{x}"""'])).toBeNull();
    expect(docstringFromLiterals(['b"bytes"'])).toBeNull();
    expect(docstringFromLiterals(['""""""'])).toBeNull();
  });

  it('plainStringValue', () => {
    expect(plainStringValue("'abc'")).toBe('abc');
    expect(plainStringValue('u"abc"')).toBe('abc');
    expect(plainStringValue('f"abc"')).toBeNull();
  });
});

describe('small helpers', () => {
  it('collapseWhitespace caps long text', () => {
    expect(collapseWhitespace('a =  {\n  1: 2\n}')).toBe('a = { 1: 2 }');
    expect(collapseWhitespace('x = ' + 'y'.repeat(500))).toHaveLength(204);
  });

  it('lineStarts and countLines', () => {
    expect(lineStarts('a\nb\r\nc')).toEqual([0, 2, 5]);
    expect(countLines('a\nb\n', lineStarts('a\nb\n'))).toBe(2);
    expect(countLines('', lineStarts(''))).toBe(0);
  });

  it('dottedFolderName', () => {
    expect(dottedFolderName('pkg/sub/mod.py')).toBe('pkg.sub');
    expect(dottedFolderName('mod.py')).toBe('');
    expect(dottedFolderName('./a/b.py')).toBe('a');
  });
});
