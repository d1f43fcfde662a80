/**
 * @file The Cypher console's data side: running a query through the repo worker (within a row
 * cap and a time limit; the note for a cut answer; the Max rows box), the table's
 * cell text, the line:column of an error, the schema vocabulary for completion (labels,
 * relationship types, properties, keywords, functions) and the subgraph highlight of the
 * result's nodes on the explorer. Runs in: the main thread.
 */
import type { Core } from 'cytoscape';
import type { ConsoleBounds, CypherResult } from '../../core/agent/searchService.ts';
import { DEFAULT_MAX_ROWS } from '../../core/store/boundedQuery.ts';
import { nodeText } from '../../core/graph/displayName.ts';
import type { NameSource } from '../../core/graph/displayName.ts';
import { EDGE_TYPES, NODE_KINDS } from '../../core/graph/types.ts';
import { REQUIREMENT_LABELS, REQUIREMENT_RELATIONSHIP_TYPES } from '../../core/requirements/requirementCypher.ts';
import { EDGE_COLUMNS, NODE_COLUMNS } from '../../core/store/schema.ts';
import type { RepoClient } from '../clients/repoClient.ts';

export const CYPHER_EXAMPLE = "MATCH (c:Class)-[:INHERITS*1..3]->(base:Class {name: 'PaymentError'})\nRETURN c, c.file_path AS file\nORDER BY file";

export const CYPHER_KEYWORDS = [
  'MATCH', 'OPTIONAL MATCH', 'WHERE', 'RETURN', 'DISTINCT', 'AS', 'AND', 'OR', 'NOT', 'IN', 'CONTAINS', 'STARTS WITH', 'ENDS WITH',
  'IS NULL', 'IS NOT NULL', 'ORDER BY', 'ASC', 'DESC', 'SKIP', 'LIMIT', 'UNION', 'UNION ALL', 'TRUE', 'FALSE', 'NULL',
  'WITH', 'UNWIND', 'CASE', 'WHEN', 'THEN', 'ELSE', 'END', 'EXISTS', 'XOR',
] as const;
export const CYPHER_FUNCTIONS = [
  'labels', 'type', 'id', 'count', 'collect', 'min', 'max', 'sum', 'avg', 'toLower', 'toUpper', 'trim', 'ltrim', 'rtrim', 'size', 'length',
  'coalesce', 'toString', 'toInteger', 'toFloat', 'substring', 'split', 'replace', 'left', 'right', 'reverse', 'keys', 'properties',
  'head', 'last', 'tail', 'range', 'abs', 'round', 'ceil', 'floor', 'nodes', 'relationships', 'shortestPath', 'allShortestPaths',
  'any', 'all', 'none', 'single',
] as const;

export interface CypherVocabulary {
  labels: readonly string[];
  relationshipTypes: readonly string[];
  nodeProperties: readonly string[];
  relationshipProperties: readonly string[];
}

/** Labels, types and properties of our tables (docs/schema.md), as the compiler accepts them. */
export function cypherVocabulary(): CypherVocabulary {
  return {
    labels: [...NODE_KINDS, ...REQUIREMENT_LABELS],
    relationshipTypes: [...EDGE_TYPES, ...REQUIREMENT_RELATIONSHIP_TYPES],
    nodeProperties: [...NODE_COLUMNS.map((c) => c.name), 'class'],
    relationshipProperties: EDGE_COLUMNS.map((c) => c.name),
  };
}

export function runConsoleCypher(service: RepoClient, query: string, params: Record<string, unknown> = {}, bounds?: ConsoleBounds): Promise<CypherResult> {
  return service.cypher(query, params, bounds);
}

/** The consoles' note for a cut answer: "Showing the first 10,000 rows of more than 10,000 (raise Max rows to see more)." */
export function truncatedNote(result: { truncated?: boolean; maxRows?: number }): string | null {
  if (!result.truncated || result.maxRows === undefined) return null;
  const n = result.maxRows.toLocaleString('en');
  return `Showing the first ${n} rows of more than ${n} (raise Max rows to see more).`;
}

