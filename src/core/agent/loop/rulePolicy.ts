/**
 * @file The rule-driven agent policy (no LLM), labelled as such wherever it appears: a fixed
 * plan written as Qwen3 tool calls, so it runs through the same ReAct loop, parser and tools as
 * a model. Anchors first, then around them:
 * - a question that names code (CamelCase, snake_case, dotted or backticked identifiers, as the
 *   router's rules read them) starts with `cypher` on those names (RANGER's future work: Cypher
 *   first, then a targeted MCTS); otherwise, or when that finds nothing, GraphCodeAgent's
 *   requirement path: `requirement_search` -> `map_to_code` (top 3);
 * - then `traverse` the anchors' callees, `mcts` anchored at the best anchor, and an answer that
 *   cites, in order, the anchors, the MCTS hits and the callees (10 at most).
 * Without a requirement graph and without names it runs an unanchored `mcts`. It reads ids back
 * from the tools' own output format.
 * Runs in: everywhere. Layer src/core.
 */
import type { ChatMessage, ModelInfo } from '../../models/types.ts';
import { cypherString, identifierTokens } from '../ruleCypher.ts';
import type { EngineChatOptions, EngineLlm } from './chatEngine.ts';
import { formatToolCall, TOOL_CALL_BEGIN } from './toolCalls.ts';

export const RULE_POLICY_INFO: ModelInfo = Object.freeze({ id: 'builtin:rule-policy', label: 'rule-driven policy (no LLM)', builtin: true });

const CITED = 10;

function codeIds(text: string): number[] {
  return [...text.matchAll(/(?<![R\w])#(\d+)/g)].map((m) => Number(m[1]));
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/** The Cypher that finds the definitions a question names, or null when it names none. */
export function namedCodeCypher(question: string): string | null {
  const names = unique(identifierTokens(question).map((t) => t.text.replace(/\(\)$/, '')));
  if (names.length === 0) return null;
  const plain = names.filter((n) => !n.includes('.'));
  const dotted = names.filter((n) => n.includes('.'));
  const conditions = [
    ...(plain.length > 0 ? [`n.name IN [${plain.map(cypherString).join(', ')}]`] : []),
    ...dotted.map((n) => `n.qualified_name ENDS WITH ${cypherString(`.${n}`)} OR n.qualified_name = ${cypherString(n)}`),
  ];
  return `MATCH (n) WHERE n.kind IN ['Function', 'Method', 'Class'] AND (${conditions.join(' OR ')}) RETURN n LIMIT 10`;
}

interface Turn {
  tool: string;
  output: string;
}

/** The tool calls made so far with their outputs, in order. */
function turnsOf(messages: readonly ChatMessage[]): Turn[] {
  const turns: Turn[] = [];
  messages.forEach((m, i) => {
    if (m.role !== 'assistant' || !m.content.includes(TOOL_CALL_BEGIN)) return;
    const name = /"name":\s*"([^"]+)"/.exec(m.content)?.[1] ?? '';
    const next = messages[i + 1];
    turns.push({ tool: name, output: next?.role === 'user' ? next.content : '' });
  });
  return turns;
}

/** The next reply of the fixed plan, given the conversation so far. */
export function rulePolicyReply(messages: readonly ChatMessage[]): string {
  const question = messages.find((m) => m.role === 'user')?.content ?? '';
  const turns = turnsOf(messages);
  const call = (name: string, args: Record<string, unknown>, thought: string) => `<think>\n${thought}\n</think>\n\n${formatToolCall({ name, arguments: args })}`;
  const output = (tool: string) => turns.find((t) => t.tool === tool)?.output ?? null;
  const failed = (text: string | null) => text === null || text.includes('\nError: ');

  const named = namedCodeCypher(question);
  if (named && output('cypher') === null) return call('cypher', { query: named }, 'The question names code: find those definitions first (rule-driven policy).');
  let anchors = unique(codeIds(output('cypher') ?? ''));
  if (anchors.length === 0) {
    const search = output('requirement_search');
    if (search === null) return call('requirement_search', { query: question, k: 5 }, 'Find stored requirements like this one (rule-driven policy).');
    const requirementIds = unique([...search.matchAll(/R#(\d+)/g)].map((m) => Number(m[1]))).slice(0, 3);
    if (!failed(search) && requirementIds.length > 0) {
      const mapped = output('map_to_code');
      if (mapped === null) return call('map_to_code', { requirement_ids: requirementIds }, 'Map the best requirements to their code.');
      anchors = unique(codeIds(mapped));
    }
  }
  if (anchors.length === 0) {
    const mcts = output('mcts');
    if (mcts === null) return call('mcts', { query: question }, 'Nothing to anchor on: search the code graph from the root.');
    return answer(codeIds(mcts));
  }
  const traversed = output('traverse');
  if (traversed === null) return call('traverse', { node_ids: anchors.slice(0, 3), direction: 'out', hops: 1, edge_types: ['USES'] }, 'Follow what the anchors call.');
  const mcts = output('mcts');
  if (mcts === null) return call('mcts', { query: question, anchor_ids: anchors.slice(0, 1) }, 'Search around the best anchor.');
  const callees = codeIds(traversed).filter((id) => !anchors.includes(id));
  return answer([...anchors, ...codeIds(mcts), ...callees]);
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
