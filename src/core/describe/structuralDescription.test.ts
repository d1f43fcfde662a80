/** @file Tests for structural (LLM-free) descriptions. Runs in: node (vitest). */
import { describe, expect, it } from 'vitest';
import { LexicalEmbedder, dot } from '../models/lexicalEmbedder.ts';
import type { DescribableNode } from './structuralDescription.ts';
import { NO_MEMBERS, describeStructurally, embeddingText, entityHeading, parametersOf, returnedNames } from './structuralDescription.ts';

function node(fields: Partial<DescribableNode> & Pick<DescribableNode, 'kind' | 'name'>): DescribableNode {
  return {
    qualified_name: fields.name,
    module_name: null,
    class_name: null,
    signature: null,
    docstring: null,
    code: null,
    ...fields,
  };
}

const divide = node({
  kind: 'Method',
  name: 'divide',
  qualified_name: 'extended.Scientific.divide',
  module_name: 'extended',
  class_name: 'Scientific',
  signature: 'def divide(self, a, b)',
  code: 'def divide(self, a, b):\n    result = check(a) / b\n    return result',
});

describe('describeStructurally: functions and methods', () => {
  it('synthesises a purpose summary from kind, name and signature without a docstring', () => {
    const out = describeStructurally(divide, { calls: ['check'], calledBy: ['main'] });
    expect(out.description).toBe(
      'Method `divide` of class `Scientific` in module `extended`: def divide(self, a, b). Name words: divide. Calls check.',
    );
    expect(out.member_descriptions).toBe('a - parameter\nb - parameter\ncheck - called here\nmain - calls this\nresult - returned');
    expect(out.requirement).toBe(
      'Purpose: Method named for "divide" using check.\nInput: `a`. `b`.\nOutput: Returns `result`.',
    );
  });

  it('takes purpose, inputs and output from a Google docstring', () => {
    const out = describeStructurally({
      ...divide,
      docstring: 'Divide a by b and check for zero. Extra detail.\n\nArgs:\n    a (float): The dividend.\n    b (float): The divisor.\n\nReturns:\n    float: The quotient.',
    });
    expect(out.description).toBe('Method `divide` of class `Scientific` in module `extended`: Divide a by b and check for zero.');
    expect(out.member_descriptions.split('\n').slice(0, 2)).toEqual(['a - parameter: The dividend.', 'b - parameter: The divisor.']);
    expect(out.requirement).toBe(
      'Purpose: Divide a by b and check for zero.\nInput: `a` (float): The dividend. `b` (float): The divisor.\nOutput: float: The quotient.',
    );
  });

  it('uses a TypeScript return annotation and reports no input for a parameterless function', () => {
    const out = describeStructurally(node({
      kind: 'Function', name: 'now', module_name: 'clock', signature: 'function now(): number', code: 'function now(): number { return Date.now(); }',
    }));
    expect(out.requirement).toBe('Purpose: Function named for "now".\nInput: None\nOutput: A value of type `number`.');
    expect(out.member_descriptions).toBe(NO_MEMBERS);
  });

  it('says None for output when nothing is returned', () => {
    const out = describeStructurally(node({ kind: 'Function', name: 'log_event', signature: 'def log_event(event) -> None', code: 'def log_event(event):\n    print(event)' }));
    expect(out.requirement).toBe('Purpose: Function named for "log event".\nInput: `event`.\nOutput: None');
  });
});

describe('describeStructurally: classes and modules', () => {
  it('lists class members with their summaries', () => {
    const cls = node({ kind: 'Class', name: 'Scientific', module_name: 'extended', signature: 'class Scientific(Calculator)' });
    const out = describeStructurally(cls, {
      members: [
        { name: 'divide', kind: 'Method', summary: 'Divides two numbers.' },
        { name: 'power', kind: 'Method' },
        { name: 'precision', kind: 'Field', summary: null },
      ],
    });
    expect(out.description).toBe(
      'Class `Scientific` in module `extended`: class Scientific(Calculator). Name words: scientific. Defines 2 methods, 1 field: divide, power, precision.',
    );
    expect(out.member_descriptions).toBe('divide - Divides two numbers.\npower - method\nprecision - field');
    expect(out.requirement).toBe('Purpose: Class named for "scientific".\nInput: None\nOutput: An instance of `Scientific`.');
  });

  it('gives modules a description, member list and no requirement', () => {
    const mod = node({ kind: 'Module', name: 'extended', docstring: 'Scientific calculator operations.\n\nMore.' });
    const out = describeStructurally(mod, { members: [{ name: 'Scientific', kind: 'Class', summary: 'A calculator.' }] });
    expect(out.description).toBe('Module `extended`: Scientific calculator operations.');
    expect(out.member_descriptions).toBe('Scientific - A calculator.');
    expect(out.requirement).toBeNull();
  });

  it('labels global variables and fields', () => {
    expect(entityHeading(node({ kind: 'GlobalVariable', name: 'MAX', module_name: 'conf' }))).toBe('Global variable `MAX` in module `conf`');
    expect(entityHeading(node({ kind: 'Field', name: 'x', class_name: 'Point', module_name: 'geo' }))).toBe('Field `x` of class `Point` in module `geo`');
  });
});

describe('helpers', () => {
  it.each([
    ['def divide(self, a, b)', ['a', 'b']],
    ['def f(x: Dict[str, int] = {}, *args, y=(1, 2), **kwargs) -> int', ['x', 'args', 'y', 'kwargs']],
    ['function fetch(url: string, opts?: Map<string, number>): Promise<void>', ['url', 'opts']],
    ['constructor(private readonly store: Store, ...rest: number[])', ['store', 'rest']],
    ['class Foo', []],
  ])('parametersOf(%s)', (signature, expected) => {
    expect(parametersOf(signature)).toEqual(expected);
  });

  it('returnedNames finds directly returned names only', () => {
    expect(returnedNames('if x:\n    return cache.value\nreturn None\nreturn a + b\nreturn result;')).toEqual(['cache.value', 'result']);
    expect(returnedNames(null)).toEqual([]);
  });

  it('embeddingText concatenates the two descriptions and skips empty parts', () => {
    expect(embeddingText('Purpose.', 'a - parameter')).toBe('Purpose.\na - parameter');
    expect(embeddingText('Purpose.', NO_MEMBERS)).toBe('Purpose.');
    expect(embeddingText(null, 'x - y')).toBe('x - y');
  });
});

describe('structural descriptions feed the lexical embedder', () => {
  it('a query finds the entity whose embedded description matches', async () => {
    const nodes = [
      node({ kind: 'Function', name: 'load_settings', module_name: 'config', signature: 'def load_settings(path)', docstring: 'Read the YAML settings file from disk.' }),
      node({ kind: 'Function', name: 'send_request', module_name: 'http', signature: 'def send_request(url, body)', docstring: 'Post a JSON body to a URL.' }),
    ];
    const texts = nodes.map((n) => {
      const d = describeStructurally(n);
      return embeddingText(d.description, d.member_descriptions);
    });
    const embedder = new LexicalEmbedder();
    embedder.fit(texts);
    const [query, ...docs] = await embedder.embed(['where are settings read from a file', ...texts], 'query');
    expect(dot(query, docs[0])).toBeGreaterThan(dot(query, docs[1]));
  });
});
