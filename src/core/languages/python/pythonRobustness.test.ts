/** @file Python extractor on hostile input: syntax errors, deep nesting, huge bodies, CRLF, BOM, unicode. */
import { describe, expect, it } from 'vitest';
import { parsePython } from './testParsers.ts';

describe('syntax errors', () => {
  it('flags ERROR / MISSING nodes and still extracts the recovered parts', async () => {
    const ir = await parsePython(
      ['import os', 'def good():', '    return os.getcwd()', '', 'def broken(:', '    x = = 1', '', 'def later():', '    helper()', ''].join('\n'),
    );
    expect(ir.syntaxErrors.length).toBeGreaterThan(0);
    expect(ir.syntaxErrors[0]).toMatchObject({ line: expect.any(Number), column: expect.any(Number), message: expect.any(String) });
    expect(ir.entities.map((e) => e.name)).toContain('good');
    expect(ir.imports.map((i) => i.module)).toEqual(['os']);
    expect(ir.references.some((r) => r.name === 'os.getcwd' && r.kind === 'call')).toBe(true);
    expect(ir.references.some((r) => r.name === 'class' || r.name === 'def')).toBe(false);
  });

  it('keeps signatures bounded when recovery leaves a bracket open', async () => {
    const ir = await parsePython('def f(a,\n' + '    b,\n'.repeat(3000) + '    return 1\n');
    for (const e of ir.entities) expect(e.signature.length).toBeLessThan(1100);
  });

  it('Python 2 statements (print, exec, backticks, except E, e) still give entities', async () => {
    const ir = await parsePython('print "hello"\nexec "x = 1"\nx = `y`\ndef f():\n    raise E, "msg"\nclass K: pass\n');
    expect(ir.entities.map((e) => e.name)).toEqual(['x', 'f', 'K']);
  });

  it('an unclosed bracket is reported with its position; later code is still read', async () => {
    const ir = await parsePython('a = 1\nb = call(\n\ndef after():\n    return a\n');
    expect(ir.syntaxErrors.length).toBeGreaterThan(0);
    expect(ir.syntaxErrors.every((e) => e.line >= 1 && e.line <= 5)).toBe(true);
    expect(ir.entities.map((e) => e.name)).toContain('a');
  });
});

describe('deep and large input (iterative walk)', () => {
  it('1,000 nested parentheses', async () => {
    const ir = await parsePython('x = ' + '('.repeat(1000) + 'deep_name' + ')'.repeat(1000) + '\n');
    expect(ir.syntaxErrors).toEqual([]);
    expect(ir.entities.map((e) => e.name)).toEqual(['x']);
    expect(ir.references.map((r) => r.name)).toEqual(['deep_name']);
  });

  it('1,000 nested lists and a 3,000-deep call chain', async () => {
    const lists = await parsePython('x = ' + '['.repeat(1000) + 'inner' + ']'.repeat(1000) + '\n');
    expect(lists.references.map((r) => r.name)).toEqual(['inner']);
    const calls = await parsePython('y = ' + 'f('.repeat(3000) + ')'.repeat(3000) + '\n');
    expect(calls.references.map((r) => [r.kind, r.name])).toEqual([['call', 'f']]);
  });

  it('a 5,000-segment attribute chain and 500 nested defs', async () => {
    const chain = await parsePython('x = ' + 'a.'.repeat(5000) + 'b()\n');
    expect(chain.references[0]!.name.split('.')).toHaveLength(5001);
    let text = '';
    for (let i = 0; i < 500; i++) text += ' '.repeat(i) + `def f${i}():\n`;
    text += ' '.repeat(500) + 'return g()\n';
    const nested = await parsePython(text);
    expect(nested.entities).toHaveLength(500);
    expect(nested.entities[499]!.parent).toBe(498);
    expect(nested.references).toEqual([{ from: 499, name: 'g', kind: 'call', line: 501 }]);
  });

  // Regression: skipping leading comments with nextNamedSibling was quadratic (minutes here).
  it('a 20 MB file of comments finishes and finds the def after them', async () => {
    const comments = ('# ' + 'acgt'.repeat(19) + '\n').repeat(260_000);
    const ir = await parsePython(comments + 'def big_file_ok():\n    return 20\n');
    expect(ir.entities.map((e) => e.name)).toEqual(['big_file_ok']);
    expect(ir.entities[0]!.startLine).toBe(260_001);
  });

  it('a 10,000-line function', async () => {
    const body = Array.from({ length: 10_000 }, (_, i) => `    v${i + 1} = helper_${i % 7}(v${i}, CONSTANT_${i % 3})`);
    const ir = await parsePython(['def big(v0):', ...body, '    return v10000', ''].join('\n'));
    expect(ir.entities).toHaveLength(1);
    expect(ir.entities[0]).toMatchObject({ name: 'big', startLine: 1, endLine: 10_002 });
    expect(ir.references.map((r) => r.name).sort()).toEqual([
      'CONSTANT_0', 'CONSTANT_1', 'CONSTANT_2',
      'helper_0', 'helper_1', 'helper_2', 'helper_3', 'helper_4', 'helper_5', 'helper_6',
    ]);
    expect(ir.references.find((r) => r.name === 'helper_6')!.line).toBe(8);
  });
});

