/**
 * @file MCP tool `impact`: what depends on a node, depth 1-3, grouped by depth and relation
 * (callers, instantiators, subclasses, importers, readers of a field...; core/agent/impact.ts):
 * the question an agent asks before it edits ("what breaks if I change X?").
 * Runs in: Node (cli).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { impactOf, MAX_IMPACT_DEPTH } from '../../../core/agent/impact.ts';
import { resolveNode } from '../../../core/agent/nodeLookup.ts';
import type { McpDatabase } from '../mcpDatabase.ts';
import { jsonResult, nodeRefSchema, READ_ONLY } from '../toolResult.ts';

const DESCRIPTION = `What depends on a node: ask it before changing the node ("what breaks if I change X?"). Follows edges backwards: USES (callers, instantiators, readers and writers of a field or variable, decorated definitions, type annotations), INHERITS (subclasses) and IMPORTS (importing modules), from depth 1 (direct dependents) to ${MAX_IMPACT_DEPTH} (dependents of dependents). With members (default true), what depends on the node's methods, fields and nested definitions counts too. Returns {node, members, total, groups:[{depth, relation, count, dependents:[{id, kind, import_name, file_path, start_line, is_test, on:{id, name}}]}]}; on is what the dependent uses. At most 50 dependents are listed per group (count counts all).`;

export function registerImpactTool(server: McpServer, db: McpDatabase): void {
  server.registerTool(
    'impact',
    {
      title: 'What depends on a node',
      description: DESCRIPTION,
      inputSchema: {
        node: nodeRefSchema,
        depth: z.number().int().min(1).max(MAX_IMPACT_DEPTH).optional().describe(`1 (default) to ${MAX_IMPACT_DEPTH}.`),
        members: z.boolean().optional().describe("Include what depends on the node's members (default true)."),
      },
      annotations: READ_ONLY,
    },
    async ({ node, depth, members }) => {
      const impact = await db.read(async (conn) => impactOf(conn, (await resolveNode(conn, node)).id, { depth, members: members ?? true }));
      return jsonResult(impact);
    },
  );
}
