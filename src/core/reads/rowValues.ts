/**
 * @file Small helpers of the typed reads (src/core/reads): id lists for `IN (...)`, typed values
 * read out of untyped rows, and a node row's names (core/graph/displayName.ts).
 * Runs in: everywhere. Layer src/core.
 */
import { displayName, shortName } from '../graph/displayName.ts';
import type { Row } from '../store/sqlConnection.ts';

/** An integer list for `IN (...)`; non-integers are dropped so nothing else reaches the SQL. */
export function sqlIds(ids: Iterable<number>): string {
  const list = [...ids].filter((id) => Number.isInteger(id));
  return list.length > 0 ? list.join(',') : 'NULL';
}

export function num(row: Row, key: string): number {
  const value = row[key];
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return 0;
}

export function numOrNull(row: Row, key: string): number | null {
  const value = row[key];
  return value === null || value === undefined ? null : num(row, key);
}

export function str(row: Row, key: string): string {
  const value = row[key];
  return value === null || value === undefined ? '' : String(value);
}

export function strOrNull(row: Row, key: string): string | null {
  const value = row[key];
  return value === null || value === undefined ? null : String(value);
}

/**
 * A node row's names (core/graph/displayName.ts): the display name and the short one. The row
 * needs kind, name, qualified_name and import_name.
 */
export function namesOf(row: Row): { displayName: string; shortName: string } {
  const node = { kind: str(row, 'kind'), name: str(row, 'name'), qualified_name: str(row, 'qualified_name'), import_name: strOrNull(row, 'import_name') };
  return { displayName: displayName(node), shortName: shortName(node) };
}
