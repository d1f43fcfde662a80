/**
 * @file Persistence of node descriptions (RANGER 3.3, CodeRAG requirement): the `described`
 * marker table (which generator wrote each node's description, so a paused or reloaded run
 * resumes where it stopped) and meta key `describe.generator` (the generator of the stored set).
 * Batches go in through Arrow into a temp table and one UPDATE ... FROM, one transaction each.
 * Invariant: `described` rows exist only while meta names a generator (a re-index drops meta,
 * so stale markers of a previous graph are cleared by ensureDescriptionTables).
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import { rowsToArrow } from './arrowTables.ts';
import type { ColumnSpec } from './schema.ts';
import type { SqlConnection } from './sqlConnection.ts';
import { sqlString } from './sqlConnection.ts';
import { inTransaction } from './transaction.ts';

export const DESCRIBE_GENERATOR_KEY = 'describe.generator';

/** Node kinds that get descriptions; Repo is left out (see describeGraph.ts). */
export const DESCRIBED_KINDS = ['Module', 'Class', 'Function', 'Method', 'Field', 'GlobalVariable'] as const;

export interface DescriptionRow {
  id: number;
  description: string | null;
  member_descriptions: string | null;
  requirement: string | null;
}

export interface DescribeCounts {
  /** Nodes whose description was written by `generator`. */
  done: number;
  /** Nodes of DESCRIBED_KINDS in the graph. */
  total: number;
}

const BATCH_COLUMNS = [
  { name: 'id', type: 'INTEGER' },
  { name: 'description', type: 'VARCHAR' },
  { name: 'member_descriptions', type: 'VARCHAR' },
  { name: 'requirement', type: 'VARCHAR' },
] as const satisfies readonly ColumnSpec[];

const BATCH_TABLE = 'describe_batch';

/** The per-node marker table: which generator wrote a node's description. */
export const DESCRIBED_TABLE = 'described';

export function describedKindsSql(): string {
  return DESCRIBED_KINDS.map((k) => sqlString(k)).join(', ');
}

/** Creates `described` (and meta) when missing, so databases from before descriptions were tracked open. */
export async function ensureDescriptionTables(conn: SqlConnection): Promise<void> {
  await conn.run('CREATE TABLE IF NOT EXISTS meta (key VARCHAR, value VARCHAR)');
  await conn.run('CREATE TABLE IF NOT EXISTS described (node_id INTEGER, generator VARCHAR)');
  if ((await readDescribeGenerator(conn)) === null) await conn.run('DELETE FROM described');
}

/** The generator of the stored descriptions, or null when none were written. */
export async function readDescribeGenerator(conn: SqlConnection): Promise<string | null> {
  const rows = await conn.query(`SELECT value FROM meta WHERE key = ${sqlString(DESCRIBE_GENERATOR_KEY)}`);
  return rows.length > 0 && rows[0].value !== null ? String(rows[0].value) : null;
}

/**
 * Stores one batch of descriptions written by `generator`, marks the nodes as described and
 * records the generator in meta, all in one transaction (a failure leaves the batch out).
 */
export async function writeDescriptions(conn: SqlConnection, generator: string, rows: readonly DescriptionRow[]): Promise<void> {
  await inTransaction(conn, async () => {
    await conn.run(`CREATE OR REPLACE TEMP TABLE ${BATCH_TABLE} (${BATCH_COLUMNS.map((c) => `${c.name} ${c.type}`).join(', ')})`);
    if (rows.length > 0) await conn.insertArrow(BATCH_TABLE, rowsToArrow(BATCH_COLUMNS, rows));
    await conn.run(
      `UPDATE node_rows SET description = b.description, member_descriptions = b.member_descriptions, requirement = b.requirement ` +
        `FROM ${BATCH_TABLE} b WHERE node_rows.id = b.id`,
    );
    await conn.run(`DELETE FROM described WHERE node_id IN (SELECT id FROM ${BATCH_TABLE})`);
    await conn.run(`INSERT INTO described SELECT id, ${sqlString(generator)} FROM ${BATCH_TABLE}`);
    await conn.run(`DELETE FROM meta WHERE key = ${sqlString(DESCRIBE_GENERATOR_KEY)}`);
    await conn.run(`INSERT INTO meta VALUES (${sqlString(DESCRIBE_GENERATOR_KEY)}, ${sqlString(generator)})`);
    await conn.run(`DROP TABLE ${BATCH_TABLE}`);
  });
}

/** Removes every description, requirement and marker, and the generator (restart). */
export async function clearDescriptions(conn: SqlConnection): Promise<void> {
  await inTransaction(conn, async () => {
    await conn.run(
      'UPDATE node_rows SET description = NULL, member_descriptions = NULL, requirement = NULL ' +
        'WHERE description IS NOT NULL OR member_descriptions IS NOT NULL OR requirement IS NOT NULL',
    );
    await conn.run('DELETE FROM described');
    await conn.run(`DELETE FROM meta WHERE key = ${sqlString(DESCRIBE_GENERATOR_KEY)}`);
  });
}

/** How many describable nodes exist, and how many of them `generator` has described. */
export async function readDescribeCounts(conn: SqlConnection, generator: string): Promise<DescribeCounts> {
  const [row] = await conn.query(
    `SELECT (SELECT count(*) FROM nodes WHERE kind IN (${describedKindsSql()})) AS total, ` +
      `(SELECT count(DISTINCT d.node_id) FROM described d JOIN nodes n ON n.id = d.node_id ` +
      `WHERE d.generator = ${sqlString(generator)} AND n.kind IN (${describedKindsSql()})) AS done`,
  );
  return { done: Number(row?.done ?? 0), total: Number(row?.total ?? 0) };
}
