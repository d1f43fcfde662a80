/**
 * @file Variable-length relationships and paths as SQL: the recursive CTEs (trails with their
 * edge keys, and nodes and relationships for paths; reachable pairs; zero-length paths;
 * breadth-first shortest paths) and a named path's length, nodes and relationships.
 * Runs in: everywhere.
 */
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
  /** Where to read them: `nodes`, or a name lookup through the index (nameLookup, bindPattern.ts). */
  table: string;
}

/**
 * How a variable-length relationship is matched, with openCypher's trail semantics (no
 * relationship twice in one path; edges told apart by their keys, QueryState.edgeKey).
 * 'trails': one row per trail with its edge keys (eids), which the MATCH's other relationships
 * must not share; 'paths': the same plus the node ids (pids) and relationships (prels) along it,
 * for named paths and relationship variables; 'one' / 'all': the shortest paths (one per pair
 * of ends, or all of them).
 */
export type WalkMode = 'trails' | 'paths' | 'one' | 'all';

export const REL_STRUCT_OF_BASE = "{'src': s.src, 'dst': s.dst, 'type': s.type, 'detail': s.detail}";

/** A variable-length relationship to compile: `base` has columns a (from), b (to), src, dst, type, detail, eid (the edge key). */
export interface WalkSpec {
  bounds: { min: number; max: number };
  base: string;
  anchors: { left: Anchor | null; right: Anchor | null };
  mode: WalkMode;
  /**
   * Only which (start, end) pairs a trail joins matters, and a walk joins the same pairs (see
   * pairsOnly in uniqueness.ts): reachability per depth instead of every trail.
   */
  pairsOnly: boolean;
  /** The name of its CTE, and for all shortest paths ('all') that of their distances. */
  cte: string;
  dist: string | null;
}

/**
 * The FROM item of a variable-length relationship: columns a (start), b (end), and unless
 * pairsOnly depth, eids (+ pids, prels for 'paths'). Shortest paths start at length 1 (checked
 * when bound, bindPattern.ts).
 */
export function walkTable(spec: WalkSpec, state: QueryState): string {
  const { base, anchors, mode, cte } = spec;
  const { min, max } = spec.bounds;
  const seedOf = (anchor: Anchor | null) => (anchor === null ? '' : ` WHERE a IN (SELECT id FROM ${anchor.table === 'nodes' ? 'nodes' : `${anchor.table} AS seed`} WHERE ${anchor.filter})`);
  if (mode === 'trails' || mode === 'paths') {
    // 'trails' walks from the constrained end when only that one is (right: the reversed edges).
    const fromRight = mode === 'trails' && anchors.left === null && anchors.right !== null;
    const walked = fromRight ? `SELECT b AS a, a AS b, src, dst, type, detail, eid FROM (${base}) AS w` : base;
    const seed = seedOf(fromRight ? anchors.right : anchors.left);
    const ends = fromRight ? 'b AS a, a AS b' : 'a, b';
    const empty = { eids: `CAST([] AS ${state.edgeKeyType}[])`, pids: 'CAST([] AS INTEGER[])', prels: `CAST([] AS ${REL_TYPE}[])` };
    const columns = spec.pairsOnly ? [] : mode === 'trails' ? ['eids'] : ['pids', 'prels', 'eids'];
    const zero = `SELECT id AS a, id AS b${spec.pairsOnly ? '' : ', 0 AS depth'}${columns.map((c) => `, ${empty[c as keyof typeof empty]} AS ${c}`).join('')} FROM ${zeroLengthNodes(anchors)}`;
    if (max === 0) return `(${zero})`;
    const tail = min === 0 ? ` UNION ALL ${zero}` : '';
    if (spec.pairsOnly) {
      // Reachability per depth (each (start, end, depth) once): the pairs, not the walks.
      state.ctes.push(
        `${cte}(a, b, depth) AS (SELECT DISTINCT a, b, 1 FROM (${walked}) AS s${seed} UNION ` +
          `SELECT v.a, s.b, v.depth + 1 FROM ${cte} AS v JOIN ${stepEdges(walked, cte)} ON s.a = v.b WHERE v.depth < ${max})`,
      );
      return `(SELECT DISTINCT ${ends} FROM ${cte} WHERE depth >= ${Math.max(min, 1)}${tail})`;
    }
    const seedList = { eids: '[s.eid]', pids: '[b]', prels: `[${REL_STRUCT_OF_BASE}]` };
    const stepList = { eids: 'list_append(v.eids, s.eid)', pids: 'list_append(v.pids, s.b)', prels: `list_append(v.prels, ${REL_STRUCT_OF_BASE})` };
    const pick = (lists: Record<string, string>) => columns.map((c) => `, ${lists[c]}`).join('');
    state.ctes.push(
      `${cte}(a, b, depth, ${columns.join(', ')}) AS (SELECT a, b, 1${pick(seedList)} FROM (${walked}) AS s${seed} UNION ALL ` +
        `SELECT v.a, s.b, v.depth + 1${pick(stepList)} FROM ${cte} AS v JOIN ${stepEdges(walked, cte)} ON s.a = v.b WHERE v.depth < ${max} AND NOT list_contains(v.eids, s.eid))`,
    );
    return `(SELECT ${ends}, depth, ${columns.join(', ')} FROM ${cte} WHERE depth >= ${Math.max(min, 1)}${tail})`;
  }
  const seed = seedOf(anchors.left);
  // Breadth-first: one row per (start, end) pair, reached first at its shortest depth (USING KEY
  // keeps one row per pair; a pair already reached, in recurring, is never extended again).
  const bfs = (name: string, columns: string, seedCols: string, stepCols: string) =>
    `${name}(a, b, depth${columns}) USING KEY (a, b) AS (SELECT a, b, 1${seedCols} FROM (${base}) AS s${seed} UNION ` +
    `SELECT v.a, s.b, v.depth + 1${stepCols} FROM ${name} AS v JOIN (${base}) AS s ON s.a = v.b WHERE v.depth < ${max} ` +
    `AND NOT EXISTS (SELECT 1 FROM recurring.${name} AS q WHERE q.a = v.a AND q.b = s.b))`;
  if (mode === 'one') {
    state.ctes.push(bfs(cte, ', pids, prels', `, [b], [${REL_STRUCT_OF_BASE}]`, `, list_append(v.pids, s.b), list_append(v.prels, ${REL_STRUCT_OF_BASE})`));
    return `(SELECT * FROM ${cte} WHERE a <> b)`;
  }
  // All shortest paths: the distances first, then the walks that advance one level per step
  // (exactly the shortest paths to every node they reach).
  const dist = spec.dist!;
  state.ctes.push(
    bfs(dist, '', '', ''),
    `${cte}(a, b, depth, pids, prels) AS (SELECT s.a, s.b, 1, [s.b], [${REL_STRUCT_OF_BASE}] FROM (${base}) AS s JOIN ${dist} AS d ON d.a = s.a AND d.b = s.b AND d.depth = 1 AND d.a <> d.b UNION ALL ` +
      `SELECT v.a, s.b, v.depth + 1, list_append(v.pids, s.b), list_append(v.prels, ${REL_STRUCT_OF_BASE}) FROM ${cte} AS v JOIN (${base}) AS s ON s.a = v.b JOIN ${dist} AS d ON d.a = v.a AND d.b = s.b AND d.depth = v.depth + 1 AND d.a <> d.b WHERE v.depth < ${max})`,
  );
  return `(SELECT * FROM ${cte})`;
}

