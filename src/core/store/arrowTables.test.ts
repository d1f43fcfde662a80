/** @file Tests of the Arrow builders: types, nulls, UTF-8, batching of big text columns. */
import { describe, expect, it } from 'vitest';
import { Type } from 'apache-arrow';
import type { EdgeRow, FileRow, NodeRow } from '../graph/types.ts';
import { edgesToArrow, filesToArrow, MAX_BATCH_CHARS, MAX_BATCH_ROWS, nodesToArrow, rowsToArrow } from './arrowTables.ts';
import { EDGE_COLUMNS, NODE_COLUMNS } from './schema.ts';

function node(id: number, overrides: Partial<NodeRow> = {}): NodeRow {
  return {
    id,
    kind: 'Function',
    name: `f${id}`,
    qualified_name: `m.f${id}`,
    module_name: 'm',
    class_name: null,
    file_path: 'm.py',
    start_line: 1,
    end_line: 2,
    signature: `def f${id}():`,
    code: `def f${id}():\n    pass\n`,
    docstring: null,
    description: null,
    member_descriptions: null,
    requirement: null,
    language: 'python',
    local_name: null,
    import_name: null,
    ...overrides,
  };
}

describe('rowsToArrow', () => {
  it('follows the schema column list: names, order, Int32 and Utf8 types', () => {
    const table = nodesToArrow([node(1)]);
    expect(table.schema.fields.map((f) => f.name)).toEqual(NODE_COLUMNS.map((c) => c.name));
    expect(table.schema.fields.map((f) => f.type.typeId)).toEqual(
      NODE_COLUMNS.map((c) => (c.type === 'INTEGER' ? Type.Int : Type.Utf8)),
    );
  });

  it('keeps values, nulls and non-ASCII text exactly', () => {
    const tricky = 'héllo wörld ✓ 😀 中文 <script>alert("x")</script> &amp; \'q\'\r\n\tend';
    const rows = [
      node(1, { docstring: tricky, start_line: null, end_line: null }),
      node(2, { name: 'a'.repeat(100) + 'é', class_name: '' }),
      node(3),
    ];
    const table = nodesToArrow(rows);
    expect(table.numRows).toBe(3);
    const back = table.toArray().map((r) => r.toJSON());
    expect(back[0].docstring).toBe(tricky);
    expect(back[0].start_line).toBeNull();
    expect(back[0].end_line).toBeNull();
    expect(back[1].name).toBe('a'.repeat(100) + 'é');
    expect(back[1].class_name).toBe('');
    expect(back[2].class_name).toBeNull();
    expect(back[2].start_line).toBe(1);
    expect(back.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('grows its ASCII-sized buffer for long and short multi-byte strings', () => {
    const texts = ['a'.repeat(5000), '日本語のテキスト😀'.repeat(400), 'é'.repeat(60), 'ünïcödé', 'x'];
    const rows = texts.map((text, i) => ({ path: `f${i}.py`, language: 'python', bytes: text.length, sha256: '', text }));
    const table = filesToArrow(rows as FileRow[]);
    expect(table.getChild('text')!.toArray()).toEqual(texts);
  });

  it('builds edges', () => {
    const edges: EdgeRow[] = [
      { src: 1, dst: 2, type: 'USES', detail: 'call' },
      { src: 2, dst: 3, type: 'CONTAINS', detail: null },
    ];
    const back = edgesToArrow(edges).toArray().map((r) => r.toJSON());
    expect(back).toEqual(edges);
    expect(EDGE_COLUMNS.map((c) => c.name)).toEqual(['src', 'dst', 'type', 'detail']);
  });

  it('cuts big text columns into bounded record batches', () => {
    const big = 'x'.repeat(MAX_BATCH_CHARS - 100);
    const files: FileRow[] = [
      { path: 'a.py', language: 'python', bytes: big.length, sha256: '0', text: big },
      { path: 'b.py', language: 'python', bytes: big.length, sha256: '1', text: big },
      { path: 'c.py', language: 'python', bytes: 1, sha256: '2', text: 'y' },
    ];
    const table = filesToArrow(files);
    expect(table.batches.length).toBe(2);
    expect(table.numRows).toBe(3);
    expect(table.getChild('text')!.get(1)).toBe(big);
    expect(table.getChild('path')!.toArray()).toEqual(['a.py', 'b.py', 'c.py']);
  });

  it('cuts long tables by row count and handles zero rows', () => {
    const rows = Array.from({ length: MAX_BATCH_ROWS + 5 }, (_, i) => ({ src: i, dst: i + 1, type: 'USES', detail: null }));
    const table = rowsToArrow(EDGE_COLUMNS, rows);
    expect(table.batches.map((b) => b.numRows)).toEqual([MAX_BATCH_ROWS, 5]);
    expect(table.getChild('src')!.get(MAX_BATCH_ROWS + 4)).toBe(MAX_BATCH_ROWS + 4);
    const empty = rowsToArrow(EDGE_COLUMNS, []);
    expect(empty.numRows).toBe(0);
    expect(empty.schema.fields.length).toBe(4);
  });
});
