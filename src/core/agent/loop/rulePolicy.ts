/**
 * @file The rule-driven agent policy (no LLM), labelled as such wherever it appears: a fixed
 * plan written as Qwen3 tool calls, so it runs through the same ReAct loop, parser and tools as
 * a model. Anchors first, then around them:
 * - a question that names code (CamelCase, snake_case, dotted or backticked identifiers, as the
 *   router's rules read them) starts with `cypher` on those names (RANGER's future work: Cypher
 *   first, then a targeted MCTS); otherwise, or when that finds nothing, GraphCodeAgent's
 *   requirement path: `requirement_search` -> `map_to_code` (top 3);
 * - then `traverse` the anchors' callees and `mcts` anchored at the best anchor;
 * - then, for the best three (code before tests), who calls them (`traverse` in) and what they do
 *   (`cypher`: docstring, else description, else requirement);
 * - and an answer in words from what the tools returned: each name with where it is, what it does
 *   and who calls it, the other relevant code, then the tests, each cited as [#id] (10 at most).
 * Without a requirement graph (that step is skipped in one line) and without names it runs an
 * unanchored `mcts`. It reads names, places and ids back from the tools' own output format.
 * Runs in: everywhere. Layer src/core.
 */
import type { ChatMessage, ModelInfo } from '../../models/types.ts';
import { isTestPath } from '../../ingest/testPaths.ts';
import { cypherString, identifierTokens } from '../ruleCypher.ts';
import type { EngineChatOptions, EngineLlm } from './chatEngine.ts';
import { formatToolCall, TOOL_CALL_BEGIN, TOOL_CALL_END } from './toolCalls.ts';

export const RULE_POLICY_INFO: ModelInfo = Object.freeze({ id: 'builtin:rule-policy', label: 'rule-driven policy (no LLM)', builtin: true });

const CITED = 10;
/** Matches told in full (where, what, callers); the rest are listed. */
const TOLD = 3;

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
  args: Record<string, unknown>;
  output: string;
}

/** The tool calls made so far with their arguments and outputs, in order. */
function turnsOf(messages: readonly ChatMessage[]): Turn[] {
  const turns: Turn[] = [];
  messages.forEach((m, i) => {
    if (m.role !== 'assistant' || !m.content.includes(TOOL_CALL_BEGIN)) return;
    const start = m.content.indexOf(TOOL_CALL_BEGIN) + TOOL_CALL_BEGIN.length;
    const end = m.content.indexOf(TOOL_CALL_END, start);
    let call: { name?: string; arguments?: Record<string, unknown> };
    try {
      call = JSON.parse(m.content.slice(start, end < 0 ? undefined : end)) as typeof call;
    } catch {
      call = { name: /"name":\s*"([^"]+)"/.exec(m.content)?.[1] ?? '' };
    }
    const next = messages[i + 1];
    turns.push({ tool: call.name ?? '', args: call.arguments ?? {}, output: next?.role === 'user' ? next.content : '' });
  });
  return turns;
}

/** A code node as the tools print it ("#12 Method pkg.mod.Cls.fn  path.py:34", nodeLine: its display name). */
interface NodeSeen {
  kind: string;
  name: string;
  path: string | null;
  line: number | null;
}

