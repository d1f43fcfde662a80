/**
 * @file `ranger agent --db <file> "<question>" [--llm none|fake:<script.json>] [--rounds 6]`:
 * the ReAct agent over the graph tools (src/core/agent/react) with the same ports as the app's
 * worker: the database, the search engine built on first use (only the mcts tool needs it) and
 * the tree-sitter parsers. --llm none (default) runs the rule-driven policy, labelled as such;
 * fake:<script.json> the scripted fake engine at web-llm's interface. Prints the transcript
 * (steps with tool, input, output), the answer and the cited nodes (id, display name and place:
 * core/graph/displayName.ts).
 * Runs in: Node (cli).
 */
import { runAgent } from '../core/agent/loop/reactAgent.ts';
import type { AgentTranscript } from '../core/agent/loop/reactAgent.ts';
import { rulePolicyLlm } from '../core/agent/loop/rulePolicy.ts';
import { createAgentTools, lazy, OFFLINE_NOTE } from '../core/agent/tools/agentTools.ts';
import { nodeText } from '../core/graph/displayName.ts';
import { openNodeDatabase } from '../adapters/node/duckdbNode.ts';
import { createNodeParsers } from '../adapters/node/nodeParsers.ts';
import { parseInteger, UsageError } from './args.ts';
import type { ParsedArgs } from './args.ts';
import { cliLlm } from './cliLlm.ts';
import { focusedEngines } from '../core/search/scopedSearch.ts';
import { openSearchEngine, searchModelsFor } from './searchCommand.ts';

export interface AgentCommandOptions {
  llm?: string;
  rounds?: number;
}

/** The transcript, and each cited node as one line of text (`#12 Function black.cache.read_cache  src/black/cache.py:42`). */
export async function runAgentCommand(
  dbPath: string,
  question: string,
  options: AgentCommandOptions = {},
): Promise<{ transcript: AgentTranscript; citedLines: string[] }> {
  const llm = (await cliLlm(options.llm)) ?? rulePolicyLlm();
  const conn = await openNodeDatabase(dbPath, { mustExist: true });
  try {
    const engines = focusedEngines(conn, lazy(() => openSearchEngine(conn)), () => searchModelsFor(conn));
    const tools = createAgentTools({ conn, searchEngine: engines, parsers: lazy(() => createNodeParsers()) });
    const transcript = await runAgent(question, { llm, tools, offlineNote: OFFLINE_NOTE, maxRounds: options.rounds });
    const ids = transcript.cited.map((id) => Math.trunc(id));
    const rows = ids.length > 0 ? await conn.query(`SELECT id, kind, qualified_name, import_name, file_path, start_line FROM nodes WHERE id IN (${ids.join(', ')})`) : [];
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const citedLines = ids.map((id) => {
      const r = byId.get(id);
      if (!r) return `#${id}`;
      const node = { kind: String(r.kind), qualified_name: String(r.qualified_name), import_name: r.import_name as string | null, file_path: r.file_path as string | null, start_line: r.start_line as number | null };
      return `#${id} ${nodeText(node)}`;
    });
    return { transcript, citedLines };
  } finally {
    await conn.close();
  }
}

export function formatTranscript(t: AgentTranscript, citedLines: readonly string[] = t.cited.map((id) => `#${id}`)): string {
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
  lines.push(`cited: ${citedLines.length === 0 ? '(none)' : ''}`, ...citedLines.map((line) => `  ${line}`));
  return lines.join('\n');
}

export async function agentCommand(args: ParsedArgs): Promise<{ json: unknown; text: string }> {
  if (args.positionals.length !== 1) throw new UsageError("'agent' takes exactly one \"<question>\" argument (quote it)");
  const db = args.values.db;
  if (!db) throw new UsageError("'agent' needs --db <file>");
  const rounds = parseInteger('rounds', args.values.rounds, 1);
  const { transcript, citedLines } = await runAgentCommand(db, args.positionals[0], { llm: args.values.llm, rounds });
  return { json: transcript, text: formatTranscript(transcript, citedLines) };
}
