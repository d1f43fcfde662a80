/**
 * @file The Cypher console's pure parts: table cell text, the error position, the row's node,
 * and the editor's schema-aware completion on a real CodeMirror state.
 * Runs in: Node (vitest).
 */
import { CompletionContext } from '@codemirror/autocomplete';
import type { CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { cypherCompletionSource, rangeAt } from '../components/cypherEditor.ts';
import { cellText, cypherVocabulary, errorPosition, parseCypherParams, rowNodeId } from './cypherResults.ts';

const node = { id: 7, kind: 'Class', name: 'Money', qualified_name: 'shopkit.pricing.money.Money', import_name: 'shopkit.pricing.money.Money' };
/** A src layout's class: its import name shows, with its place (core/graph/displayName.ts). */
const mode = { id: 8, kind: 'Class', name: 'Mode', qualified_name: 'src.black.mode.Mode', import_name: 'black.mode.Mode', file_path: 'src/black/mode.py', start_line: 95 };

describe('cypherResults', () => {
  it('reads the parameters box: empty, a JSON object, or a clear message', () => {
    expect(parseCypherParams('  ')).toEqual({ params: {} });
    expect(parseCypherParams('{"name": "Cart", "names": ["a", "b"], "n": 3}')).toEqual({ params: { name: 'Cart', names: ['a', 'b'], n: 3 } });
    expect(parseCypherParams('[1]')).toEqual({ error: 'Parameters must be a JSON object, like {"name": "Cart"}' });
    expect(parseCypherParams('{name: 1}')).toMatchObject({ error: expect.stringMatching(/^Parameters are not valid JSON: /) });
  });


  it('cell text, error positions and the node of a row', () => {
    expect(cellText(node)).toBe('Class shopkit.pricing.money.Money');
    expect(cellText([node, null, 'x'])).toBe('[Class shopkit.pricing.money.Money, ∅, x]');
    expect(cellText(mode)).toBe('Class black.mode.Mode  src/black/mode.py:95');
    expect(cellText({ ...mode, import_name: null })).toBe('Class src.black.mode.Mode  src/black/mode.py:95');
    expect(cellText(null)).toBe('∅');
    expect(cellText('y'.repeat(400))).toHaveLength(301);
    expect(cellText('y'.repeat(400), 160)).toHaveLength(161);
    expect(cellText({ n: 12n, s: 'a' })).toBe('{"n":12,"s":"a"}');
    expect(cellText(7n)).toBe('7');
    expect(errorPosition('SET is not supported (read-only Cypher) at 2:1')).toEqual({ line: 2, column: 1 });
    expect(errorPosition('No graph is open')).toBeNull();
    expect(rowNodeId({ name: 'Money', m: node }, ['name', 'm'], [7])).toBe(7);
    expect(rowNodeId({ ms: [node] }, ['ms'], [7])).toBe(7);
    expect(rowNodeId({ 'c.id': 7, line: 3 }, ['c.id', 'line'], [7])).toBe(7);
    expect(rowNodeId({ line: 7 }, ['line'], [7])).toBeNull();
  });

  it('the vocabulary is our schema', () => {
    const v = cypherVocabulary();
    expect(v.labels).toContain('GlobalVariable');
    expect(v.relationshipTypes).toContain('HAS_METHOD');
    expect(v.nodeProperties).toEqual(expect.arrayContaining(['qualified_name', 'class_name', 'class', 'local_name']));
    expect(v.relationshipProperties).toEqual(['src', 'dst', 'type', 'detail']);
  });
});

describe('completion', () => {
  const complete = (doc: string, explicit = false): string[] => {
    const state = EditorState.create({ doc });
    const result = cypherCompletionSource(cypherVocabulary())(new CompletionContext(state, doc.length, explicit)) as CompletionResult | null;
    return result ? result.options.map((o) => o.label) : [];
  };

  it('labels in node patterns, types in relationship patterns, properties after a dot and in maps', () => {
    expect(complete('MATCH (n:Cl')).toEqual(cypherVocabulary().labels);
    expect(complete('MATCH (n:Class|')).toEqual(cypherVocabulary().labels);
    expect(complete('MATCH (n)-[:')).toEqual(cypherVocabulary().relationshipTypes);
    expect(complete('MATCH (n)-[r:USES]->(m) RETURN r.')).toEqual(['src', 'dst', 'type', 'detail']);
    expect(complete('MATCH (n) RETURN n.qu')).toContain('qualified_name');
    expect(complete('MATCH (n {')).toContain('name');
    const general = complete('MATCH (cls:Class) RE');
    expect(general).toEqual(expect.arrayContaining(['RETURN', 'collect', 'cls']));
    expect(complete('MATCH (n) ')).toEqual([]);
    expect(complete('MATCH (n) ', true)).toContain('WHERE');
  });

  it('the error mark covers the token at line:column', () => {
    const state = EditorState.create({ doc: "MATCH (n)\nSET n.name = 'x'" });
    const range = rangeAt(state, 2, 1)!;
    expect(state.sliceDoc(range.from, range.to)).toBe('SET');
    expect(rangeAt(state, 3, 1)).toBeNull();
  });
});
