/**
 * @file The explorer's reads of the graph: every module with its file and the IMPORTS + USES
 * edges summed per module pair (the package overview), the members of a module or class, edges
 * among given nodes, the ego neighbourhood of a node (BFS by level), the nodes of a search tree,
 * and name search (the path-based qualified name or the import name). Reads stay small: ids,
 * kinds and names only, never code, so they read node_rows, not the `nodes` view (which joins the
 * files' texts: on a 929k-node graph that join is most of a read's time; docs/budgets.md).
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import type { EdgeType } from '../graph/types.ts';
import type { Row, SqlConnection } from '../store/sqlConnection.ts';
import { sqlString } from '../store/sqlConnection.ts';
import { MEMBER_COUNTS_TABLE, MEMBER_EDGE_TYPES, MODULE_LINKS_TABLE } from '../store/derivedTables.ts';
import { NODE_ROWS_TABLE } from '../store/schema.ts';
import { nodeFields } from './nodeFields.ts';
import type { NamedNode } from './nodeFields.ts';
import { displayName, shortName } from '../graph/displayName.ts';
import { namesOf, num, sqlIds, str } from './rowValues.ts';

type Reader = Pick<SqlConnection, 'query'>;

/** At most this many nodes are drawn at once; the rest is announced, never silently dropped. */
export const MAX_VISIBLE_NODES = 1500;

