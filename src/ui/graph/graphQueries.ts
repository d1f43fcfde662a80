/**
 * @file The explorer's read-only SQL: package overview (modules by folder, IMPORTS + USES
 * summed per module pair), children of a
 * module or class, edges among visible nodes, the ego neighbourhood of a node (BFS by level),
 * and name search (the path-based qualified name or the import name). Queries stay small: ids,
 * kinds and names only, never code.
 * Runs in: the main thread (queries run in the repo worker).
 */
import type { EdgeType, NodeKind } from '../../core/graph/types.ts';
import { buildPackageTree } from '../../core/graph/packageOverview.ts';
import type { ModuleLink, PackageTree } from '../../core/graph/packageOverview.ts';
import type { Row } from '../../core/pipeline/repoService.ts';
import type { RepoClient } from '../clients/repoClient.ts';
import { namesOf, num, sqlIds, sqlText, str } from '../data/sql.ts';

/** At most this many nodes are drawn at once; the rest is announced, never silently dropped. */
export const MAX_VISIBLE_NODES = 1500;

export interface GraphNode {
  id: number;
  kind: NodeKind;
  name: string;
  qualifiedName: string;
  /** The name a person reads and its short form (core/graph/displayName.ts). */
  displayName: string;
  shortName: string;
  /** Members a double-click would reveal (Module: CONTAINS, Class: HAS_METHOD + HAS_FIELD). */
  children: number;
}

export interface GraphEdge {
  src: number;
  dst: number;
  type: EdgeType;
  /** Number of stored edges merged into this one (IMPORTS between two modules). */
  weight: number;
}

export interface GraphSlice {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** How many nodes exist beyond the ones returned (0 = nothing left out). */
  hidden: number;
}

export interface SearchHit {
  id: number;
  kind: NodeKind;
  name: string;
  qualifiedName: string;
  displayName: string;
  shortName: string;
  filePath: string;
  startLine: number;
}

const MEMBER_EDGES = "('CONTAINS', 'HAS_METHOD', 'HAS_FIELD')";
/** SIMILAR edges are drawn only on request (the toggle), through loadSimilarEdges. */
const CROSS_EDGES = "('USES', 'INHERITS', 'IMPORTS')";

/** A node row (id, kind, name, qualified_name, import_name, children) as the graph draws it. */
export function toNode(row: Row): GraphNode {
  return {
    id: num(row, 'id'),
    kind: str(row, 'kind') as NodeKind,
    name: str(row, 'name'),
    qualifiedName: str(row, 'qualified_name'),
    ...namesOf(row),
    children: num(row, 'children'),
  };
}

function toEdge(row: Row): GraphEdge {
  return { src: num(row, 'src'), dst: num(row, 'dst'), type: str(row, 'type') as EdgeType, weight: num(row, 'n') || 1 };
}

const CHILD_COUNT = `LEFT JOIN (SELECT src, count(*) AS n FROM edges WHERE type IN ${MEMBER_EDGES} GROUP BY src) c ON c.src = n.id`;

export interface PackageOverviewData {
  /** Module id -> its drawn look (name, member count). */
  modules: Map<number, GraphNode>;
  tree: PackageTree;
  links: ModuleLink[];
}

/**
 * The package overview's data: every module with a file (grouped by folder) and the
 * IMPORTS + USES edges between different files summed per module pair.
 */
