/**
 * @file The ReAct loop (CodeRAG 3.4, GraphCodeAgent 3.4.2) over the graph tools with Qwen3-style
 * tool calls. Each round: the model's reply (constrained by the structural tag, streamed) ->
 * its <think> block as the thought -> each <tool_call> dispatched -> the observations (cut to
 * `maxObservationChars`) sent back in <tool_response> blocks as the next user turn.
 * - A reply without a tool call is the answer; its [#id] citations are kept when a tool named
 *   that node (anything else is reported as an unsupported citation and dropped).
 * - A malformed call (bad JSON, unknown tool, arguments off the schema, unclosed tag) gets one
 *   clear retry message naming the problem and the expected form; a second one in a row stops.
 * - After `maxRounds` tool rounds the model gets one last turn without tools to answer; if it
 *   still calls a tool the run stops with status 'round-cap'.
 * - A tool that throws becomes an "Error: ..." observation (the model can correct itself).
 * `retrieved` is every code node a tool returned, in first-seen order (the agent's retrieved
 * set, before any generation).
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import { AppError, isCancelled, throwIfAborted, toWire } from '../../errors.ts';
import type { ChatMessage } from '../../models/types.ts';
import type { AgentTool } from '../tools/agentTool.ts';
import { shorten } from '../tools/agentTool.ts';
import type { EngineLlm } from './chatEngine.ts';
import { agentSystemPrompt, formatToolCall, parseToolCalls, splitThinking, toolCallResponseFormat, toolResponse } from './toolCalls.ts';
import type { ParsedToolCall } from './toolCalls.ts';

export const DEFAULT_MAX_ROUNDS = 6;
export const DEFAULT_OBSERVATION_CHARS = 1500;

export interface AgentStep {
  round: number;
  thought: string;
  tool: string | null;
  input: Record<string, unknown> | null;
  output: string;
  nodeIds: number[];
  error?: string;
}

export type AgentStatus = 'answered' | 'round-cap' | 'malformed' | 'cancelled' | 'failed';

export interface AgentTranscript {
  question: string;
  llm: string;
  status: AgentStatus;
  steps: AgentStep[];
  answer: string | null;
  /** Node ids the answer cites ([#id]) that a tool returned, in order. */
  cited: number[];
  /** Cited ids no tool returned (dropped from `cited`). */
  unsupportedCitations: number[];
  retrieved: number[];
  rounds: number;
  message?: string;
}

export type AgentEvent =
  | { type: 'token'; round: number; text: string }
  | { type: 'step'; step: AgentStep }
  | { type: 'answer'; answer: string; cited: number[] }
  | { type: 'stopped'; status: AgentStatus; message: string };

export interface AgentOptions {
  llm: EngineLlm;
  tools: readonly AgentTool[];
  offlineNote: string;
  maxRounds?: number;
  maxObservationChars?: number;
  maxTokens?: number;
  signal?: AbortSignal;
  onEvent?: (event: AgentEvent) => void;
}

