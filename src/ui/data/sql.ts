/**
 * @file Small helpers for the read-only SQL the UI sends to RepoService.query: literal
 * quoting, id lists, and reading typed values out of untyped rows.
 * Runs in: the main thread.
 */
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
