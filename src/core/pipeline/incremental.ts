/**
 * @file Incremental re-index (issue 13): what a new version of a repository can reuse from the
 * graph already stored for it.
 * - Files: a file whose path and sha256 are unchanged keeps its stored FileIR (table file_irs),
 *   so only added and changed files are parsed; the stitcher then runs over all of them, which
 *   gives exactly the graph a full index of the new version gives (ids are stable: stableIds.ts).
 * - Nodes: a node is unchanged when a node with the same stable id existed and its content
 *   fingerprint (kind, qualified name, file, signature, code, docstring; a Module's file hash)
 *   is the same. Unchanged nodes keep their descriptions (description, member_descriptions,
 *   requirement) and every row keyed by node_id in the semantic tables (described markers,
 *   embeddings of every model); stored runs and other tables travel whole. SIMILAR edges are
 *   recomputed afterwards from the kept vectors with the stored parameters (meta 'similar').
 * The previous graph is read into memory first, so the target may be the same database (CLI)
 * or a new one (the app indexes into a new database and switches when it is stored).
 * Runs in: the repo worker (app), Node (cli, bench). Layer src/core.
 */
import type { Table } from 'apache-arrow';
import { listTables, quoteIdent, readTableArrow, rowsToTypedArrow, tableColumns, createTableSql } from '../bundle/tableArrow.ts';
import type { TableColumn } from '../bundle/tableArrow.ts';
import type { NodeRow } from '../graph/types.ts';
import type { FileIR } from '../parse/fileIR.ts';
import { EMBEDDING_SETS_TABLE } from '../store/embeddingStore.ts';
import { TABLE_NAMES } from '../store/schema.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { sqlString, tableExists } from '../store/sqlConnection.ts';

/** Keys writeGraph writes itself; every other meta key (describe generator, similar...) is carried. */
const GRAPH_META_KEYS = new Set(['schema_version', 'repo_name', 'indexed_at', 'summary']);

export interface ChangeCounts {
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
}

export interface IndexChanges {
  files: ChangeCounts;
  nodes: ChangeCounts;
  /** Files parsed this time (added + changed, plus unchanged ones without a stored FileIR). */
  parsed: number;
  /** Unchanged nodes whose description was kept, and embedding rows kept (all models). */
  kept: { descriptions: number; embeddings: number };
}

interface CarriedTable {
  name: string;
  columns: TableColumn[];
  data: Table;
}

export interface PreviousGraph {
  files: Map<string, string>;
  irs: Map<string, FileIR>;
  fingerprints: Map<number, string>;
  descriptions: Map<number, { description: unknown; member_descriptions: unknown; requirement: unknown }>;
  /** Tables outside the graph schema (semantic tables, runs, later additions), read whole. */
  tables: CarriedTable[];
  meta: [string, string][];
}

/** A node's content fingerprint: what makes its description and vectors still valid. */
export function nodeFingerprint(node: Pick<NodeRow, 'kind' | 'qualified_name' | 'file_path' | 'signature' | 'code' | 'docstring'>, fileHash: string | null): string {
  return JSON.stringify([node.kind, node.qualified_name, node.file_path, node.signature, node.code, node.docstring, node.kind === 'Module' ? fileHash : null]);
}

/** Reads what a re-index may reuse; null when `conn` holds no graph. */
export async function readPreviousGraph(conn: SqlConnection, currentHashes: Map<string, string>): Promise<PreviousGraph | null> {
  if (!(await tableExists(conn, 'nodes')) || !(await tableExists(conn, 'files'))) return null;
  const files = new Map<string, string>();
  for (const r of await conn.query('SELECT path, sha256 FROM files')) files.set(String(r.path), String(r.sha256));
  const irs = new Map<string, FileIR>();
  if (await tableExists(conn, 'file_irs')) {
    for (const r of await conn.query('SELECT path, sha256, ir FROM file_irs')) {
      const path = String(r.path);
      if (currentHashes.get(path) === String(r.sha256) && files.get(path) === String(r.sha256)) irs.set(path, JSON.parse(String(r.ir)) as FileIR);
    }
  }
  const fingerprints = new Map<number, string>();
  const descriptions: PreviousGraph['descriptions'] = new Map();
  const rows = await conn.query(
    'SELECT n.id, n.kind, n.qualified_name, n.file_path, n.signature, n.code, n.docstring, n.description, n.member_descriptions, n.requirement, f.sha256 ' +
      "FROM nodes n LEFT JOIN files f ON f.path = n.file_path AND n.kind = 'Module'",
  );
  for (const r of rows) {
    const id = Number(r.id);
    fingerprints.set(id, nodeFingerprint(r as unknown as NodeRow, (r.sha256 as string | null) ?? null));
    if (r.description !== null || r.member_descriptions !== null || r.requirement !== null) {
      descriptions.set(id, { description: r.description, member_descriptions: r.member_descriptions, requirement: r.requirement });
    }
  }
  const graphTables = new Set<string>(TABLE_NAMES);
  const tables: CarriedTable[] = [];
  for (const name of await listTables(conn)) {
    if (graphTables.has(name) && name !== 'runs') continue;
    const columns = await tableColumns(conn, name);
    tables.push({ name, columns, data: await readTableArrow(conn, name, columns) });
  }
  const meta = (await conn.query('SELECT key, value FROM meta'))
    .map((r) => [String(r.key), String(r.value)] as [string, string])
    .filter(([key]) => !GRAPH_META_KEYS.has(key));
  return { files, irs, fingerprints, descriptions, tables, meta };
}