export interface GraphNode extends NamedNode {
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

export interface EgoSlice extends GraphSlice {
  /** BFS distance from the centre for every returned node. */
  distance: Map<number, number>;
}

export interface SearchHit extends NamedNode {
  filePath: string;
  startLine: number;
}

/** A module of the package overview: its drawn look and its file. */
export interface OverviewModuleNode extends GraphNode {
  filePath: string;
}

/**
 * The overview's modules as columns, one entry per module (each an OverviewModuleNode's fields
 * but its kind, always Module): 49,963 module objects took three times as long to read out of
 * the engine and to copy to the page (50,000 files; docs/budgets.md).
 */
export interface OverviewModuleColumns {
  id: Int32Array;
  children: Int32Array;
  name: string[];
  qualifiedName: string[];
  displayName: string[];
  shortName: string[];
  filePath: string[];
}

/** A weighted dependency between two modules (IMPORTS + USES edges from one to the other). */
export interface ModuleLink {
  src: number;
  dst: number;
  weight: number;
}

/**
 * Module links as columns, one entry per link: three buffers to copy to the page where 134,482
 * link objects took 0.1 s to build in the worker and as long again to copy (50,000 files).
 */
export interface ModuleLinkColumns {
  src: Int32Array;
  dst: Int32Array;
  weight: Int32Array;
}

export interface PackageOverviewRows {
  modules: OverviewModuleColumns;
  links: ModuleLinkColumns;
}

/** SIMILAR edges are read only on request (the toggle), through readSimilarEdges. */
const CROSS_EDGES = "('USES', 'INHERITS', 'IMPORTS')";
/** Each drawn node's member count, stored when the graph was written (derivedTables.ts). */
const DRAWN_NODE_COLUMNS = `n.id, n.kind, n.name, n.qualified_name, n.import_name,
  coalesce((SELECT c.members FROM ${MEMBER_COUNTS_TABLE} c WHERE c.id = n.id), 0) AS children`;
/** node_rows: every column of `nodes` but the code (reads here never take it). */
const NODES = NODE_ROWS_TABLE;

/** A node row (id, kind, name, qualified_name, import_name, children) as the graph draws it. */
function toNode(row: Row): GraphNode {
  const { id, kind, name, qualified_name } = nodeFields(row, ['id', 'kind', 'name', 'qualified_name']);
  return { id, kind, name, qualifiedName: qualified_name, ...namesOf(row), children: num(row, 'children') };
}

function toEdge(row: Row): GraphEdge {
  return { src: num(row, 'src'), dst: num(row, 'dst'), type: str(row, 'type') as EdgeType, weight: num(row, 'n') || 1 };
}

/**
 * The package overview's data: every module with a file and the IMPORTS + USES edges between
 * different files summed per module pair (module_links, stored when the graph was written).
 */
export async function readPackageOverview(conn: Pick<SqlConnection, 'query' | 'queryArrow'>): Promise<PackageOverviewRows> {
  const [modules, links] = await Promise.all([readOverviewModules(conn), readModuleLinks(conn)]);
  return { modules, links };
}

type Column = ArrayLike<unknown>;

/** A query's result as columns: straight from Arrow where the engine gives it (duckdb-wasm), else from rows. */
async function queryColumns(conn: Pick<SqlConnection, 'query' | 'queryArrow'>, sql: string): Promise<(name: string) => Column> {
  if (conn.queryArrow) {
    const table = await conn.queryArrow(sql);
    return (name) => (table.getChild(name)?.toArray() as Column | undefined) ?? [];
  }
  const rows = await conn.query(sql);
  return (name) => rows.map((row) => row[name]);
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

async function readOverviewModules(conn: Pick<SqlConnection, 'query' | 'queryArrow'>): Promise<OverviewModuleColumns> {
  const column = await queryColumns(conn, `SELECT ${DRAWN_NODE_COLUMNS}, n.file_path FROM ${NODES} n WHERE n.kind = 'Module' AND n.file_path IS NOT NULL`);
  const [names, qualified, imports, paths] = [column('name'), column('qualified_name'), column('import_name'), column('file_path')];
  const out: OverviewModuleColumns = {
    id: Int32Array.from(column('id'), Number),
    children: Int32Array.from(column('children'), Number),
    name: Array.from(names, text),
    qualifiedName: Array.from(qualified, text),
    displayName: [],
    shortName: [],
    filePath: Array.from(paths, text),
  };
  for (let i = 0; i < out.id.length; i++) {
    const node = { kind: 'Module', name: out.name[i]!, qualified_name: out.qualifiedName[i]!, import_name: imports[i] == null ? null : String(imports[i]) };
    out.displayName.push(displayName(node));
    out.shortName.push(shortName(node));
  }
  return out;
}

/** Module `i` of `columns` as the graph draws it (without its file). */
export function overviewModuleAt(columns: OverviewModuleColumns, i: number): GraphNode {
  return {
    id: columns.id[i]!,
    kind: 'Module',
    name: columns.name[i]!,
    qualifiedName: columns.qualifiedName[i]!,
    displayName: columns.displayName[i]!,
    shortName: columns.shortName[i]!,
    children: columns.children[i]!,
  };
}

/** The modules of `columns` as objects, each with its file. */
export function overviewModuleList(columns: OverviewModuleColumns): OverviewModuleNode[] {
  return Array.from(columns.id, (_, i) => ({ ...overviewModuleAt(columns, i), filePath: columns.filePath[i]! }));
}

async function readModuleLinks(conn: Pick<SqlConnection, 'query' | 'queryArrow'>): Promise<ModuleLinkColumns> {
  const column = await queryColumns(conn, `SELECT src, dst, weight FROM ${MODULE_LINKS_TABLE}`);
  const ints = (name: string) => Int32Array.from(column(name), Number);
  return { src: ints('src'), dst: ints('dst'), weight: ints('weight') };
}

/** The links of `columns` as objects. */
export function moduleLinkList(columns: ModuleLinkColumns): ModuleLink[] {
  return Array.from(columns.src, (src, i) => ({ src, dst: columns.dst[i]!, weight: columns.weight[i]! }));
}

/** Direct members of a module (classes, functions, globals) or a class (methods, fields). */
export async function readChildren(conn: Reader, parentId: number, limit = MAX_VISIBLE_NODES): Promise<GraphSlice> {
  const parent = sqlIds([parentId]);
  const [countRows, rows] = await Promise.all([
    conn.query(`SELECT members AS n FROM ${MEMBER_COUNTS_TABLE} WHERE id = ${parent}`),
    conn.query(
      `SELECT ${DRAWN_NODE_COLUMNS}, e.type AS via
       FROM edges e JOIN ${NODES} n ON n.id = e.dst
       WHERE e.src = ${parent} AND e.type IN ${MEMBER_EDGE_TYPES} AND n.kind <> 'Module'
       ORDER BY n.start_line, n.name LIMIT ${Math.max(0, Math.floor(limit))}`,
    ),
  ]);
  const nodes = rows.map(toNode);
  const edges: GraphEdge[] = rows.map((row) => ({ src: parentId, dst: num(row, 'id'), type: str(row, 'via') as EdgeType, weight: 1 }));
  const total = countRows[0] ? num(countRows[0], 'n') : nodes.length;
  return { nodes, edges, hidden: Math.max(0, total - nodes.length) };
}

/** USES / INHERITS / IMPORTS edges touching `ids` (either end), one per (src, dst, type). */
export async function readCrossEdges(conn: Reader, ids: readonly number[]): Promise<GraphEdge[]> {
  const list = sqlIds(ids);
  if (list === 'NULL') return [];
  const rows = await conn.query(
    `SELECT src, dst, type, count(*) AS n FROM edges
     WHERE type IN ${CROSS_EDGES} AND src <> dst AND (src IN (${list}) OR dst IN (${list}))
     GROUP BY src, dst, type LIMIT 20000`,
  );
  return rows.map(toEdge);
}

/** SIMILAR edges among `ids`, one per unordered pair (stored pairs may run both ways). */
export async function readSimilarEdges(conn: Reader, ids: readonly number[]): Promise<GraphEdge[]> {
  const list = sqlIds(ids);
  if (list === 'NULL') return [];
  const rows = await conn.query(
    `SELECT least(src, dst) AS src, greatest(src, dst) AS dst, 'SIMILAR' AS type, 1 AS n FROM edges
     WHERE type = 'SIMILAR' AND src <> dst AND src IN (${list}) AND dst IN (${list})
     GROUP BY least(src, dst), greatest(src, dst) LIMIT 20000`,
  );
  return rows.map(toEdge);
}

/** The drawn nodes `ids` and the stored edges among them (SIMILAR left out): a search tree, an ego. */
export async function readNodesAndEdges(conn: Reader, ids: readonly number[]): Promise<{ nodes: GraphNode[]; edges: GraphEdge[] }> {
  const list = sqlIds(ids);
  if (list === 'NULL') return { nodes: [], edges: [] };
  const [nodeRows, edgeRows] = await Promise.all([
    conn.query(`SELECT ${DRAWN_NODE_COLUMNS} FROM ${NODES} n WHERE n.id IN (${list})`),
    conn.query(
      `SELECT src, dst, type, count(*) AS n FROM edges
       WHERE type <> 'SIMILAR' AND src IN (${list}) AND dst IN (${list}) AND src <> dst GROUP BY src, dst, type LIMIT 30000`,
    ),
  ]);
  return { nodes: nodeRows.map(toNode), edges: edgeRows.map(toEdge) };
}

/**
 * Every node within `depth` hops (edges both ways, the Repo hub left out), nearest first.
 * SIMILAR edges count as hops only with `similar`; they are never returned here (readSimilarEdges).
 */
export async function readEgo(conn: Reader, centerId: number, depth: number, limit = MAX_VISIBLE_NODES, similar = false): Promise<EgoSlice> {
  const hops = similar ? '' : "type <> 'SIMILAR' AND";
  const repoRows = await conn.query(`SELECT id FROM ${NODES} WHERE kind = 'Repo'`);
  const excluded = new Set(repoRows.map((r) => num(r, 'id')));
  excluded.delete(centerId);
  const distance = new Map<number, number>([[centerId, 0]]);
  let frontier = [centerId];
  let hidden = 0;
  for (let level = 1; level <= depth && frontier.length > 0; level++) {
    const list = sqlIds(frontier);
    const rows = await conn.query(`SELECT DISTINCT src, dst FROM edges WHERE ${hops} (src IN (${list}) OR dst IN (${list})) LIMIT 50000`);
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
  const { nodes, edges } = await readNodesAndEdges(conn, [...distance.keys()]);
  return { nodes, edges, hidden, distance };
}

/**
 * A name as its language writes it, dotted as the graph's qualified names are: C++ and Rust
 * `a::B::f`, PHP `A\\B`, Ruby `A#f`, `this->f`.
 */
function dottedSearch(text: string): string {
  return text.trim().replace(/::|->|\\|#/g, '.').replace(/^\.+/, '');
}

/** Name search: exact, then prefix, then substring matches; shorter names first. */
export async function searchNodeNames(conn: Reader, text: string, limit = 50): Promise<SearchHit[]> {
  const name = dottedSearch(text);
  const q = sqlString(name.toLowerCase());
  const exact = sqlString(name);
  const field = name.includes('.') ? 'qualified_name' : 'name';
  // Exact name, then the same case ('Product' finds the class before the field 'product'), then
  // definitions before members: what a person typing a name usually means.
  const rows = await conn.query(
    `SELECT id, kind, name, qualified_name, import_name, file_path, start_line FROM ${NODES}
     WHERE kind <> 'Repo' AND (contains(lower(${field}), ${q})${field === 'name' ? '' : ` OR contains(lower(import_name), ${q})`})
     ORDER BY CASE WHEN lower(name) = ${q} THEN 0 WHEN starts_with(lower(name), ${q}) THEN 1 ELSE 2 END,
              CASE WHEN name = ${exact} OR starts_with(name, ${exact}) THEN 0 ELSE 1 END,
              CASE kind WHEN 'Class' THEN 0 WHEN 'Function' THEN 1 WHEN 'Module' THEN 2 WHEN 'Method' THEN 3 ELSE 4 END,
              length(name), qualified_name
     LIMIT ${Math.max(0, Math.floor(limit))}`,
  );
  return rows.map((row) => {
    const { id, kind, name, qualified_name, file_path, start_line } = nodeFields(row, ['id', 'kind', 'name', 'qualified_name', 'file_path', 'start_line']);
    return { id, kind, name, qualifiedName: qualified_name, ...namesOf(row), filePath: file_path ?? '', startLine: start_line ?? 0 };
  });
}
