/**
 * @file Small helpers for the read-only SQL the UI sends to RepoService.query: literal
 * quoting, id lists, reading typed values out of untyped rows, and a node row's names.
 * Runs in: the main thread.
 */
import { displayName, shortName } from '../../core/graph/displayName.ts';
import type { Row } from '../../core/pipeline/repoService.ts';

/** A SQL string literal: single quotes doubled. */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** An integer list for `IN (...)`; non-integers are dropped so nothing else reaches the SQL. */
export function sqlIds(ids: Iterable<number>): string {
  const list = [...ids].filter((id) => Number.isInteger(id));
  return list.length > 0 ? list.join(',') : 'NULL';
}

/** A LIKE pattern that matches `value` literally (escape char '\'). */
export function sqlLikeContains(value: string): string {
  return sqlText(`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) + " ESCAPE '\\'";
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
