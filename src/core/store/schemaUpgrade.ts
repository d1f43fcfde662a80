/**
 * @file Repo databases of older schema versions brought up to SCHEMA_VERSION, newer ones refused.
 * 1 -> 2 (node code stored once): a version-1 `nodes` table becomes the node_rows table (offset
 * columns NULL, so every row keeps its own code) with the `nodes` view over it. 2 -> 3 (compact
 * file_irs rows) changes no table: meta's stamp only. 3 -> 4 computes the derived tables
 * (derivedTables.ts). Definitions of graphs stored before they
 * carried an import name get it (from their module's), and those stored before one of the indexes
 * existed get it, without a new version. Runs on open of a
 * repo database and after a bundle import; idempotent.
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import { AppError } from '../errors.ts';
import { entityImportNameSql } from '../graph/importNames.ts';
import { ensureNameIndex, lacksDerivedTables, writeDerivedTables } from './derivedTables.ts';
import { createIndexesSql, createNodesViewSql, INDEXES, NODE_ROW_COLUMNS, NODE_ROWS_TABLE, SCHEMA_VERSION } from './schema.ts';
import type { SqlConnection } from './sqlConnection.ts';
import { tableExists } from './sqlConnection.ts';
import { inTransaction } from './transaction.ts';

/** The schema version stored in meta, or null for an empty / foreign database. */
export async function readSchemaVersion(conn: Pick<SqlConnection, 'query'>): Promise<number | null> {
  if (!(await tableExists(conn, 'meta'))) return null;
  const rows = await conn.query("SELECT value FROM meta WHERE key = 'schema_version'");
  return rows.length === 0 ? null : Number(rows[0]!.value);
}

/**
 * Refuses a database a newer Ranger Studio wrote: this version could misread its rows (a
 * version-2 reader takes compact file_irs rows for damaged ones). The file is left as it is.
 */
export async function assertReadableSchema(conn: Pick<SqlConnection, 'query'>): Promise<void> {
  refuseNewer(await readSchemaVersion(conn));
}

function refuseNewer(version: number | null): void {
  if (version === null || version <= SCHEMA_VERSION) return;
  throw new AppError(
    'STORAGE_UNAVAILABLE',
    `This graph was saved by a newer Ranger Studio (schema ${version}; this version reads schema ${SCHEMA_VERSION} or older). ` +
      'Update Ranger Studio to open it, or index the repository again.',
  );
}

/**
 * Refuses a graph whose index stopped midway. A new database commits its loads as they come
 * (graphStore WriteGraphOptions.fresh) and gets its meta rows last, so node rows beside a meta
 * table without a schema version are an index whose process was stopped before it finished.
 */
export async function assertFinishedIndex(conn: Pick<SqlConnection, 'query'>): Promise<void> {
  // A finished graph pays the lookups readSchemaVersion makes anyway, and one more.
  if (!(await tableExists(conn, NODE_ROWS_TABLE)) || (await readSchemaVersion(conn)) !== null) return;
  if (!(await tableExists(conn, 'meta'))) return; // not one of ours
  throw new AppError('INPUT_INVALID', 'This database holds an index that did not finish (its process was stopped before the end): index the repository into it again.');
}

/**
 * A version-1 database opened read-only keeps its `nodes` table: a temporary node_rows view over it
 * (offsets NULL, a column it lacks NULL) lets the readers that skip the `nodes` view read it too.
 * Nothing is written to the file.
 */
export async function readLegacyNodeRows(conn: Pick<SqlConnection, 'query' | 'run'>): Promise<void> {
  if ((await nodesKind(conn)) !== 'table' || (await tableExists(conn, NODE_ROWS_TABLE))) return;
  const old = await nodeTableColumns(conn);
  const select = NODE_ROW_COLUMNS.map((c) => (old.has(c.name) && !c.name.startsWith('code_') ? `n.${c.name}` : `NULL::${c.type} AS ${c.name}`)).join(', ');
  await conn.run(`CREATE TEMP VIEW ${NODE_ROWS_TABLE} AS SELECT ${select} FROM nodes n`);
}

async function nodeTableColumns(conn: Pick<SqlConnection, 'query'>): Promise<Set<string>> {
  const rows = await conn.query("SELECT column_name AS c FROM information_schema.columns WHERE table_schema = 'main' AND table_name = 'nodes'");
  return new Set(rows.map((r) => String(r.c)));
}

/**
 * On open of a writable database and after a bundle import: refuses a newer schema, upgrades a
 * version-1 nodes table (upgradeNodesTable) and stamps meta with SCHEMA_VERSION.
 */
export async function upgradeSchema(conn: SqlConnection, callerTransaction = false): Promise<void> {
  const version = await readSchemaVersion(conn);
  refuseNewer(version);
  const copied = await upgradeNodesTable(conn, callerTransaction);
  // A copied table got its definitions' import names in the copy; the caller's transaction (a
  // bundle import) builds indexes next, which an UPDATE of its rows would stop.
  if (!copied && !callerTransaction) await fillDefinitionImportNames(conn);
  if (await lacksDerivedTables(conn)) await (callerTransaction ? writeDerivedTables(conn) : inTransaction(conn, () => writeDerivedTables(conn)));
  else await ensureNameIndex(conn);
  await ensureIndexes(conn);
  if (version !== null && version !== SCHEMA_VERSION) await conn.run(`UPDATE meta SET value = '${SCHEMA_VERSION}' WHERE key = 'schema_version'`);
}

