/**
 * @file Variable-length relationships and paths as SQL: the recursive CTEs (walk counts, walks
 * with their nodes and relationships, breadth-first shortest paths) and a named path's length,
 * nodes and relationships. Runs in: everywhere.
 */
import { cypherError } from './errors.ts';
import type { SourcePosition } from './errors.ts';
import { nodeStruct, relStruct } from './sqlText.ts';
import type { QueryState } from './sqlText.ts';

/** A named path: its start node alias, then per step a fixed relationship or a walk, and its end node alias. */
export interface PathInfo {
  start: string;
  steps: { rel: string; walk: boolean; end: string }[];
}

/** The nodes a variable-length search may start from: its pattern's filter, or its binding's. */
export interface Anchor {
  filter: string;
  /** Where to read them: `nodes`, or a name lookup through the index (see nameLookup). */
  table: string;
}

/**
 * How a variable-length relationship is matched. 'count': one row per walk, from walk counts per
 * (start, end, depth) (Kuzu's walk semantics, without listing the walks); 'paths': one row per
 * walk with its node ids (pids) and relationships (prels), for named paths; 'one' / 'all': the
 * shortest paths (one per pair of ends, or all of them).
 */
export type WalkMode = 'count' | 'paths' | 'one' | 'all';

export const REL_STRUCT_OF_BASE = "{'src': s.src, 'dst': s.dst, 'type': s.type, 'detail': s.detail}";

/** The FROM item of a variable-length relationship: columns a (start), b (end), and depth / pids / prels when walkMode is not 'count'. */
export function walkTable(
  bounds: { min: number; max: number },
  base: string,
  anchors: { left: Anchor | null; right: Anchor | null },
  walkMode: WalkMode,
  state: QueryState,
  at: SourcePosition,
): string {
  const cte = state.next('vl');
  const { min, max } = bounds;
  const seedOf = (anchor: Anchor | null) => (anchor === null ? '' : ` WHERE a IN (SELECT id FROM ${anchor.table === 'nodes' ? 'nodes' : `${anchor.table} AS seed`} WHERE ${anchor.filter})`);
  if (walkMode === 'count') {
    // Walk from the constrained end when only one end is constrained (right: walk the reversed edges).
    const fromRight = anchors.left === null && anchors.right !== null;
    const walked = fromRight ? `SELECT b AS a, a AS b FROM (${base}) AS w` : base;
    const seed = seedOf(fromRight ? anchors.right : anchors.left);
    state.ctes.push(
      `${cte}(a, b, depth, n) AS (SELECT a, b, 1, count(*) FROM (${walked}) AS s${seed} GROUP BY a, b UNION ALL ` +
        `SELECT v.a, s.b, v.depth + 1, CAST(sum(v.n) AS BIGINT) FROM ${cte} AS v JOIN (${walked}) AS s ON s.a = v.b WHERE v.depth < ${max} GROUP BY v.a, s.b, v.depth)`,
    );
    const ends = fromRight ? 'b AS a, a AS b' : 'a, b';
    if (state.distinctRows) return `(SELECT DISTINCT ${ends} FROM ${cte} WHERE depth >= ${min})`;
    // One row per walk: a (start, end) pair reached by n walks comes back n times.
    return `(SELECT ${ends} FROM ${cte} CROSS JOIN range(${cte}.n) AS r(i) WHERE depth >= ${min})`;
  }
  const seed = seedOf(anchors.left);
  if (walkMode === 'paths') {
    state.ctes.push(
      `${cte}(a, b, depth, pids, prels) AS (SELECT a, b, 1, [b], [${REL_STRUCT_OF_BASE}] FROM (${base}) AS s${seed} UNION ALL ` +
        `SELECT v.a, s.b, v.depth + 1, list_append(v.pids, s.b), list_append(v.prels, ${REL_STRUCT_OF_BASE}) FROM ${cte} AS v JOIN (${base}) AS s ON s.a = v.b WHERE v.depth < ${max})`,
    );
    return `(SELECT * FROM ${cte} WHERE depth >= ${min})`;
  }
  if (min !== 1) throw cypherError('Shortest paths start at length 1 (use *..N or *1..N)', at);
  // Breadth-first: one row per (start, end) pair, reached first at its shortest depth (USING KEY
  // keeps one row per pair; a pair already reached, in recurring, is never extended again).
  const bfs = (name: string, columns: string, seedCols: string, stepCols: string) =>
    `${name}(a, b, depth${columns}) USING KEY (a, b) AS (SELECT a, b, 1${seedCols} FROM (${base}) AS s${seed} UNION ` +
    `SELECT v.a, s.b, v.depth + 1${stepCols} FROM ${name} AS v JOIN (${base}) AS s ON s.a = v.b WHERE v.depth < ${max} ` +
    `AND NOT EXISTS (SELECT 1 FROM recurring.${name} AS q WHERE q.a = v.a AND q.b = s.b))`;
  if (walkMode === 'one') {
    state.ctes.push(bfs(cte, ', pids, prels', `, [b], [${REL_STRUCT_OF_BASE}]`, `, list_append(v.pids, s.b), list_append(v.prels, ${REL_STRUCT_OF_BASE})`));
    return `(SELECT * FROM ${cte} WHERE a <> b)`;
  }
  // All shortest paths: the distances first, then the walks that advance one level per step
  // (exactly the shortest paths to every node they reach).
  const dist = state.next('dist');
  state.ctes.push(
    bfs(dist, '', '', ''),
    `${cte}(a, b, depth, pids, prels) AS (SELECT s.a, s.b, 1, [s.b], [${REL_STRUCT_OF_BASE}] FROM (${base}) AS s JOIN ${dist} AS d ON d.a = s.a AND d.b = s.b AND d.depth = 1 AND d.a <> d.b UNION ALL ` +
      `SELECT v.a, s.b, v.depth + 1, list_append(v.pids, s.b), list_append(v.prels, ${REL_STRUCT_OF_BASE}) FROM ${cte} AS v JOIN (${base}) AS s ON s.a = v.b JOIN ${dist} AS d ON d.a = v.a AND d.b = s.b AND d.depth = v.depth + 1 AND d.a <> d.b WHERE v.depth < ${max})`,
  );
  return `(SELECT * FROM ${cte})`;
}