/** [#12] / #12 citations (R#12 requirement ids are not code citations). */
export function citationsOf(answer: string): number[] {
  return [...new Set([...answer.matchAll(/(?<![R\w])#(\d+)/g)].map((m) => Number(m[1])))];
}

function retryMessage(problem: string, tools: readonly AgentTool[]): string {
  return toolResponse(
    `Error: malformed tool call: ${problem}. Call one tool again in exactly this form:\n<tool_call>\n{"name": "<tool>", "arguments": {...}}\n</tool_call>\nTools: ${tools.map((t) => t.name).join(', ')}. Or answer without a tool call.`,
  );
}

export async function runAgent(question: string, options: AgentOptions): Promise<AgentTranscript> {
  const { llm, tools, signal, onEvent } = options;
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const maxChars = options.maxObservationChars ?? DEFAULT_OBSERVATION_CHARS;
  if (!Number.isInteger(maxRounds) || maxRounds < 1) throw new AppError('INPUT_INVALID', `The round cap must be a whole number >= 1 (got ${maxRounds}).`);
  const messages: ChatMessage[] = [
    { role: 'system', content: agentSystemPrompt(tools, options.offlineNote) },
    { role: 'user', content: question },
  ];
  const transcript: AgentTranscript = { question, llm: llm.info.id, status: 'answered', steps: [], answer: null, cited: [], unsupportedCitations: [], retrieved: [], rounds: 0 };
  const retrieved = new Set<number>();
  const withTools = toolCallResponseFormat(tools);
  const stop = (status: AgentStatus, message: string): AgentTranscript => {
    transcript.status = status;
    transcript.message = message;
    onEvent?.({ type: 'stopped', status, message });
    return transcript;
  };
  const record = (step: AgentStep) => {
    transcript.steps.push(step);
    for (const id of step.nodeIds) retrieved.add(id);
    transcript.retrieved = [...retrieved];
    onEvent?.({ type: 'step', step });
  };
  let malformedInARow = 0;
  try {
    for (let round = 1; ; round++) {
      throwIfAborted(signal);
      const last = round > maxRounds;
      if (last) messages.push({ role: 'user', content: `Round limit (${maxRounds}) reached: no more tools. Answer now from the observations above and cite the code nodes as [#<id>].` });
      transcript.rounds = round;
      const reply = await llm.chat(messages, {
        maxTokens: options.maxTokens ?? 768,
        temperature: 0,
        signal,
        onToken: (text) => onEvent?.({ type: 'token', round, text }),
        ...(last ? {} : { responseFormat: withTools }),
      });
      messages.push({ role: 'assistant', content: reply });
      const { thought, rest } = splitThinking(reply);
      const parsed = parseToolCalls(rest, tools);
      if (parsed.kind === 'none') {
        const answer = parsed.text;
        const cited = citationsOf(answer);
        transcript.answer = answer;
        transcript.cited = cited.filter((id) => retrieved.has(id));
        transcript.unsupportedCitations = cited.filter((id) => !retrieved.has(id));
        record({ round, thought: [thought].filter(Boolean).join('\n'), tool: null, input: null, output: answer, nodeIds: [] });
        onEvent?.({ type: 'answer', answer, cited: transcript.cited });
        if (last) transcript.message = `Answered after the round limit (${maxRounds}).`;
        return transcript;
      }
      const thoughtText = [thought, parsed.text].filter(Boolean).join('\n');
      if (last) {
        record({ round, thought: thoughtText, tool: null, input: null, output: '', nodeIds: [], error: 'tool call after the round limit' });
        return stop('round-cap', `Stopped at the round limit (${maxRounds}): the model kept calling tools.`);
      }
      if (parsed.kind === 'malformed') {
        malformedInARow++;
        record({ round, thought: thoughtText, tool: null, input: null, output: '', nodeIds: [], error: `malformed tool call: ${parsed.problem}` });
        if (malformedInARow >= 2) return stop('malformed', `Stopped: two malformed tool calls in a row (last: ${parsed.problem}).`);
        messages.push({ role: 'user', content: retryMessage(parsed.problem, tools) });
        continue;
      }
      malformedInARow = 0;
      const responses: string[] = [];
      for (const call of parsed.calls) responses.push(toolResponse(await dispatch(call, round, thoughtText)));
      messages[messages.length - 1] = { role: 'assistant', content: [thought ? `<think>\n${thought}\n</think>\n\n` : '', parsed.text ? `${parsed.text}\n` : '', parsed.calls.map(formatToolCall).join('\n')].join('') };
      messages.push({ role: 'user', content: responses.join('\n') });
    }
  } catch (error) {
    if (isCancelled(error) || signal?.aborted) return stop('cancelled', 'Stopped by the user.');
    const wire = toWire(error);
    return stop('failed', `The model failed: ${wire.message}`);
  }

  async function dispatch(call: ParsedToolCall, round: number, thought: string): Promise<string> {
    const tool = tools.find((t) => t.name === call.name)!;
    try {
      const result = await tool.run(call.arguments, { signal });
      const output = shorten(result.text, maxChars);
      record({ round, thought, tool: call.name, input: call.arguments, output, nodeIds: result.nodeIds });
      return output;
    } catch (error) {
      if (isCancelled(error)) throw error;
      const message = `Error: ${toWire(error).message}`;
      record({ round, thought, tool: call.name, input: call.arguments, output: message, nodeIds: [], error: message });
      return message;
    }
  }
}