describe('text encodings', () => {
  it('CRLF line endings give the same line numbers as LF', async () => {
    const lines = ['"""Doc', '', '    more."""', 'import os', '', 'class A(Base):', '    """Klass."""', '    def m(self):', '        return os.sep', '', 'X = 1', ''];
    const lf = await parsePython(lines.join('\n'));
    const crlf = await parsePython(lines.join('\r\n'));
    const shape = (ir: typeof lf) => ({
      entities: ir.entities.map((e) => [e.qualifiedName, e.startLine, e.endLine, e.signature, e.docstring]),
      imports: ir.imports.map((i) => [i.localName, i.line]),
      refs: ir.references.map((r) => [r.name, r.line]),
      doc: ir.docstring,
      lines: ir.lines,
    });
    expect(shape(crlf)).toEqual(shape(lf));
    expect(shape(crlf).entities).toEqual([
      ['A', 6, 9, 'class A(Base):', 'Klass.'],
      ['A.m', 8, 9, 'def m(self):', null],
      ['X', 11, 11, 'X = 1', null],
    ]);
    expect(crlf.docstring).toBe('Doc\n\nmore.');
    expect(crlf.lines).toBe(11);
  });

  it('a leading BOM (normally stripped by ingest) does not break extraction', async () => {
    const ir = await parsePython('\uFEFFimport os\nx = os.sep\n');
    expect(ir.imports.map((i) => [i.module, i.line])).toEqual([['os', 1]]);
    expect(ir.entities.map((e) => [e.name, e.startLine, e.code])).toEqual([['x', 2, 'x = os.sep']]);
  });

  it('unicode identifiers, astral characters and multi-byte text keep exact slices', async () => {
    const ir = await parsePython('s = "😀😀"; t = 𝔘𝔫𝔦()\nclass Größe(Basis):\n    def méthode(self):\n        return 日本.語(s)\n');
    expect(ir.entities.map((e) => [e.qualifiedName, e.code!.split('\n')[0]])).toEqual([
      ['s', 's = "😀😀"'],
      ['t', 't = 𝔘𝔫𝔦()'],
      ['Größe', 'class Größe(Basis):'],
      ['Größe.méthode', '    def méthode(self):'.trim()],
    ]);
    expect(ir.references.map((r) => [r.kind, r.name, r.line])).toEqual([
      ['call', '𝔘𝔫𝔦', 1],
      ['inherit', 'Basis', 2],
      ['call', '日本.語', 4],
      ['reference', 's', 4],
    ]);
  });

  it('counts lines with and without a final newline', async () => {
    expect((await parsePython('a = 1\nb = 2\n')).lines).toBe(2);
    expect((await parsePython('a = 1\nb = 2')).lines).toBe(2);
    expect((await parsePython('\n')).lines).toBe(1);
  });
});