export async function loadPackageOverview(service: RepoClient): Promise<PackageOverviewData> {
  const [moduleRows, linkRows] = await Promise.all([
    service.query(
      `SELECT n.id, n.kind, n.name, n.qualified_name, n.import_name, n.file_path, coalesce(c.n, 0) AS children
       FROM nodes n ${CHILD_COUNT} WHERE n.kind = 'Module' AND n.file_path IS NOT NULL`,
    ),
    service.query(
      `SELECT s.file_path AS a, d.file_path AS b, count(*) AS n FROM edges e
       JOIN nodes s ON s.id = e.src JOIN nodes d ON d.id = e.dst
       WHERE e.type IN ('IMPORTS', 'USES') AND s.file_path IS NOT NULL AND d.file_path IS NOT NULL AND s.file_path <> d.file_path
       GROUP BY s.file_path, d.file_path`,
    ),
  ]);
  const modules = new Map(moduleRows.map((row) => [num(row, 'id'), toNode(row)]));
  const byPath = new Map(moduleRows.map((row) => [str(row, 'file_path'), num(row, 'id')]));
  const links: ModuleLink[] = [];
  for (const row of linkRows) {
    const src = byPath.get(str(row, 'a'));
    const dst = byPath.get(str(row, 'b'));
    if (src !== undefined && dst !== undefined) links.push({ src, dst, weight: num(row, 'n') });
  }
  const tree = buildPackageTree(moduleRows.map((row) => ({ id: num(row, 'id'), path: str(row, 'file_path') })));
  return { modules, tree, links };
}

/** Direct members of a module (classes, functions, globals) or a class (methods, fields). */
export async function loadChildren(service: RepoClient, parentId: number, limit = MAX_VISIBLE_NODES): Promise<GraphSlice> {
  const [countRows, rows] = await Promise.all([
    service.query(`SELECT count(*) AS n FROM edges WHERE src = ${sqlIds([parentId])} AND type IN ${MEMBER_EDGES}`),
    service.query(
      `SELECT n.id, n.kind, n.name, n.qualified_name, n.import_name, coalesce(c.n, 0) AS children, e.type AS via
       FROM edges e JOIN nodes n ON n.id = e.dst ${CHILD_COUNT}
       WHERE e.src = ${sqlIds([parentId])} AND e.type IN ${MEMBER_EDGES} AND n.kind <> 'Module'
       ORDER BY n.start_line, n.name LIMIT ${limit}`,
    ),
  ]);
  const nodes = rows.map(toNode);
  const edges: GraphEdge[] = rows.map((row) => ({ src: parentId, dst: num(row, 'id'), type: str(row, 'via') as EdgeType, weight: 1 }));
  const total = countRows[0] ? num(countRows[0], 'n') : nodes.length;
  return { nodes, edges, hidden: Math.max(0, total - nodes.length) };
}

/** USES / INHERITS / IMPORTS edges touching `ids` whose other end is in `visible`. */
export async function loadCrossEdges(service: RepoClient, ids: number[], visible: ReadonlySet<number>): Promise<GraphEdge[]> {
  if (ids.length === 0) return [];
  const list = sqlIds(ids);
  const rows = await service.query(
    `SELECT src, dst, type, count(*) AS n FROM edges
     WHERE type IN ${CROSS_EDGES} AND src <> dst AND (src IN (${list}) OR dst IN (${list}))
     GROUP BY src, dst, type LIMIT 20000`,
  );
  return rows.map(toEdge).filter((e) => visible.has(e.src) && visible.has(e.dst));
}

/** SIMILAR edges among `ids`, one per unordered pair (stored pairs may run both ways). */
export async function loadSimilarEdges(service: RepoClient, ids: Iterable<number>): Promise<GraphEdge[]> {
  const list = sqlIds(ids);
  if (list === 'NULL') return [];
  const rows = await service.query(
    `SELECT least(src, dst) AS src, greatest(src, dst) AS dst, 'SIMILAR' AS type, 1 AS n FROM edges
     WHERE type = 'SIMILAR' AND src <> dst AND src IN (${list}) AND dst IN (${list})
     GROUP BY least(src, dst), greatest(src, dst) LIMIT 20000`,
  );
  return rows.map(toEdge);
}

export interface EgoSlice extends GraphSlice {
  /** BFS distance from the centre for every returned node. */
  distance: Map<number, number>;
}

/**
 * Every node within `depth` hops (edges both ways, the Repo hub left out), nearest first.
 * SIMILAR edges count as hops only with `similar`; they are never returned here (loadSimilarEdges).
 */
