/**
 * @file Test helper: the RANGER A.2 fixture (test/fixtures/python/a2) parsed with real
 * tree-sitter, stitched, written to an in-memory duckdb-wasm, plus a runner that compiles a
 * Cypher query, passes it through the read-only SQL guard and returns its rows.
 * Runs in: Node (vitest).
 */
import { openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { compileCypher } from '../../src/core/cypher/compile.ts';
import { stitch } from '../../src/core/graph/stitch.ts';
import { writeGraph } from '../../src/core/store/graphStore.ts';
import type { Row } from '../../src/core/store/graphStore.ts';
import { assertReadOnlySql } from '../../src/core/store/sqlGuard.ts';
import { parseFixture } from '../fixtures/stitch/parseFixture.ts';
import { resolverFor } from '../../src/core/languages/implementations.ts';

export async function openA2Graph(): Promise<WasmNodeConnection> {
  const { files, configs } = await parseFixture('test/fixtures/python/a2');
  const { graph } = stitch('a2', files, configs, { resolverFor });
  const conn = await openWasmMemoryConnection();
  await writeGraph(conn, { repoName: 'a2', graph, files: [], issues: [], skipped: [], summary: {} });
  return conn;
}

export interface CypherResult {
  columns: string[];
  rows: Row[];
}

export async function runCypher(conn: WasmNodeConnection, query: string, params: Record<string, unknown> = {}): Promise<CypherResult> {
  const { sql, columns } = compileCypher(query, params);
  const rows = await conn.query(assertReadOnlySql(sql));
  return { columns, rows };
}

/** One column of the rows, sorted (for order-free comparisons). */
export function sortedColumn(result: CypherResult, column: string): unknown[] {
  return result.rows.map((r) => r[column]).sort((a, b) => String(a).localeCompare(String(b)));
}
