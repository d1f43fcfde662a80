/** @file Python extractor: the RANGER A.2 example and every entity kind, on real tree-sitter. */
import { describe, expect, it } from 'vitest';
import baseText from '../../../../test/fixtures/python/a2/base.py?raw';
import extendedText from '../../../../test/fixtures/python/a2/extended.py?raw';
import entitiesText from '../../../../test/fixtures/python/entities.py?raw';
import type { EntityIR, FileIR } from '../../parse/fileIR.ts';
import { parsePython } from './testParsers.ts';

function summary(ir: FileIR) {
  return ir.entities.map((e) => [e.kind, e.qualifiedName, e.parent === null ? null : ir.entities[e.parent]!.qualifiedName]);
}

function entity(ir: FileIR, qualifiedName: string): EntityIR {
  const found = ir.entities.find((e) => e.qualifiedName === qualifiedName);
  if (!found) throw new Error(`no entity ${qualifiedName}`);
  return found;
}

function uses(ir: FileIR) {
  return ir.references.map((r) => [r.from === null ? null : ir.entities[r.from]!.qualifiedName, r.kind, r.name]);
}

describe('RANGER A.2 example', () => {
  it('base.py: Calculator with add/multiply, format_result, global precision', async () => {
    const ir = await parsePython(baseText, 'base.py');
    expect(summary(ir)).toEqual([
      ['GlobalVariable', 'precision', null],
      ['Class', 'Calculator', null],
      ['Method', 'Calculator.add', 'Calculator'],
      ['Method', 'Calculator.multiply', 'Calculator'],
      ['Function', 'format_result', null],
    ]);
    expect(ir.imports).toEqual([]);
    expect(uses(ir)).toEqual([['format_result', 'reference', 'precision']]);
    expect(ir.docstring).toBe('Basic arithmetic helpers.');
    expect(ir.language).toBe('python');
    expect(ir.lines).toBe(19);
    expect(ir.syntaxErrors).toEqual([]);
    const add = entity(ir, 'Calculator.add');
    expect(add).toMatchObject({
      name: 'add',
      signature: 'def add(self, a, b):',
      docstring: 'Return the sum of a and b.',
      startLine: 9,
      endLine: 11,
    });
    expect(add.code).toBe('def add(self, a, b):\n        """Return the sum of a and b."""\n        return a + b');
    expect(entity(ir, 'Calculator')).toMatchObject({ signature: 'class Calculator:', bases: [], startLine: 6, endLine: 14 });
    expect(entity(ir, 'precision')).toMatchObject({ code: 'precision = 2', signature: 'precision = 2', startLine: 3, endLine: 3 });
  });

  it('extended.py: imports from base, Scientific(Calculator), quick_add uses Calculator', async () => {
    const ir = await parsePython(extendedText, 'extended.py');
    expect(summary(ir)).toEqual([
      ['Class', 'Scientific', null],
      ['Method', 'Scientific.divide', 'Scientific'],
      ['Function', 'quick_add', null],
      ['Function', 'demo', null],
    ]);
    expect(ir.imports).toEqual(
      ['Calculator', 'format_result', 'precision'].map((name) => ({
        localName: name, module: 'base', name, alias: null, level: 0, dottedFolderName: '', line: 1, scope: null,
      })),
    );
    expect(uses(ir)).toEqual([
      ['Scientific', 'inherit', 'Calculator'],
      ['Scientific.divide', 'call', 'format_result'],
      ['quick_add', 'call', 'Calculator'],
      ['quick_add', 'call', 'calc.add'], // through the class calc is built as
      ['demo', 'call', 'Scientific'],
      ['demo', 'call', 'format_result'],
      ['demo', 'call', 'sci.divide'],
      ['demo', 'reference', 'precision'],
      ['demo', 'call', 'quick_add'],
    ]);
    expect(entity(ir, 'Scientific').bases).toEqual(['Calculator']);
    expect(ir.references.find((r) => r.name === 'calc.add')?.receiver).toBe('Calculator');
    expect(ir.references.find((r) => r.name === 'Calculator' && r.kind === 'call')?.line).toBe(14);
  });
});

