/**
 * @file readTableArrow (store/tableArrow.ts), which bundles export tables with, reads a table of
 * several chunks whole: every row once, in rowid order (a range of rowids a chunk, gaps of
 * deleted rows passed over). A bundle export streams such a table chunk by chunk into one IPC
 * stream, the bytes the whole table gives, and the `nodes` view in node_rows' storage order,
 * each chunk of rows given its code.
 * Real duckdb-wasm in Node.
 * Runs in: Node (vitest).
 */
import { tableFromIPC, tableToIPC } from 'apache-arrow';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { bundleBytes, exportBundle } from '../../src/core/bundle/exportBundle.ts';
import { importBundle } from '../../src/core/bundle/importBundle.ts';
import { crc32 } from '../../src/core/ingest/crc32.ts';
import { extractorFor } from '../../src/core/languages/implementations.ts';
import { parseSourceFiles } from '../../src/core/parse/parseFile.ts';
import { indexRepository } from '../../src/core/pipeline/indexRepository.ts';
import { readTableArrow } from '../../src/core/store/tableArrow.ts';
import { memoryConnections } from '../memoryConnections.ts';

const openMemory = memoryConnections();
const ROWS = 20_000;
const COLUMNS = [{ name: 'k', type: 'INTEGER' }, { name: 'v', type: 'VARCHAR' }];

describe('readTableArrow', () => {
  it('reads a table of several chunks whole, in storage order, over gaps of deleted rows', async () => {
    const conn = await openMemory();
    // Keys stored in scattered order, as node ids are (hashes).
    await conn.run(`CREATE TABLE t AS SELECT (i * 7919) % ${ROWS} AS k, 'v' || ((i * 7919) % ${ROWS}) AS v FROM range(${ROWS}) AS r(i)`);
    const stored = (await conn.query('SELECT k FROM t ORDER BY rowid')).map((r) => Number(r.k));

    const table = await readTableArrow(conn, 't', COLUMNS);
    expect(table.numRows).toBe(ROWS);
    expect(Array.from(table.getChild('k')!.toArray() as Int32Array)).toEqual(stored);
    expect(table.getChild('v')!.get(ROWS - 1)).toBe(`v${stored[ROWS - 1]}`);

    // Deleted rows leave gaps in the rowids: a whole chunk of them, and every third row.
    await conn.run('CREATE TABLE gaps AS SELECT * FROM t');
    await conn.run('DELETE FROM gaps WHERE (rowid >= 8192 AND rowid < 16384) OR k % 3 = 0');
    const kept = (await conn.query('SELECT k FROM gaps ORDER BY rowid')).map((r) => Number(r.k));
    expect(kept.length).toBeGreaterThan(2_000);
    expect(Array.from((await readTableArrow(conn, 'gaps', COLUMNS)).getChild('k')!.toArray() as Int32Array)).toEqual(kept);
    await conn.run('DELETE FROM gaps');
    const empty = await readTableArrow(conn, 'gaps', COLUMNS);
    expect(empty.numRows).toBe(0);
    expect(empty.schema.fields.map((f) => f.name)).toEqual(['k', 'v']);

    expect(table.schema.fields.map((f) => f.name)).toEqual(['k', 'v']);
  });
});

describe('a bundle export of a table of several chunks', () => {
  it('writes one Arrow IPC stream, the same bytes as the whole table gives, and imports it back', async () => {
    const source = await indexSmallRepo();
    await source.run(`CREATE TABLE notes AS SELECT i AS k, 'note ' || i AS v FROM range(${ROWS}) AS r(i)`);
    const bundle = await exportBundle(source);
    expect(bundle.parts.length).toBeGreaterThan(1);
    const listed = bundle.manifest.tables.find((t) => t.name === 'notes')!;
    expect(listed.rows).toBe(ROWS);
    const whole = tableToIPC(await readTableArrow(source, 'notes', listed.columns), 'stream');
    expect(listed.crc32).toBe(crc32(whole));
    const entry = unzipSync(bundleBytes(bundle))[listed.file]!;
    expect(Buffer.from(entry).equals(Buffer.from(whole))).toBe(true);
    const target = await openMemory();
    await importBundle(target, bundleBytes(bundle));
    expect(await target.query('SELECT count(*) AS n, sum(k) AS s, max(v) AS v FROM notes')).toEqual(await source.query('SELECT count(*) AS n, sum(k) AS s, max(v) AS v FROM notes'));
  });
});

describe('a bundle export of the nodes', () => {
  it('reads node_rows a chunk at a time in storage order, each row with its code sliced from its file, as the nodes view gives', async () => {
    // More functions than one chunk holds (READ_CHUNK_ROWS, 8,192).
    const many = Array.from({ length: 9_000 }, (_, i) => `def f${i}():\n    return ${i}\n`).join('\n');
    const source = await indexSmallRepo([{ path: 'many.py', text: many }]);
    const bundle = await exportBundle(source);
    const listed = bundle.manifest.tables.find((t) => t.name === 'nodes')!;
    const nodes = tableFromIPC(unzipSync(bundleBytes(bundle))[listed.file]!);
    const stored = (await source.query('SELECT id FROM node_rows ORDER BY rowid')).map((r) => Number(r.id));
    expect(stored.length).toBeGreaterThan(9_000);
    expect(Array.from(nodes.getChild('id')!.toArray() as Int32Array)).toEqual(stored);
    const codes = new Map((await source.query('SELECT id, code FROM nodes')).map((r) => [Number(r.id), r.code]));
    const ids = nodes.getChild('id')!.toArray() as Int32Array;
    const exported = nodes.getChild('code')!;
    for (let i = 0; i < nodes.numRows; i++) expect(exported.get(i)).toBe(codes.get(ids[i]!));
    expect(codes.get(ids[stored.length - 1]!)).toBe('def f8999():\n    return 8999');
  });
});

/** A real graph (Python files, parsed and stitched) in a fresh duckdb-wasm database. */
async function indexSmallRepo(extra: { path: string; text: string }[] = []) {
  const conn = await openMemory();
  const parsers = await createNodeParsers();
  const files = [
    { path: 'a.py', data: new TextEncoder().encode('def f():\n    return 1\n') },
    { path: 'b.py', data: new TextEncoder().encode('from a import f\n\ndef g():\n    return f()\n') },
    ...extra.map((f) => ({ path: f.path, data: new TextEncoder().encode(f.text) })),
  ];
  await indexRepository({ kind: 'files', name: 'r', files }, { parseFiles: async (sources) => parseSourceFiles(parsers, await sources.all(), extractorFor), conn });
  return conn;
}
