/**
 * @file Code-graph tools: `traverse` (GraphCodeAgent's SSCGTraverse: from start nodes, along
 * chosen edge types, out / in / both, 1-3 hops), `cypher` (the read-only Cypher subset over the
 * code graph and the requirement graph) and `read_code` (a node's code, a module's file text,
 * truncated).
 * Runs in: everywhere. Layer src/core.
 */
import { EDGE_TYPES } from '../../graph/types.ts';
import type { SqlConnection } from '../../store/sqlConnection.ts';
import { readNodeCode } from '../nodeCode.ts';
import { runCypher } from '../runCypher.ts';
import type { AgentTool, ToolResult } from './agentTool.ts';
import { nodeLine } from './agentTool.ts';

const DEFAULT_EDGE_TYPES = ['USES', 'INHERITS', 'HAS_METHOD', 'CONTAINS'];

interface NodeBrief {
  id: number;
  kind: string;
  qualified_name: string;
  import_name: string | null;
  file_path: string | null;
  start_line: number | null;
}

async function briefs(conn: Pick<SqlConnection, 'query'>, ids: readonly number[]): Promise<Map<number, NodeBrief>> {
  if (ids.length === 0) return new Map();
  const rows = await conn.query(`SELECT id, kind, qualified_name, import_name, file_path, start_line FROM nodes WHERE id IN (${ids.join(', ')})`);
  return new Map(rows.map((r) => [Number(r.id), briefOf(r)]));
}

function briefOf(r: Record<string, unknown>): NodeBrief {
  return {
    id: Number(r.id),
    kind: String(r.kind),
    qualified_name: String(r.qualified_name),
    import_name: (r.import_name as string | null) ?? null,
    file_path: (r.file_path as string | null) ?? null,
    start_line: (r.start_line as number | null) ?? null,
  };
}

/** How far `traverse` goes: at most `reach` nodes found, the first `listed` of them printed. */
export interface TraverseLimits {
  reach: number;
  listed: number;
}

/** The agent's observation stays short; the MCP server's `neighbours` lists more. */
export const AGENT_TRAVERSE_LIMITS: TraverseLimits = { reach: 60, listed: 25 };

