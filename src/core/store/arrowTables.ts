/**
 * @file Column-wise Apache Arrow tables from graph rows (Int32 for integers, Utf8 for strings,
 * nulls kept). Strings are UTF-8 encoded straight into one buffer per column and batch, so 100k
 * nodes take a few hundred ms; big text columns are cut into record batches of bounded size.
 * Runs in: everywhere. Layer src/core.
 */
import { Field, Int32, makeData, RecordBatch, Schema, Struct, Table, Utf8 } from 'apache-arrow';
import type { Data, DataType } from 'apache-arrow';
import type { EdgeRow, FileRow, NodeRow } from '../graph/types.ts';
import type { FileIR } from '../parse/fileIR.ts';
import { encodeFileIR } from '../parse/fileIRCodec.ts';
import { FILE_IR_COLUMNS, EDGE_COLUMNS, FILE_COLUMNS, NODE_COLUMNS } from './schema.ts';
import type { ColumnSpec } from './schema.ts';
import type { CellReader } from './sqlConnection.ts';

/** Batch bound in UTF-16 code units of string data (<= 3x that in UTF-8 bytes). */
export const MAX_BATCH_CHARS = 8 * 1024 * 1024;
/** Row bound per record batch, whatever the string sizes. */
export const MAX_BATCH_ROWS = 64 * 1024;

type Cell = string | number | null | undefined;
type RowLike = object;
export type { CellReader };

export const propertyCell: CellReader = (row, column) => (row as Record<string, unknown>)[column];

const encoder = new TextEncoder();

export function arrowSchema(columns: readonly ColumnSpec[]): Schema {
  return new Schema(columns.map((c) => new Field(c.name, c.type === 'INTEGER' ? new Int32() : new Utf8(), true)));
}

function validityBitmap(length: number): Uint8Array {
  return new Uint8Array((length + 7) >> 3);
}

function int32Data(values: readonly Cell[]): Data<Int32> {
  const length = values.length;
  const data = new Int32Array(length);
  let bitmap: Uint8Array | undefined;
  let nullCount = 0;
  for (let i = 0; i < length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      if (!bitmap) {
        bitmap = validityBitmap(length).fill(0xff);
      }
      bitmap[i >> 3] &= ~(1 << (i & 7));
      nullCount++;
    } else {
      data[i] = v as number;
    }
  }
  return makeData({ type: new Int32(), length, nullCount, nullBitmap: bitmap, data });
}

/** A growable UTF-8 byte buffer, sized for ASCII first (code is mostly ASCII). */
class Utf8Buffer {
  bytes: Uint8Array;
  pos = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  private grow(atLeast: number): void {
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.pos + atLeast));
    grown.set(this.bytes.subarray(0, this.pos));
    this.bytes = grown;
  }

  /** Appends `s` as UTF-8: ASCII fast path for short strings, TextEncoder otherwise. */
  write(s: string): void {
    const n = s.length;
    if (n <= 64) {
      if (this.bytes.length - this.pos < n * 3) this.grow(n * 3);
      const { bytes, pos } = this;
      let i = 0;
      for (; i < n; i++) {
        const code = s.charCodeAt(i);
        if (code >= 0x80) break;
        bytes[pos + i] = code;
      }
      this.pos = i === n ? pos + n : pos + encoder.encodeInto(s, bytes.subarray(pos)).written;
      return;
    }
    let rest = s;
    for (;;) {
      const { read, written } = encoder.encodeInto(rest, this.bytes.subarray(this.pos));
      this.pos += written;
      if (read === rest.length) return;
      rest = rest.slice(read);
      this.grow(rest.length * 3);
    }
  }
}

function utf8Data(values: readonly Cell[]): Data<Utf8> {
  const length = values.length;
  let chars = 0;
  for (let i = 0; i < length; i++) {
    const v = values[i];
    if (typeof v === 'string') chars += v.length;
  }
  // Sized for ASCII and grown on demand: a 3x buffer for tens of MB of code would cost a large
  // zero-fill and a copy back.
  const buffer = new Utf8Buffer(chars + 1024);
  const offsets = new Int32Array(length + 1);
  let bitmap: Uint8Array | undefined;
  let nullCount = 0;
  for (let i = 0; i < length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      if (!bitmap) bitmap = validityBitmap(length).fill(0xff);
      bitmap[i >> 3] &= ~(1 << (i & 7));
      nullCount++;
    } else {
      buffer.write(typeof v === 'string' ? v : String(v));
    }
    offsets[i + 1] = buffer.pos;
  }
  // Copy out when growth left much unused space, so tables do not pin oversized buffers.
  const { bytes, pos } = buffer;
  const data = pos < bytes.length / 2 ? bytes.slice(0, pos) : bytes.subarray(0, pos);
  return makeData({ type: new Utf8(), length, nullCount, nullBitmap: bitmap, valueOffsets: offsets, data });
}