export function pathAliases(info: PathInfo): Set<string> {
  return new Set([info.start, ...info.steps.flatMap((s) => [s.rel, s.end])]);
}

/** nodes(p): the start node, then each step's nodes (a walk's come from its pids). */
export function pathNodes(info: PathInfo): string {
  const parts = [`[${nodeStruct(info.start)}]`];
  for (const step of info.steps) {
    if (step.walk) parts.push(`(SELECT list(${nodeStruct('pn')} ORDER BY u.i) FROM (SELECT unnest(${step.rel}.pids) AS id, generate_subscripts(${step.rel}.pids, 1) AS i) AS u JOIN nodes AS pn ON pn.id = u.id)`);
    else parts.push(`[${nodeStruct(step.end)}]`);
  }
  return parts.length === 1 ? parts[0]! : `flatten([${parts.join(', ')}])`;
}

export function pathNodeIds(info: PathInfo): string {
  const parts = [`[${info.start}.id]`, ...info.steps.map((step) => (step.walk ? `${step.rel}.pids` : `[${step.end}.id]`))];
  return `flatten([${parts.join(', ')}])`;
}

export function pathRels(info: PathInfo): string {
  const parts = info.steps.map((step) => (step.walk ? `${step.rel}.prels` : `[${relStruct(step.rel)}]`));
  return parts.length === 0 ? '[]' : parts.length === 1 ? parts[0]! : `flatten([${parts.join(', ')}])`;
}

export function pathLength(info: PathInfo): string {
  const fixed = info.steps.filter((s) => !s.walk).length;
  const walks = info.steps.filter((s) => s.walk).map((s) => `${s.rel}.depth`);
  return walks.length === 0 ? String(fixed) : `(${[...(fixed > 0 ? [String(fixed)] : []), ...walks].join(' + ')})`;
}