/** The Max rows box: a whole number >= 1 (the default when empty or not a number). */
export function parseMaxRows(text: string, fallback = DEFAULT_MAX_ROWS): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** The console's parameters box: empty, or a JSON object of $name values; a clear message otherwise. */
export function parseCypherParams(text: string): { params: Record<string, unknown> } | { error: string } {
  if (text.trim() === '') return { params: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `Parameters are not valid JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'Parameters must be a JSON object, like {"name": "Cart"}' };
  return { params: value as Record<string, unknown> };
}

function isWholeNode(value: unknown): value is NameSource & { id: number; kind: string; file_path?: string | null; start_line?: number | null } {
  return typeof value === 'object' && value !== null && 'qualified_name' in value && 'kind' in value && 'id' in value;
}

/** Table text of one value: whole nodes as `Kind display name  file:line` (core/graph/displayName.ts),
 * lists joined, other objects as JSON (bigints as numbers), text longer than `maxChars` cut. */
export function cellText(value: unknown, maxChars = 300): string {
  if (value === null || value === undefined) return '∅';
  if (isWholeNode(value)) return nodeText(value);
  if (Array.isArray(value)) return `[${value.map((item) => cellText(item, maxChars)).join(', ')}]`;
  const text = typeof value === 'object' ? JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)) : String(value);
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
}

/** The first node id a row mentions (a whole node, or one of the result's ids in an id column). */
export function rowNodeId(row: Record<string, unknown>, columns: readonly string[], nodeIds: readonly number[]): number | null {
  for (const column of columns) {
    const value = row[column];
    if (isWholeNode(value)) return Number(value.id);
    if (Array.isArray(value)) {
      const first = value.find(isWholeNode);
      if (first) return Number(first.id);
    }
    if (typeof value === 'number' && /(^|\.|_)id$|^id\(/i.test(column) && nodeIds.includes(value)) return value;
  }
  return null;
}

/** The "at line:column" an AppError message ends with (Cypher errors), or null. */
export function errorPosition(message: string): { line: number; column: number } | null {
  const match = / at (\d+):(\d+)\)?$/.exec(message);
  return match ? { line: Number(match[1]), column: Number(match[2]) } : null;
}

const HIT_CLASS = 'cypher-hit';
const DIM_CLASS = 'cypher-dim';

/** Marks the result's nodes (and the edges among them) on the graph, dims the rest; returns how many are drawn. */
export function highlightSubgraph(cy: Core, ids: readonly number[]): number {
  const wanted = new Set(ids.map((id) => String(id)));
  let drawn = 0;
  cy.batch(() => {
    cy.elements().removeClass(`${HIT_CLASS} ${DIM_CLASS}`);
    if (wanted.size === 0) return;
    cy.nodes().forEach((node) => {
      if (wanted.has(String(node.data('nodeId')))) {
        node.addClass(HIT_CLASS);
        drawn++;
      } else node.addClass(DIM_CLASS);
    });
    cy.edges().forEach((edge) => {
      if (edge.source().hasClass(HIT_CLASS) && edge.target().hasClass(HIT_CLASS)) edge.addClass(HIT_CLASS);
      else edge.addClass(DIM_CLASS);
    });
    cy.style()
      .selector(`node.${HIT_CLASS}`)
      .style({ 'border-width': 4, 'border-color': '#f59e0b', 'underlay-color': '#f59e0b', 'underlay-opacity': 0.35, 'underlay-padding': 6, 'z-index': 20 })
      .selector(`edge.${HIT_CLASS}`)
      .style({ width: 3, 'line-color': '#f59e0b', 'target-arrow-color': '#f59e0b', opacity: 1 })
      .selector(`.${DIM_CLASS}`)
      .style({ opacity: 0.22 })
      .update();
  });
  return drawn;
}

/** Removes the highlight. */
export function clearSubgraph(cy: Core): void {
  cy.elements().removeClass(`${HIT_CLASS} ${DIM_CLASS}`);
}

/** The explorer part the highlight needs (GraphController has it). */
export interface SubgraphHost {
  readonly cy: Core;
  hasNode(id: number): boolean;
  showEgo(centerId: number, depth: number): Promise<void>;
}

/**
 * Highlights the result's nodes on the explorer; when none of them is drawn, first opens the
 * ego view of the first one. Returns how many result nodes are drawn and highlighted.
 */
export async function showCypherSubgraph(graph: SubgraphHost | null, ids: readonly number[], egoDepth: number): Promise<number> {
  if (!graph) return 0;
  if (ids.length > 0 && !ids.some((id) => graph.hasNode(id))) await graph.showEgo(ids[0]!, Math.max(1, egoDepth));
  return highlightSubgraph(graph.cy, ids);
}
