/**
 * @file The agent's tool contract: a name, a description and a JSON-schema of its arguments
 * (what the model sees in Qwen3's <tools> block and what the structural tag constrains), and
 * run(), which returns a short text observation plus the code node ids it touched (lit on the
 * graph, collected as the agent's retrieved set). Arguments are checked against the schema
 * first, so a tool never sees a malformed call; the check covers the schema features our tools
 * use (object, string, integer, number, boolean, enum, arrays of those, required, bounds).
 * Runs in: everywhere. Layer src/core.
 */
import { nodeText } from '../../graph/displayName.ts';

export interface JsonSchema {
  type: 'object' | 'string' | 'integer' | 'number' | 'boolean' | 'array';
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: readonly (string | number)[];
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean;
}

export interface ToolResult {
  /** The observation as the model reads it (kept short by the caller). */
  text: string;
  /** Code node ids the result names, best first (lit on the graph; the retrieved set). */
  nodeIds: number[];
}

export interface ToolContext {
  signal?: AbortSignal;
}

export interface AgentTool {
  name: string;
  description: string;
  parameters: JsonSchema & { type: 'object' };
  run(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult>;
}

/** Problems of `value` against `schema`, as short sentences naming the path ([] when valid). */
export function schemaProblems(value: unknown, schema: JsonSchema, path = 'arguments'): string[] {
  const type = schema.type;
  const is =
    type === 'array' ? Array.isArray(value)
    : type === 'object' ? value !== null && typeof value === 'object' && !Array.isArray(value)
    : type === 'integer' ? Number.isInteger(value)
    : typeof value === type;
  if (!is) return [`${path} must be ${type === 'integer' ? 'a whole number' : `a${/^[aeiou]/.test(type) ? 'n' : ''} ${type}`}`];
  const problems: string[] = [];
  if (schema.enum && !schema.enum.includes(value as string | number)) problems.push(`${path} must be one of ${schema.enum.join(', ')}`);
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${path} must be >= ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${path} must be <= ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) problems.push(`${path} needs at least ${schema.minItems} item(s)`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push(`${path} takes at most ${schema.maxItems} items`);
    if (schema.items) value.forEach((item, i) => problems.push(...schemaProblems(item, schema.items!, `${path}[${i}]`)));
  }
  if (type === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in object)) problems.push(`${path}.${key} is missing`);
    for (const [key, child] of Object.entries(object)) {
      const spec = schema.properties?.[key];
      if (spec) problems.push(...schemaProblems(child, spec, `${path}.${key}`));
      else if (schema.additionalProperties === false) problems.push(`${path}.${key} is not a parameter`);
    }
  }
  return problems;
}

/** Cuts an observation to `max` characters, saying how much was left out. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 40)).trimEnd()}\n… (${text.length - max + 40} more characters cut)`;
}

/** "#12 Method black.mode.Mode.is_pyi  src/black/mode.py:34" — how tools name a code node (graph/displayName.ts). */
export function nodeLine(node: { id: number; kind: string; qualified_name: string; import_name?: string | null; file_path: string | null; start_line: number | null }): string {
  return `#${node.id} ${nodeText(node)}`;
}
