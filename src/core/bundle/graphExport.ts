/**
 * @file The graph as CSV files for a graph server ("export for scale-out"):
 * - neo4j: `nodes.csv` (id:ID, properties, :LABEL) and `relationships.csv` (:START_ID, :END_ID,
 *   :TYPE, detail) for `neo4j-admin database import full` (headers in the files);
 * - kuzu: one CSV per node kind and one per (edge type, source kind, target kind), with
 *   `schema.cypher` (CREATE NODE / REL TABLE) and `copy.cypher` (COPY ... FROM) to run in order.
 * Node properties are the nodes table's columns (code and text included); vectors stay out.
 * Runs in: everywhere (the CLI writes the files). Layer src/core.
 */
import type { SqlConnection } from '../store/sqlConnection.ts';
import { NODE_COLUMNS } from '../store/schema.ts';
import { NODE_KINDS, EDGE_TYPES } from '../graph/types.ts';

export type GraphExportFormat = 'neo4j' | 'kuzu';

export const GRAPH_EXPORT_FORMATS: readonly GraphExportFormat[] = ['neo4j', 'kuzu'];

/** RFC 4180 field: quoted when it holds a comma, quote or line break; null is empty. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header.join(','), ...rows.map((r) => r.map(csvField).join(','))].join('\n') + '\n';
}

const PROPS = NODE_COLUMNS.filter((c) => c.name !== 'id' && c.name !== 'kind');

interface ExportRows {
  nodes: Record<string, unknown>[];
  edges: { src: number; dst: number; type: string; detail: string | null; src_kind: string; dst_kind: string }[];
}

async function readRows(conn: SqlConnection): Promise<ExportRows> {
  const nodes = await conn.query(`SELECT ${NODE_COLUMNS.map((c) => c.name).join(', ')} FROM nodes ORDER BY id`);
  const edges = (await conn.query(
    'SELECT e.src, e.dst, e.type, e.detail, s.kind AS src_kind, d.kind AS dst_kind FROM edges e ' +
      'JOIN nodes s ON s.id = e.src JOIN nodes d ON d.id = e.dst ORDER BY e.type, e.src, e.dst',
  )) as ExportRows['edges'];
  return { nodes, edges };
}

/** File name -> CSV / Cypher text. */
export async function exportGraphFiles(conn: SqlConnection, format: GraphExportFormat): Promise<Record<string, string>> {
  const { nodes, edges } = await readRows(conn);
  return format === 'neo4j' ? neo4jFiles(nodes, edges) : kuzuFiles(nodes, edges);
}

function propType(type: string): string {
  return type === 'INTEGER' ? 'int' : 'string';
}

function neo4jFiles(nodes: ExportRows['nodes'], edges: ExportRows['edges']): Record<string, string> {
  const header = ['id:ID', 'kind', ...PROPS.map((c) => `${c.name}:${propType(c.type)}`), ':LABEL'];
  const nodeRows = nodes.map((n) => [n.id, n.kind, ...PROPS.map((c) => n[c.name]), n.kind]);
  const relRows = edges.map((e) => [e.src, e.dst, e.type, e.detail]);
  return {
    'nodes.csv': csv(header, nodeRows),
    'relationships.csv': csv([':START_ID', ':END_ID', ':TYPE', 'detail'], relRows),
  };
}

function kuzuType(type: string): string {
  return type === 'INTEGER' ? 'INT64' : 'STRING';
}

function kuzuFiles(nodes: ExportRows['nodes'], edges: ExportRows['edges']): Record<string, string> {
  const files: Record<string, string> = {};
  const schema: string[] = [];
  const copy: string[] = [];
  const columns = ['id', ...PROPS.map((c) => c.name)];
  for (const kind of NODE_KINDS) {
    const rows = nodes.filter((n) => n.kind === kind);
    if (rows.length === 0) continue;
    const props = PROPS.map((c) => `${c.name} ${kuzuType(c.type)}`).join(', ');
    schema.push(`CREATE NODE TABLE ${kind}(id INT64, ${props}, PRIMARY KEY (id));`);
    files[`${kind}.csv`] = csv(columns, rows.map((n) => columns.map((c) => n[c])));
    copy.push(`COPY ${kind} FROM '${kind}.csv' (HEADER=true, PARALLEL=false);`);
  }
  for (const type of EDGE_TYPES) {
    const ofType = edges.filter((e) => e.type === type);
    if (ofType.length === 0) continue;
    const pairs = [...new Set(ofType.map((e) => `${e.src_kind}|${e.dst_kind}`))].sort();
    const fromTo = pairs.map((p) => p.split('|')).map(([a, b]) => `FROM ${a} TO ${b}`);
    schema.push(`CREATE REL TABLE ${type}(${fromTo.join(', ')}, detail STRING);`);
    for (const pair of pairs) {
      const [from, to] = pair.split('|') as [string, string];
      const name = `${type}_${from}_${to}.csv`;
      const rows = ofType.filter((e) => e.src_kind === from && e.dst_kind === to).map((e) => [e.src, e.dst, e.detail]);
      files[name] = csv(['from', 'to', 'detail'], rows);
      const multi = pairs.length > 1 ? `, from='${from}', to='${to}'` : '';
      copy.push(`COPY ${type} FROM '${name}' (HEADER=true, PARALLEL=false${multi});`);
    }
  }
  files['schema.cypher'] = schema.join('\n') + '\n';
  files['copy.cypher'] = copy.join('\n') + '\n';
  return files;
}
