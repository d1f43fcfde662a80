/**
 * @file Finding code nodes by what a person or an agent calls them: `findNodes` ranks nodes whose
 * name, qualified name or import name (`pkg.mod.Class`, docs/schema.md) matches a text, exactly,
 * by suffix, prefix or substring, or fuzzily (Jaro-Winkler on the name: typos); `resolveNode`
 * turns an id or a name into exactly one node, or an error that lists the candidates.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError } from '../errors.ts';
import { NODE_KINDS } from '../graph/types.ts';
import type { NodeKind } from '../graph/types.ts';
import { isTestPath } from '../ingest/testPaths.ts';
import type { Row, SqlConnection } from '../store/sqlConnection.ts';
import { sqlString } from '../store/sqlConnection.ts';

export interface NodeRecord {
  id: number;
  kind: NodeKind;
  name: string;
  qualified_name: string;
  /** How the code imports it (`pkg.mod.Class`); equal to qualified_name where no source root is stripped. */
  import_name: string;
  file_path: string | null;
  start_line: number | null;
  end_line: number | null;
  is_test: boolean;
}

export interface NodeMatch extends NodeRecord {
  /** 0..1: 1 an exact name, lower for looser matches. */
  score: number;
  /** How it matched, in words. */
  match: string;
}

/** An id (`12`, `'#12'`) or a name (simple, qualified or import-style). */
export type NodeRef = number | string;

/** Kinds a text search looks at (the Repo node is not a definition). */
const SEARCHED_KINDS = NODE_KINDS.filter((kind) => kind !== 'Repo');

/** Ties go to the kinds an agent most likely means. */
const KIND_ORDER = `CASE kind WHEN 'Class' THEN 0 WHEN 'Function' THEN 1 WHEN 'Method' THEN 2 WHEN 'Module' THEN 3 WHEN 'GlobalVariable' THEN 4 ELSE 5 END`;

/** Every node with its import-style name (importStyleName, in SQL). */
function nodesWithImportNames(kinds: readonly NodeKind[]): string {
  return `SELECT n.id, n.kind, n.name, n.qualified_name, n.file_path, n.start_line, n.end_line,
      coalesce(CASE WHEN n.kind = 'Module' THEN n.import_name
                    WHEN m.import_name IS NOT NULL AND starts_with(n.qualified_name, n.module_name || '.')
                      THEN m.import_name || substr(n.qualified_name, length(n.module_name) + 1) END,
               n.qualified_name) AS import_name
    FROM nodes n LEFT JOIN nodes m ON m.kind = 'Module' AND m.name = n.module_name
    WHERE n.kind IN (${kinds.map((k) => sqlString(k)).join(', ')})`;
}

function toRecord(row: Row): NodeRecord {
  const path = row.file_path === null || row.file_path === undefined ? null : String(row.file_path);
  const line = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(row.id),
    kind: String(row.kind) as NodeKind,
    name: String(row.name ?? ''),
    qualified_name: String(row.qualified_name ?? ''),
    import_name: String(row.import_name ?? row.qualified_name ?? ''),
    file_path: path,
    start_line: line(row.start_line),
    end_line: line(row.end_line),
    is_test: path !== null && isTestPath(path),
  };
}

const MATCH_WORDS: readonly [number, string][] = [
  [1, 'exact name'],
  [0.95, 'exact name, other case'],
  [0.85, 'qualified name ends with it'],
  [0.7, 'name starts with it'],
  [0.6, 'name contains it'],
  [0.5, 'qualified name contains it'],
];

function matchWords(score: number): string {
  return MATCH_WORDS.find(([at]) => score >= at)?.[1] ?? 'similar name';
}

export interface FindOptions {
  kinds?: readonly NodeKind[];
  /** At most this many matches (default 20). */
  limit?: number;
}