/** Every node line in the tools' outputs, by id. */
function nodesSeen(turns: readonly Turn[]): Map<number, NodeSeen> {
  const seen = new Map<number, NodeSeen>();
  for (const turn of turns) {
    for (const m of turn.output.matchAll(/(?<![R\w])#(\d+) (Function|Method|Class|Module|Field|GlobalVariable|Repo) (\S+)(?: {2}([^\s:]+)(?::(\d+))?)?/g)) {
      const id = Number(m[1]);
      // The first sighting with a place wins (requirement lines name no file).
      if (!seen.has(id) || (seen.get(id)!.path === null && m[4])) seen.set(id, { kind: m[2]!, name: m[3]!, path: m[4] ?? null, line: m[5] ? Number(m[5]) : null });
    }
  }
  return seen;
}

/** "pkg.mod.Cls.fn" -> "Cls.fn" for a method, "fn" otherwise (Rust and Ruby names: "Cls::fn"). */
function shortName(node: NodeSeen | undefined, id: number): string {
  if (!node) return `#${id}`;
  const separator = node.name.includes('::') ? '::' : '.';
  const parts = node.name.split(separator);
  return node.kind === 'Method' && parts.length >= 2 ? parts.slice(-2).join(separator) : parts.at(-1)!;
}

/** The first sentence of a docstring or description, on one line. */
function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.!?](\s|$)/);
  const sentence = end >= 0 ? flat.slice(0, end + 1) : flat;
  return sentence.length > 160 ? `${sentence.slice(0, 157)}…` : sentence;
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

  /** The cited ids, code before tests; then who calls the best and what they do; then the answer in words. */
  function answer(ids: readonly number[]): string {
    const seen = nodesSeen(turns);
    const isTest = (id: number) => isTestPath(seen.get(id)?.path ?? '');
    const cited = unique(ids);
    const ordered = [...cited.filter((id) => !isTest(id)), ...cited.filter(isTest)].slice(0, CITED);
    if (ordered.length === 0) return 'No relevant code found (rule-driven policy, no LLM).';
    const best = ordered.filter((id) => !isTest(id)).slice(0, TOLD);
    const callersTurn = turns.find((t) => t.tool === 'traverse' && t.args.direction === 'in');
    if (best.length > 0 && !callersTurn) return call('traverse', { node_ids: best, direction: 'in', hops: 1, edge_types: ['USES'] }, 'Who calls the best matches?');
    const docsTurn = turns.find((t) => t.tool === 'cypher' && String(t.args.query ?? '').includes(' AS what'));
    if (best.length > 0 && !docsTurn) {
      const query = `MATCH (n) WHERE id(n) IN [${best.join(', ')}] RETURN id(n) AS id, coalesce(n.docstring, n.description, n.requirement) AS what`;
      return call('cypher', { query }, 'What do the best matches do (docstring, else description, else requirement)?');
    }
    return prose(ordered, best, seen, callersTurn?.output ?? '', docsTurn?.output ?? '', isTest);
  }
}

/** The answer in words: the best matches told in full (where, what, callers), the other code listed, the tests last. */
function prose(ordered: readonly number[], best: readonly number[], seen: ReadonlyMap<number, NodeSeen>, callers: string, docs: string, isTest: (id: number) => boolean): string {
  const name = (id: number) => `${shortName(seen.get(id), id)} [#${id}]`;
  const where = (id: number) => {
    const node = seen.get(id);
    if (!node) return '';
    const place = node.path ? `${node.path}${node.line ? `:${node.line}` : ''}` : null;
    return ` (${node.kind.toLowerCase()}${place ? ` in ${place}` : ''})`;
  };
  const what = new Map<number, string>();
  for (const m of docs.matchAll(/^id=(\d+) {2}what=(.*)$/gm)) {
    let text: unknown = null;
    try {
      text = JSON.parse(m[2]!);
    } catch {
      text = null; // not printed as JSON: nothing said about it
    }
    if (typeof text === 'string' && text.trim() !== '') what.set(Number(m[1]), firstSentence(text));
  }
  const callersOf = new Map<number, number[]>();
  for (const m of callers.matchAll(/#(\d+) <-\[USES\]- #(\d+)/g)) {
    const list = callersOf.get(Number(m[1])) ?? [];
    if (!list.includes(Number(m[2]))) list.push(Number(m[2]));
    callersOf.set(Number(m[1]), list);
  }
  const list = (ids: readonly number[]) => (ids.length <= 1 ? ids.map(name).join('') : `${ids.slice(0, -1).map(name).join(', ')} and ${name(ids.at(-1)!)}`);
  // At most CITED ids in all: the best, two callers of each, then the other code, then the tests.
  const cited = new Set<number>(best);
  const sentences = best.map((id) => {
    const doc = what.get(id);
    const callers = (callersOf.get(id) ?? []).filter((c) => !best.includes(c));
    const by = [...callers.filter((c) => !isTest(c)), ...callers.filter(isTest)].slice(0, 2);
    by.forEach((c) => cited.add(c));
    return `${name(id)}${where(id)}${doc ? `: ${doc}` : '.'}${by.length > 0 ? ` Called by ${list(by)}.` : ''}`;
  });
  const room = (ids: number[]) => ids.filter((id) => !cited.has(id)).slice(0, Math.max(0, CITED - cited.size));
  const others = room(ordered.filter((id) => !best.includes(id) && !isTest(id)));
  others.forEach((id) => cited.add(id));
  const tests = room(ordered.filter(isTest));
  if (others.length > 0) sentences.push(`Also relevant: ${list(others)}.`);
  if (tests.length > 0) sentences.push(`Tests: ${list(tests)}.`);
  sentences.push('(Rule-driven policy, no LLM: the same tools in a fixed order.)');
  return sentences.join('\n');
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
