/**
 * @file Pure helpers of the agent panel: the answer split into text and clickable [#id]
 * citations, an example argument object per tool (the hand-run form's starting text, naming a
 * real function of the open graph, or generic without one), and the LLM notice (which model
 * answers, or what to load and why when none is).
 * Runs in: the main thread (pure; unit-tested in Node).
 */
import type { AgentToolInfo } from '../../core/agent/agentService.ts';
import type { JsonSchema } from '../../core/agent/tools/agentTool.ts';
import type { SemanticStatus } from '../../core/semantic/semanticService.ts';
import { isTestPath } from '../../core/ingest/testPaths.ts';
import type { ExampleCandidate } from '../../core/reads/nodeLookups.ts';

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

/** A function or method of the open graph that the hand-run examples use (its id and name). */
export interface ExampleNode {
  id: number;
  name: string;
}

/**
 * The first of the open graph's documented functions, the most used first (the repo worker's
 * readExampleCandidates, core/reads/nodeLookups.ts), that is code (not a test or fixture) with a
 * word-like name.
 */
export function pickExampleNode(candidates: readonly ExampleCandidate[]): ExampleNode | null {
  for (const { id, name, file_path: path } of candidates) {
    if (!/^[A-Za-z][A-Za-z0-9_]{2,}$/.test(name) || (path && isTestPath(path))) continue;
    return { id, name };
  }
  return null;
}

/** An identifier as words: format_file_in_place -> "format file in place", CatalogSearch -> "catalog search". */
export function nameWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[_\s]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

/** A question in words without a graph to take it from (no repository's own names). */
export const GENERIC_QUERY = 'where is the configuration read';

function example(schema: JsonSchema, name: string, node: ExampleNode | null): unknown {
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      return name === 'query' ? (node ? nameWords(node.name) : GENERIC_QUERY) : name === 'code' ? 'def f(x):\n    return x' : '';
    case 'integer':
    case 'number':
      return node && (name === 'node_id' || name === 'node_ids') ? node.id : (schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return [example(schema.items ?? { type: 'integer' }, name, node)];
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, example(schema.properties?.[key] ?? { type: 'string' }, key, node)]));
  }
}

/**
 * Required arguments with example values, as pretty JSON: a query in the words of `node`'s name
 * and its id for node ids (a real function of the open graph), generic values without one.
 */
export function exampleArgs(tool: AgentToolInfo, node: ExampleNode | null = null): string {
  // Generic already: the requirement graph's labels are the same in every repository.
  if (tool.name === 'cypher') return JSON.stringify({ query: 'MATCH (r:Requirement)-[:PARENT_CHILD]->(c:Requirement) RETURN r.name, c.name LIMIT 10' }, null, 2);
  return JSON.stringify(example(tool.parameters, tool.name, node), null, 2);
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