/** Nodes matching `text`, best first (code before tests on equal scores). */
export async function findNodes(conn: Pick<SqlConnection, 'query'>, text: string, options: FindOptions = {}): Promise<NodeMatch[]> {
  const query = text.trim();
  if (query === '') throw new AppError('INPUT_INVALID', 'Give a name to look for.');
  const limit = options.limit ?? 20;
  const q = sqlString(query);
  const ql = sqlString(query.toLowerCase());
  const last = sqlString((query.split('.').filter(Boolean).pop() ?? query).toLowerCase());
  const similarity = `jaro_winkler_similarity(lower(name), ${last})`;
  const rows = await conn.query(
    `WITH candidates AS (${nodesWithImportNames(options.kinds?.length ? options.kinds : SEARCHED_KINDS)}),
     scored AS (
       SELECT *, greatest(
         CASE WHEN name = ${q} OR qualified_name = ${q} OR import_name = ${q} THEN 1.0 ELSE 0 END,
         CASE WHEN lower(name) = ${ql} OR lower(qualified_name) = ${ql} OR lower(import_name) = ${ql} THEN 0.95 ELSE 0 END,
         CASE WHEN ends_with(lower(qualified_name), '.' || ${ql}) OR ends_with(lower(import_name), '.' || ${ql}) THEN 0.85 ELSE 0 END,
         CASE WHEN starts_with(lower(name), ${last}) THEN 0.7 ELSE 0 END,
         CASE WHEN contains(lower(name), ${last}) THEN 0.6 ELSE 0 END,
         CASE WHEN contains(lower(qualified_name), ${ql}) OR contains(lower(import_name), ${ql}) THEN 0.5 ELSE 0 END,
         CASE WHEN ${similarity} >= 0.85 THEN 0.5 * ${similarity} ELSE 0 END
       ) AS score FROM candidates
     )
     SELECT * FROM scored WHERE score > 0 ORDER BY score DESC, ${KIND_ORDER}, length(qualified_name), id LIMIT ${limit * 3}`,
  );
  const matches = rows.map((row) => {
    const score = Math.round(Number(row.score) * 1000) / 1000;
    return { ...toRecord(row), score, match: matchWords(score) };
  });
  // Stable: the engine's order within a score, code before tests and fixtures.
  matches.sort((a, b) => b.score - a.score || Number(a.is_test) - Number(b.is_test));
  return matches.slice(0, limit);
}

function describe(node: NodeRecord): string {
  return `#${node.id} ${node.kind} ${node.import_name}${node.file_path ? ` (${node.file_path}${node.start_line ? `:${node.start_line}` : ''})` : ''}`;
}

/** The nodes with these ids, by id (ids not in the graph are left out). */
export async function nodesByIds(conn: Pick<SqlConnection, 'query'>, ids: readonly number[]): Promise<Map<number, NodeRecord>> {
  if (ids.length === 0) return new Map();
  const list = [...new Set(ids.map((id) => Math.trunc(id)))].join(', ');
  const rows = await conn.query(`SELECT * FROM (${nodesWithImportNames(NODE_KINDS)}) WHERE id IN (${list})`);
  return new Map(rows.map((row) => [Number(row.id), toRecord(row)]));
}

/** The node with this id, or null. */
export async function nodeById(conn: Pick<SqlConnection, 'query'>, id: number): Promise<NodeRecord | null> {
  return (await nodesByIds(conn, [id])).get(Math.trunc(id)) ?? null;
}

/**
 * Exactly one node for `ref`: an id, else the node whose qualified or import name is `ref`, else
 * the one whose name is. Throws INPUT_INVALID naming the candidates when the name is ambiguous,
 * and the closest names when nothing has it.
 */
export async function resolveNode(conn: Pick<SqlConnection, 'query'>, ref: NodeRef): Promise<NodeRecord> {
  const text = String(ref).trim();
  if (/^#?\d+$/.test(text)) {
    const node = await nodeById(conn, Number(text.replace('#', '')));
    if (!node) throw new AppError('INPUT_INVALID', `No node #${text.replace('#', '')} in this graph: ids come from find, search or cypher (n.id).`);
    return node;
  }
  if (text === '') throw new AppError('INPUT_INVALID', 'Give a node id or name.');
  const s = sqlString(text);
  const rows = await conn.query(
    `SELECT *, qualified_name = ${s} OR import_name = ${s} AS full_name FROM (${nodesWithImportNames(NODE_KINDS)})
     WHERE qualified_name = ${s} OR import_name = ${s} OR name = ${s} ORDER BY ${KIND_ORDER}, length(qualified_name), id LIMIT 21`,
  );
  const full = rows.filter((r) => r.full_name === true);
  const chosen = (full.length > 0 ? full : rows).map(toRecord);
  if (chosen.length === 1) return chosen[0]!;
  if (chosen.length > 1) {
    const listed = chosen.slice(0, 8).map(describe).join('; ');
    throw new AppError('INPUT_INVALID', `'${text}' names ${chosen.length > 20 ? 'more than 20' : chosen.length} nodes: ${listed}${chosen.length > 8 ? '; …' : ''}. Pass the id (#n) or the qualified name.`);
  }
  const closest = await findNodes(conn, text, { limit: 5 });
  const hint = closest.length > 0 ? ` Closest: ${closest.map(describe).join('; ')}.` : '';
  throw new AppError('INPUT_INVALID', `No node named '${text}' in this graph.${hint}`);
}
