/**
 * @file The typed reads' helpers: id lists keep only integers, typed values out of untyped rows,
 * and the one node-row mapper (ids and lines as numbers, required columns never null).
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { nodeFields } from '../../src/core/reads/nodeFields.ts';
import { num, sqlIds } from '../../src/core/reads/rowValues.ts';
import { sqlString } from '../../src/core/store/sqlConnection.ts';

describe('row values', () => {
  it('quotes literals and keeps only integers in id lists', () => {
    expect(sqlString("it's")).toBe("'it''s'");
    expect(sqlIds([1, 2.5, Number.NaN, 3])).toBe('1,3');
    expect(sqlIds([])).toBe('NULL');
    expect(num({ n: 5n as unknown }, 'n')).toBe(5);
    expect(num({ n: null }, 'n')).toBe(0);
  });

  it('maps a node row: numbers, required strings, nullable columns', () => {
    const row = { id: 7n as unknown, kind: 'Function', name: null, qualified_name: 'a.f', import_name: null, start_line: '3', file_path: 'a.py' };
    expect(nodeFields(row, ['id', 'kind', 'name', 'qualified_name', 'import_name', 'start_line', 'file_path', 'end_line'])).toEqual({
      id: 7,
      kind: 'Function',
      name: '',
      qualified_name: 'a.f',
      import_name: null,
      start_line: 3,
      file_path: 'a.py',
      end_line: null,
    });
  });
});
