/** @file Python uses (ReferenceIR): kinds, attribute chains, scope filtering, builtins, dedup. */
import { describe, expect, it } from 'vitest';
import type { FileIR } from '../../parse/fileIR.ts';
import { parsePython } from './testParsers.ts';

function uses(ir: FileIR) {
  return ir.references.map((r) => [r.from === null ? null : ir.entities[r.from]!.qualifiedName, r.kind, r.name]);
}

const usesOf = async (text: string) => uses(await parsePython(text));

describe('use kinds', () => {
  it('calls, attribute chains and instantiations (as call)', async () => {
    expect(
      await usesOf(
        [
          'import mod',
          'def f():',
          '    foo()',
          '    mod.func(1)',
          '    a.b.c()',
          '    Calculator()',
          '    x = mod.sub.value',
          '    mod.factory(1).method().attr',
          '    get()[0].name',
        ].join('\n'),
      ),
    ).toEqual([
      ['f', 'call', 'foo'],
      ['f', 'call', 'mod.func'],
      ['f', 'call', 'a.b.c'],
      ['f', 'call', 'Calculator'],
      ['f', 'reference', 'mod.sub.value'],
      ['f', 'call', 'mod.factory'],
      ['f', 'call', 'get'],
    ]);
  });

  it('self.helper() in a method survives scope filtering; cls too; staticmethods have no self', async () => {
    expect(
      await usesOf(
        [
          'class C:',
          '    def m(self, other):',
          '        self.helper()',
          '        other.helper()',
          '        return self.value',
          '    @classmethod',
          '    def make(cls):',
          '        return cls()',
          '    @staticmethod',
          '    def s(self):',
          '        return self.x',
        ].join('\n'),
      ),
    ).toEqual([
      ['C.m', 'call', 'self.helper'],
      ['C.m', 'reference', 'self.value'],
      ['C.make', 'call', 'cls'],
    ]);
  });

  it('inherit: one per base, Generic[T] -> Generic, keyword arguments are plain uses', async () => {
    expect(await usesOf('class A(Base, mod.Mixin, Generic[T], metaclass=Meta):\n    pass\n')).toEqual([
      ['A', 'inherit', 'Base'],
      ['A', 'inherit', 'mod.Mixin'],
      ['A', 'inherit', 'Generic'],
      ['A', 'reference', 'T'],
      ['A', 'reference', 'Meta'],
    ]);
  });

  it('decorators belong to the decorated entity; their arguments are plain uses', async () => {
    expect(
      await usesOf(
        [
          '@app.route("/x", methods=METHODS)',
          '@login_required',
          'def view():',
          '    pass',
          '@dataclass(frozen=True)',
          'class P:',
          '    @cached',
          '    def m(self): pass',
        ].join('\n'),
      ),
    ).toEqual([
      ['view', 'decorate', 'app.route'],
      ['view', 'reference', 'METHODS'],
      ['view', 'decorate', 'login_required'],
      ['P', 'decorate', 'dataclass'],
      ['P.m', 'decorate', 'cached'],
    ]);
  });

  it('annotations of parameters, returns and variables, including Optional[...] and strings', async () => {
    expect(
      await usesOf(
        [
          'def f(a: Foo, b: Optional[mod.Bar] = None, *args: Spam, c: "Eggs", **kw: \'Dict[str, Ham]\') -> List[Result]:',
          '    local: Inner = make()',
          '    return local',
          'value: Literal["a", "b"] = "a"',
          'other: int | Missing = 0',
        ].join('\n'),
      ),
    ).toEqual([
      ['f', 'annotate', 'Foo'],
      ['f', 'annotate', 'Optional'],
      ['f', 'annotate', 'mod.Bar'],
      ['f', 'annotate', 'Spam'],
      ['f', 'annotate', 'Eggs'],
      ['f', 'annotate', 'Dict'],
      ['f', 'annotate', 'Ham'],
      ['f', 'annotate', 'List'],
      ['f', 'annotate', 'Result'],
      ['f', 'annotate', 'Inner'],
      ['f', 'call', 'make'],
      ['value', 'annotate', 'Literal'],
      ['other', 'annotate', 'Missing'],
    ]);
  });

  it('f-string interpolations are read; plain strings are not', async () => {
    expect(await usesOf('def f():\n    return f"{Thing.kind} {fmt(x)!r:>{width}}" + "{not_code}"\n')).toEqual([
      ['f', 'reference', 'Thing.kind'],
      ['f', 'call', 'fmt'],
      ['f', 'reference', 'x'],
      ['f', 'reference', 'width'],
    ]);
  });
});

