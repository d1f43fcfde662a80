/**
 * @file MCP tools that look at single nodes: `find` (nodes by name, fuzzy, ranked:
 * core/agent/nodeLookup.ts), `read_code` (a node's code and where it is) and `neighbours` (its
 * typed edges, 1-3 hops: the agent's `traverse` tool, core/agent/tools/graphTools.ts). A node is
 * given by id or name; an unknown or ambiguous one is a tool error listing the candidates.
 * Runs in: Node (cli).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { readNodeCode } from '../../../core/agent/nodeCode.ts';
import { findNodes, resolveNode } from '../../../core/agent/nodeLookup.ts';
import type { NodeRecord } from '../../../core/agent/nodeLookup.ts';
import { graphTools } from '../../../core/agent/tools/graphTools.ts';
import { EDGE_TYPES, NODE_KINDS } from '../../../core/graph/types.ts';
import type { McpDatabase } from '../mcpDatabase.ts';
import { jsonResult, nodeRefSchema, READ_ONLY, textResult } from '../toolResult.ts';

/** `neighbours` lists more than the agent's observation does. */
const NEIGHBOUR_LIMITS = { reach: 300, listed: 150 };

function heading(node: NodeRecord): string {
  const lines = node.start_line !== null ? `:${node.start_line}${node.end_line !== null && node.end_line !== node.start_line ? `-${node.end_line}` : ''}` : '';
  return `#${node.id} ${node.kind} ${node.import_name}${node.file_path ? `  ${node.file_path}${lines}` : ''}${node.is_test ? '  [test]' : ''}`;
}

export function registerCodeTools(server: McpServer, db: McpDatabase): void {
  server.registerTool(
    'find',
    {
      title: 'Find nodes by name',
      description:
        'Looks up code by name: a simple name (Cart), a qualified name (shopkit.cart.cart.Cart), an import name, a dotted tail (cart.Cart.apply_coupon) or a misspelling (fuzzy). Returns {matches:[{id, kind, name, qualified_name, import_name, file_path, start_line, end_line, is_test, score, match}]}, best first (score 1 = exact name). Use the ids with read_code, neighbours and impact.',
      inputSchema: {
        name: z.string().min(1).describe('The name or part of it.'),
        kinds: z.array(z.enum(NODE_KINDS)).optional().describe('Only these kinds (Module, Class, Function, Method, Field, GlobalVariable).'),
        limit: z.number().int().min(1).max(100).optional().describe('At most this many matches (default 20).'),
      },
      annotations: READ_ONLY,
    },
    async ({ name, kinds, limit }) => {
      const matches = await db.read((conn) => findNodes(conn, name, { kinds, limit }));
      return jsonResult({ matches, ...(matches.length === 0 ? { note: `Nothing is named like '${name}'; try search with a question.` } : {}) });
    },
  );

  server.registerTool(
    'read_code',
    {
      title: 'Read a node’s code',
      description:
        "The source of one node (a module's whole file) with its location: the first line is '#id Kind import_name  file:start-end', then the code as stored, cut at max_lines (said so).",
      inputSchema: {
        node: nodeRefSchema,
        max_lines: z.number().int().min(1).max(5000).optional().describe('At most this many lines of code (default 400).'),
      },
      annotations: READ_ONLY,
    },
    async ({ node, max_lines }) => {
      const text = await db.read(async (conn) => {
        const record = await resolveNode(conn, node);
        const stored = await readNodeCode(conn, record.id);
        const lines = (stored?.code ?? '(no code stored for this node)').replace(/\r?\n$/, '').split('\n');
        const max = max_lines ?? 400;
        const more = lines.length - max;
        const rest = more > 0 ? [`… ${more} more line${more === 1 ? '' : 's'} (raise max_lines to read them)`] : [];
        return [heading(record), ...lines.slice(0, max), ...rest].join('\n');
      });
      return textResult(text);
    },
  );

  server.registerTool(
    'neighbours',
    {
      title: 'Typed edges of a node',
      description:
        'The nodes linked to one node by typed edges, one hop or up to 3: out = what it uses, inherits, contains, imports; in = what uses, inherits, contains or imports it. Each line: "hop h: #from -[TYPE]-> #id Kind name  file:line" (<-[TYPE]- for incoming). Edge types: CONTAINS, HAS_METHOD, HAS_FIELD, INHERITS, USES (calls, instantiations, references), IMPORTS, SIMILAR.',
      inputSchema: {
        node: nodeRefSchema,
        direction: z.enum(['out', 'in', 'both']).optional().describe('out, in or both (default both).'),
        hops: z.number().int().min(1).max(3).optional().describe('1 (default) to 3.'),
        edge_types: z.array(z.enum(EDGE_TYPES)).min(1).optional().describe('Only these edge types (default all).'),
      },
      annotations: READ_ONLY,
    },
    async ({ node, direction, hops, edge_types }) => {
      const text = await db.read(async (conn) => {
        const record = await resolveNode(conn, node);
        const traverse = graphTools(conn, NEIGHBOUR_LIMITS).find((tool) => tool.name === 'traverse')!;
        const walked = await traverse.run({ node_ids: [record.id], direction: direction ?? 'both', hops: hops ?? 1, edge_types: edge_types ?? [...EDGE_TYPES] }, {});
        return `${heading(record)}\n${walked.text}`;
      });
      return textResult(text);
    },
  );
}