describe('entities', () => {
  it('extracts every kind from the entities fixture', async () => {
    const ir = await parsePython(entitiesText, 'pkg/entities.py');
    expect(summary(ir)).toEqual([
      ['GlobalVariable', 'T', null],
      ['GlobalVariable', 'A', null],
      ['GlobalVariable', 'B', null],
      ['GlobalVariable', '__all__', null],
      ['GlobalVariable', 'FAST', null],
      ['Function', 'accelerate', null],
      ['Function', 'accelerate', null],
      ['Class', 'Box', null],
      ['Field', 'Box.capacity', 'Box'],
      ['Field', 'Box.label', 'Box'],
      ['Field', 'Box.mode', 'Box'],
      ['Method', 'Box.__init__', 'Box'],
      ['Field', 'Box.value', 'Box'],
      ['Field', 'Box.count', 'Box'],
      ['Field', 'Box.flag', 'Box'],
      ['Method', 'Box.make', 'Box'],
      ['Method', 'Box.empty', 'Box'],
      ['Field', 'Box.instances', 'Box'],
      ['Method', 'Box.size', 'Box'],
      ['Method', 'Box.fetch', 'Box'],
      ['Function', 'Box.fetch.parse', 'Box.fetch'],
      ['Class', 'Box.Meta', 'Box'],
      ['Field', 'Box.Meta.ordering', 'Box.Meta'],
      ['Function', 'build', null],
      ['Function', 'build.inner', 'build'],
      ['Class', 'build.inner.Local', 'build.inner'],
      ['GlobalVariable', 'SOURCE', null],
    ]);
    expect(ir.entities.every((e, i) => e.id === i)).toBe(true);
    expect(ir.all).toEqual(['Box', 'build']);
  });

  it('gives classes their decorators, bases, header signature and cleaned docstring', async () => {
    const ir = await parsePython(entitiesText);
    const box = entity(ir, 'Box');
    expect(box).toMatchObject({ startLine: 22, endLine: 62, signature: 'class Box(Generic[T]):', bases: ['Generic[T]'] });
    expect(box.docstring).toBe('A box.\n\nHolds one value.');
    expect(box.code!.startsWith('@functools.total_ordering\nclass Box(Generic[T]):')).toBe(true);
    expect(box.code!.endsWith('ordering = ["label"]')).toBe(true);
  });

  it('fields: class attributes and self.x in methods, first occurrence wins', async () => {
    const ir = await parsePython(entitiesText);
    expect(entity(ir, 'Box.capacity')).toMatchObject({ code: 'capacity: int = 10', signature: 'capacity: int = 10', startLine: 29 });
    expect(entity(ir, 'Box.label').docstring).toBe('The label.');
    expect(entity(ir, 'Box.value')).toMatchObject({ code: 'self.value = value', startLine: 37, endLine: 37 });
    expect(entity(ir, 'Box.count').code).toBe('self.count: int = 0');
    expect(ir.entities.filter((e) => e.qualifiedName === 'Box.value')).toHaveLength(1);
  });

  it('methods: decorated, static, async; signatures are one normalised line', async () => {
    const ir = await parsePython(entitiesText);
    expect(entity(ir, 'Box.__init__').signature).toBe('def __init__(self, value: T) -> None:');
    expect(entity(ir, 'Box.size')).toMatchObject({ signature: 'def size(self) -> int:', startLine: 52, endLine: 54 });
    expect(entity(ir, 'Box.size').code!.startsWith('@property\n    def size')).toBe(true);
    expect(entity(ir, 'Box.fetch').signature).toBe('async def fetch(self, url):');
    expect(entity(ir, 'build')).toMatchObject({ signature: 'def build(value, *, wrap: bool = True,):', docstring: 'Build a box.' });
  });

  it('definitions inside if / try / with / for blocks are entities', async () => {
    const ir = await parsePython(
      [
        'for name in NAMES:',
        '    LOOKUP = name',
        'while False:',
        '    def never(): pass',
        'with lock:',
        '    class Guarded: pass',
        'try:',
        '    def attempt(): pass',
        'finally:',
        '    DONE = True',
        'class K:',
        '    try:',
        '        def m(self): pass',
        '    except Exception:',
        '        def m(self): return 1',
        '    with ctx:',
        '        z = 2',
      ].join('\n'),
    );
    expect(summary(ir)).toEqual([
      ['GlobalVariable', 'LOOKUP', null],
      ['Function', 'never', null],
      ['Class', 'Guarded', null],
      ['Function', 'attempt', null],
      ['GlobalVariable', 'DONE', null],
      ['Class', 'K', null],
      ['Method', 'K.m', 'K'],
      ['Method', 'K.m', 'K'],
      ['Field', 'K.z', 'K'],
    ]);
  });

  it('chained and annotated module assignments, first binding wins, defs are not re-declared', async () => {
    const ir = await parsePython('X = Y = 0\nZ: int\nX = 1\ndef f(): pass\nf = wrap(f)\n(P, [Q, *R]) = data\n');
    expect(summary(ir)).toEqual([
      ['GlobalVariable', 'X', null],
      ['GlobalVariable', 'Y', null],
      ['GlobalVariable', 'Z', null],
      ['Function', 'f', null],
      ['GlobalVariable', 'P', null],
      ['GlobalVariable', 'Q', null],
      ['GlobalVariable', 'R', null],
    ]);
    expect(entity(ir, 'X').code).toBe('X = Y = 0');
  });

  it('assignments inside functions are not entities, self.x only counts in methods', async () => {
    const ir = await parsePython(
      [
        'def f(self):',
        '    self.x = 1',
        '    local = 2',
        'class C:',
        '    def m(this):',
        '        this.a = 1',
        '        this.b.c = 2',
        '        this.items[0] = 3',
        '        this.n += 1',
        '        def inner():',
        '            this.hidden = 1',
        '    @staticmethod',
        '    def s(obj):',
        '        obj.y = 1',
      ].join('\n'),
    );
    expect(summary(ir)).toEqual([
      ['Function', 'f', null],
      ['Class', 'C', null],
      ['Method', 'C.m', 'C'],
      ['Field', 'C.a', 'C'],
      ['Function', 'C.m.inner', 'C.m'],
      ['Method', 'C.s', 'C'],
    ]);
  });

  it('module docstring after comments, none when the first statement is code', async () => {
    expect((await parsePython('#!/usr/bin/env python\n# coding: utf-8\n"""Top."""\n')).docstring).toBe('Top.');
    expect((await parsePython('x = 1\n"""Not a docstring."""\n')).docstring).toBeNull();
    expect((await parsePython('f"""{x}"""\n')).docstring).toBeNull();
    expect((await parsePython("r'''Raw \\d.'''\n")).docstring).toBe('Raw \\d.');
    expect((await parsePython('')).docstring).toBeNull();
  });

  it('an empty file gives an empty IR', async () => {
    const ir = await parsePython('', 'pkg/__init__.py');
    expect(ir).toMatchObject({ path: 'pkg/__init__.py', lines: 0, entities: [], imports: [], references: [], exports: [], all: null });
  });
});