/**
 * A recursive step's edges, as `s`: those leaving the last step's ends only. Joined whole,
 * duckdb expects the walk to outnumber the edges and builds its hash table from every edge at
 * each step (USES*1..3 on 2M edges: 2.6 s); the semi-join on the walk's ends is built from those
 * ends and hands them to the edge scan as its filter (80 ms). The rows are the same: the step's
 * join keeps only these edges anyway. Shortest paths keep the plain join: there the join's order
 * picks one of several equally short paths, which this would change (and it saved nothing there).
 */
function stepEdges(edges: string, cte: string): string {
  return `(SELECT * FROM (${edges}) AS w WHERE a IN (SELECT b FROM ${cte})) AS s`;
}

/** The type of a relationship struct (relStruct, REL_STRUCT_OF_BASE). */
const REL_TYPE = 'STRUCT(src INTEGER, dst INTEGER, type VARCHAR, detail VARCHAR)';

/**
 * Where the zero-length paths of a `*0..n` relationship start: every node its two ends admit
 * (openCypher binds the end node to the start node).
 */
function zeroLengthNodes(anchors: { left: Anchor | null; right: Anchor | null }): string {
  const filters = [anchors.left, anchors.right].filter((a): a is Anchor => a !== null);
  const table = filters[0] && filters[0].table !== 'nodes' ? `${filters[0].table} AS seed` : 'nodes';
  return filters.length > 0 ? `${table} WHERE ${filters.map((f) => `(${f.filter})`).join(' AND ')}` : table;
}

export function pathAliases(info: PathInfo): Set<string> {
  return new Set([info.start, ...info.steps.flatMap((s) => [s.rel, s.end])]);
}

/** nodes(p): the start node, then each step's nodes (a walk's come from its pids). */
export function pathNodes(info: PathInfo): string {
  const parts = [`[${nodeStruct(info.start)}]`];
  for (const step of info.steps) {
    if (step.walk) parts.push(`coalesce((SELECT list(${nodeStruct('pn')} ORDER BY u.i) FROM (SELECT unnest(${step.rel}.pids) AS id, generate_subscripts(${step.rel}.pids, 1) AS i) AS u JOIN nodes AS pn ON pn.id = u.id), [])`);
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
