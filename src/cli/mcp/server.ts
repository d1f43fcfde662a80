/**
 * @file The MCP server of `ranger mcp` (docs/cli.md): the read tools cypher, search, find,
 * read_code, neighbours, impact, requirements and explain, and the schema and summary resources,
 * over one repository database. A tool that fails (a refused write, an unknown node, a bad query
 * or argument) answers with isError and a message; the server goes on.
 * Runs in: Node (cli).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import packageInfo from '../../../package.json' with { type: 'json' };
import type { McpDatabase } from './mcpDatabase.ts';
import { registerResources } from './resources.ts';
import { registerAgentTools } from './tools/agentTools.ts';
import { registerCodeTools } from './tools/codeTools.ts';
import { registerCypherTool } from './tools/cypherTool.ts';
import { registerImpactTool } from './tools/impactTool.ts';
import { registerSearchTool } from './tools/searchTool.ts';

export const SERVER_NAME = 'ranger-studio';
export const SERVER_VERSION: string = packageInfo.version;

const INSTRUCTIONS = `Ranger answers questions about one indexed code repository from its code knowledge graph (modules, classes, functions, methods, fields, variables; CONTAINS, HAS_METHOD, HAS_FIELD, INHERITS, USES, IMPORTS, SIMILAR edges). Start with search (a question in words) or find (a name); read_code shows a result's code and location; neighbours shows its edges; impact lists what depends on it before you change it; cypher answers exact structural questions (schema: resource ranger://schema); requirements and explain search what code is for. The resource ranger://summary describes the repository.`;

export function createRangerMcpServer(db: McpDatabase): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { instructions: INSTRUCTIONS });
  registerSearchTool(server, db);
  registerCodeTools(server, db);
  registerImpactTool(server, db);
  registerCypherTool(server, db);
  registerAgentTools(server, db);
  registerResources(server, db);
  return server;
}
