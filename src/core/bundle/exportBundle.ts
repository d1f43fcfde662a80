/**
 * @file Export a repo database as one bundle (bundleFormat.ts): every base table of the main
 * schema (graph, files, descriptions, embeddings, runs, requirement tables when present; not the
 * derived tables, which the import computes) as an
 * Arrow IPC stream in a zip, plus the manifest. Tables written later by other features travel
 * too, with their declared column types.
 * Runs in: the repo worker (app), Node (cli). Layer src/core.
 */
import { tableToIPC } from 'apache-arrow';
import { zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { AppError } from '../errors.ts';
import { crc32 } from '../ingest/crc32.ts';
import { countGraph, readMeta } from '../store/graphStore.ts';
import { DERIVED_TABLES } from '../store/derivedTables.ts';
import { NODE_ROWS_TABLE, nodesOverSql, SCHEMA_VERSION } from '../store/schema.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { EMBEDDING_SETS_TABLE } from '../store/embeddingStore.ts';
import type { BundleManifest, BundleModel, BundleTable } from './bundleFormat.ts';
import { BUNDLE_FORMAT, BUNDLE_VERSION, MANIFEST_FILE, tableFile } from './bundleFormat.ts';
import { listTables, readTableArrow, tableColumns } from '../store/tableArrow.ts';

export interface ExportedBundle {
  bytes: Uint8Array;
  manifest: BundleManifest;
}

export async function exportBundle(conn: SqlConnection, now = new Date()): Promise<ExportedBundle> {
  // The node rows travel as the `nodes` view (every row with its code, NODE_COLUMNS): the bundle
  // stays self-contained and a version-1 reader opens it; import turns it back into node_rows.
  // The derived tables stay out: the import computes them from the graph (derivedTables.ts).
  const listed = await listTables(conn);
  const names = listed
    .filter((name) => !DERIVED_TABLES.includes(name))
    .map((name) => (name === NODE_ROWS_TABLE ? 'nodes' : name))
    .sort();
  // The view is read a chunk of node_rows at a time, each chunk's rows then given their code.
  const nodesView = listed.includes(NODE_ROWS_TABLE) ? { table: NODE_ROWS_TABLE, over: nodesOverSql } : undefined;
  if (!names.includes('nodes')) throw new AppError('INPUT_INVALID', 'Nothing to export: this database holds no graph.');
  const meta = await readMeta(conn);
  const entries: Zippable = {};
  const tables: BundleTable[] = [];
  for (const name of names) {
    const columns = await tableColumns(conn, name);
    const table = name === 'nodes' ? await readTableArrow(conn, name, columns, 'id', nodesView) : await readTableArrow(conn, name, columns);
    const bytes = tableToIPC(table, 'stream');
    const file = tableFile(name);
    entries[file] = bytes;
    tables.push({ name, file, rows: table.numRows, crc32: crc32(bytes), columns });
  }
  const counts = await countGraph(conn);
  const models: BundleModel[] = names.includes(EMBEDDING_SETS_TABLE)
    ? (await conn.query(`SELECT model, source, dim, count, builtin FROM ${EMBEDDING_SETS_TABLE} ORDER BY model, source`)).map((r) => ({
        model: String(r.model),
        source: String(r.source),
        dim: Number(r.dim),
        count: Number(r.count),
        builtin: Boolean(r.builtin),
      }))
    : [];
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT,
    bundle_version: BUNDLE_VERSION,
    schema_version: Number(meta.schema_version ?? SCHEMA_VERSION),
    repo_name: meta.repo_name ?? 'repo',
    created_at: now.toISOString(),
    models,
    counts: { files: counts.files, nodes: counts.nodes, edges: counts.edges },
    tables,
  };
  entries[MANIFEST_FILE] = new TextEncoder().encode(JSON.stringify(manifest, null, 2));
  return { bytes: zipSync(entries, { level: 6 }), manifest };
}
