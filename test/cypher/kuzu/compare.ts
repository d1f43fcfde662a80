/**
 * @file Test helper for the Kuzu differential suite: runs one corpus query on our compiler (via
 * runCypher: compile, read-only guard, DuckDB) and on Kuzu (variable-length relationships as
 * Kuzu's trails, kuzuTrails), normalizes both results (whole nodes
 * to their id, integers to numbers, floats rounded) and compares them as multisets of rows, or
 * as sequences when the query's ORDER BY (or an earlier WITH's, `ordered`) fixes the order. Runs in: Node (vitest).
 */
import { runCypher } from '../../../src/core/agent/runCypher.ts';
import type { SqlConnection } from '../../../src/core/store/sqlConnection.ts';
import type { CorpusQuery } from './corpus.ts';
import type { KuzuConnection } from './kuzuGraph.ts';

function normalize(value: unknown, sortLists: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toPrecision(10));
  if (Array.isArray(value)) {
    const items = value.map((v) => normalize(v, sortLists));
    return sortLists ? items.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) : items;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A whole node: ours is a struct of every column, Kuzu's carries _label and _id.
    if ('_label' in record && '_id' in record && 'id' in record) return `node:${String(record.id)}`;
    if ('qualified_name' in record && 'kind' in record && 'id' in record) return `node:${String(record.id)}`;
    if ('_label' in record && '_src' in record) return `rel:${String(record._label)}`;
    if ('src' in record && 'dst' in record && 'type' in record) return `rel:${String(record.type)}`;
    return Object.fromEntries(Object.entries(record).filter(([k]) => !k.startsWith('_')).map(([k, v]) => [k, normalize(v, sortLists)]));
  }
  return value;
}

function rowKeys(rows: Record<string, unknown>[], columns: string[] | null, sortLists: boolean): string[] {
  return rows.map((row) => JSON.stringify((columns ?? Object.keys(row)).map((c) => normalize(row[c], sortLists))));
}

export interface Comparison {
  agree: boolean;
  /** Normalized rows (JSON), sorted unless compared in order. */
  ours: string[];
  theirs: string[];
}

/**
 * Kuzu's form of a variable-length relationship: Kuzu walks by default (a relationship may
 * repeat within one path), openCypher and our compiler match trails, Kuzu's `* TRAIL`.
 * Shortest paths (`* SHORTEST`, `* ALL SHORTEST`) are left as they are.
 */
export function kuzuTrails(query: string): string {
  return query.replace(/\*\s*(\d*)\s*(\.\.)?\s*(\d*)\s*\]/g, (_all, low: string, range: string | undefined, high: string) => {
    if (range === undefined && low !== '') return `* TRAIL ${low}..${low}]`;
    const min = low === '' ? 1 : Number(low);
    return `* TRAIL ${min}..${high === '' ? Math.max(min, KUZU_DEFAULT_MAX) : high}]`;
  });
}

/** Our compiler's upper bound of `*` and `*n..` (VAR_LENGTH_DEFAULT_MAX), written out for Kuzu. */
const KUZU_DEFAULT_MAX = 5;

/** Runs `entry` on both engines; rows compare by position of their columns. */
export async function compareQuery(store: Pick<SqlConnection, 'query'>, kuzu: KuzuConnection, entry: CorpusQuery): Promise<Comparison> {
  const ours = await runCypher(store, entry.q, entry.params ?? {});
  const result = await kuzu.query(kuzuTrails(entry.kuzu ?? entry.q));
  const theirs = await result.getAll();
  const sortLists = entry.unorderedLists ?? false;
  const a = rowKeys(ours.rows, ours.columns, sortLists);
  const b = rowKeys(theirs, null, sortLists);
  const ordered = (entry.ordered === true || /ORDER BY/i.test(entry.q.slice(entry.q.search(/RETURN(?![\s\S]*RETURN)/i)))) && !entry.unordered;
  const [ours2, theirs2] = ordered ? [a, b] : [[...a].sort(), [...b].sort()];
  return { agree: JSON.stringify(ours2) === JSON.stringify(theirs2), ours: ours2, theirs: theirs2 };
}
