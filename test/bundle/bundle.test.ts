/**
 * @file Bundles end to end on real databases: the demo indexed, described, embedded (built-ins,
 * SIMILAR edges) and searched with a stored run, exported, imported into a fresh duckdb-wasm and
 * into a @duckdb/node-api file: same tables, same rows, same search results. A damaged bundle and
 * one from a newer schema are refused with a clear message and the target stays as it was.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync, unzipSync } from 'fflate';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { memoryConnections } from '../memoryConnections.ts';
import { bundleBytes, exportBundle } from '../../src/core/bundle/exportBundle.ts';
import { importBundle, readBundle } from '../../src/core/bundle/importBundle.ts';
import { MANIFEST_FILE } from '../../src/core/bundle/bundleFormat.ts';
import { listTables } from '../../src/core/store/tableArrow.ts';
import { describeGraph } from '../../src/core/describe/describeGraph.ts';
import { AppError } from '../../src/core/errors.ts';
import { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import { LexicalReranker } from '../../src/core/models/lexicalReranker.ts';
import { createSearchEngine } from '../../src/core/search/searchEngine.ts';
import { embedGraph, loadBuiltinEmbedder } from '../../src/core/semantic/embedGraph.ts';
import { computeSimilarEdges } from '../../src/core/semantic/similarEdges.ts';
import { SCHEMA_VERSION } from '../../src/core/store/schema.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { indexDemo } from '../cypher/demoGraph.ts';

const openMemory = memoryConnections();

let source: SqlConnection;
let bundle: Uint8Array;
const dir = mkdtempSync(join(tmpdir(), 'ranger-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function search(conn: SqlConnection): Promise<number[]> {
  const engine = await createSearchEngine(conn, {
    embedderId: 'builtin:lexical',
    queryEmbedder: (s) => loadBuiltinEmbedder(conn, s),
    reranker: new LexicalReranker(),
  });
  const r = await engine.run({ question: 'apply a discount to a price', method: 'mcts', k: 5, params: { seed: 7 } });
  return r.results.map((h) => h.id);
}

/**
 * Every table as sorted JSON rows: equality of two databases, cell by cell. The node rows are
 * compared through the `nodes` view, as the bundle carries them: how a row stores its code
 * (offsets into files.text, or the code itself after an import) is the database's own affair.
 */
async function dump(conn: SqlConnection): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of (await listTables(conn)).map((name) => (name === 'node_rows' ? 'nodes' : name))) {
    const rows = await conn.query(`SELECT * FROM "${t}"`);
    out[t] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

beforeAll(async () => {
  source = (await indexDemo()).conn;
  await describeGraph(source, null);
  await embedGraph(source, new LexicalEmbedder());
  await computeSimilarEdges(source, { model: 'builtin:lexical', source: 'code', eps: 0.7, k: 3 });
  await source.run(`INSERT INTO runs BY NAME SELECT 1 AS id, 'mcts' AS kind, '{"question":"q"}' AS payload`);
  bundle = bundleBytes(await exportBundle(source));
}, 120_000);

describe('repo bundles', () => {
  it('export -> import into a fresh duckdb-wasm: the same tables, rows, counts and search results', async () => {
    const target = await openMemory();
    const manifest = await importBundle(target, bundle);
    expect(manifest.schema_version).toBe(SCHEMA_VERSION);
    expect(manifest.repo_name).toBe('shopkit');
    expect(manifest.models.map((m) => m.source).sort()).toEqual(['code', 'description']);
    expect(manifest.counts.edges.SIMILAR).toBeGreaterThan(0);
    expect(await dump(target)).toEqual(await dump(source));
    expect(await search(target)).toEqual(await search(source));
  }, 60_000);

  it('imports into a @duckdb/node-api file (the CLI engine) with vectors intact, and exports from it again', async () => {
    const file = join(dir, 'g.duckdb');
    const target = await openNodeDatabase(file);
    try {
      await importBundle(target, bundle);
      expect(await dump(target)).toEqual(await dump(source));
      const again = await exportBundle(target);
      const back = await openMemory();
      await importBundle(back, bundleBytes(again));
      expect(await dump(back)).toEqual(await dump(source));
    } finally {
      await target.close();
    }
  }, 60_000);

  it('refuses a damaged bundle (a flipped byte in a table) with a clear error and leaves the target as it was', async () => {
    const files = unzipSync(bundle);
    const nodes = files['tables/nodes.arrow']!;
    nodes[Math.floor(nodes.length / 2)] ^= 0xff;
    const damaged = zipSync(files);
    const target = await openMemory();
    await importBundle(target, bundle);
    const before = await dump(target);
    await expect(importBundle(target, damaged)).rejects.toThrow(/Damaged bundle: tables\/nodes\.arrow does not match its checksum/);
    await expect(importBundle(target, bundle.slice(0, bundle.length >> 1))).rejects.toThrow(/Damaged bundle|Not a Ranger bundle/);
    expect(await dump(target)).toEqual(before);
  }, 60_000);

  it('says a bundle from a newer schema needs a newer Ranger Studio', () => {
    const files = unzipSync(bundle);
    const manifest = JSON.parse(new TextDecoder().decode(files[MANIFEST_FILE]));
    manifest.schema_version = SCHEMA_VERSION + 1;
    files[MANIFEST_FILE] = new TextEncoder().encode(JSON.stringify(manifest));
    let error: unknown;
    try {
      readBundle(zipSync(files));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(new RegExp(`newer Ranger Studio \\(schema ${SCHEMA_VERSION + 1}.*Update Ranger Studio`));
  });

  it('refuses a zip that is not a bundle', () => {
    expect(() => readBundle(zipSync({ 'a.py': new TextEncoder().encode('x = 1') }))).toThrow(/Not a Ranger bundle: manifest.json is missing/);
  });
});