export function fileChanges(previous: Map<string, string>, current: Map<string, string>): ChangeCounts {
  const counts: ChangeCounts = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  for (const [path, hash] of current) {
    const old = previous.get(path);
    if (old === undefined) counts.added++;
    else if (old === hash) counts.unchanged++;
    else counts.changed++;
  }
  for (const path of previous.keys()) if (!current.has(path)) counts.removed++;
  return counts;
}

/** Node ids whose content is unchanged, and the node change counts. */
export function nodeChanges(previous: PreviousGraph, nodes: readonly NodeRow[], fileHashes: Map<string, string>): { unchanged: Set<number>; counts: ChangeCounts } {
  const unchanged = new Set<number>();
  const counts: ChangeCounts = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  const seen = new Set<number>();
  for (const node of nodes) {
    seen.add(node.id);
    const old = previous.fingerprints.get(node.id);
    if (old === undefined) counts.added++;
    else if (old === nodeFingerprint(node, node.file_path ? (fileHashes.get(node.file_path) ?? null) : null)) {
      counts.unchanged++;
      unchanged.add(node.id);
    } else counts.changed++;
  }
  for (const id of previous.fingerprints.keys()) if (!seen.has(id)) counts.removed++;
  return { unchanged, counts };
}

/** Keeps the rows of a node-keyed table whose node is unchanged; other tables travel whole. */
function filterRows(table: CarriedTable, unchanged: Set<number>): Table {
  const column = table.columns.some((c) => c.name === 'node_id') ? 'node_id' : null;
  if (!column) return table.data;
  const ids = table.data.getChild(column)!;
  const keep: number[] = [];
  for (let i = 0; i < table.data.numRows; i++) if (unchanged.has(Number(ids.get(i)))) keep.push(i);
  if (keep.length === table.data.numRows) return table.data;
  const rows = keep.map((i) => {
    const row: Record<string, unknown> = {};
    for (const c of table.columns) {
      const value = table.data.getChild(c.name)!.get(i) as unknown;
      row[c.name] = value !== null && typeof value === 'object' && 'toArray' in (value as object) ? (value as { toArray(): unknown }).toArray() : value;
    }
    return row;
  });
  return rowsToTypedArrow(table.columns, rows);
}

/**
 * Writes what unchanged nodes keep into `conn`, just after the new graph's tables were loaded
 * (inside writeGraph's transaction). Returns the kept counts.
 */
export async function restorePrevious(conn: SqlConnection, previous: PreviousGraph, unchanged: Set<number>): Promise<IndexChanges['kept']> {
  let embeddings = 0;
  const descriptionRows = [...previous.descriptions].filter(([id]) => unchanged.has(id)).map(([id, d]) => ({ id, ...d }));
  if (descriptionRows.length > 0) {
    const columns: TableColumn[] = [
      { name: 'id', type: 'INTEGER' },
      { name: 'description', type: 'VARCHAR' },
      { name: 'member_descriptions', type: 'VARCHAR' },
      { name: 'requirement', type: 'VARCHAR' },
    ];
    await conn.run(createTableSql('__kept_descriptions', columns));
    await conn.insertArrow('__kept_descriptions', rowsToTypedArrow(columns, descriptionRows));
    await conn.run(
      'UPDATE nodes SET description = k.description, member_descriptions = k.member_descriptions, requirement = k.requirement ' +
        'FROM __kept_descriptions k WHERE nodes.id = k.id',
    );
    await conn.run('DROP TABLE __kept_descriptions');
  }
  for (const table of previous.tables) {
    await conn.run(`DROP TABLE IF EXISTS ${quoteIdent(table.name)}`);
    await conn.run(createTableSql(table.name, table.columns));
    const data = filterRows(table, unchanged);
    if (data.numRows > 0) await conn.insertArrow(table.name, data);
    if (/^embeddings_\d+$/.test(table.name)) embeddings += data.numRows;
  }
  if (previous.tables.some((t) => t.name === EMBEDDING_SETS_TABLE)) {
    await conn.run(`UPDATE ${EMBEDDING_SETS_TABLE} SET count = 0`);
    for (const table of previous.tables.filter((t) => /^embeddings_\d+$/.test(t.name))) {
      await conn.run(
        `UPDATE ${EMBEDDING_SETS_TABLE} s SET count = c.n FROM (SELECT model, source, count(*) AS n FROM ${quoteIdent(table.name)} GROUP BY model, source) c ` +
          'WHERE s.model = c.model AND s.source = c.source',
      );
    }
  }
  for (const [key, value] of previous.meta) {
    await conn.run(`DELETE FROM meta WHERE key = ${sqlString(key)}`);
    await conn.run(`INSERT INTO meta VALUES (${sqlString(key)}, ${sqlString(value)})`);
  }
  return { descriptions: descriptionRows.length, embeddings };
}
