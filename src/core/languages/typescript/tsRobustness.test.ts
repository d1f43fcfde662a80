/**
 * @file The TS/JS extractor on hostile input: syntax errors, 1,000-deep nesting, a 10,000-line
 * function, CRLF line endings, non-ASCII text, empty files. Runs in: Node (vitest).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FileIR } from '../../parse/fileIR.ts';
import { extract, FIXTURES } from './testParsers.ts';

const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');

function summary(ir: FileIR): string[] {
  return ir.entities.map((entity) => `${entity.kind} ${entity.qualifiedName} ${entity.startLine}-${entity.endLine}`);
}

const DEPTH = 1000;

describe('syntax errors', () => {
  it('flags errors and still extracts the recovered tree', async () => {
    const ir = await extract(`export function good() { return 1; }
function bad() { return 1 +; }
class Fine extends Base {
  m() { return helper(); }
}
`);
    expect(ir.syntaxErrors).toEqual([{ line: 2, column: 28, message: 'missing identifier' }]);
    expect(summary(ir)).toEqual(['Function good 1-1', 'Function bad 2-2', 'Class Fine 3-5', 'Method Fine.m 4-4']);
    // The MISSING identifier tree-sitter inserted is not a reference.
    expect(ir.references.map((reference) => reference.name)).toEqual(['Base', 'helper']);
  });

  it('survives a file that is mostly an error region', async () => {
    const ir = await extract('function broken( {\n  x = = 1;\n}\nclass Lost extends Base { m() { helper(); } }\n}}}}(((', 'typescript');
    expect(ir.syntaxErrors.length).toBeGreaterThan(0);
    expect(ir.lines).toBe(5);
  });

  it('reports syntax newer than the grammar without losing its neighbours', async () => {
    const ir = await extract('class K { accessor v = 1; }\nconst s = cfg satisfies Config;\nfunction g<const T>(x: T) { return x; }\n');
    expect(summary(ir)).toEqual(['Class K 1-1', 'Field K.v 1-1', 'GlobalVariable s 2-2', 'Function g 3-3']);
  });
});

describe('deep nesting (no recursion over the tree)', () => {
  it('handles 1,000-deep parentheses, calls, objects and arrays', async () => {
    const parens = await extract(`const p = ${'('.repeat(DEPTH)}seed${')'.repeat(DEPTH)};`);
    expect(parens.references.map((reference) => reference.name)).toEqual(['seed']);
    const calls = await extract(`const c = ${'wrap('.repeat(DEPTH)}seed${')'.repeat(DEPTH)};`);
    expect(calls.references.map((reference) => `${reference.kind} ${reference.name}`)).toEqual(['call wrap', 'reference seed']);
    const objects = await extract(`const o = ${'{ a: ['.repeat(DEPTH)}seed${'] }'.repeat(DEPTH)};`);
    expect(objects.references.map((reference) => reference.name)).toEqual(['seed']);
    expect(summary(objects)).toEqual(['GlobalVariable o 1-1']);
  });

  it('handles 1,000 nested arrow functions with closures over every parameter', async () => {
    const params = Array.from({ length: DEPTH }, (_, index) => `(p${index}) => `).join('');
    const ir = await extract(`export const curry = ${params}p0 + p999 + free;`);
    expect(summary(ir)).toEqual(['Function curry 1-1']);
    expect(ir.references.map((reference) => reference.name)).toEqual(['free']);
  });

  it('handles 1,000 nested function declarations and classes', async () => {
    const functions = `${Array.from({ length: DEPTH }, (_, index) => `function f${index}() {`).join('\n')}\nuse();\n${'}\n'.repeat(DEPTH)}`;
    const ir = await extract(functions, 'javascript');
    expect(ir.entities).toHaveLength(DEPTH);
    const deepest = ir.entities[DEPTH - 1];
    expect(deepest.qualifiedName.split('.')).toHaveLength(DEPTH);
    expect(deepest.parent).toBe(DEPTH - 2);
    expect(deepest.startLine).toBe(DEPTH);
    expect(ir.references).toEqual([{ from: DEPTH - 1, name: 'use', kind: 'call', line: DEPTH + 1 }]);

    const classes = `${Array.from({ length: DEPTH }, (_, index) => `class C${index} { m() {`).join('\n')}\n${'} }\n'.repeat(DEPTH)}`;
    expect((await extract(classes)).entities).toHaveLength(2 * DEPTH);
  });

  it('handles a 1,000-segment member chain and a 5,000-term expression', async () => {
    const chain = await extract(`run(root${'.next'.repeat(DEPTH)});`);
    expect(chain.references.map((reference) => reference.name.split('.').length)).toEqual([1, DEPTH + 1]);
    const sum = await extract(`const total = ${Array.from({ length: 5 * DEPTH }, (_, index) => `v${index}`).join(' + ')};`);
    expect(sum.references).toHaveLength(5 * DEPTH);
  });
});

describe('size and encodings', () => {
  it('extracts a 10,000-line function as one entity with its uses', async () => {
    const body = Array.from({ length: 10_000 }, (_, index) => `  const v${index} = helper${index % 50}(a, v${Math.max(0, index - 1)});`);
    const text = `export function huge(a: number): number {\n${body.join('\n')}\n  return a;\n}\n`;
    const ir = await extract(text);
    expect(summary(ir)).toEqual(['Function huge 1-10003']);
    expect(ir.entities[0].code).toBe(text.trimEnd());
    expect(ir.entities[0].signature).toBe('export function huge(a: number): number');
    expect(ir.references).toHaveLength(50);
    expect(ir.references.every((reference) => reference.kind === 'call' && reference.from === 0)).toBe(true);
    expect(ir.lines).toBe(10_003);
  });

  it('counts lines the same with CRLF line endings', async () => {
    const lf = fixture('shapes.ts.txt');
    const crlf = lf.replace(/\n/g, '\r\n');
    const [a, b] = [await extract(lf), await extract(crlf)];
    expect(summary(b)).toEqual(summary(a));
    expect(b.references).toEqual(a.references);
    expect(b.imports).toEqual(a.imports);
    expect(b.exports).toEqual(a.exports);
    expect(b.entities.map((entity) => entity.signature)).toEqual(a.entities.map((entity) => entity.signature));
    expect(b.entities.map((entity) => entity.docstring)).toEqual(a.entities.map((entity) => entity.docstring));
    expect(b.docstring).toBe(a.docstring);
    expect(b.lines).toBe(a.lines);
    const circle = b.entities.find((entity) => entity.qualifiedName === 'Circle')!;
    expect(circle.code!.includes('\r\n')).toBe(true);
  });

  it('slices names and code correctly after non-ASCII text', async () => {
    const ir = await extract('const s = "héllo 😀 wörld";\n/** Größe 📏 */\nexport function größe(ü: number) { return café(ü) + 日本.語(); }\n');
    expect(summary(ir)).toEqual(['GlobalVariable s 1-1', 'Function größe 3-3']);
    expect(ir.entities[1].docstring).toBe('Größe 📏');
    expect(ir.entities[1].signature).toBe('export function größe(ü: number)');
    expect(ir.references.map((reference) => reference.name)).toEqual(['café', '日本.語']);
  });

  it('handles empty files, hashbangs and a file docstring before a declaration', async () => {
    const empty = await extract('');
    expect(empty).toEqual({
      path: 'src/app/file.ts',
      language: 'typescript',
      lines: 0,
      entities: [],
      imports: [],
      references: [],
      exports: [],
      all: null,
      docstring: null,
      syntaxErrors: [],
    });
    const bang = await extract('#!/usr/bin/env node\n/** CLI entry. */\n\nmain();\n', 'javascript');
    expect(bang.docstring).toBe('CLI entry.');
    const attached = await extract('/** Adds. */\nexport function add() {}\n');
    expect(attached.docstring).toBeNull();
    expect(attached.entities[0].docstring).toBe('Adds.');
    const tagged = await extract('/**\n * @fileoverview Tools.\n */\nexport function tool() {}\n');
    expect(tagged.docstring).toBe('@fileoverview Tools.');
    expect(tagged.entities[0].docstring).toBeNull();
  });
});

// Marking exports once per name (it used to loop over every same-named entity per export).
describe('a name declared and exported 20,000 times', () => {
  it('marks every declaration exported', async () => {
    const ir = await extract('export const a = foo(1);\n'.repeat(20_000));
    expect(ir.entities).toHaveLength(20_000);
    expect(ir.entities.every((entity) => entity.exported)).toBe(true);
  });
});
