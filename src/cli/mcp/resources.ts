/**
 * @file MCP resources of `ranger mcp`: `ranger://schema` (the graph schema and the Cypher the
 * `cypher` tool accepts, markdown) and `ranger://summary` (the repository: counts, languages,
 * packages, what else the database holds; JSON, read afresh each time).
 * Runs in: Node (cli).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { readRepoSummary } from '../../core/agent/repoSummary.ts';
import { GRAPH_SCHEMA } from './graphSchema.ts';
import type { McpDatabase } from './mcpDatabase.ts';
import { toJson } from './toolResult.ts';

export const SCHEMA_URI = 'ranger://schema';
export const SUMMARY_URI = 'ranger://summary';

export function registerResources(server: McpServer, db: McpDatabase): void {
  server.registerResource(
    'schema',
    SCHEMA_URI,
    { title: 'Graph schema', description: 'Node labels, edge types, properties and the supported read-only Cypher of the code graph.', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: GRAPH_SCHEMA }] }),
  );
  server.registerResource(
    'summary',
    SUMMARY_URI,
    {
      title: 'Repository summary',
      description: 'The indexed repository: files by language, nodes by kind, edges by type, packages with their module counts, descriptions, embeddings, requirement graph, stored runs.',
      mimeType: 'application/json',
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: toJson(await db.read((conn) => readRepoSummary(conn))) }] }),
  );
}
