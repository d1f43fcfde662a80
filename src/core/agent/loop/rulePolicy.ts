/**
 * @file The rule-driven agent policy (no LLM), labelled as such wherever it appears: a fixed
 * GraphCodeAgent-style plan written as Qwen3 tool calls, so it runs through the same ReAct loop,
 * parser and tools as a model: requirement_search -> map_to_code (top 3) -> traverse callees of
 * the mapped nodes -> mcts anchored at the best mapped node -> an answer citing, in order, the
 * mapped nodes, the MCTS hits and the callees (10 at most). Without a requirement graph it goes
 * straight to an unanchored mcts. It reads ids back from the tools' own output format.
 * Runs in: everywhere. Layer src/core.
 */
import type { ChatMessage, ModelInfo } from '../../models/types.ts';
import type { EngineChatOptions, EngineLlm } from './chatEngine.ts';
import { formatToolCall } from './toolCalls.ts';

export const RULE_POLICY_INFO: ModelInfo = Object.freeze({ id: 'builtin:rule-policy', label: 'rule-driven policy (no LLM)', builtin: true });

const CITED = 10;

function codeIds(text: string): number[] {
  return [...text.matchAll(/(?<![R\w])#(\d+)/g)].map((m) => Number(m[1]));
}

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** The next reply of the fixed plan, given the conversation so far. */
export function rulePolicyReply(messages: readonly ChatMessage[]): string {
  const question = messages.find((m) => m.role === 'user')?.content ?? '';
  const responses = messages.filter((m) => m.role === 'user' && m.content.startsWith('<tool_response>')).map((m) => m.content);
  const call = (name: string, args: Record<string, unknown>, thought: string) => `<think>\n${thought}\n</think>\n\n${formatToolCall({ name, arguments: args })}`;
  const failed = (i: number) => responses[i]?.includes('\nError: ') ?? false;
  if (responses.length === 0) return call('requirement_search', { query: question, k: 5 }, 'Find stored requirements like this one (rule-driven policy).');
  const requirementIds = unique([...responses[0].matchAll(/R#(\d+)/g)].map((m) => Number(m[1]))).slice(0, 3);
  const noGraph = failed(0) || requirementIds.length === 0;
  if (noGraph) {
    if (responses.length === 1) return call('mcts', { query: question }, 'No requirement matches: search the code graph from the root.');
    return answer(codeIds(responses[1]));
  }
  if (responses.length === 1) return call('map_to_code', { requirement_ids: requirementIds }, 'Map the best requirements to their code.');
  const mapped = unique(codeIds(responses[1]));
  if (mapped.length === 0) return answer([]);
  if (responses.length === 2) return call('traverse', { node_ids: mapped.slice(0, 3), direction: 'out', hops: 1, edge_types: ['USES'] }, 'Follow what the mapped code calls.');
  const callees = unique(codeIds(responses[2]).filter((id) => !mapped.includes(id)));
  if (responses.length === 3) return call('mcts', { query: question, anchor_ids: mapped.slice(0, 1) }, 'Search around the best mapped node.');
  return answer([...mapped, ...codeIds(responses[3]), ...callees]);
}

function answer(ids: readonly number[]): string {
  const cited = unique(ids).slice(0, CITED);
  if (cited.length === 0) return 'No relevant code found (rule-driven policy).';
  return `The most relevant code (rule-driven policy, no LLM): ${cited.map((id) => `[#${id}]`).join(' ')}`;
}

/** The policy behind the Llm interface, so the ReAct loop cannot tell it from a model. */
export function rulePolicyLlm(): EngineLlm {
  return {
    info: RULE_POLICY_INFO,
    contextTokens: Infinity,
    async chat(messages: readonly ChatMessage[], options: EngineChatOptions = {}) {
      const reply = rulePolicyReply(messages);
      options.onToken?.(reply);
      return reply;
    },
  };
}
