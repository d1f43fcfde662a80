/**
 * @file Human-readable output of the CLI (without --json): row tables (a whole node as its kind,
 * display name and place: core/graph/displayName.ts) and count summaries.
 * Runs in: Node (cli).
 */
import { nodeText } from '../core/graph/displayName.ts';
import type { NameSource } from '../core/graph/displayName.ts';
import type { Row } from '../core/store/sqlConnection.ts';

const MAX_CELL = 60;

/** A whole node in a Cypher row: a map of its properties (docs/cli.md). */
function isWholeNode(value: unknown): value is NameSource & { kind: string; file_path?: string | null; start_line?: number | null } {
  return typeof value === 'object' && value !== null && 'qualified_name' in value && 'kind' in value && 'id' in value;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (isWholeNode(value)) return nodeText(value);
  const text = typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : String(value);
  const oneLine = text.replace(/\r?\n/g, '\\n').replace(/\t/g, '\\t');
  return oneLine.length > MAX_CELL ? `${oneLine.slice(0, MAX_CELL - 1)}…` : oneLine;
}

/** Rows as an aligned text table with a header and a row count. */
export function formatRows(rows: readonly Row[]): string {
  if (rows.length === 0) return '(0 rows)';
  const columns = Object.keys(rows[0]);
  const cells = rows.map((row) => columns.map((c) => cellText(row[c])));
  // A loop, not Math.max(...cells): spreading 100k+ rows into arguments overflows the stack.
  const widths = columns.map((c, i) => cells.reduce((w, r) => (r[i].length > w ? r[i].length : w), c.length));
  const numeric = columns.map((c) => rows.every((r) => r[c] === null || typeof r[c] === 'number'));
  const line = (values: string[]) =>
    values.map((v, i) => (numeric[i] ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join(' | ').trimEnd();
  const out = [line(columns), widths.map((w) => '-'.repeat(w)).join('-+-'), ...cells.map(line)];
  out.push(`(${rows.length} ${rows.length === 1 ? 'row' : 'rows'})`);
  return out.join('\n');
}

/** 'Module 3, Class 4' from a count map, largest first. */
export function formatCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return entries.length === 0 ? 'none' : entries.map(([k, n]) => `${k} ${n.toLocaleString('en-US')}`).join(', ');
}
