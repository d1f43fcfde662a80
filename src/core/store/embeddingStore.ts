/**
 * @file Embedding storage (docs/schema.md): vectors per (model, source) in one table per
 * vector width, `embeddings_<dim>(node_id INTEGER, model VARCHAR, source VARCHAR,
 * vec FLOAT[<dim>])` (array_cosine_similarity needs a fixed-size FLOAT[dim]), the catalogue
 * `embedding_sets` and per-(model, source) model state (`model_state`, JSON text: the lexical
 * embedder's idf table, so queries can be embedded later the same way).
 *
 * Writes go in as Arrow FixedSizeList<Float32> through SqlConnection.insertArrow when the
 * connection accepts that type (duckdb-wasm does). When it does not (the node-api adapter's
 * appender only takes scalar and Utf8 Arrow columns), vectors travel as exact text literals
 * ('[0.123456791,...]', every float32 with 9 significant digits, which round-trip exactly) through a staging
 * table and are cast to FLOAT[dim] inside DuckDB: slower, same values. Which path a connection
 * takes is probed once per connection with a one-row temp table.
 * Reads come back in chunks of rows (bounded memory) copied into one Float32Array, rows ordered
 * by node id.
 * Runs in: everywhere. Layer src/core.
 */
import { Field, FixedSizeList, Float32, Int32, makeData, RecordBatch, Schema, Struct, Table, Utf8 } from 'apache-arrow';
import type { Data, DataType } from 'apache-arrow';
import type { EmbeddingSetInfo, SemanticSource } from '../semantic/semanticService.ts';
import { rowsToArrow } from './arrowTables.ts';
import type { ColumnSpec } from './schema.ts';
import { sqlString, tableExists } from './sqlConnection.ts';
import type { SqlConnection } from './sqlConnection.ts';
import { inTransaction } from './transaction.ts';

export const EMBEDDING_SETS_TABLE = 'embedding_sets';
export const MODEL_STATE_TABLE = 'model_state';

/** Rows per Arrow record batch / per read query: 4096 x 1024 floats = 16 MB. */
export const VECTOR_BATCH_ROWS = 4096;

export interface EmbeddingSetKey {
  model: string;
  source: SemanticSource;
  dim: number;
  builtin: boolean;
}

export interface EmbeddingMatrix {
  /** Node ids, ascending. */
  ids: Int32Array;
  dim: number;
  /** Row i (ids[i]) is matrix[i * dim, (i + 1) * dim). */
  matrix: Float32Array;
}

/** How vectors reach the database on a connection (see the file header). */
export type VectorWritePath = 'arrow' | 'text';

export function embeddingsTable(dim: number): string {
  if (!Number.isInteger(dim) || dim < 1 || dim > 65536) throw new RangeError(`Invalid embedding dim ${dim}`);
  return `embeddings_${dim}`;
}

const SET_COLUMNS = 'model VARCHAR, source VARCHAR, dim INTEGER, count INTEGER, builtin BOOLEAN, created_at VARCHAR';

export async function ensureEmbeddingTables(conn: SqlConnection, dim?: number): Promise<void> {
  await conn.run(`CREATE TABLE IF NOT EXISTS ${EMBEDDING_SETS_TABLE} (${SET_COLUMNS})`);
  await conn.run(`CREATE TABLE IF NOT EXISTS ${MODEL_STATE_TABLE} (model VARCHAR, source VARCHAR, state VARCHAR)`);
  if (dim !== undefined) {
    await conn.run(
      `CREATE TABLE IF NOT EXISTS ${embeddingsTable(dim)} (node_id INTEGER, model VARCHAR, source VARCHAR, vec FLOAT[${dim}])`,
    );
  }
}

function whereSet(model: string, source?: string): string {
  return `model = ${sqlString(model)}${source === undefined ? '' : ` AND source = ${sqlString(source)}`}`;
}

