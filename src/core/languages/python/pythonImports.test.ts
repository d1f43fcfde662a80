/** @file Python imports and `__all__`: every statement form, TYPE_CHECKING, fallbacks, scopes. */
import { describe, expect, it } from 'vitest';
import importsText from '../../../../test/fixtures/python/imports.py?raw';
import type { ImportIR } from '../../parse/fileIR.ts';
import { parsePython } from './testParsers.ts';

type Short = [localName: string, module: string, name: string | null, alias: string | null, level: number, line: number];
const short = (i: ImportIR): Short => [i.localName, i.module, i.name, i.alias, i.level, i.line];

describe('imports fixture', () => {
  it('turns every form into ImportIR placeholders', async () => {
    const ir = await parsePython(importsText, 'pkg/sub/imports.py');
    expect(ir.imports.map(short)).toEqual([
      ['annotations', '__future__', 'annotations', null, 0, 2],
      ['os', 'os', null, null, 0, 4],
      ['os', 'os.path', null, null, 0, 5],
      ['ET', 'xml.etree.ElementTree', null, 'ET', 0, 6],
      ['json', 'json', null, null, 0, 7],
      ['regex', 're', null, 'regex', 0, 7],
      ['OrderedDict', 'collections', 'OrderedDict', null, 0, 8],
      ['Opt', 'typing', 'Optional', 'Opt', 0, 9],
      ['sibling', '', 'sibling', null, 1, 10],
      ['pm', '', 'parent_mod', 'pm', 2, 11],
      ['*', 'pkg.mod', '*', null, 2, 12],
      ['alpha', 'helpers', 'alpha', null, 1, 14],
      ['b', 'helpers', 'beta', 'b', 1, 15],
      ['gamma', 'helpers', 'gamma', null, 1, 16],
      ['TYPE_CHECKING', 'typing', 'TYPE_CHECKING', null, 0, 18],
      ['typing', 'typing', null, null, 0, 19],
      ['fastjson', 'ujson', null, 'fastjson', 0, 22],
      ['fastjson', 'json', null, 'fastjson', 0, 24],
      ['User', 'models', 'User', null, 0, 27],
      ['np', 'numpy', null, 'np', 0, 28],
      ['Group', 'models', 'Group', null, 0, 33],
      ['pickle', 'pickle', null, null, 0, 37],
      ['cache_get', 'cache', 'get', 'cache_get', 1, 38],
      ['shelve', 'shelve', null, null, 0, 43],
    ]);
    expect(ir.imports.every((i) => i.dottedFolderName === 'pkg.sub')).toBe(true);
  });

  it('flags imports under TYPE_CHECKING / typing.TYPE_CHECKING only', async () => {
    const ir = await parsePython(importsText, 'pkg/sub/imports.py');
    expect(ir.imports.filter((i) => i.typeOnly).map((i) => i.localName)).toEqual(['User', 'np', 'Group']);
    expect(ir.imports.filter((i) => 'typeOnly' in i && !i.typeOnly)).toEqual([]);
  });

  it('scopes function- and class-local imports to their entity', async () => {
    const ir = await parsePython(importsText, 'pkg/sub/imports.py');
    const load = ir.entities.find((e) => e.name === 'load')!.id;
    const holder = ir.entities.find((e) => e.name === 'Holder')!.id;
    const scopes = Object.fromEntries(ir.imports.map((i) => [i.localName, i.scope]));
    expect(scopes).toMatchObject({ pickle: load, cache_get: load, shelve: holder, os: null, User: null });
  });
});

describe('import details', () => {
  it('computes dottedFolderName from the file path', async () => {
    const folder = async (path: string) => (await parsePython('import x\n', path)).imports[0]!.dottedFolderName;
    expect(await folder('mod.py')).toBe('');
    expect(await folder('pkg/mod.py')).toBe('pkg');
    expect(await folder('src/pkg/sub/__init__.py')).toBe('src.pkg.sub');
  });

  it('handles not TYPE_CHECKING (else branch is type-only) and nested TYPE_CHECKING in functions', async () => {
    const ir = await parsePython(
      [
        'if not TYPE_CHECKING:',
        '    import runtime_only',
        'else:',
        '    import typed_only',
        'def f():',
        '    if TYPE_CHECKING:',
        '        from a import B',
        '    import c',
      ].join('\n'),
    );
    expect(ir.imports.map((i) => [i.localName, i.typeOnly ?? false, i.scope])).toEqual([
      ['runtime_only', false, null],
      ['typed_only', true, null],
      ['B', true, 0],
      ['c', false, 0],
    ]);
  });

  it('spaces and line continuations inside dotted names are dropped', async () => {
    const ir = await parsePython('from a . b import (c)\nimport x . y as z\nfrom . \\\n  mod import q\n');
    expect(ir.imports.map(short)).toEqual([
      ['c', 'a.b', 'c', null, 0, 1],
      ['z', 'x.y', null, 'z', 0, 2],
      ['q', 'mod', 'q', null, 1, 4],
    ]);
  });

  it('from ... import with three dots and no module', async () => {
    const ir = await parsePython('from ... import up\nfrom ...a.b import *\n');
    expect(ir.imports.map(short)).toEqual([
      ['up', '', 'up', null, 3, 1],
      ['*', 'a.b', '*', null, 3, 2],
    ]);
  });
});

describe('__all__', () => {
  const all = async (text: string) => (await parsePython(text)).all;

  it('reads static lists and tuples of string literals', async () => {
    expect(await all("__all__ = ['a', \"b\"]\n")).toEqual(['a', 'b']);
    expect(await all("__all__ = ('a',)\n")).toEqual(['a']);
    expect(await all('__all__ = []\n')).toEqual([]);
    expect(await all("__all__: list[str] = ['a']\n")).toEqual(['a']);
  });

  it('follows +=, extend, append and + of static lists', async () => {
    expect(await all("__all__ = ['a']\n__all__ += ['b']\n__all__.extend(('c', 'd'))\n__all__.append('e')\n")).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(await all("__all__ = ['a'] + ['b']\n")).toEqual(['a', 'b']);
    expect(await all("if X:\n    __all__ = ['a']\nelse:\n    __all__ = ['b']\n")).toEqual(['b']);
  });

  it('is null when absent or dynamic', async () => {
    expect(await all('x = 1\n')).toBeNull();
    expect(await all('__all__ = names()\n')).toBeNull();
    expect(await all("__all__ = ['a'] + other.__all__\n")).toBeNull();
    expect(await all("__all__ = ['a']\n__all__ += sub.__all__\n")).toBeNull();
    expect(await all("__all__ = [f'{x}']\n")).toBeNull();
    expect(await all("__all__ = ['a', name]\n")).toBeNull();
  });

  it('ignores __all__ inside functions and classes', async () => {
    expect(await all("def f():\n    __all__ = ['x']\nclass C:\n    __all__ = ['y']\n")).toBeNull();
  });
});