export function graphTools(conn: Pick<SqlConnection, 'query'>, limits: TraverseLimits = AGENT_TRAVERSE_LIMITS): AgentTool[] {
  const traverse: AgentTool = {
    name: 'traverse',
    description:
      'Walks the code graph from start node ids (#) along edge types (USES = calls/instantiates/references, INHERITS, HAS_METHOD, CONTAINS, IMPORTS, SIMILAR). direction "out" follows edges forward (callees, bases, members), "in" backward (callers, subclasses, owners).',
    parameters: {
      type: 'object',
      properties: {
        node_ids: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 10 },
        direction: { type: 'string', enum: ['out', 'in', 'both'] },
        hops: { type: 'integer', minimum: 1, maximum: 3 },
        edge_types: { type: 'array', items: { type: 'string', enum: [...EDGE_TYPES] }, minItems: 1 },
      },
      required: ['node_ids'],
      additionalProperties: false,
    },
    async run(args): Promise<ToolResult> {
      const start = (args.node_ids as number[]).map((id) => Math.trunc(id));
      const direction = (args.direction as string | undefined) ?? 'out';
      const hops = (args.hops as number | undefined) ?? 1;
      const typeList = (args.edge_types as string[] | undefined) ?? DEFAULT_EDGE_TYPES;
      const types = typeList.map((t) => `'${t}'`).join(', ');
      const seen = new Set(start);
      const found: { id: number; hop: number; type: string; from: number; dir: string }[] = [];
      let frontier = start;
      for (let hop = 1; hop <= hops && frontier.length > 0 && found.length < limits.reach; hop++) {
        const list = frontier.join(', ');
        const parts: string[] = [];
        if (direction !== 'in') parts.push(`SELECT src AS from_id, dst AS to_id, type, 'out' AS dir FROM edges WHERE src IN (${list}) AND type IN (${types})`);
        if (direction !== 'out') parts.push(`SELECT dst AS from_id, src AS to_id, type, 'in' AS dir FROM edges WHERE dst IN (${list}) AND type IN (${types})`);
        const rows = await conn.query(`${parts.join(' UNION ALL ')} ORDER BY from_id, to_id LIMIT ${Math.max(200, limits.reach)}`);
        const next: number[] = [];
        for (const r of rows) {
          const id = Number(r.to_id);
          if (seen.has(id)) continue;
          seen.add(id);
          next.push(id);
          found.push({ id, hop, type: String(r.type), from: Number(r.from_id), dir: String(r.dir) });
        }
        frontier = next;
      }
      if (found.length === 0) return { text: `Nothing reached from ${start.map((id) => `#${id}`).join(', ')} (${direction}, ${hops} hop(s), ${typeList.join(', ')}).`, nodeIds: [] };
      const info = await briefs(conn, found.map((f) => f.id));
      const lines = found.slice(0, limits.listed).map((f) => {
        const node = info.get(f.id);
        const arrow = f.dir === 'out' ? `-[${f.type}]->` : `<-[${f.type}]-`;
        return `hop ${f.hop}: #${f.from} ${arrow} ${node ? nodeLine(node) : `#${f.id}`}`;
      });
      if (found.length > limits.listed) lines.push(`… ${found.length - limits.listed} more`);
      return { text: lines.join('\n'), nodeIds: found.map((f) => f.id) };
    },
  };

  const cypher: AgentTool = {
    name: 'cypher',
    description:
      'Runs a read-only Cypher query. Labels: Repo, Module, Class, Function, Method, Field, GlobalVariable, Requirement. Relationships: CONTAINS, HAS_METHOD, HAS_FIELD, INHERITS, USES, IMPORTS, SIMILAR, PARENT_CHILD, SIMILAR_REQUIREMENT, IMPLEMENTED_BY. Properties: name, import_name (the name code imports it by), qualified_name (path-based), file_path, docstring, requirement.',
    parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'], additionalProperties: false },
    async run(args): Promise<ToolResult> {
      const result = await runCypher(conn, String(args.query));
      if (result.rows.length === 0) return { text: 'No rows.', nodeIds: [] };
      const show = (v: unknown): string => {
        if (v && typeof v === 'object' && !Array.isArray(v) && 'id' in v && 'kind' in v) return nodeLine(v as unknown as NodeBrief);
        return JSON.stringify(v);
      };
      const lines = result.rows.slice(0, 15).map((row) => result.columns.map((c) => `${c}=${show(row[c])}`).join('  '));
      if (result.rows.length > 15) lines.push(`… ${result.rows.length - 15} more rows`);
      return { text: lines.join('\n'), nodeIds: result.nodeIds };
    },
  };

  const readCode: AgentTool = {
    name: 'read_code',
    description: 'The source code of one node (#id), truncated to max_lines (default 40).',
    parameters: {
      type: 'object',
      properties: { node_id: { type: 'integer' }, max_lines: { type: 'integer', minimum: 1, maximum: 120 } },
      required: ['node_id'],
      additionalProperties: false,
    },
    async run(args): Promise<ToolResult> {
      const id = Math.trunc(args.node_id as number);
      const node = (await briefs(conn, [id])).get(id);
      const stored = await readNodeCode(conn, id);
      if (!node || !stored) return { text: `No node #${id}.`, nodeIds: [] };
      const lines = (stored.code ?? '(no code stored for this node)').split('\n');
      const max = (args.max_lines as number | undefined) ?? 40;
      const shown = lines.slice(0, max).join('\n');
      const rest = lines.length > max ? `\n… ${lines.length - max} more lines` : '';
      return { text: `${nodeLine(node)}\n${shown}${rest}`, nodeIds: [id] };
    },
  };

  return [traverse, cypher, readCode];
}
