/**
 * @file The graph of an indexed database (`bench:search -- --db FILE`), read with the CLI's
 * engine: every node's names and signature (no code, docstring or description: the Cypher
 * workload draws names from it) and every edge but SIMILAR.
 * Runs in: Node (bench).
 */
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import type { EdgeType, Graph, NodeKind } from '../../src/core/graph/types.ts';
import { NODE_ROWS_TABLE } from '../../src/core/store/schema.ts';

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export async function readDbGraph(path: string): Promise<Graph> {
  const conn = await openNodeDatabase(path, { mustExist: true, readOnly: true });
  try {
    const nodes = await conn.query(`SELECT id, kind, name, qualified_name, module_name, class_name, file_path, start_line, end_line, signature FROM ${NODE_ROWS_TABLE} ORDER BY id`);
    const edges = await conn.query("SELECT src, dst, type FROM edges WHERE type <> 'SIMILAR'");
    return {
      nodes: nodes.map((r) => ({
        id: Number(r.id),
        kind: String(r.kind) as NodeKind,
        name: String(r.name),
        qualified_name: String(r.qualified_name),
        module_name: text(r.module_name),
        class_name: text(r.class_name),
        file_path: text(r.file_path),
        start_line: r.start_line === null ? null : Number(r.start_line),
        end_line: r.end_line === null ? null : Number(r.end_line),
        signature: text(r.signature),
        code: null,
        docstring: null,
        description: null,
        member_descriptions: null,
        requirement: null,
        language: null,
        local_name: null,
        import_name: null,
      })),
      edges: edges.map((r) => ({ src: Number(r.src), dst: Number(r.dst), type: String(r.type) as EdgeType, detail: null })),
      unresolved: [],
    };
  } finally {
    await conn.close();
  }
}
