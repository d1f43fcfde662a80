/**
 * @file The agent panel's pure helpers: citation parts, example tool arguments, the LLM notice.
 */
import { describe, expect, it } from 'vitest';
import { answerParts, exampleArgs, GENERIC_QUERY, llmNotice, nameWords, pickExampleNode, splitAnswerCode } from './agentFormat.ts';
import type { SemanticStatus } from '../../core/semantic/semanticService.ts';

describe('agent panel helpers', () => {
  it('splits an answer into text and citations, marking the supported ones', () => {
    expect(answerParts('See [#12] and #7; R#40 is a requirement.', [12])).toEqual([
      { text: 'See ' },
      { id: 12, cited: true },
      { text: ' and ' },
      { id: 7, cited: false },
      { text: '; R#40 is a requirement.' },
    ]);
  });

  it('fills the required arguments of a tool with example values', () => {
    const tool = {
      name: 'traverse',
      description: '',
      parameters: {
        type: 'object' as const,
        properties: { node_ids: { type: 'array' as const, items: { type: 'integer' as const } }, direction: { type: 'string' as const, enum: ['out', 'in'] } },
        required: ['node_ids', 'direction'],
      },
    };
    expect(JSON.parse(exampleArgs(tool))).toEqual({ node_ids: [1], direction: 'out' });
  });

  it('takes the examples from the open graph, or keeps them generic', () => {
    const search = { name: 'mcts', description: '', parameters: { type: 'object' as const, properties: { query: { type: 'string' as const } }, required: ['query'] } };
    const read = { name: 'read_code', description: '', parameters: { type: 'object' as const, properties: { node_id: { type: 'integer' as const } }, required: ['node_id'] } };
    const node = { id: 4711, name: 'format_file_in_place' };
    expect(JSON.parse(exampleArgs(search, node))).toEqual({ query: 'format file in place' });
    expect(JSON.parse(exampleArgs(read, node))).toEqual({ node_id: 4711 });
    // Without a graph: no repository's names (the demo's shopkit query was shown for every repo).
    expect(JSON.parse(exampleArgs(search))).toEqual({ query: GENERIC_QUERY });
    expect(GENERIC_QUERY).not.toMatch(/price|discount|cart|coupon|catalog/i);
    expect(nameWords('CatalogSearch')).toBe('catalog search');
    expect(nameWords('parseHTTPRequest')).toBe('parse http request');
    expect(nameWords('read_pyproject_toml')).toBe('read pyproject toml');
  });

  it('picks a used, documented function outside tests for the examples', () => {
    const rows = [
      { id: 1, name: 'fake_format', file_path: 'tests/test_black.py', users: 40 },
      { id: 2, name: 'f', file_path: 'src/black/a.py', users: 30 },
      { id: 3, name: 'format_file_in_place', file_path: 'src/black/__init__.py', users: 12 },
      { id: 4, name: 'other', file_path: 'src/black/b.py', users: 3 },
    ];
    expect(pickExampleNode(rows)).toEqual({ id: 3, name: 'format_file_in_place' });
    expect(pickExampleNode(rows.slice(0, 2))).toBeNull();
    expect(pickExampleNode([])).toBeNull();
  });

  it('says what to load and why when no LLM is selected', () => {
    const none = llmNotice({ llm: { spec: { role: 'llm', id: 'builtin:structural', label: 'x' }, state: 'idle' } } as unknown as SemanticStatus, false);
    expect(none.loaded).toBe(false);
    expect(none.text).toMatch(/^No LLM loaded: .*rule-driven policy.*Qwen3.*structural-tag grammar.*WebGPU/);
    const qwen = llmNotice({ llm: { spec: { role: 'llm', id: 'Qwen3-1.7B', label: 'Qwen3 1.7B (web-llm)' }, state: 'ready' } } as unknown as SemanticStatus, false);
    expect(qwen).toEqual({ loaded: true, text: 'LLM: Qwen3 1.7B (web-llm) (loaded).' });
    expect(llmNotice(null, true).text).toContain('scripted fake engine');
  });
});

describe('generated code in an answer', () => {
  it('separates fenced code from the prose', () => {
    expect(splitAnswerCode('Uses [#3].\n```python\ndef f():\n    return 1\n```\nDone.')).toEqual({
      prose: 'Uses [#3].\n\nDone.',
      code: [{ language: 'python', text: 'def f():\n    return 1' }],
    });
    expect(splitAnswerCode('no code')).toEqual({ prose: 'no code', code: [] });
  });
});
