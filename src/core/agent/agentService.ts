/**
 * @file AgentService: the requirement graph and the ReAct agent as the UI sees them through
 * the repo worker (plain data in and out; agent events stream through a listener), built by
 * createAgentService over ports: the active database, the search engine (built on first use by
 * the caller's cache: only the mcts tool needs it), the selected LLM (loaded on first use) and
 * the tree-sitter parsers. The LLM choice per question: the loaded model ('model'), the
 * rule-driven policy ('rules', also what 'model' falls back to with no LLM selected), or the
 * scripted FAKE engine ('fake', tests only; the CLI's --llm fake:<script.json> twin).
 * Runs in: the repo worker (app). Layer src/core.
 */
import { AppError } from '../errors.ts';
import type { Llm } from '../models/types.ts';
import type { Parsers } from '../parse/treeSitter.ts';
import { buildRequirementGraph } from '../requirements/buildRequirementGraph.ts';
import type { RequirementGraphSummary, RequirementProgress } from '../requirements/buildRequirementGraph.ts';
import { readRequirementCounts } from '../requirements/requirementStore.ts';
import type { RequirementCounts } from '../requirements/requirementStore.ts';
import type { SearchEngine } from '../search/searchEngine.ts';
import type { SearchFocus } from '../search/scopedSearch.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { llmOverEngine } from './loop/chatEngine.ts';
import type { EngineLlm } from './loop/chatEngine.ts';
import { runAgent } from './loop/reactAgent.ts';
import type { AgentEvent, AgentTranscript } from './loop/reactAgent.ts';
import { rulePolicyLlm } from './loop/rulePolicy.ts';
import { parseFakeScript, ScriptedFakeEngine } from './loop/scriptedFakeEngine.ts';
import type { FakeEngineScript } from './loop/scriptedFakeEngine.ts';
import type { JsonSchema, ToolResult } from './tools/agentTool.ts';
import { schemaProblems, shorten } from './tools/agentTool.ts';
import { createAgentTools, OFFLINE_NOTE } from './tools/agentTools.ts';

export type { AgentEvent, AgentTranscript, RequirementCounts, RequirementGraphSummary, RequirementProgress, ToolResult };

export type AgentLlmChoice = { kind: 'model' } | { kind: 'rules' } | { kind: 'fake'; script: FakeEngineScript };

export interface AgentToolInfo {
  name: string;
  description: string;
  parameters: JsonSchema;
}

export interface AgentInfo {
  requirements: RequirementCounts;
  tools: AgentToolInfo[];
  offlineNote: string;
}

export interface AskOptions {
  llm?: AgentLlmChoice;
  rounds?: number;
}

export interface AgentService {
  agentInfo(): Promise<AgentInfo>;
  /** Builds the requirement graph; with `useLlm` the selected LLM writes the missing requirements (CodeRAG Fig. 4). */
  buildRequirements(options?: { useLlm?: boolean }, onProgress?: (p: RequirementProgress) => void): Promise<RequirementGraphSummary>;
  askAgent(question: string, options: AskOptions, onEvent?: (event: AgentEvent) => void): Promise<AgentTranscript>;
  /** Runs one tool by hand (the panel's tool form): what the model would have seen. */
  runAgentTool(name: string, args: Record<string, unknown>): Promise<ToolResult>;
  cancelAgent(): Promise<void>;
}

export interface AgentServicePorts {
  connection(): SqlConnection | null;
  searchEngine(conn: SqlConnection, focus: SearchFocus): Promise<SearchEngine>;
  /** The selected LLM, loaded on first use; null when none is selected (the built-in describer). */
  llm(): Promise<Llm | null>;
  parsers?: () => Promise<Parsers>;
}

export function createAgentService(ports: AgentServicePorts): AgentService {
  let job: AbortController | null = null;
  const conn = (): SqlConnection => {
    const c = ports.connection();
    if (!c) throw new AppError('INPUT_INVALID', 'No graph is open: index a repository or pick one from the repos menu.');
    return c;
  };
  const tools = (c: SqlConnection) => createAgentTools({ conn: c, searchEngine: (focus) => ports.searchEngine(c, focus), parsers: ports.parsers });
  // One fake engine per script: its turns run on across questions (a scripted conversation).
  let fake: { key: string; llm: EngineLlm } | null = null;
  const chooseLlm = async (choice: AgentLlmChoice | undefined): Promise<EngineLlm> => {
    if (choice?.kind === 'fake') {
      const key = JSON.stringify(choice.script);
      if (fake?.key !== key) {
        const engine = new ScriptedFakeEngine(parseFakeScript(choice.script, 'fake engine script'));
        fake = { key, llm: llmOverEngine(engine, { id: `fake:${engine.model}`, label: 'scripted fake engine (test, not a model)', builtin: false }) };
      }
      return fake.llm;
    }
    if (choice?.kind === 'rules') return rulePolicyLlm();
    return (await ports.llm()) ?? rulePolicyLlm();
  };
  const exclusive = async <T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    if (job) throw new AppError('INPUT_INVALID', 'The agent is already running; stop it first.');
    job = new AbortController();
    try {
      return await run(job.signal);
    } finally {
      job = null;
    }
  };
  return {
    async agentInfo() {
      const c = conn();
      return {
        requirements: await readRequirementCounts(c),
        tools: tools(c).map((t) => ({ name: t.name, description: t.description, parameters: t.parameters })),
        offlineNote: OFFLINE_NOTE,
      };
    },
    async buildRequirements(options = {}, onProgress) {
      const c = conn();
      return exclusive(async (signal) => buildRequirementGraph(c, { signal, onProgress, llm: options.useLlm ? await ports.llm() : null }));
    },
    async askAgent(question, options, onEvent) {
      const c = conn();
      if (question.trim() === '') throw new AppError('INPUT_INVALID', 'Type a question or a requirement first.');
      return exclusive(async (signal) => runAgent(question, { llm: await chooseLlm(options.llm), tools: tools(c), offlineNote: OFFLINE_NOTE, maxRounds: options.rounds, signal, onEvent }));
    },
    async runAgentTool(name, args) {
      const c = conn();
      const tool = tools(c).find((t) => t.name === name);
      if (!tool) throw new AppError('INPUT_INVALID', `There is no tool "${name}".`);
      const problems = schemaProblems(args, tool.parameters);
      if (problems.length > 0) throw new AppError('INPUT_INVALID', `${name}: ${problems.join('; ')}`);
      const result = await tool.run(args, {});
      return { text: shorten(result.text, 4000), nodeIds: result.nodeIds };
    },
    async cancelAgent() {
      job?.abort();
    },
  };
}