describe('scope filtering', () => {
  it('drops parameters and locals, keeps globals, declared globals and closures over module names', async () => {
    expect(
      await usesOf(
        [
          'def f(a, b=DEFAULT, *args, key=None, **kw):',
          '    total = a + b + len(args)',
          '    for i, (j, k) in enumerate(items):',
          '        total += i + j + k',
          '    with open(path) as fh, lock as (l1, l2):',
          '        data = fh.read()',
          '    try:',
          '        pass',
          '    except Error as err:',
          '        log(err)',
          '    squares = [n * n for n in numbers if (m := n) > limit]',
          '    handler = lambda ev, q=Q: ev.x + q + other',
          '    global counter',
          '    counter = total',
          '    return kw, key, data, squares, m, handler, counter',
        ].join('\n'),
      ),
    ).toEqual([
      ['f', 'reference', 'DEFAULT'],
      ['f', 'reference', 'items'],
      ['f', 'reference', 'path'],
      ['f', 'reference', 'lock'],
      ['f', 'reference', 'Error'],
      ['f', 'call', 'log'],
      ['f', 'reference', 'numbers'],
      ['f', 'reference', 'limit'],
      ['f', 'reference', 'Q'],
      ['f', 'reference', 'other'],
      ['f', 'reference', 'counter'],
    ]);
  });

  it('closures: inner uses of outer locals are dropped, uses of nested defs are local', async () => {
    expect(
      await usesOf(
        [
          'def outer(x):',
          '    y = 1',
          '    def inner(z):',
          '        return x + y + z + helper()',
          '    return inner(2)',
        ].join('\n'),
      ),
    ).toEqual([['outer.inner', 'call', 'helper']]);
  });

  it('class bodies filter their own names but methods do not see them', async () => {
    expect(
      await usesOf(
        [
          'class C:',
          '    size = 3',
          '    double = size * 2',
          '    def m(self):',
          '        return size',
          '    alias = m',
        ].join('\n'),
      ),
    ).toEqual([['C.m', 'reference', 'size']]);
  });

  it('module level: loop and with targets are dropped, global variables kept, from = the variable', async () => {
    expect(
      await usesOf(
        [
          'LIMIT = compute()',
          'for item in items:',
          '    process(item)',
          'RESULT = [x.name for x in things if x.ok] + LIMIT',
          'if __name__ == "__main__":',
          '    main()',
        ].join('\n'),
      ),
    ).toEqual([
      ['LIMIT', 'call', 'compute'],
      [null, 'reference', 'items'],
      [null, 'call', 'process'],
      ['RESULT', 'reference', 'things'],
      ['RESULT', 'reference', 'LIMIT'],
      [null, 'call', 'main'],
    ]);
  });

  it('builtins are dropped unless the file defines or imports the name', async () => {
    expect(await usesOf('from compat import open\ndef f():\n    print(len(x), open(p), str.join(a), super().g(), isinstance(y, Exception))\n')).toEqual([
      ['f', 'reference', 'x'],
      ['f', 'call', 'open'],
      ['f', 'reference', 'p'],
      ['f', 'reference', 'a'],
      ['f', 'reference', 'y'],
    ]);
  });

  it('match patterns: captures bind, classes and dotted values are used', async () => {
    expect(
      await usesOf(
        [
          'def f(cmd):',
          '    match cmd:',
          '        case Point(x=0, y=yy) | Color.RED:',
          '            return yy',
          '        case [first, *rest] if first > LIMIT:',
          '            return rest',
          '        case {"k": v, **others}:',
          '            return v, others',
          '        case str() as s:',
          '            return s',
        ].join('\n'),
      ),
    ).toEqual([
      ['f', 'reference', 'Point'],
      ['f', 'reference', 'Color.RED'],
      ['f', 'reference', 'LIMIT'],
    ]);
  });

  it('deduplicates (from, name, kind) keeping the first line', async () => {
    const ir = await parsePython('def f():\n    g()\n    g()\n    g\n    return g()\n');
    expect(ir.references.map((r) => [r.kind, r.name, r.line])).toEqual([
      ['call', 'g', 2],
      ['reference', 'g', 4],
    ]);
  });

  it('assignment targets through attributes are uses; augmented names are read', async () => {
    expect(await usesOf('import cfg\ncfg.value = 1\ncounter = 0\ncounter += 1\ndef f():\n    obj.attr.x = 2\n')).toEqual([
      [null, 'reference', 'cfg.value'],
      [null, 'reference', 'counter'],
      ['f', 'reference', 'obj.attr.x'],
    ]);
  });
});
