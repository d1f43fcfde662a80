/**
 * @file Search documents: docstring stripping from code (exact cleaned match, decorated and
 * commented headers, single-line strings), the BM25 / reranker texts, and hideDocstrings
 * (node, enclosing class code, redescribed parent, untouched neighbours).
 */
import { describe, expect, it } from 'vitest';
import { bm25Text, hideDocstrings, memberLines, RERANK_CODE_CHARS, RERANK_MEMBER_CHARS, rerankText, stripDocstring } from './searchDocuments.ts';
import type { SearchNode } from './searchDocuments.ts';

function node(id: number, kind: SearchNode['kind'], name: string, extra: Partial<SearchNode> = {}): SearchNode {
  return {
    id, kind, name, qualified_name: `m.${name}`, module_name: 'm', class_name: null, file_path: 'm.py', start_line: 1, end_line: 5,
    signature: null, docstring: null, code: null, description: null, member_descriptions: null, requirement: null, ...extra,
  };
}

describe('stripDocstring', () => {
  it('removes the literal whose cleaned text is the stored docstring', () => {
    const code = 'def f(x):\n    # type: (int) -> int\n    """\n    Add one.\n\n    More words here.\n    """\n    return x + 1';
    expect(stripDocstring(code, 'Add one.\n\nMore words here.')).toBe('def f(x):\n    # type: (int) -> int\n    \n    return x + 1');
  });
  it('handles prefixes, single-line strings and leaves other strings alone', () => {
    expect(stripDocstring("@dec\ndef f():\n    r'''Raw doc.'''\n    return 'Raw doc'", 'Raw doc.')).toBe("@dec\ndef f():\n    \n    return 'Raw doc'");
    expect(stripDocstring('def f():\n    "One line."\n    pass', 'One line.')).toBe('def f():\n    \n    pass');
    expect(stripDocstring("def f():\n    # it's here\n    'Doc.'\n", 'Doc.')).toBe("def f():\n    # it's here\n    \n");
    expect(stripDocstring('def f():\n    return "other"', 'Doc.')).toBe('def f():\n    return "other"');
    expect(stripDocstring(null, 'Doc.')).toBeNull();
  });
});

describe('document texts', () => {
  it('bm25 text has name, signature, docstring and code; rerank text a heading, description, signature and code head', () => {
    const n = node(1, 'Function', 'load_all', { signature: 'def load_all(p)', docstring: 'Load.', code: 'def load_all(p):\n' + 'x'.repeat(RERANK_CODE_CHARS * 2), description: 'Loads all.' });
    expect(bm25Text(n).split('\n').slice(0, 3)).toEqual(['load_all', 'def load_all(p)', 'Load.']);
    const r = rerankText(n);
    expect(r.startsWith('Function m.load_all\nLoads all.\ndef load_all(p)\ndef load_all(p):')).toBe(true);
    expect(r.length).toBeLessThan(RERANK_CODE_CHARS + 100);
  });

  it('modules and classes add their members (names, summaries, no bare kind labels), capped; functions do not', () => {
    const members = 'parse - Parse a header.\nclear_session_cookies - method\n_lock - field\nDAYS - global variable';
    const mod = node(1, 'Module', 'm', { description: 'Module `m`: cookies.', member_descriptions: members });
    expect(memberLines(mod)).toBe('parse - Parse a header.\nclear_session_cookies\n_lock\nDAYS');
    expect(rerankText(mod)).toBe('Module m.m\nModule `m`: cookies.\nparse - Parse a header.\nclear_session_cookies\n_lock\nDAYS');
    const cls = node(2, 'Class', 'C', { code: 'class C:\n    pass', member_descriptions: 'zoom - method' });
    expect(rerankText(cls).endsWith('class C:\n    pass\nzoom')).toBe(true);
    const fn = node(3, 'Function', 'f', { member_descriptions: 'x - parameter' });
    expect(memberLines(fn)).toBe('');
    expect(rerankText(fn)).toBe('Function m.f');
    const big = node(4, 'Module', 'big', { member_descriptions: Array.from({ length: 2000 }, (_, i) => `name_${i} - method`).join('\n') });
    expect(memberLines(big).length).toBe(RERANK_MEMBER_CHARS);
  });
});

describe('hideDocstrings', () => {
  const method = node(3, 'Method', 'zoom', { class_name: 'C', docstring: 'Scale coordinates.', code: 'def zoom(self):\n    """Scale coordinates."""\n    return 1', signature: 'def zoom(self)' });
  const cls = node(2, 'Class', 'C', { docstring: 'A canvas.', code: 'class C:\n    """A canvas."""\n    def zoom(self):\n        """Scale coordinates."""\n        return 1' });
  const mod = node(1, 'Module', 'm');
  const other = node(4, 'Function', 'g', { docstring: 'Other coordinates.', code: 'def g():\n    """Other coordinates."""' });
  const edges = [
    { src: 1, dst: 2, type: 'CONTAINS' }, { src: 2, dst: 3, type: 'HAS_METHOD' }, { src: 1, dst: 4, type: 'CONTAINS' }, { src: 4, dst: 3, type: 'USES' },
  ];
  it('strips the docstring from the node and every enclosing code, and redescribes node and parent', () => {
    const out = hideDocstrings([mod, cls, method, other], edges, new Set([3]));
    const [m, c, z, g] = out;
    expect(z.docstring).toBeNull();
    expect(z.code).toBe('def zoom(self):\n    \n    return 1');
    expect(z.description).not.toMatch(/coordinates/i);
    expect(z.member_descriptions).toContain('g - calls this');
    expect(c.code).not.toContain('Scale coordinates');
    expect(c.code).toContain('A canvas.');
    expect(`${c.description} ${c.member_descriptions}`).not.toMatch(/Scale coordinates/);
    expect(c.docstring).toBe('A canvas.');
    expect(g).toBe(other);
    expect(m).toBe(mod);
    expect(method.docstring).toBe('Scale coordinates.');
  });
  it('returns the same rows when nothing is hidden', () => {
    const out = hideDocstrings([mod, cls], edges, new Set());
    expect(out[0]).toBe(mod);
    expect(out[1]).toBe(cls);
  });
});
