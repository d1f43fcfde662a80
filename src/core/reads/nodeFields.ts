/**
 * @file One mapper from a stored `nodes` row (any subset of its columns) to the typed fields of
 * NodeRow (core/graph/types.ts): ids and lines as numbers, kind, name and qualified_name as
 * strings ('' when missing), every other column as its string or null. The typed reads, the
 * answer's presentation and the requirement graph all read node rows through it.
 * Runs in: everywhere. Layer src/core.
 */
import type { NodeKind, NodeRow } from '../graph/types.ts';
import type { Row } from '../store/sqlConnection.ts';

/** Columns whose values are numbers. */
const NUMBER_COLUMNS: ReadonlySet<keyof NodeRow> = new Set(['id', 'start_line', 'end_line', 'code_start', 'code_end']);
/** Columns never null in the table: read as '' (or 0) when a row lacks them. */
const REQUIRED_COLUMNS: ReadonlySet<keyof NodeRow> = new Set(['id', 'kind', 'name', 'qualified_name']);

function field(row: Row, column: keyof NodeRow): unknown {
  const value = row[column];
  const missing = value === null || value === undefined;
  if (NUMBER_COLUMNS.has(column)) return missing ? (REQUIRED_COLUMNS.has(column) ? 0 : null) : Number(value);
  if (missing) return REQUIRED_COLUMNS.has(column) ? '' : null;
  return String(value);
}

/** The named columns of a `nodes` row, typed as NodeRow types them. */
export function nodeFields<K extends keyof NodeRow>(row: Row, columns: readonly K[]): Pick<NodeRow, K> {
  const out = {} as Record<K, unknown>;
  for (const column of columns) out[column] = field(row, column);
  return out as Pick<NodeRow, K>;
}

/** What every read that lists nodes gives of each: its identity and the names a person reads. */
export interface NamedNode {
  id: number;
  kind: NodeKind;
  name: string;
  /** The path-based unique key ('src.black.mode.Mode'). */
  qualifiedName: string;
  /** The name a person reads ('black.mode.Mode') and its short form (core/graph/displayName.ts). */
  displayName: string;
  shortName: string;
}