export async function loadEgo(service: RepoClient, centerId: number, depth: number, limit = MAX_VISIBLE_NODES, similar = false): Promise<EgoSlice> {
  const hops = similar ? '' : "type <> 'SIMILAR' AND";
  const repoRows = await service.query("SELECT id FROM nodes WHERE kind = 'Repo'");
  const excluded = new Set(repoRows.map((r) => num(r, 'id')));
  excluded.delete(centerId);
  const distance = new Map<number, number>([[centerId, 0]]);
  let frontier = [centerId];
  let hidden = 0;
  for (let level = 1; level <= depth && frontier.length > 0; level++) {
    const list = sqlIds(frontier);
    const rows = await service.query(
      `SELECT DISTINCT src, dst FROM edges WHERE ${hops} (src IN (${list}) OR dst IN (${list})) LIMIT 50000`,
    );
    const next: number[] = [];
    for (const row of rows) {
      for (const id of [num(row, 'src'), num(row, 'dst')]) {
        if (distance.has(id) || excluded.has(id)) continue;
        if (distance.size >= limit) {
          hidden++;
          excluded.add(id);
          continue;
        }
        distance.set(id, level);
        next.push(id);
      }
    }
    frontier = next;
  }
  const ids = sqlIds(distance.keys());
  const [nodeRows, edgeRows] = await Promise.all([
    service.query(
      `SELECT n.id, n.kind, n.name, n.qualified_name, n.import_name, coalesce(c.n, 0) AS children
       FROM nodes n ${CHILD_COUNT} WHERE n.id IN (${ids})`,
    ),
    service.query(
      `SELECT src, dst, type, count(*) AS n FROM edges
       WHERE type <> 'SIMILAR' AND src IN (${ids}) AND dst IN (${ids}) AND src <> dst GROUP BY src, dst, type LIMIT 30000`,
    ),
  ]);
  return { nodes: nodeRows.map(toNode), edges: edgeRows.map(toEdge), hidden, distance };
}

/**
 * A name as its language writes it, dotted as the graph's qualified names are: C++ and Rust
 * `a::B::f`, PHP `A\\B`, Ruby `A#f`, `this->f`.
 */
function dottedSearch(text: string): string {
  return text.trim().replace(/::|->|\\|#/g, '.').replace(/^\.+/, '');
}

/** Name search: exact, then prefix, then substring matches; shorter names first. */
export async function searchNodes(service: RepoClient, text: string, limit = 50): Promise<SearchHit[]> {
  const name = dottedSearch(text);
  const q = sqlText(name.toLowerCase());
  const exact = sqlText(name);
  const field = name.includes('.') ? 'qualified_name' : 'name';
  // Exact name, then the same case ('Product' finds the class before the field 'product'), then
  // definitions before members: what a person typing a name usually means.
  const rows = await service.query(
    `SELECT id, kind, name, qualified_name, import_name, file_path, start_line FROM nodes
     WHERE kind <> 'Repo' AND (contains(lower(${field}), ${q})${field === 'name' ? '' : ` OR contains(lower(import_name), ${q})`})
     ORDER BY CASE WHEN lower(name) = ${q} THEN 0 WHEN starts_with(lower(name), ${q}) THEN 1 ELSE 2 END,
              CASE WHEN name = ${exact} OR starts_with(name, ${exact}) THEN 0 ELSE 1 END,
              CASE kind WHEN 'Class' THEN 0 WHEN 'Function' THEN 1 WHEN 'Module' THEN 2 WHEN 'Method' THEN 3 ELSE 4 END,
              length(name), qualified_name
     LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    id: num(row, 'id'),
    kind: str(row, 'kind') as NodeKind,
    name: str(row, 'name'),
    qualifiedName: str(row, 'qualified_name'),
    ...namesOf(row),
    filePath: str(row, 'file_path'),
    startLine: num(row, 'start_line'),
  }));
}
