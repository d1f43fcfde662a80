/**
 * @file The agent panel's hand-run examples come from the open graph: the typed read of example
 * candidates (core/reads/nodeLookups.ts) sends only statements the read-only guard accepts, and
 * the panel picks a used, documented function outside tests (a test helper used more
 * often is passed over); the examples then name it.
 * Runs in: Node (vitest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { assertReadOnlySql } from '../../src/core/store/sqlGuard.ts';
import { readExampleCandidates } from '../../src/core/reads/nodeLookups.ts';
import type { Row } from '../../src/core/store/sqlConnection.ts';
import { exampleArgs, pickExampleNode } from '../../src/ui/agent/agentFormat.ts';
import { indexTexts } from '../cypher/demoGraph.ts';

let conn: WasmNodeConnection;

describe('agent examples from the open graph', () => {
  beforeAll(async () => {
    ({ conn } = await indexTexts('fmt', {
      'src/fmt/core.py': [
        'def format_file_in_place(path):',
        '    """Format the file at path, writing it back."""',
        '    return _write(path)',
        '',
        'def _write(path):',
        '    """Write."""',
        '    return path',
        '',
        'def main(paths):',
        '    """Format every path."""',
        '    for p in paths:',
        '        format_file_in_place(p)',
        '',
      ].join('\n'),
      'tests/test_core.py': [
        'from fmt.core import format_file_in_place',
        '',
        'def fake_format(x):',
        '    """A stand-in."""',
        '    return x',
        '',
        'def test_a():',
        '    fake_format(1)',
        '    fake_format(2)',
        '    format_file_in_place("a")',
        '',
        'def test_b():',
        '    fake_format(3)',
        '',
      ].join('\n'),
    }));
  });
  afterAll(async () => conn?.close());

  it('names the most used documented function of the code', async () => {
    const guarded = { query: async (sql: string): Promise<Row[]> => (assertReadOnlySql(sql), conn.query(sql)) };
    const node = pickExampleNode(await readExampleCandidates(guarded));
    expect(node?.name).toBe('format_file_in_place');
    const tool = { name: 'mcts', description: '', parameters: { type: 'object' as const, properties: { query: { type: 'string' as const } }, required: ['query'] } };
    expect(JSON.parse(exampleArgs(tool, node))).toEqual({ query: 'format file in place' });
  });
});
