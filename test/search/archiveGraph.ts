/**
 * @file A small Python graph in a real database (duckdb-wasm in memory), shared by the scoped
 * search tests and the use-case tests: an archive module (make_tarball, which USES
 * read_manifest, and unpack_zip), a geometry module (hypot2) and an unrelated one;
 * `padPastBigGraph` adds Field rows past BIG_GRAPH_NODES, the way a big repository looks to
 * the node count.
 */
import { openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import type { EdgeRow, NodeRow } from '../../src/core/graph/types.ts';
import { BIG_GRAPH_NODES } from '../../src/core/search/bigGraph.ts';
import { writeGraph } from '../../src/core/store/graphStore.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';

function node(id: number, kind: NodeRow['kind'], name: string, module: string, extra: Partial<NodeRow> = {}): NodeRow {
  return {
    id, kind, name, qualified_name: module ? `${module}.${name}` : name, module_name: module || null, class_name: null, file_path: module ? `${module}.py` : null,
    start_line: 1, end_line: 3, signature: null, code: null, docstring: null, description: null,
    member_descriptions: null, requirement: null, language: 'python', local_name: null, import_name: null,
    ...extra,
  };
}
const fn = (id: number, name: string, module: string, doc: string | null, body: string): NodeRow =>
  node(id, 'Function', name, module, { code: `def ${name}(a):\n    ${doc ? `"""${doc}"""\n    ` : ''}${body}`, docstring: doc, signature: `def ${name}(a)` });

export const ARCHIVE_NODES: readonly NodeRow[] = [
  node(0, 'Repo', 'repo', '', { file_path: null, module_name: null }),
  node(1, 'Module', 'archive', 'archive'),
  node(2, 'Module', 'geometry', 'geometry'),
  node(3, 'Module', 'unrelated', 'unrelated'),
  fn(10, 'make_tarball', 'archive', 'Pack several files into one compressed tarball.', 'return tarfile.open(a)'),
  fn(11, 'read_manifest', 'archive', null, 'return json.load(a)'),
  fn(12, 'unpack_zip', 'archive', 'Extract a zip archive.', 'zipfile.ZipFile(a).extractall()'),
  fn(20, 'hypot2', 'geometry', 'Hypotenuse of a right triangle.', 'return math.sqrt(a)'),
  fn(30, 'noise', 'unrelated', 'Nothing to see.', 'pass'),
];
const edge = (src: number, dst: number, type: EdgeRow['type']): EdgeRow => ({ src, dst, type, detail: null });
export const ARCHIVE_EDGES: readonly EdgeRow[] = [
  edge(0, 1, 'CONTAINS'), edge(0, 2, 'CONTAINS'), edge(0, 3, 'CONTAINS'),
  edge(1, 10, 'CONTAINS'), edge(1, 11, 'CONTAINS'), edge(1, 12, 'CONTAINS'), edge(2, 20, 'CONTAINS'), edge(3, 30, 'CONTAINS'),
  edge(10, 11, 'USES'),
];

/** The archive graph written into a database `open` gives (a new in-memory one by default). */
export async function openArchiveGraph(open: () => Promise<SqlConnection> = openWasmMemoryConnection): Promise<SqlConnection> {
  const conn = await open();
  await writeGraph(conn, { repoName: 'r', graph: { nodes: [...ARCHIVE_NODES], edges: [...ARCHIVE_EDGES], unresolved: [] }, files: [], issues: [], skipped: [], summary: {} });
  return conn;
}

/** Pads the graph past BIG_GRAPH_NODES. */
export async function padPastBigGraph(conn: SqlConnection): Promise<void> {
  await conn.run(`INSERT INTO node_rows (id, kind, name, qualified_name) SELECT i, 'Field', 'f' || i, 'm.f' || i FROM range(1000, ${1000 + BIG_GRAPH_NODES}) t(i)`);
}