const probed = new WeakMap<SqlConnection, VectorWritePath>();

/** Does this connection's insertArrow take FixedSizeList<Float32> into FLOAT[n]? Probed once. */
export async function vectorWritePath(conn: SqlConnection): Promise<VectorWritePath> {
  const known = probed.get(conn);
  if (known) return known;
  let path: VectorWritePath = 'text';
  await conn.run('CREATE OR REPLACE TEMP TABLE __vector_probe (node_id INTEGER, model VARCHAR, source VARCHAR, vec FLOAT[2])');
  try {
    await conn.insertArrow('__vector_probe', vectorArrow('m', 's', Int32Array.of(7), Float32Array.of(0.5, -0.25), 2));
    const rows = await conn.query('SELECT node_id, vec[2] AS v FROM __vector_probe');
    if (rows.length === 1 && rows[0].node_id === 7 && rows[0].v === -0.25) path = 'arrow';
  } catch {
    path = 'text';
  } finally {
    await conn.run('DROP TABLE IF EXISTS __vector_probe');
  }
  probed.set(conn, path);
  return path;
}

/** Pins the write path of a connection (tests of the text path on an engine that takes Arrow). */
export function setVectorWritePath(conn: SqlConnection, path: VectorWritePath): void {
  probed.set(conn, path);
}

/** One Arrow batch (node_id, model, source, vec FixedSizeList<Float32>[dim]) over a slice of rows. */
function vectorBatch(schema: Schema, model: string, source: string, ids: Int32Array, vectors: Float32Array, dim: number): RecordBatch {
  const n = ids.length;
  const utf8Repeated = (text: string): Data<Utf8> => {
    const bytes = new TextEncoder().encode(text);
    const data = new Uint8Array(bytes.length * n);
    const offsets = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) {
      data.set(bytes, i * bytes.length);
      offsets[i + 1] = (i + 1) * bytes.length;
    }
    return makeData({ type: new Utf8(), length: n, nullCount: 0, valueOffsets: offsets, data });
  };
  const vecType = schema.fields[3].type as FixedSizeList<Float32>;
  const child = makeData({ type: new Float32(), length: n * dim, nullCount: 0, data: vectors });
  const children: Data[] = [
    makeData({ type: new Int32(), length: n, nullCount: 0, data: ids }),
    utf8Repeated(model),
    utf8Repeated(source),
    makeData({ type: vecType, length: n, nullCount: 0, child }),
  ];
  const struct = makeData({ type: new Struct(schema.fields), length: n, nullCount: 0, children });
  return new RecordBatch(schema, struct as Data<Struct<Record<string, DataType>>>);
}

/** Arrow table of vectors, cut into record batches of VECTOR_BATCH_ROWS rows (views, no copies). */
export function vectorArrow(model: string, source: string, ids: Int32Array, vectors: Float32Array, dim: number): Table {
  const schema = new Schema([
    new Field('node_id', new Int32(), true),
    new Field('model', new Utf8(), true),
    new Field('source', new Utf8(), true),
    new Field('vec', new FixedSizeList(dim, new Field('item', new Float32(), true)), true),
  ]);
  const batches: RecordBatch[] = [];
  for (let start = 0; start < ids.length || batches.length === 0; start += VECTOR_BATCH_ROWS) {
    const end = Math.min(ids.length, start + VECTOR_BATCH_ROWS);
    batches.push(vectorBatch(schema, model, source, ids.subarray(start, end), vectors.subarray(start * dim, end * dim), dim));
    if (end >= ids.length) break;
  }
  return new Table(schema, batches);
}

const STAGE_COLUMNS: readonly ColumnSpec[] = [
  { name: 'node_id', type: 'INTEGER' },
  { name: 'model', type: 'VARCHAR' },
  { name: 'source', type: 'VARCHAR' },
  { name: 'vec', type: 'VARCHAR' },
];

