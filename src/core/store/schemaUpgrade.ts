/**
 * @file Schema version 1 -> 2 (node code stored once): a version-1 `nodes` table becomes the
 * node_rows table (offset columns NULL, so every row keeps its own code) with the `nodes` view
 * over it. Runs on open of a repo database and after a bundle import; idempotent.
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import { createIndexesSql, createNodesViewSql, INDEXES, NODE_ROW_COLUMNS, NODE_ROWS_TABLE } from './schema.ts';
import type { SqlConnection } from './sqlConnection.ts';
import { tableExists } from './sqlConnection.ts';
import { inTransaction } from './transaction.ts';

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
 * a column the old table lacks is NULL) + the `nodes` view, moves the indexes and stamps meta
 * with the new version. Returns whether anything changed. `callerTransaction`: the caller has
 * one open; otherwise this opens one. (A copy, not ALTER TABLE RENAME: on a file database, DROP INDEX
 * + RENAME + ADD COLUMN + CREATE INDEX in one transaction aborts @duckdb/node-api 1.5 at COMMIT.)
 */
export async function upgradeNodesTable(conn: SqlConnection, version: number, callerTransaction = false): Promise<boolean> {
  if ((await nodesKind(conn)) !== 'table') return false;
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
    if (await tableExists(conn, 'meta')) await conn.run(`UPDATE meta SET value = '${version}' WHERE key = 'schema_version'`);
  };
  await (callerTransaction ? upgrade() : inTransaction(conn, upgrade));
  return true;
}
