/**
 * @file MCP tool `cypher`: one read-only Cypher query over the code graph (and the requirement
 * graph), its rows capped at `max_rows` (default 1,000; the answer says when it was cut) and
 * stopped after `timeout_ms` (core/store/boundedQuery.ts). A write, a syntax error or an unknown
 * label is a tool error with the line and column.
 * Runs in: Node (cli).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { runCypher } from '../../../core/agent/runCypher.ts';
import type { McpDatabase } from '../mcpDatabase.ts';
import { GRAPH_SCHEMA } from '../graphSchema.ts';
import { jsonResult, READ_ONLY } from '../toolResult.ts';

/** An agent's default: fewer rows than a person's console shows, and a shorter wait. */
export const DEFAULT_QUERY_LIMITS = { maxRows: 1_000, timeoutMs: 30_000 } as const;
export const MAX_ROWS_LIMIT = 10_000;
export const MAX_TIMEOUT_MS = 300_000;

const DESCRIPTION = `Runs one read-only openCypher query on the repository's code graph and returns {columns, rows, row_count, truncated}. Use it for exact structural questions: where something is defined, what a class inherits, who calls a method, counts. Whole nodes come back as maps of their properties (code included, so RETURN n.name, n.file_path, n.start_line when you do not need the code). At most max_rows rows (default ${DEFAULT_QUERY_LIMITS.maxRows.toLocaleString('en-US')}) come back: when more exist, truncated is true and a note says so; add ORDER BY / LIMIT or narrow the match. A query running past timeout_ms (default ${DEFAULT_QUERY_LIMITS.timeoutMs.toLocaleString('en-US')}) is stopped. Writes (CREATE, SET, DELETE, MERGE, CALL...) are refused.

${GRAPH_SCHEMA}`;

export function registerCypherTool(server: McpServer, db: McpDatabase): void {
  server.registerTool(
    'cypher',
    {
      title: 'Cypher query',
      description: DESCRIPTION,
      inputSchema: {
        query: z.string().min(1).describe("The Cypher query, e.g. MATCH (c:Class {name: 'Cart'})-[:INHERITS]->(b) RETURN b.name"),
        params: z.record(z.string(), z.unknown()).optional().describe('Values of $name parameters in the query, e.g. {"name": "Cart"}.'),
        max_rows: z.number().int().min(1).max(MAX_ROWS_LIMIT).optional().describe(`Row cap (default ${DEFAULT_QUERY_LIMITS.maxRows}).`),
        timeout_ms: z.number().int().min(1).max(MAX_TIMEOUT_MS).optional().describe(`Time limit in milliseconds (default ${DEFAULT_QUERY_LIMITS.timeoutMs}).`),
      },
      annotations: READ_ONLY,
    },
    async ({ query, params, max_rows, timeout_ms }) => {
      const limits = { maxRows: max_rows ?? DEFAULT_QUERY_LIMITS.maxRows, timeoutMs: timeout_ms ?? DEFAULT_QUERY_LIMITS.timeoutMs, raiseTime: 'raise timeout_ms' };
      const found = await db.read((conn) => runCypher(conn, query, params ?? {}, limits));
      const result = { ...found, truncated: found.truncated ?? false };
      return jsonResult({
        ...(result.truncated
          ? { note: `Truncated: only the first ${limits.maxRows.toLocaleString('en-US')} rows are shown and the query has more. Narrow it, add ORDER BY ... LIMIT, or raise max_rows (up to ${MAX_ROWS_LIMIT.toLocaleString('en-US')}).` }
          : {}),
        columns: result.columns,
        row_count: result.rows.length,
        truncated: result.truncated,
        rows: result.rows,
      });
    },
  );
}