/** Text fallback: exact '[...]' literals into a temp VARCHAR table, cast to FLOAT[dim] in SQL. */
async function writeVectorsAsText(
  conn: SqlConnection,
  table: string,
  model: string,
  source: string,
  ids: Int32Array,
  vectors: Float32Array,
  dim: number,
): Promise<void> {
  await conn.run('CREATE OR REPLACE TEMP TABLE __vector_stage (node_id INTEGER, model VARCHAR, source VARCHAR, vec VARCHAR)');
  try {
    for (let start = 0; start < ids.length; start += VECTOR_BATCH_ROWS) {
      const end = Math.min(ids.length, start + VECTOR_BATCH_ROWS);
      const rows = [];
      const parts: string[] = new Array(dim);
      for (let i = start; i < end; i++) {
        for (let c = 0; c < dim; c++) {
          const v = vectors[i * dim + c];
          // 9 significant digits round-trip every float32 exactly (FLT_DECIMAL_DIG).
          parts[c] = v === 0 ? '0' : v.toPrecision(9);
        }
        rows.push({ node_id: ids[i], model, source, vec: `[${parts.join(',')}]` });
      }
      await conn.insertArrow('__vector_stage', rowsToArrow(STAGE_COLUMNS, rows));
      await conn.run(`INSERT INTO ${table} SELECT node_id, model, source, CAST(vec AS FLOAT[${dim}]) FROM __vector_stage`);
      await conn.run('DELETE FROM __vector_stage');
    }
  } finally {
    await conn.run('DROP TABLE IF EXISTS __vector_stage');
  }
}

/**
 * Stores `vectors` (ids.length x dim, row-major) as the set (model, source), replacing that set
 * in every width's table. Rows are written in ascending id order (reads come back that way).
 */
export async function writeEmbeddings(
  conn: SqlConnection,
  key: EmbeddingSetKey,
  ids: Int32Array,
  vectors: Float32Array,
): Promise<EmbeddingSetInfo> {
  const { model, source, dim, builtin } = key;
  if (vectors.length !== ids.length * dim) {
    throw new RangeError(`writeEmbeddings: ${vectors.length} floats for ${ids.length} ids x ${dim}`);
  }
  const table = embeddingsTable(dim);
  await ensureEmbeddingTables(conn, dim);
  const path = await vectorWritePath(conn);
  const { ids: sortedIds, vectors: sortedVectors } = sortById(ids, vectors, dim);
  const info: EmbeddingSetInfo = { model, source, dim, count: ids.length, builtin, createdAt: new Date().toISOString() };
  // One transaction: a failed write leaves the previous set in place.
  await inTransaction(conn, async () => {
    await deleteVectors(conn, model, source);
    if (sortedIds.length > 0) {
      if (path === 'arrow') await conn.insertArrow(table, vectorArrow(model, source, sortedIds, sortedVectors, dim));
      else await writeVectorsAsText(conn, table, model, source, sortedIds, sortedVectors, dim);
    }
    await conn.run(
      `INSERT INTO ${EMBEDDING_SETS_TABLE} VALUES (${sqlString(model)}, ${sqlString(source)}, ${dim}, ${info.count}, ${builtin}, ${sqlString(info.createdAt)})`,
    );
  });
  return info;
}

function sortById(ids: Int32Array, vectors: Float32Array, dim: number): { ids: Int32Array; vectors: Float32Array } {
  let sorted = true;
  for (let i = 1; i < ids.length && sorted; i++) if (ids[i - 1] > ids[i]) sorted = false;
  if (sorted) return { ids, vectors };
  const order = Array.from(ids.keys()).sort((a, b) => ids[a] - ids[b]);
  const outIds = new Int32Array(ids.length);
  const outVectors = new Float32Array(vectors.length);
  order.forEach((from, to) => {
    outIds[to] = ids[from];
    outVectors.set(vectors.subarray(from * dim, (from + 1) * dim), to * dim);
  });
  return { ids: outIds, vectors: outVectors };
}

