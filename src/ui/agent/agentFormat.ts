/**
 * @file Pure helpers of the agent panel: the answer split into text and clickable [#id]
 * citations, an example argument object per tool (the hand-run form's starting text), and the
 * LLM notice (which model answers, or what to load and why when none is).
 * Runs in: the main thread (pure; unit-tested in Node).
 */
import type { AgentToolInfo } from '../../core/agent/agentService.ts';
import type { JsonSchema } from '../../core/agent/tools/agentTool.ts';
import type { SemanticStatus } from '../../core/semantic/semanticService.ts';

export type AnswerPart = { text: string } | { id: number; cited: boolean };

/** The answer with each [#id] / #id citation as its own part (cited: a tool returned it). */
export function answerParts(answer: string, cited: readonly number[]): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const match of answer.matchAll(/\[?(?<![R\w])#(\d+)\]?/g)) {
    if (match.index > last) parts.push({ text: answer.slice(last, match.index) });
    const id = Number(match[1]);
    parts.push({ id, cited: cited.includes(id) });
    last = match.index + match[0].length;
  }
  if (last < answer.length) parts.push({ text: answer.slice(last) });
  return parts;
}

function example(schema: JsonSchema, name: string): unknown {
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      return name === 'query' ? 'how are prices discounted' : name === 'code' ? 'def f(x):\n    return x' : '';
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return [example(schema.items ?? { type: 'integer' }, name)];
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, example(schema.properties?.[key] ?? { type: 'string' }, key)]));
  }
}

/** Required arguments with example values, as pretty JSON. */
export function exampleArgs(tool: AgentToolInfo): string {
  if (tool.name === 'cypher') return JSON.stringify({ query: 'MATCH (r:Requirement)-[:PARENT_CHILD]->(c:Requirement) RETURN r.name, c.name LIMIT 10' }, null, 2);
  return JSON.stringify(example(tool.parameters, tool.name), null, 2);
}

export interface LlmNotice {
  loaded: boolean;
  text: string;
}

/** Which model answers, or — with none selected — what to load and why. */
export function llmNotice(semantic: SemanticStatus | null, fakeScript: boolean): LlmNotice {
  if (fakeScript) return { loaded: true, text: 'LLM: scripted fake engine (test, not a model).' };
  const llm = semantic?.llm;
  if (!llm || llm.spec.role !== 'llm' || llm.spec.id === 'builtin:structural') {
    return {
      loaded: false,
      text:
        'No LLM loaded: questions run the rule-driven policy (the same tools in a fixed order, no reasoning). To let a model choose the tools, pick a web-llm LLM in Models (a Qwen3 model of 1.7B to 4B works best: its tool calls are kept well-formed by a structural-tag grammar). It needs WebGPU and a one-time download.',
    };
  }
  const state = llm.state === 'ready' ? 'loaded' : llm.state === 'loading' ? 'loading' : 'loads on the first question';
  return { loaded: true, text: `LLM: ${llm.spec.label} (${state}).` };
}

export interface AnswerCode {
  /** The answer without its fenced code blocks. */
  prose: string;
  /** Fenced code blocks (```lang ... ```), in order. */
  code: { language: string; text: string }[];
}

/** Separates generated code (fenced blocks) from the prose of an answer. */
export function splitAnswerCode(answer: string): AnswerCode {
  const code: AnswerCode['code'] = [];
  const prose = answer
    .replace(/```([\w+-]*)[^\S\n]*\n([\s\S]*?)```/g, (_m, language: string, text: string) => {
      code.push({ language: language || 'text', text: text.replace(/\n$/, '') });
      return '';
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { prose, code };
}
