/**
 * @file Repo databases of older schema versions brought up to SCHEMA_VERSION, newer ones refused.
 * 1 -> 2 (node code stored once): a version-1 `nodes` table becomes the node_rows table (offset
 * columns NULL, so every row keeps its own code) with the `nodes` view over it. 2 -> 3 (compact
 * file_irs rows) changes no table: meta's stamp only. Runs on open of a repo database and after
 * a bundle import; idempotent.
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import { AppError } from '../errors.ts';
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
 * On open of a writable database and after a bundle import: refuses a newer schema, upgrades a
 * version-1 nodes table (upgradeNodesTable) and stamps meta with SCHEMA_VERSION.
 */
export async function upgradeSchema(conn: SqlConnection, callerTransaction = false): Promise<void> {
  const version = await readSchemaVersion(conn);
  refuseNewer(version);
  await upgradeNodesTable(conn, callerTransaction);
  if (version !== null && version !== SCHEMA_VERSION) await conn.run(`UPDATE meta SET value = '${SCHEMA_VERSION}' WHERE key = 'schema_version'`);
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
async function upgradeNodesTable(conn: SqlConnection, callerTransaction: boolean): Promise<void> {
  if ((await nodesKind(conn)) !== 'table') return;
  const upgrade = async () => {
    const old = new Set(
      (await conn.query("SELECT column_name AS c FROM information_schema.columns WHERE table_schema = 'main' AND table_name = 'nodes'")).map((r) =>
        String(r.c),
      ),
    );
    const select = NODE_ROW_COLUMNS.map((c) => (old.has(c.name) && !c.name.startsWith('code_') ? c.name : `NULL::${c.type} AS ${c.name}`)).join(', ');
    const nodeIndexes = INDEXES.filter((i) => i.table === NODE_ROWS_TABLE);
    await conn.run(`DROP TABLE IF EXISTS ${NODE_ROWS_TABLE}`);
    await conn.run(`CREATE TABLE ${NODE_ROWS_TABLE} AS SELECT ${select} FROM nodes ORDER BY id`);
    for (const i of nodeIndexes) await conn.run(`DROP INDEX IF EXISTS ${i.name}`);
    await conn.run('DROP TABLE nodes');
    await conn.run(createNodesViewSql());
    for (const sql of createIndexesSql(NODE_ROWS_TABLE)) await conn.run(sql);
  };
  await (callerTransaction ? upgrade() : inTransaction(conn, upgrade));
}
