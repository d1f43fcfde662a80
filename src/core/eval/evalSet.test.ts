/**
 * @file Eval sets: JSONL parse / write round trip and line-numbered errors, {file, line} ->
 * innermost Function / Method / Class, def-line of decorated code, trivial-docstring rules.
 */
import { describe, expect, it } from 'vitest';
import { createNodeLocator, definitionLine, isTrivialQuery, namesDefinition, parseEvalJsonl, resolveRelevance, toEvalJsonl, withoutGoName } from './evalSet.ts';

describe('eval JSONL', () => {
  it('round-trips and keeps grades', () => {
    const text = '{"query":"a b","relevant":[{"file":"x.py","line":3}]}\n\n{"query":"c","relevant":[{"file":"y.py","line":1,"grade":2}]}\n';
    const set = parseEvalJsonl(text, 'q.jsonl');
    expect(set).toEqual({
      name: 'q.jsonl',
      queries: [
        { query: 'a b', relevant: [{ file: 'x.py', line: 3 }] },
        { query: 'c', relevant: [{ file: 'y.py', line: 1, grade: 2 }] },
      ],
    });
    expect(parseEvalJsonl(toEvalJsonl(set), 'q.jsonl')).toEqual(set);
  });
  it('names the bad line', () => {
    expect(() => parseEvalJsonl('{"query":"a","relevant":[]}\nnot json', 'q')).toThrow(/q line 2: not valid JSON/);
    expect(() => parseEvalJsonl('{"relevant":[]}')).toThrow(/line 1: "query"/);
    expect(() => parseEvalJsonl('{"query":"a","relevant":[{"file":"x","line":0}]}')).toThrow(/relevant\[0\]/);
    expect(() => parseEvalJsonl('{"query":"a","relevant":[{"file":"x","line":2,"grade":-1}]}')).toThrow(/grade/);
  });
});

describe('locating definitions', () => {
  const nodes = [
    { id: 1, kind: 'Module' as const, file_path: 'a.py', start_line: 1, end_line: 100 },
    { id: 2, kind: 'Class' as const, file_path: 'a.py', start_line: 10, end_line: 50 },
    { id: 3, kind: 'Method' as const, file_path: 'a.py', start_line: 20, end_line: 30 },
    { id: 4, kind: 'Function' as const, file_path: 'a.py', start_line: 22, end_line: 25 },
    { id: 5, kind: 'Field' as const, file_path: 'a.py', start_line: 40, end_line: 40 },
    { id: 6, kind: 'Function' as const, file_path: 'b/c.py', start_line: 1, end_line: 3 },
  ];
  it('takes the innermost Function / Method / Class whose range holds the line', () => {
    const locate = createNodeLocator(nodes);
    expect(locate('a.py', 20)).toBe(3);
    expect(locate('a.py', 23)).toBe(4);
    expect(locate('a.py', 40)).toBe(2);
    expect(locate('a.py', 5)).toBeNull();
    expect(locate('./b/c.py', 2)).toBe(6);
    expect(locate('missing.py', 2)).toBeNull();
    const r = resolveRelevance({ query: 'q', relevant: [{ file: 'a.py', line: 23, grade: 2 }, { file: 'a.py', line: 24 }, { file: 'x.py', line: 1 }] }, locate);
    expect([...r.relevance]).toEqual([[4, 2]]);
    expect(r.unresolved).toBe(1);
  });
  it('finds the def line below decorators', () => {
    expect(definitionLine(10, '@a\n@b(1)\ndef f():\n    pass')).toBe(12);
    expect(definitionLine(10, 'async def f():\n    pass')).toBe(10);
    expect(definitionLine(7, null)).toBe(7);
  });
});

describe('trivial docstrings', () => {
  it('skips short sentences and those naming the definition', () => {
    expect(isTrivialQuery('Return it.', 'f')).toBe(true);
    expect(isTrivialQuery('Decode a JSON document from the given string.', 'decode')).toBe(true);
    expect(isTrivialQuery('Parse a JSON document from the given string.', 'decode')).toBe(false);
    expect(namesDefinition('Call the _make_request helper on it.', '_make_request')).toBe(true);
    expect(namesDefinition('Make request objects for the server.', 'make_request')).toBe(true);
    expect(namesDefinition('Make a request to the server now.', 'make_request')).toBe(false);
    expect(namesDefinition('Make the request to the server now.', 'make_request')).toBe(false);
    expect(namesDefinition('Load the thing.', 'load_thing_x')).toBe(false);
  });

  it("takes the opening name off a Go doc comment's sentence, in Go files only", () => {
    expect(withoutGoName('Use appends a MiddlewareFunc to the chain.', 'Use', 'mux/middleware.go')).toBe('Appends a MiddlewareFunc to the chain.');
    expect(withoutGoName('A Route stores information to match a request.', 'Route', 'mux/route.go')).toBe('Stores information to match a request.');
    expect(withoutGoName('Returns the route for the Use call.', 'Use', 'mux/route.go')).toBe('Returns the route for the Use call.');
    expect(withoutGoName('Use appends a MiddlewareFunc to the chain.', 'Use', 'mux/middleware.py')).toBe('Use appends a MiddlewareFunc to the chain.');
    expect(withoutGoName('User appends a name.', 'Use', 'mux/user.go')).toBe('User appends a name.');
    expect(isTrivialQuery(withoutGoName('Name registers a new route with a name.', 'Name', 'mux/route.go'), 'Name')).toBe(true);
  });
});