/** Row ranges [start, end) so that no batch exceeds MAX_BATCH_ROWS rows or MAX_BATCH_CHARS chars. */
function batchRanges(rows: readonly RowLike[], stringColumns: readonly string[], cell: CellReader): [number, number][] {
  const ranges: [number, number][] = [];
  let start = 0;
  let chars = 0;
  for (let i = 0; i < rows.length; i++) {
    let rowChars = 0;
    const row = rows[i]!;
    for (const name of stringColumns) {
      const v = cell(row, name);
      if (typeof v === 'string') rowChars += v.length;
    }
    if (i > start && (chars + rowChars > MAX_BATCH_CHARS || i - start >= MAX_BATCH_ROWS)) {
      ranges.push([start, i]);
      start = i;
      chars = 0;
    }
    chars += rowChars;
  }
  if (rows.length > start || ranges.length === 0) ranges.push([start, rows.length]);
  return ranges;
}

/** Rows [start, end) as one record batch of `schema` (columns in `columns` order). */
function recordBatch(schema: Schema, columns: readonly ColumnSpec[], rows: readonly RowLike[], [start, end]: [number, number], cell: CellReader): RecordBatch {
  const length = end - start;
  const children: Data[] = columns.map((c) => {
    const values: Cell[] = new Array(length);
    for (let i = 0; i < length; i++) values[i] = cell(rows[start + i]!, c.name) as Cell;
    return c.type === 'INTEGER' ? int32Data(values) : utf8Data(values);
  });
  const struct = makeData({ type: new Struct(schema.fields), length, nullCount: 0, children });
  return new RecordBatch(schema, struct as Data<Struct<Record<string, DataType>>>);
}

function stringColumnsOf(columns: readonly ColumnSpec[]): string[] {
  return columns.filter((c) => c.type === 'VARCHAR').map((c) => c.name);
}

/** Builds an Arrow table whose columns follow `columns` exactly (names, order, types). */
export function rowsToArrow(columns: readonly ColumnSpec[], rows: readonly RowLike[], cell: CellReader = propertyCell): Table {
  const schema = arrowSchema(columns);
  const ranges = batchRanges(rows, stringColumnsOf(columns), cell);
  return new Table(schema, ranges.map((range) => recordBatch(schema, columns, rows, range, cell)));
}

/**
 * The rows as a sequence of Arrow tables of one record batch each (MAX_BATCH_ROWS /
 * MAX_BATCH_CHARS), each built only when the consumer asks for it: a load holds one batch's
 * buffers at a time instead of the whole table's (the node code of a 50k-file repository is
 * hundreds of MB).
 */
export function* arrowParts(columns: readonly ColumnSpec[], rows: readonly RowLike[], cell: CellReader = propertyCell): Generator<Table> {
  const schema = arrowSchema(columns);
  for (const range of batchRanges(rows, stringColumnsOf(columns), cell)) yield new Table(schema, [recordBatch(schema, columns, rows, range, cell)]);
}

export function nodesToArrow(nodes: readonly NodeRow[]): Table {
  return rowsToArrow(NODE_COLUMNS, nodes);
}

export function edgesToArrow(edges: readonly EdgeRow[]): Table {
  return rowsToArrow(EDGE_COLUMNS, edges);
}

export function filesToArrow(files: readonly FileRow[]): Table {
  return rowsToArrow(FILE_COLUMNS, files);
}

/**
 * FileIRs as (path, sha256, ir) rows for file_irs: ir is the compact JSON (encodeFileIR), the
 * one the worker posted when given; the hash comes from the file rows.
 */
export function fileIrRows(
  irs: readonly FileIR[],
  files: readonly FileRow[],
  encoded?: readonly (string | undefined)[],
): { columns: typeof FILE_IR_COLUMNS; rows: { path: string; sha256: string | null; ir: string }[] } {
  const hashes = new Map(files.map((f) => [f.path, f.sha256]));
  return { columns: FILE_IR_COLUMNS, rows: irs.map((ir, i) => ({ path: ir.path, sha256: hashes.get(ir.path) ?? null, ir: encoded?.[i] ?? encodeFileIR(ir) })) };
}
