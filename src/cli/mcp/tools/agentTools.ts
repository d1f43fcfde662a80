/**
 * @file MCP tools over the agent's layer: `requirements` (search the requirement graph:
 * what each function, method or class is for; the agent's requirement_search,
 * core/agent/tools/requirementTools.ts) and `explain` (the ReAct agent of `ranger agent` with its
 * rule-driven policy, no LLM: it plans requirement search, MCTS, callers and code reads, and
 * answers in words with cited node ids).
 * Runs in: Node (cli).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { requirementTools } from '../../../core/agent/tools/requirementTools.ts';
import { AppError } from '../../../core/errors.ts';
import { hasRequirementGraph } from '../../../core/requirements/requirementStore.ts';
import { runAgentCommand } from '../../agentCommand.ts';
import type { McpDatabase } from '../mcpDatabase.ts';
import { jsonResult, READ_ONLY, textResult } from '../toolResult.ts';

export function registerAgentTools(server: McpServer, db: McpDatabase): void {
  server.registerTool(
    'requirements',
    {
      title: 'Search the requirement graph',
      description:
        'Searches the requirement graph (one requirement per function, method and class: its docstring or a description of what it does) for a requirement or question in plain words, e.g. "validate a coupon code". Lines read "R#id -> #node_id Kind qualified_name [source]: text", the most similar first, then sub-requirements (what the best matches call). Needs the requirement graph: `ranger requirements --db <file>` builds it.',
      inputSchema: {
        query: z.string().min(1).describe('The requirement or question.'),
        k: z.number().int().min(1).max(20).optional().describe('How many similar requirements (default 5).'),
      },
      annotations: READ_ONLY,
    },
    async ({ query, k }) => {
      const text = await db.read(async (conn) => {
        if (!(await hasRequirementGraph(conn))) {
          throw new AppError('INPUT_INVALID', `This database has no requirement graph yet: build it with \`ranger requirements --db ${db.path}\` (or the app's Agent panel), then ask again.`);
        }
        const search = requirementTools(conn).find((tool) => tool.name === 'requirement_search')!;
        return (await search.run({ query, ...(k !== undefined ? { k } : {}) }, {})).text;
      });
      return textResult(text);
    },
  );

  server.registerTool(
    'explain',
    {
      title: 'Explain with the graph agent',
      description:
        "Answers a question about the code in words by running Ranger's graph agent (rule-driven, no LLM): it searches the requirement graph and the code graph (MCTS), follows callers and reads code, then names the code that answers and where it is. Returns {status, answer, cited (node ids), steps:[{tool, input, output}]}; the steps show the evidence. Slower than search; use it for \"how does X work\" questions.",
      inputSchema: {
        question: z.string().min(1).describe('The question.'),
        rounds: z.number().int().min(1).max(10).optional().describe('At most this many tool rounds (default 6).'),
      },
      // Its MCTS step may store the built-in vectors a first Path 2 computes; never changes the graph.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ question, rounds }) => {
      const { transcript: t } = await db.withFile((path) => runAgentCommand(path, question, { rounds }));
      return jsonResult({
        status: t.status,
        answer: t.answer,
        cited: t.cited,
        llm: t.llm,
        ...(t.message ? { message: t.message } : {}),
        steps: t.steps.filter((s) => s.tool).map((s) => ({ tool: s.tool, input: s.input, output: s.output })),
      });
    },
  );
}
