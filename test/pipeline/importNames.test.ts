/**
 * @file Every node's import name (nodes.import_name, core/graph/importNames.ts) through the real
 * pipeline (tree-sitter in process, duckdb-wasm in memory, entity rows stored during the parse as
 * the app's workers hand them over): a src layout, a flat layout, Java, Go, Rust and Ruby from
 * the language fixtures, TypeScript (none); the rows stored during the parse name definitions as
 * the stitch does; a graph stored before definitions had import names gets the same ones on
 * open, in place (node_rows) and from a version-1 nodes table (what a bundle import copies).
 * Runs in: Node (vitest).
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { stitch } from '../../src/core/graph/stitch.ts';
import { parseSourceFiles } from '../../src/core/parse/parseFile.ts';
import type { ParsedListener } from '../../src/core/parse/parsePool.ts';
import { indexRepository } from '../../src/core/pipeline/indexRepository.ts';
import type { IndexDeps } from '../../src/core/pipeline/indexRepository.ts';
import { upgradeSchema } from '../../src/core/store/schemaUpgrade.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { parseFixture } from '../fixtures/stitch/parseFixture.ts';
import { filesBelow } from '../filesBelow.ts';
import { extractorFor, resolverFor } from '../../src/core/languages/implementations.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
let parsers: Awaited<ReturnType<typeof createNodeParsers>>;

beforeAll(async () => {
  parsers = await createNodeParsers();
});

/** Like the worker pool: batches of two, each handed on as it is done (entity rows go out early). */
const pool: IndexDeps['parseFiles'] = async (pending, onProgress, _signal, onParsed?: ParsedListener) => {
  const sources = await pending.all();
  const irs = [];
  for (let i = 0; i < sources.length; i += 2) {
    const batch = sources.slice(i, i + 2);
    const parsed = await parseSourceFiles(parsers, batch, extractorFor);
    onParsed?.(batch, parsed);
    irs.push(...parsed);
    onProgress(irs.length, sources.length);
  }
  return irs;
};

async function indexed(folder: string): Promise<SqlConnection> {
  const root = join(FIXTURES, folder);
  const files = filesBelow(root).map((path) => ({ path: relative(root, path), data: new Uint8Array(readFileSync(path)) }));
  const conn = await openWasmMemoryConnection();
  await indexRepository({ kind: 'files', name: 'fixture', files }, { parseFiles: pool, conn }, {});
  return conn;
}

async function importNames(conn: SqlConnection): Promise<Record<string, string | null>> {
  const rows = await conn.query("SELECT kind, qualified_name, import_name FROM nodes WHERE kind <> 'Repo' ORDER BY id");
  return Object.fromEntries(rows.map((r) => [`${String(r.kind)} ${String(r.qualified_name)}`, (r.import_name as string | null) ?? null]));
}

const FOLDERS = ['stitch/pyshop', 'stitch/a2', 'languages/java/a2', 'languages/go/a2', 'languages/rust/a2', 'languages/ruby/a2', 'stitch/web'];
const graphs = new Map<string, SqlConnection>();
const graph = async (folder: string) => graphs.get(folder) ?? graphs.set(folder, await indexed(folder)).get(folder)!;

describe('nodes.import_name', () => {
  it('a src layout: modules and definitions by the name Python imports them by', async () => {
    const names = await importNames(await graph('stitch/pyshop'));
    expect(names).toMatchObject({
      'Module src.shop': 'shop',
      'Module src.shop.models': 'shop.models',
      'Class src.shop.models.Product': 'shop.models.Product',
      'Method src.shop.models.Item.store': 'shop.models.Item.store',
      'Function src.shop.util.text.slugify': 'shop.util.text.slugify',
      // A loose script imports as its file name (its folder is on sys.path).
      'Module scripts.run': 'run',
    });
  }, 60_000);

  it('a flat layout: the import name is the qualified name', async () => {
    const names = await importNames(await graph('stitch/a2'));
    expect(Object.keys(names).length).toBeGreaterThan(5);
    for (const [key, imported] of Object.entries(names)) expect(imported).toBe(key.slice(key.indexOf(' ') + 1));
  }, 60_000);

  it('Java, Go, Rust and Ruby name definitions as their code does; TypeScript has no import names', async () => {
    expect(await importNames(await graph('languages/java/a2'))).toMatchObject({
      'Module Base': 'a2.Base',
      'Class Base.Calculator': 'a2.Calculator',
      'Class Base.Base': 'a2.Base',
      'Method Base.Calculator.add': 'a2.Calculator.add',
    });
    expect(await importNames(await graph('languages/go/a2'))).toMatchObject({
      'Module base.base': 'example.com/a2/base',
      'Class base.base.Calculator': 'example.com/a2/base.Calculator',
      'Function base.base.FormatResult': 'example.com/a2/base.FormatResult',
    });
    expect(await importNames(await graph('languages/rust/a2'))).toMatchObject({
      'Module base': 'crate::base',
      'Method base.Calculator.add': 'crate::base::Calculator::add',
    });
    expect(await importNames(await graph('languages/ruby/a2'))).toMatchObject({
      'Module base': 'base',
      'Class base.Calculator': 'Calculator',
      'Method base.Calculator.add': 'Calculator::add',
    });
    const web = await importNames(await graph('stitch/web'));
    expect(Object.keys(web).length).toBeGreaterThan(5);
    expect(Object.values(web).every((imported) => imported === null)).toBe(true);
  }, 120_000);

  it('the rows stored during the parse name definitions as the stitch does', async () => {
    for (const folder of FOLDERS) {
      const { files, configs } = await parseFixture(join('test', 'fixtures', folder));
      // parseFixture keeps the fixture's top folder in paths (the pipeline strips it): compare by kind and import name.
      const stitched = stitch('fixture', files, configs, { resolverFor }).graph.nodes.filter((n) => n.kind !== 'Repo');
      const expected = stitched.map((n) => `${n.kind} ${n.import_name}`).sort();
      const stored = await (await graph(folder)).query("SELECT kind, import_name FROM nodes WHERE kind <> 'Repo'");
      expect(stored.map((r) => `${String(r.kind)} ${(r.import_name as string | null) ?? null}`).sort(), folder).toEqual(expected);
    }
  }, 120_000);

  it('fills the definitions of a graph stored before they had import names, on open, in place and from a version-1 table', async () => {
    for (const folder of FOLDERS) {
      const conn = await graph(folder);
      const expected = await importNames(conn);
      await conn.run("UPDATE node_rows SET import_name = NULL WHERE kind NOT IN ('Repo', 'Module')");
      await upgradeSchema(conn);
      expect(await importNames(conn), `${folder} in place`).toEqual(expected);

      await conn.run("UPDATE node_rows SET import_name = NULL WHERE kind NOT IN ('Repo', 'Module')");
      await conn.run('CREATE TABLE version1 AS SELECT * FROM nodes');
      await conn.run('DROP VIEW nodes');
      await conn.run('DROP TABLE node_rows');
      await conn.run('ALTER TABLE version1 RENAME TO nodes');
      await upgradeSchema(conn);
      expect(await importNames(conn), `${folder} from a version-1 table`).toEqual(expected);
    }
  }, 120_000);
});
