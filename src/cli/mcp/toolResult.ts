/**
 * @file What MCP tools of `ranger mcp` answer with: a JSON document or plain text as one text
 * block, and the argument schemas several tools share (a node given by id or name).
 * Runs in: Node (cli).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** JSON with BIGINTs as numbers (as the CLI's --json prints). */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
}

export function jsonResult(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: toJson(value) }] };
}

export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

/** A tool error the agent reads (the call failed; the server goes on). */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

export const nodeRefSchema = z
  .union([z.number().int().min(0), z.string().min(1)])
  .describe('The node: its id (from find, search or cypher), or a name: qualified (pkg.mod.Class.method), import-style, or simple when only one node has it.');

/** Every tool only reads the graph (search and explain also record their run). */
export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, openWorldHint: false } as const;
