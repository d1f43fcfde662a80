/**
 * @file Import a bundle (bundleFormat.ts) into a repo database. Everything is read and checked
 * first (zip, manifest, versions, each table's CRC-32, Arrow decoding, row counts), and only then
 * written, inside one transaction that replaces every table of the target: a damaged or newer
 * bundle never touches the database, and a failed write rolls back. storedIndexFigures reads back
 * what only the original index knew (syntax-error count, index time) for the imported summary.
 * Runs in: the repo worker (app), Node (cli). Layer src/core.
 */
import { tableFromIPC } from 'apache-arrow';
import type { Table } from 'apache-arrow';
import { unzipSync } from 'fflate';
import { AppError } from '../errors.ts';
import { crc32 } from '../ingest/crc32.ts';
import { createIndexesSql, SCHEMA_VERSION } from '../store/schema.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { inTransaction } from '../store/transaction.ts';
import { dropDerivedTables } from '../store/derivedTables.ts';
import { dropNodes, upgradeSchema } from '../store/schemaUpgrade.ts';
import { readSummary } from '../store/graphStore.ts';
import { tableExists } from '../store/sqlConnection.ts';
import type { BundleManifest, StoredIndexFigures } from './bundleFormat.ts';
import { MANIFEST_FILE, parseManifest } from './bundleFormat.ts';
import { createTableSql, listTables } from '../store/tableArrow.ts';
import { quoteIdent } from '../store/sqlConnection.ts';

export interface ReadBundle {
  manifest: BundleManifest;
  tables: Map<string, Table>;
}

/** Reads and checks a whole bundle in memory; throws ARCHIVE_INVALID / INPUT_INVALID with the reason. */
export function readBundle(bytes: Uint8Array, schemaVersion = SCHEMA_VERSION): ReadBundle {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (error) {
    throw new AppError('ARCHIVE_INVALID', `Damaged bundle: the zip cannot be read (${(error as Error).message}).`, { cause: error });
  }
  const manifest = parseManifest(files[MANIFEST_FILE], schemaVersion);
  const tables = new Map<string, Table>();
  for (const t of manifest.tables) {
    const data = files[t.file];
    if (!data) throw new AppError('ARCHIVE_INVALID', `Damaged bundle: ${t.file} is missing.`);
    if (crc32(data) !== t.crc32) throw new AppError('ARCHIVE_INVALID', `Damaged bundle: ${t.file} does not match its checksum.`);
    let table: Table;
    try {
      table = tableFromIPC(data);
    } catch (error) {
      throw new AppError('ARCHIVE_INVALID', `Damaged bundle: ${t.file} is not a readable Arrow stream.`, { cause: error });
    }
    if (table.numRows !== t.rows || table.numCols !== t.columns.length) {
      throw new AppError('ARCHIVE_INVALID', `Damaged bundle: ${t.name} has ${table.numRows} rows, the manifest says ${t.rows}.`);
    }
    createTableSql(t.name, t.columns); // refuses unsupported column types before any write
    tables.set(t.name, table);
  }
  return { manifest, tables };
}

/**
 * Replaces every table of `conn` with the bundle's (one transaction), then CHECKPOINT.
 * Returns the manifest. The indexes of a graph are rebuilt. `onTable(done, total)` after each table.
 */
export async function importBundle(
  conn: SqlConnection,
  bytes: Uint8Array,
  signal?: AbortSignal,
  onTable?: (done: number, total: number) => void,
): Promise<BundleManifest> {
  const bundle = readBundle(bytes);
  const total = bundle.manifest.tables.length;
  await inTransaction(conn, async () => {
    await dropNodes(conn);
    await dropDerivedTables(conn);
    for (const name of await listTables(conn)) await conn.run(`DROP TABLE ${quoteIdent(name)}`);
    for (const [i, t] of bundle.manifest.tables.entries()) {
      signal?.throwIfAborted();
      await conn.run(createTableSql(t.name, t.columns));
      const table = bundle.tables.get(t.name)!;
      if (table.numRows > 0) await conn.insertArrow(t.name, table);
      onTable?.(i + 1, total);
    }
    // The bundle's nodes table (every row with its code) becomes node_rows + the nodes view.
    await upgradeSchema(conn, true);
    if (bundle.tables.has('nodes') && bundle.tables.has('edges')) {
      for (const sql of createIndexesSql()) await conn.run(sql);
    }
  });
  await conn.run('CHECKPOINT');
  return bundle.manifest;
}

/**
 * What only the original index run knew, from an imported (or any stored) graph: the files with
 * syntax errors (file_issues) and the index time and phases (meta.summary). An import's own
 * duration is never the index time.
 */
export async function storedIndexFigures(conn: SqlConnection): Promise<StoredIndexFigures> {
  let filesWithSyntaxErrors = 0;
  if (await tableExists(conn, 'file_issues')) {
    const rows = await conn.query("SELECT count(DISTINCT path) AS n FROM file_issues WHERE kind = 'syntax'");
    filesWithSyntaxErrors = Number(rows[0]?.n ?? 0);
  }
  let stored: Record<string, unknown> | null = null;
  try {
    stored = await readSummary(conn);
  } catch {
    stored = null; // an unreadable summary loses the timing, never the import
  }
  const ms = typeof stored?.ms === 'number' ? stored.ms : 0;
  const phaseMs = stored?.phaseMs && typeof stored.phaseMs === 'object' ? (stored.phaseMs as StoredIndexFigures['phaseMs']) : undefined;
  return { filesWithSyntaxErrors, ms, ...(phaseMs ? { phaseMs } : {}) };
}