export async function listEmbeddingSets(conn: SqlConnection): Promise<EmbeddingSetInfo[]> {
  if (!(await tableExists(conn, EMBEDDING_SETS_TABLE))) return [];
  const rows = await conn.query(
    `SELECT model, source, dim, count, builtin, created_at FROM ${EMBEDDING_SETS_TABLE} ORDER BY model, source`,
  );
  return rows.map((r) => ({
    model: String(r.model),
    source: r.source as SemanticSource,
    dim: Number(r.dim),
    count: Number(r.count),
    builtin: r.builtin === true,
    createdAt: String(r.created_at),
  }));
}

/** The stored set (model, source), rows ordered by node id; null when there is none. */
export async function readEmbeddings(conn: SqlConnection, model: string, source: SemanticSource): Promise<EmbeddingMatrix | null> {
  const set = (await listEmbeddingSets(conn)).find((s) => s.model === model && s.source === source);
  return set ? readEmbeddingSet(conn, set) : null;
}

/** The vectors of a catalogued set (an entry of listEmbeddingSets), rows ordered by node id. */
export async function readEmbeddingSet(
  conn: SqlConnection,
  set: Pick<EmbeddingSetInfo, 'model' | 'source' | 'dim'>,
): Promise<EmbeddingMatrix> {
  const { model, source, dim } = set;
  const table = embeddingsTable(dim);
  const idRows = await conn.query(`SELECT node_id FROM ${table} WHERE ${whereSet(model, source)} ORDER BY node_id`);
  const ids = Int32Array.from(idRows, (r) => Number(r.node_id));
  const matrix = new Float32Array(ids.length * dim);
  for (let start = 0; start < ids.length; start += VECTOR_BATCH_ROWS) {
    const end = Math.min(ids.length, start + VECTOR_BATCH_ROWS);
    const sql = `SELECT node_id, vec FROM ${table} WHERE ${whereSet(model, source)} AND node_id BETWEEN ${ids[start]} AND ${ids[end - 1]} ORDER BY node_id`;
    if (conn.queryArrow) {
      const copied = copyVectorColumn(await conn.queryArrow(sql), matrix, start * dim, dim);
      if (copied !== end - start) throw new Error(`readEmbeddings: duplicate node ids in ${model}/${source}`);
      continue;
    }
    const rows = await conn.query(sql);
    if (rows.length !== end - start) throw new Error(`readEmbeddings: duplicate node ids in ${model}/${source}`);
    for (let i = 0; i < rows.length; i++) matrix.set(rows[i].vec as number[], (start + i) * dim);
  }
  return { ids, dim, matrix };
}

/** A SQL list literal of whole numbers (`[1,2,3]`), for `IN (SELECT unnest(...))`. */
export function idListSql(ids: readonly number[]): string {
  for (const id of ids) if (!Number.isInteger(id)) throw new Error(`idListSql: ${id} is not a whole number`);
  return `[${ids.join(',')}]::INTEGER[]`;
}

/**
 * The vectors of `ids` in a catalogued set (ids without a vector are left out), rows ordered by
 * node id: what a search over part of a big graph reads instead of the whole set.
 */
export async function readEmbeddingRows(
  conn: SqlConnection,
  set: Pick<EmbeddingSetInfo, 'model' | 'source' | 'dim'>,
  ids: readonly number[],
): Promise<EmbeddingMatrix> {
  const { model, source, dim } = set;
  const sql = `SELECT node_id, vec FROM ${embeddingsTable(dim)} WHERE ${whereSet(model, source)} AND node_id IN (SELECT unnest(${idListSql(ids)})) ORDER BY node_id`;
  const rows = await conn.query(sql);
  const found = Int32Array.from(rows, (r) => Number(r.node_id));
  const matrix = new Float32Array(found.length * dim);
  rows.forEach((r, i) => matrix.set(Array.from(r.vec as Iterable<number>), i * dim));
  return { ids: found, dim, matrix };
}

