/**
 * @file Qwen3-style tool calling for small local models: the system prompt (Qwen's own tool
 * template: function signatures inside <tools></tools>, calls as
 * <tool_call>{"name": ..., "arguments": {...}}</tool_call>, results in <tool_response> blocks),
 * the web-llm `response_format` that makes the calls well-formed (a structural tag: free text,
 * and once the model writes "<tool_call>", a JSON object fixed to one tool's name and argument
 * schema; xgrammar's triggered_tags), and the parser that reads calls back out of an answer.
 * web-llm's own `tools` parameter is limited to a few 7-8B models; the structural tag works on
 * any model with a grammar-capable tokenizer (Qwen3 0.6-4B included).
 * Runs in: everywhere. Layer src/core.
 */
import type { AgentTool } from '../tools/agentTool.ts';
import { schemaProblems } from '../tools/agentTool.ts';
import type { ResponseFormatLike } from './chatEngine.ts';

export const TOOL_CALL_BEGIN = '<tool_call>';
export const TOOL_CALL_END = '</tool_call>';

/** The system prompt: the task, ReAct, citations, the offline note, then Qwen's tool template. */
export function agentSystemPrompt(tools: readonly AgentTool[], offlineNote: string): string {
  const signatures = tools.map((t) => JSON.stringify({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
  return [
    'You are Ranger, an assistant that answers questions about one code repository using its code graph and its requirement graph.',
    'Work in steps: think briefly, call one tool, read its <tool_response>, and repeat until you know the answer.',
    'Start from requirement_search for a requirement, or cypher when the question names code. Tool outputs name code nodes as #<id> and requirements as R#<id>.',
    'When you are done, answer without a tool call and cite the code nodes you rely on as [#<id>].',
    offlineNote,
    '',
    '# Tools',
    '',
    'You may call one or more functions to assist with the user query.',
    '',
    'You are provided with function signatures within <tools></tools> XML tags:',
    '<tools>',
    ...signatures,
    '</tools>',
    '',
    'For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:',
    '<tool_call>',
    '{"name": <function-name>, "arguments": <args-json-object>}',
    '</tool_call>',
  ].join('\n');
}

/**
 * web-llm 0.2.86 `response_format` ({type: 'structural_tag'}): outside a call the text is free;
 * after the trigger "<tool_call>" the model must complete one of the tags, whose begin fixes the
 * tool name and whose content is the tool's argument schema (xgrammar json_schema).
 */
export function toolCallResponseFormat(tools: readonly AgentTool[]): ResponseFormatLike {
  return {
    type: 'structural_tag',
    structural_tag: {
      type: 'structural_tag',
      format: {
        type: 'triggered_tags',
        triggers: [TOOL_CALL_BEGIN],
        tags: tools.map((t) => ({
          type: 'tag',
          begin: `${TOOL_CALL_BEGIN}\n{"name": "${t.name}", "arguments": `,
          content: { type: 'json_schema', json_schema: t.parameters },
          end: `}\n${TOOL_CALL_END}`,
        })),
        at_least_one: false,
        stop_after_first: true,
      },
    },
  };
}

export interface ParsedToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export type ToolCallParse =
  | { kind: 'none'; text: string }
  | { kind: 'calls'; text: string; calls: ParsedToolCall[] }
  | { kind: 'malformed'; text: string; problem: string };

/** Removes <think> blocks (Qwen3), returning the thought and the rest. */
export function splitThinking(reply: string): { thought: string; rest: string } {
  const thoughts: string[] = [];
  const rest = reply.replace(/<think>([\s\S]*?)(<\/think>|$)/g, (_m, inner: string) => {
    thoughts.push(inner.trim());
    return '';
  });
  return { thought: thoughts.filter(Boolean).join('\n'), rest: rest.trim() };
}

/** Reads the tool calls of a reply (after its <think> block), checked against the tools' schemas. */
export function parseToolCalls(reply: string, tools: readonly AgentTool[]): ToolCallParse {
  const begin = reply.indexOf(TOOL_CALL_BEGIN);
  if (begin < 0) return { kind: 'none', text: reply.trim() };
  const text = reply.slice(0, begin).trim();
  const calls: ParsedToolCall[] = [];
  const pattern = /<tool_call>([\s\S]*?)(<\/tool_call>|$)/g;
  for (const match of reply.slice(begin).matchAll(pattern)) {
    if (match[2] !== TOOL_CALL_END) return { kind: 'malformed', text, problem: 'the <tool_call> block is not closed with </tool_call>' };
    let json: unknown;
    try {
      json = JSON.parse(match[1].trim());
    } catch {
      return { kind: 'malformed', text, problem: `the <tool_call> block is not valid JSON: ${match[1].trim().slice(0, 80)}` };
    }
    const { name, arguments: args } = (json ?? {}) as { name?: unknown; arguments?: unknown };
    if (typeof name !== 'string') return { kind: 'malformed', text, problem: 'the call has no "name"' };
    const tool = tools.find((t) => t.name === name);
    if (!tool) return { kind: 'malformed', text, problem: `there is no tool "${name}"` };
    const problems = schemaProblems(args ?? {}, tool.parameters);
    if (problems.length > 0) return { kind: 'malformed', text, problem: `${name}: ${problems.join('; ')}` };
    calls.push({ name, arguments: (args ?? {}) as Record<string, unknown> });
  }
  return { kind: 'calls', text, calls };
}

/** How a call is shown back to the model (its own format). */
export function formatToolCall(call: ParsedToolCall): string {
  return `${TOOL_CALL_BEGIN}\n${JSON.stringify({ name: call.name, arguments: call.arguments })}\n${TOOL_CALL_END}`;
}

export function toolResponse(text: string): string {
  return `<tool_response>\n${text}\n</tool_response>`;
}
