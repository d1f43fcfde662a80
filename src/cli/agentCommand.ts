/**
 * @file `ranger agent --db <file> "<question>" [--llm none|fake:<script.json>] [--rounds 6]`:
 * the ReAct agent over the graph tools (src/core/agent/react) with the same ports as the app's
 * worker: the database, the search engine built on first use (only the mcts tool needs it) and
 * the tree-sitter parsers. --llm none (default) runs the rule-driven policy, labelled as such;
 * fake:<script.json> the scripted fake engine at web-llm's interface. Prints the transcript
 * (steps with tool, input, output), the answer and the cited node ids.
 * Runs in: Node (cli).
 */
import { runAgent } from '../core/agent/loop/reactAgent.ts';
import type { AgentTranscript } from '../core/agent/loop/reactAgent.ts';
import { rulePolicyLlm } from '../core/agent/loop/rulePolicy.ts';
import { createAgentTools, lazy, OFFLINE_NOTE } from '../core/agent/tools/agentTools.ts';
import { openNodeDatabase } from '../adapters/node/duckdbNode.ts';
import { createNodeParsers } from '../adapters/node/nodeParsers.ts';
import { UsageError } from './args.ts';
import type { ParsedArgs } from './args.ts';
import { cliLlm } from './cliLlm.ts';
import { openSearchEngine } from './searchCommand.ts';

export interface AgentCommandOptions {
  llm?: string;
  rounds?: number;
}

export async function runAgentCommand(dbPath: string, question: string, options: AgentCommandOptions = {}): Promise<AgentTranscript> {
  const llm = (await cliLlm(options.llm)) ?? rulePolicyLlm();
  const conn = await openNodeDatabase(dbPath, { mustExist: true });
  try {
    const tools = createAgentTools({ conn, searchEngine: lazy(() => openSearchEngine(conn)), parsers: lazy(() => createNodeParsers()) });
    return await runAgent(question, { llm, tools, offlineNote: OFFLINE_NOTE, maxRounds: options.rounds });
  } finally {
    await conn.close();
  }
}

export function formatTranscript(t: AgentTranscript): string {
  const lines = [`agent: ${t.llm}, ${t.rounds} round(s), ${t.status}${t.message ? ` (${t.message})` : ''}`];
  for (const step of t.steps) {
    if (step.thought) lines.push(`[${step.round}] thought: ${step.thought.replace(/\n/g, ' ')}`);
    if (step.error) lines.push(`[${step.round}] error: ${step.error}`);
    if (step.tool) {
      lines.push(`[${step.round}] action: ${step.tool} ${JSON.stringify(step.input)}`);
      lines.push(...step.output.split('\n').map((l) => `      ${l}`));
    }
  }
  lines.push(`answer: ${t.answer ?? '(none)'}`);
  lines.push(`cited: ${t.cited.map((id) => `#${id}`).join(' ') || '(none)'}`);
  return lines.join('\n');
}

export async function agentCommand(args: ParsedArgs): Promise<{ json: unknown; text: string }> {
  if (args.positionals.length !== 1) throw new UsageError("'agent' takes exactly one \"<question>\" argument (quote it)");
  const db = args.values.db;
  if (!db) throw new UsageError("'agent' needs --db <file>");
  let rounds: number | undefined;
  if (args.values.rounds !== undefined) {
    rounds = Number(args.values.rounds);
    if (!Number.isInteger(rounds) || rounds < 1) throw new UsageError(`--rounds must be a whole number >= 1 (got '${args.values.rounds}')`);
  }
  const transcript = await runAgentCommand(db, args.positionals[0], { llm: args.values.llm, rounds });
  return { json: transcript, text: formatTranscript(transcript) };
}