/**
 * Copies the `vec` column (Arrow FixedSizeList<Float32>, one Data per record batch) of a query
 * result into `matrix` from `at`, straight from the child value buffers; returns the row count.
 */
function copyVectorColumn(result: Table, matrix: Float32Array, at: number, dim: number): number {
  const column = result.getChild('vec');
  if (!column) throw new Error('readEmbeddings: the result has no vec column');
  let rows = 0;
  for (const data of column.data) {
    const child = data.children[0];
    const values = child.values as Float32Array;
    const from = (child.offset + data.offset * dim);
    matrix.set(values.subarray(from, from + data.length * dim), at + rows * dim);
    rows += data.length;
  }
  return rows;
}

async function vectorTables(conn: SqlConnection): Promise<string[]> {
  const rows = await conn.query(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' AND table_name LIKE 'embeddings\\_%' ESCAPE '\\'",
  );
  return rows.map((r) => String(r.table_name)).filter((name) => /^embeddings_\d+$/.test(name));
}

/** Vectors and catalogue row of (model, source), keeping its model state. */
async function deleteVectors(conn: SqlConnection, model: string, source?: SemanticSource): Promise<void> {
  for (const table of await vectorTables(conn)) await conn.run(`DELETE FROM ${table} WHERE ${whereSet(model, source)}`);
  await conn.run(`DELETE FROM ${EMBEDDING_SETS_TABLE} WHERE ${whereSet(model, source)}`);
}

/** Deletes the set (model, source) with its model state, or every set of `model` when source is left out. */
export async function deleteEmbeddings(conn: SqlConnection, model: string, source?: SemanticSource): Promise<void> {
  if (!(await tableExists(conn, EMBEDDING_SETS_TABLE))) return;
  await deleteVectors(conn, model, source);
  await conn.run(`DELETE FROM ${MODEL_STATE_TABLE} WHERE ${whereSet(model, source)}`);
}

/**
 * Drops every embedding table, the catalogue and model state. A re-index must call this (node
 * ids change), as it replaces the edges table and with it the SIMILAR edges.
 */
export async function dropEmbeddingTables(conn: SqlConnection): Promise<void> {
  for (const table of await vectorTables(conn)) await conn.run(`DROP TABLE IF EXISTS ${table}`);
  await conn.run(`DROP TABLE IF EXISTS ${EMBEDDING_SETS_TABLE}`);
  await conn.run(`DROP TABLE IF EXISTS ${MODEL_STATE_TABLE}`);
}

const STATE_COLUMNS: readonly ColumnSpec[] = [
  { name: 'model', type: 'VARCHAR' },
  { name: 'source', type: 'VARCHAR' },
  { name: 'state', type: 'VARCHAR' },
];

/** Stores JSON model state for (model, source), replacing the previous one. */
export async function writeModelState(conn: SqlConnection, model: string, source: SemanticSource, state: unknown): Promise<void> {
  await ensureEmbeddingTables(conn);
  await conn.run(`DELETE FROM ${MODEL_STATE_TABLE} WHERE ${whereSet(model, source)}`);
  // Through Arrow, not a SQL literal: an idf table can be megabytes.
  await conn.insertArrow(MODEL_STATE_TABLE, rowsToArrow(STATE_COLUMNS, [{ model, source, state: JSON.stringify(state) }]));
}

export async function readModelState<T = unknown>(conn: SqlConnection, model: string, source: SemanticSource): Promise<T | null> {
  if (!(await tableExists(conn, MODEL_STATE_TABLE))) return null;
  const rows = await conn.query(`SELECT state FROM ${MODEL_STATE_TABLE} WHERE ${whereSet(model, source)}`);
  return rows.length > 0 && typeof rows[0].state === 'string' ? (JSON.parse(rows[0].state) as T) : null;
}
