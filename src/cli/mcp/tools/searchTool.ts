/**
 * @file MCP tool `search`: a question in words, answered as `ranger search` answers it (the
 * router: Path 1 Cypher when the question names code, else or also Path 2 MCTS; docs/retrieval.md).
 * Results carry import names, paths and lines; the answer names its route and, when MCTS ran,
 * the id of the run stored in `runs` (the app's run list replays it).
 * Runs in: Node (cli).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { SEARCH_METHODS, TESTS_MODES } from '../../../core/agent/searchService.ts';
import { MCTS_PRESETS } from '../../../core/search/mctsParams.ts';
import { runSearch } from '../../searchCommand.ts';
import type { McpDatabase } from '../mcpDatabase.ts';
import { jsonResult } from '../toolResult.ts';

const DESCRIPTION = `Finds the code that answers a question in plain words ("how are coupons applied to the cart?", "where is the payment retried?"), ranked best first. Returns {path, cypher, results:[{id, kind, qualified_name, import_name?, file_path, start_line, score, relevance?, is_test?, exact?}], notes, run_id?}. path is the route taken: cypher (the question names code: Path 1, an exact lookup), mcts (Monte Carlo tree search over the graph: Path 2) or cypher+mcts. relevance is 0..1 where the method has a scale; notes say when nothing relevant was found or why MCTS stopped early (they name the CLI's flags: --pair-budget and --preset are this tool's pair_budget and preset). Tests come after the code (tests: "hide" leaves them out). run_id is the stored MCTS run. Follow up with read_code, neighbours or impact on a result's id.`;

export function registerSearchTool(server: McpServer, db: McpDatabase): void {
  server.registerTool(
    'search',
    {
      title: 'Search the code by question',
      description: DESCRIPTION,
      inputSchema: {
        question: z.string().min(1).describe('The question or a description of the code you look for.'),
        k: z.number().int().min(1).max(50).optional().describe('How many results (default 10).'),
        method: z.enum(SEARCH_METHODS).optional().describe('auto (default: the router), or one method: mcts, bm25, dense, dense-code, rerank-all, fusion.'),
        tests: z.enum(TESTS_MODES).optional().describe('after (default): tests and fixtures after the code; hide: left out.'),
        preset: z.enum(MCTS_PRESETS).optional().describe('MCTS variant: default (guided, stops when its reranker-pair budget is spent), paper (all iterations of the paper\'s algorithm), repoqa.'),
        pair_budget: z.number().int().min(0).optional().describe('Reranker pairs the default preset may score (default 10 % of the candidates, at least 20).'),
      },
      // Records its MCTS run in the database (as `ranger search` does); never changes the graph.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ question, k, method, tests, preset, pair_budget }) => {
      const output = await db.withFile((path) => runSearch(path, question, { k, method, tests, preset, pairBudget: pair_budget }));
      const { path, cypher, results, notes, stats, embedder, rows, run_id } = output;
      return jsonResult({ path, cypher, results, notes, ...(rows ? { rows } : {}), ...(run_id !== undefined ? { run_id } : {}), stats, ...(embedder ? { embedder } : {}) });
    },
  );
}
