/** @file Corpus listing, test-folder exclusion and the in-memory zip round trip (real fflate). */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusFrom, isTestPath, listFiles, parseableTexts, selectFiles, unzipCorpus, zipCorpus } from './corpus.ts';

const encode = (text: string) => new TextEncoder().encode(text);

describe('isTestPath', () => {
  it('looks at folders, not at the file name', () => {
    expect(isTestPath('test/test_os.py')).toBe(true);
    expect(isTestPath('lib2to3/tests/data/fixers/myfixes/fix_last.py')).toBe(true);
    expect(isTestPath('idlelib/idle_test/htest.py')).toBe(true);
    expect(isTestPath('unittest/case.py')).toBe(false);
    expect(isTestPath('test_support.py')).toBe(false);
    expect(isTestPath('doctest.py')).toBe(false);
  });
});

describe('selectFiles', () => {
  const files = [{ path: 'b.py' }, { path: 'test/t.py' }, { path: 'a.py' }, { path: 'c/tests/x.py' }];

  it('sorts by path, drops test folders with noTests and applies the limit afterwards', () => {
    expect(selectFiles(files, {}).map((f) => f.path)).toEqual(['a.py', 'b.py', 'c/tests/x.py', 'test/t.py']);
    expect(selectFiles(files, { noTests: true }).map((f) => f.path)).toEqual(['a.py', 'b.py']);
    expect(selectFiles(files, { noTests: true, limit: 1 }).map((f) => f.path)).toEqual(['a.py']);
  });
});

describe('folders and zips', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'corpus-test-'));
    const write = (path: string, text: string) => {
      mkdirSync(join(root, 'repo', path, '..'), { recursive: true });
      writeFileSync(join(root, 'repo', path), text);
    };
    write('pkg/__init__.py', 'from .mod import f\n');
    write('pkg/mod.py', 'def f():\n    return 1\n');
    write('pkg/tests/test_mod.py', 'from pkg.mod import f\n');
    write('pkg/__pycache__/mod.cpython-311.pyc', 'binary');
    write('web/app.ts', 'export const x = 1;\n');
    write('README.md', '# repo\n');
    symlinkSync(join(root, 'repo', 'pkg', 'mod.py'), join(root, 'repo', 'link.py'));
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists regular files, skipping __pycache__ and symlinks', () => {
    expect(listFiles(join(root, 'repo'))).toEqual([
      'README.md',
      'pkg/__init__.py',
      'pkg/mod.py',
      'pkg/tests/test_mod.py',
      'web/app.ts',
    ]);
  });

  it('zips a folder under its name and unzips it back without the top folder', () => {
    const corpus = corpusFrom(join(root, 'repo'), { noTests: true });
    expect(corpus.name).toBe('repo');
    const back = unzipCorpus(corpus.zip);
    expect(back.map((f) => f.path).sort()).toEqual(['README.md', 'pkg/__init__.py', 'pkg/mod.py', 'web/app.ts']);
    expect(new TextDecoder().decode(back.find((f) => f.path === 'pkg/mod.py')!.data)).toBe('def f():\n    return 1\n');
  });

  it('re-zips a zip only when files are dropped', () => {
    const zipPath = join(root, 'given.zip');
    const original = zipCorpus('given', [
      { path: 'a.py', data: encode('x = 1\n') },
      { path: 'test/b.py', data: encode('y = 2\n') },
    ]);
    writeFileSync(zipPath, original);
    expect(corpusFrom(zipPath).zip).toEqual(original);
    const filtered = corpusFrom(zipPath, { noTests: true });
    expect(filtered.files.map((f) => f.path)).toEqual(['a.py']);
    expect(unzipCorpus(filtered.zip).map((f) => f.path)).toEqual(['a.py']);
  });

  it('keeps only parseable files for the raw parse, with their language', () => {
    const texts = parseableTexts(corpusFrom(join(root, 'repo')).files);
    expect(texts.map((t) => [t.path, t.language])).toEqual([
      ['pkg/__init__.py', 'python'],
      ['pkg/mod.py', 'python'],
      ['pkg/tests/test_mod.py', 'python'],
      ['web/app.ts', 'typescript'],
    ]);
  });
});
