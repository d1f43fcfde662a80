/**
 * @file Relationship uniqueness within one MATCH (openCypher): which of its relationships could
 * bind the same edge, the SQL condition that keeps them apart (fixed ones by their columns, a
 * variable-length one by the edge keys of its trail), and when a variable-length relationship
 * may be matched as reachable (start, end) pairs instead of trails. Runs in: everywhere.
 */
import type { RelPattern } from './ast.ts';
import type { QueryState } from './sqlText.ts';
import type { WalkMode } from './walks.ts';

export function typesOverlap(x: string[], y: string[]): boolean {
  return x.length === 0 || y.length === 0 || x.some((t) => y.includes(t));
}

/** A relationship of a MATCH: its types and the labels its src / dst must have (null: any); walk: a variable-length one (its edge keys in `eids`). */
export interface SimpleRel {
  alias: string;
  types: string[];
  walk: boolean;
  /** A fixed relationship's edge key (QueryState.edgeKey); a walk's are in its `eids`. */
  key: string;
  src: string[] | null;
  dst: string[] | null;
}

/**
 * Whether two relationships of one MATCH could be the same edge: only then do they need the
 * uniqueness condition (a condition between two relations makes duckdb's join planner, most of
 * a lookup's time, slower). Disjoint types, or disjoint labels at the same end, rule it out.
 */
export function maySameEdge(x: SimpleRel, y: SimpleRel): boolean {
  const overlap = (a: string[] | null, b: string[] | null) => a === null || b === null || a.some((l) => b.includes(l));
  return typesOverlap(x.types, y.types) && overlap(x.src, y.src) && overlap(x.dst, y.dst);
}

/** No edge bound to both: two fixed relationships differ, a walk's edges leave out the other's. */
export function distinctEdges(x: SimpleRel, y: SimpleRel): string {
  if (x.walk && y.walk) return `NOT list_has_any(${x.alias}.eids, ${y.alias}.eids)`;
  if (x.walk || y.walk) return x.walk ? `NOT list_contains(${x.alias}.eids, ${y.key})` : `NOT list_contains(${y.alias}.eids, ${x.key})`;
  return `NOT (${x.alias}.src = ${y.alias}.src AND ${x.alias}.dst = ${y.alias}.dst AND ${x.alias}.type = ${y.alias}.type AND ${x.alias}.detail IS NOT DISTINCT FROM ${y.alias}.detail)`;
}

/**
 * Whether a variable-length relationship may be matched as its (start, end) pairs alone: where
 * the query cannot see how many trails join two nodes (state.distinctRows), no other relationship
 * of the MATCH may share its edges, and a walk joins the same pairs as a trail. That holds from
 * length 0 or 1 up: the shortest walk between two nodes is a path, and a closed one a cycle,
 * without a repeated edge; an undirected closed walk may go back over one edge, so undirected
 * relationships qualify only when their ends' labels cannot be the same node.
 */
export function pairsOnly(rel: RelPattern, mode: WalkMode, shared: boolean, ends: readonly (string[] | null)[], state: QueryState): boolean {
  if (!rel.varLength || mode !== 'trails' || !state.distinctRows || shared || rel.varLength.min > 1) return false;
  const [a, b] = ends;
  return rel.direction !== 'both' || (a !== null && b !== null && !a.some((l) => b.includes(l)));
}
