/**
 * @file Tests of the embed benchmark's sample: def blocks cut from Python text, even spread,
 * queries from names, reranker work.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { pickSpread, pythonFunctions, queryFromName, rerankWork, sampleStats } from './embedSample.ts';

const SOURCE = [
  'import os',
  '',
  '@decorator',
  'def top(a, b):',
  '    """Adds."""',
  '',
  '    return a + b',
  '',
  '',
  'class Box:',
  '    async def open(self):',
  '        def inner():',
  '            pass',
  '        return inner',
  '    x = 1',
  'def last(): return 1',
].join('\n');

describe('pythonFunctions', () => {
  it('cuts every def block by indentation, nested ones too, without trailing blank lines', () => {
    const found = pythonFunctions('pkg/mod.py', SOURCE);
    expect(found.map((f) => [f.name, f.where])).toEqual([
      ['top', 'pkg/mod.py:4'],
      ['open', 'pkg/mod.py:11'],
      ['inner', 'pkg/mod.py:12'],
      ['last', 'pkg/mod.py:16'],
    ]);
    expect(found[0]!.text).toBe('def top(a, b):\n    """Adds."""\n\n    return a + b');
    expect(found[1]!.text).toBe('    async def open(self):\n        def inner():\n            pass\n        return inner');
    expect(found[3]!.text).toBe('def last(): return 1');
  });

  it('caps the text at maxChars', () => {
    const long = `def f():\n    x = "${'a'.repeat(100)}"`;
    expect(pythonFunctions('a.py', long, 20)[0]!.text).toHaveLength(20);
  });
});

describe('pickSpread', () => {
  it('takes evenly spaced items, the first included', () => {
    expect(pickSpread([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 5)).toEqual([0, 2, 4, 6, 8]);
    expect(pickSpread([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 3)).toEqual([0, 3, 6]);
  });
  it('returns everything when asked for more, nothing for 0', () => {
    expect(pickSpread([1, 2], 5)).toEqual([1, 2]);
    expect(pickSpread([1, 2], 0)).toEqual([]);
  });
});

describe('queryFromName / rerankWork', () => {
  it('splits snake_case and camelCase into lower-case words', () => {
    expect(queryFromName('_parse_config')).toBe('parse config');
    expect(queryFromName('getUserId')).toBe('get user id');
    expect(queryFromName('__init__')).toBe('init');
  });

  it('builds queries from multi-word names and slides the documents over the sample', () => {
    const snippets = ['run', 'read_file', 'write_file', 'openUrl', 'close'].map((name, i) => ({ where: `f.py:${i}`, name, text: `text ${i}` }));
    const work = rerankWork(snippets, 2, 3);
    expect(work.map((w) => w.query)).toEqual(['read file', 'write file']);
    expect(work[0]!.docs).toEqual(['text 0', 'text 1', 'text 2']);
    expect(work[1]!.docs).toEqual(['text 3', 'text 4', 'text 0']);
    expect(rerankWork([], 2, 3)).toEqual([]);
  });

  it('sampleStats counts texts and characters', () => {
    expect(sampleStats(['ab', 'abcd'])).toEqual({ texts: 2, meanChars: 3, maxChars: 4 });
    expect(sampleStats([])).toEqual({ texts: 0, meanChars: 0, maxChars: 0 });
  });
});
