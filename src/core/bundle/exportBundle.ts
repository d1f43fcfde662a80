/**
 * @file Export a repo database as one bundle (bundleFormat.ts): every base table of the main
 * schema (graph, files, descriptions, embeddings, runs, requirement tables when present; not the
 * derived tables, which the import computes) as an
 * Arrow IPC stream in a zip, plus the manifest. Tables written later by other features travel
 * too, with their declared column types. Streamed: each table is read a chunk at a time, its IPC
 * stream written and deflated as it comes (fflate's Zip; the tables deflated by the platform's
 * zlib, zipDeflateStream.ts), so no table is held whole in memory,
 * nor the zip in one piece (a 50,000-file repository's bundle: 1.2 GB of tables, 317 MB zipped;
 * read whole, its export took the tab to 3.9 GB).
 * Runs in: the repo worker (app), Node (cli). Layer src/core.
 */
import { tableToIPC } from 'apache-arrow';
import type { Table } from 'apache-arrow';
import { Zip, ZipDeflate } from 'fflate';
import { AppError } from '../errors.ts';
import { countGraph, readMeta } from '../store/graphStore.ts';
import { DERIVED_TABLES } from '../store/derivedTables.ts';
import { NODE_ROWS_TABLE, SCHEMA_VERSION } from '../store/schema.ts';
import { withCode } from '../store/fileTexts.ts';
import type { Row, SqlConnection } from '../store/sqlConnection.ts';
import { EMBEDDING_SETS_TABLE } from '../store/embeddingStore.ts';
import type { BundleManifest, BundleModel, BundleTable } from './bundleFormat.ts';
import { BUNDLE_FORMAT, BUNDLE_VERSION, MANIFEST_FILE, tableFile } from './bundleFormat.ts';
import { listTables, readTableArrowChunks, tableColumns } from '../store/tableArrow.ts';
import { ZipDeflateStream } from './zipDeflateStream.ts';

export interface ExportedBundle {
  /** The zip, in the pieces it was written in (a Blob or a file takes them as they are: bundleBytes joins them). */
  parts: Uint8Array[];
  /** The zip's size in bytes. */
  size: number;
  manifest: BundleManifest;
}

/** The bundle's zip as one array (tests, small bundles). */
export function bundleBytes(bundle: Pick<ExportedBundle, 'parts' | 'size'>): Uint8Array {
  const out = new Uint8Array(bundle.size);
  let at = 0;
  for (const part of bundle.parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The end-of-stream marker of an Arrow IPC stream: a continuation and a zero length. */
const IPC_END = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]);

/**
 * One table's Arrow IPC stream, written a chunk at a time: the first piece is the schema and the
 * first record batch, each further one a batch (its own stream's schema message cut off), then
 * end() the end marker. The same bytes as `tableToIPC` of the whole table, whose batches are
 * these chunks.
 */
class IpcStreamWriter {
  private schema: Uint8Array | null = null;

  piece(chunk: Table): Uint8Array {
    const ipc = tableToIPC(chunk, 'stream');
    const body = ipc.subarray(0, ipc.length - IPC_END.length);
    if (this.schema === null) {
      // A message: the continuation marker, its metadata's length, the metadata (a schema has no body).
      this.schema = body.slice(0, 8 + new DataView(body.buffer, body.byteOffset).getInt32(4, true));
      return body;
    }
    if (!sameBytes(body.subarray(0, this.schema.length), this.schema)) throw new AppError('UNKNOWN', 'A table changed its Arrow schema between two chunks of the export.');
    return body.subarray(this.schema.length);
  }

  end(): Uint8Array {
    return IPC_END;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
  // The view is read a chunk of node_rows at a time, each chunk's rows then given their code
  // from the texts of the files they name.
  const nodesView = listed.includes(NODE_ROWS_TABLE) ? { table: NODE_ROWS_TABLE, rows: (chunk: Row[]) => withCode(conn, chunk) } : undefined;
  if (!names.includes('nodes')) throw new AppError('INPUT_INVALID', 'Nothing to export: this database holds no graph.');
  const meta = await readMeta(conn);
  const parts: Uint8Array[] = [];
  let size = 0;
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else {
      parts.push(data);
      size += data.length;
    }
  });
  const tables: BundleTable[] = [];
  for (const name of names) {
    const columns = await tableColumns(conn, name);
    const chunks = readTableArrowChunks(conn, name, columns, name === 'nodes' ? nodesView : undefined);
    const file = tableFile(name);
    const entry = new ZipDeflateStream(file);
    zip.add(entry);
    const stream = new IpcStreamWriter();
    let rows = 0;
    for await (const chunk of chunks) {
      rows += chunk.numRows;
      entry.push(stream.piece(chunk));
      await entry.ready(); // the next chunk is read while this one deflates
    }
    entry.push(stream.end(), true);
    await entry.done;
    tables.push({ name, file, rows, crc32: entry.crc >>> 0, columns }); // fflate keeps it signed
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
  const manifestEntry = new ZipDeflate(MANIFEST_FILE, { level: 6 });
  zip.add(manifestEntry);
  manifestEntry.push(new TextEncoder().encode(JSON.stringify(manifest, null, 2)), true);
  zip.end();
  if (failure) throw failure;
  return { parts, size, manifest };
}
