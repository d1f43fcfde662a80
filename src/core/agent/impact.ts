/**
 * @file What depends on a node, the question asked before an edit ("what breaks if I change
 * X?"): the nodes that reach it backwards over USES (callers, instantiators, readers of a field
 * or variable, decorated definitions, type annotations), INHERITS (subclasses) and IMPORTS
 * (importing modules), depth by depth up to 3, grouped by depth and relation. With `members`,
 * what depends on X's methods, fields and nested definitions counts too.
 * Runs in: everywhere. Layer src/core.
 */
import type { SqlConnection } from '../store/sqlConnection.ts';
import { nodeById, nodesByIds } from './nodeLookup.ts';
import type { NodeRecord } from './nodeLookup.ts';

export const MAX_IMPACT_DEPTH = 3;

export interface ImpactOptions {
  /** 1..3 (default 1). */
  depth?: number;
  /** Also what depends on X's members (HAS_METHOD, HAS_FIELD, CONTAINS, transitively). Default false. */
  members?: boolean;
  /** At most this many dependents listed per group (default 50); `count` still counts them all. */
  perGroup?: number;
}

export interface Dependent extends Pick<NodeRecord, 'id' | 'kind' | 'import_name' | 'file_path' | 'start_line' | 'is_test'> {
  /** The node it depends on (X, one of X's members, or a dependent one depth closer). */
  on: { id: number; name: string };
}

export interface ImpactGroup {
  depth: number;
  /** callers, instantiators, users, decorated, annotated, subclasses or importers. */
  relation: string;
  count: number;
  dependents: Dependent[];
}

export interface Impact {
  node: NodeRecord;
  /** X's members whose dependents were included (with `members`). */
  members: number;
  total: number;
  groups: ImpactGroup[];
}

/** The relation of a dependent to what it depends on, named from its side. */
export function relationOf(type: string, detail: string | null, targetKind: string): string {
  if (type === 'INHERITS') return 'subclasses';
  if (type === 'IMPORTS') return 'importers';
  const d = detail ?? '';
  if (d.includes('call')) return 'callers';
  if (d.includes('instantiate')) return 'instantiators';
  if (d.includes('decorate')) return 'decorated';
  if (d.includes('annotate')) return 'annotated';
  return targetKind === 'Field' || targetKind === 'GlobalVariable' ? 'readers and writers' : 'users';
}

const RELATION_ORDER = ['callers', 'instantiators', 'subclasses', 'importers', 'readers and writers', 'users', 'decorated', 'annotated'];

async function memberIds(conn: Pick<SqlConnection, 'query'>, id: number): Promise<number[]> {
  const rows = await conn.query(
    `WITH RECURSIVE below(id) AS (
       SELECT dst FROM edges WHERE src = ${id} AND type IN ('HAS_METHOD', 'HAS_FIELD', 'CONTAINS')
       UNION SELECT e.dst FROM edges e JOIN below b ON e.src = b.id WHERE e.type IN ('HAS_METHOD', 'HAS_FIELD', 'CONTAINS')
     ) SELECT id FROM below ORDER BY id`,
  );
  return rows.map((r) => Number(r.id)).filter((member) => member !== id);
}

/** What depends on `node`, depth by depth (null when the id is not in the graph). */
export async function impactOf(conn: Pick<SqlConnection, 'query'>, id: number, options: ImpactOptions = {}): Promise<Impact | null> {
  const node = await nodeById(conn, id);
  if (!node) return null;
  const depth = Math.min(MAX_IMPACT_DEPTH, Math.max(1, options.depth ?? 1));
  const perGroup = options.perGroup ?? 50;
  const members = options.members && node.kind !== 'Repo' ? await memberIds(conn, id) : [];
  const seen = new Set([id, ...members]);
  let frontier = [id, ...members];
  const groups = new Map<string, ImpactGroup>();
  for (let level = 1; level <= depth && frontier.length > 0; level++) {
    const rows = await conn.query(
      `SELECT e.src, e.dst, e.type, e.detail, t.kind AS target_kind, t.qualified_name AS target_name,
         n.kind, n.qualified_name, n.file_path, n.start_line
       FROM edges e JOIN nodes n ON n.id = e.src JOIN nodes t ON t.id = e.dst
       WHERE e.dst IN (${frontier.join(', ')}) AND e.type IN ('USES', 'INHERITS', 'IMPORTS')
       ORDER BY n.qualified_name, e.src, e.type`,
    );
    const next: number[] = [];
    for (const row of rows) {
      const src = Number(row.src);
      if (seen.has(src)) continue;
      seen.add(src);
      next.push(src);
      const dst = Number(row.dst);
      const relation = relationOf(String(row.type), row.detail === null ? null : String(row.detail), String(row.target_kind));
      const key = `${level}:${relation}`;
      const group = groups.get(key) ?? { depth: level, relation, count: 0, dependents: [] };
      groups.set(key, group);
      group.count++;
      if (group.dependents.length < perGroup) group.dependents.push({ id: src, on: { id: dst, name: String(row.target_name) }, ...placeOf(row) });
    }
    frontier = next;
  }
  const sorted = [...groups.values()].sort((a, b) => a.depth - b.depth || RELATION_ORDER.indexOf(a.relation) - RELATION_ORDER.indexOf(b.relation));
  await addImportNames(conn, sorted);
  return { node, members: members.length, total: sorted.reduce((n, g) => n + g.count, 0), groups: sorted };
}

function placeOf(row: Record<string, unknown>): Omit<Dependent, 'id' | 'on'> {
  const path = row.file_path === null ? null : String(row.file_path);
  return { kind: String(row.kind) as Dependent['kind'], import_name: String(row.qualified_name), file_path: path, start_line: row.start_line === null ? null : Number(row.start_line), is_test: false };
}

/** Import-style names and test flags of the listed dependents and what they depend on (one query). */
async function addImportNames(conn: Pick<SqlConnection, 'query'>, groups: ImpactGroup[]): Promise<void> {
  const listed = groups.flatMap((g) => g.dependents);
  const records = await nodesByIds(conn, listed.flatMap((d) => [d.id, d.on.id]));
  for (const dependent of listed) {
    const record = records.get(dependent.id);
    if (record) Object.assign(dependent, { import_name: record.import_name, is_test: record.is_test });
    const target = records.get(dependent.on.id);
    if (target) dependent.on.name = target.import_name;
  }
}