const DEFINITION = "kind NOT IN ('Repo', 'Module')";

/** A graph stored before one of INDEXES existed gets it (IF NOT EXISTS: the others are left). */
async function ensureIndexes(conn: SqlConnection): Promise<void> {
  for (const table of new Set(INDEXES.map((i) => i.table))) {
    if (await tableExists(conn, table)) for (const sql of createIndexesSql(table)) await conn.run(sql);
  }
}

/**
 * Graphs stored before definitions carried their import name (only modules had one) get them
 * (importNames.ts entityImportNameSql, the stitch's rule in SQL), once: a graph where some
 * definition has one, or no module has one, is left alone. No schema version: an older reader
 * reads the filled column as it is.
 */
async function fillDefinitionImportNames(conn: SqlConnection): Promise<void> {
  if (!(await tableExists(conn, NODE_ROWS_TABLE))) return;
  const named = await conn.query(`SELECT 1 AS x FROM ${NODE_ROWS_TABLE} WHERE ${DEFINITION} AND import_name IS NOT NULL LIMIT 1`);
  if (named.length > 0) return;
  const modules = await conn.query(`SELECT 1 AS x FROM ${NODE_ROWS_TABLE} WHERE kind = 'Module' AND import_name IS NOT NULL LIMIT 1`);
  if (modules.length === 0) return;
  await conn.run(
    `UPDATE ${NODE_ROWS_TABLE} AS n SET import_name = ${entityImportNameSql('n', 'm')} FROM ${NODE_ROWS_TABLE} AS m
     WHERE m.kind = 'Module' AND m.file_path = n.file_path AND m.import_name IS NOT NULL AND n.${DEFINITION} AND n.import_name IS NULL`,
  );
}

/** 'table', 'view' or null: what `nodes` is in this database. */
export async function nodesKind(conn: Pick<SqlConnection, 'query'>): Promise<'table' | 'view' | null> {
  const rows = await conn.query(
    "SELECT table_type AS t FROM information_schema.tables WHERE table_schema = 'main' AND table_name = 'nodes'",
  );
  if (rows.length === 0) return null;
  return String(rows[0]!.t) === 'VIEW' ? 'view' : 'table';
}

/** Drops `nodes`, whichever of a view (version 2) or a table (version 1) it is. */
export async function dropNodes(conn: SqlConnection): Promise<void> {
  const kind = await nodesKind(conn);
  if (kind === 'view') await conn.run('DROP VIEW nodes');
  else if (kind === 'table') await conn.run('DROP TABLE nodes');
}

/**
 * Turns a version-1 `nodes` table into node_rows (copied: every row keeps its code, offsets NULL;
 * a column the old table lacks is NULL) + the `nodes` view and moves the indexes (upgradeSchema
 * stamps meta); does nothing to any other database. `callerTransaction`: the caller has
 * one open; otherwise this opens one. (A copy, not ALTER TABLE RENAME: on a file database, DROP INDEX
 * + RENAME + ADD COLUMN + CREATE INDEX in one transaction aborts @duckdb/node-api 1.5 at COMMIT.)
 */
async function upgradeNodesTable(conn: SqlConnection, callerTransaction: boolean): Promise<boolean> {
  if ((await nodesKind(conn)) !== 'table') return false;
  const upgrade = async () => {
    const old = await nodeTableColumns(conn);
    // Definitions without an import name (stored before they had one) get it from their module's.
    const fill = ['import_name', 'local_name', 'language', 'module_name'].every((c) => old.has(c));
    const select = NODE_ROW_COLUMNS.map((c) => {
      if (!old.has(c.name) || c.name.startsWith('code_')) return `NULL::${c.type} AS ${c.name}`;
      if (c.name === 'import_name' && fill) return `coalesce(n.import_name, CASE WHEN n.${DEFINITION} THEN ${entityImportNameSql('n', 'm')} END) AS import_name`;
      return `n.${c.name}`;
    }).join(', ');
    const modules = fill ? ` LEFT JOIN nodes m ON m.kind = 'Module' AND m.file_path = n.file_path` : '';
    const nodeIndexes = INDEXES.filter((i) => i.table === NODE_ROWS_TABLE);
    await conn.run(`DROP TABLE IF EXISTS ${NODE_ROWS_TABLE}`);
    await conn.run(`CREATE TABLE ${NODE_ROWS_TABLE} AS SELECT ${select} FROM nodes n${modules} ORDER BY n.id`);
    for (const i of nodeIndexes) await conn.run(`DROP INDEX IF EXISTS ${i.name}`);
    await conn.run('DROP TABLE nodes');
    await conn.run(createNodesViewSql());
    for (const sql of createIndexesSql(NODE_ROWS_TABLE)) await conn.run(sql);
  };
  await (callerTransaction ? upgrade() : inTransaction(conn, upgrade));
  return true;
}
