/**
 * @file The derived tables (store/derivedTables.ts) always equal what they derive from: each
 * node's member edges counted and the IMPORTS + USES edges summed per module pair, computed here
 * from node_rows and edges in plain SQL of their own (the fingerprint's digest by its own select),
 * after a full index, after an incremental
 * re-index that moves a call across modules (and each candidate's lowercased text), on a database stored before them (schema 3: opened
 * writable it gets them, opened read-only it reads views), and after a bundle's round trip (the
 * bundle leaves them out), stored (a big graph) or as views (a smaller one). The overview and
 * children reads return those figures.
 * Real parse (tree-sitter), real stitcher, real DuckDB (@duckdb/node-api) on temp files.
 * Runs in: Node (vitest).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { bundleBytes, exportBundle } from '../../src/core/bundle/exportBundle.ts';
import { importBundle } from '../../src/core/bundle/importBundle.ts';
import { extractorFor } from '../../src/core/languages/implementations.ts';
import { parseSourceFiles } from '../../src/core/parse/parseFile.ts';
import { indexRepository } from '../../src/core/pipeline/indexRepository.ts';
import { moduleLinkList, overviewModuleList, readChildren, readPackageOverview } from '../../src/core/reads/graphSlices.ts';
import { dropDerivedTables, GRAPH_DIGEST_SELECT, NAME_INDEX, writeDerivedTables } from '../../src/core/store/derivedTables.ts';
import { SCHEMA_VERSION } from '../../src/core/store/schema.ts';
import { readSchemaVersion } from '../../src/core/store/schemaUpgrade.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';

const dir = mkdtempSync(join(tmpdir(), 'ranger-derived-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MODELS = ['class Item:', '    price = 0', '    def total(self):', '        return self.price', '', 'class Cart:', '    def add(self, item):', '        return item.total()', ''].join('\n');
const SHOP = ['from models import Cart, Item', '', 'def checkout(cart: Cart):', '    return cart.add(Item())', ''].join('\n');
const REPORT = ['from models import Item', '', 'def report(item: Item):', '    return item.total()', ''].join('\n');
/** report.py no longer uses models (its call moved into shop.py). */
const REPORT_ALONE = ['def report(item):', '    return 0', ''].join('\n');

type Files = Record<string, string>;

async function index(file: string, files: Files, incremental = false): Promise<void> {
  const conn = await openNodeDatabase(file);
  const parsers = await createNodeParsers();
  const encoder = new TextEncoder();
  await indexRepository(
    { kind: 'files', name: 'shop', files: Object.entries(files).map(([path, text]) => ({ path, data: encoder.encode(text) })) },
    { parseFiles: async (sources) => parseSourceFiles(parsers, await sources.all(), extractorFor), conn },
    incremental ? { incremental: { previous: conn } } : {},
  );
  // On the connection that wrote the graph (opening a database again would write them too).
  await expectDerivedEqualComputed(conn);
  await conn.close?.();
}

/** The derived tables' rows as they hold them (stored), and as computed here (computed). */
async function stored(conn: SqlConnection) {
  const counts = await conn.query('SELECT id, members FROM member_counts ORDER BY id');
  const links = await conn.query('SELECT src, dst, weight FROM module_links ORDER BY src, dst');
  const digest = await conn.query('SELECT * FROM graph_digest');
  const texts = await conn.query('SELECT id, nm, txt FROM search_texts ORDER BY id');
  return { counts, links, digest, texts };
}

/** The database's index names, sorted. */
async function indexNames(conn: SqlConnection): Promise<string[]> {
  return (await conn.query('SELECT index_name AS n FROM duckdb_indexes() ORDER BY n')).map((r) => String(r.n));
}

/** IMPORTS + USES edges summed per pair of distinct modules, each end's module found by its file. */
function computedLinks(conn: SqlConnection) {
  return conn.query(
    `SELECT ms.id AS src, md.id AS dst, count(*) AS weight FROM edges e
     JOIN node_rows a ON a.id = e.src JOIN node_rows b ON b.id = e.dst
     JOIN node_rows ms ON ms.kind = 'Module' AND ms.file_path = a.file_path
     JOIN node_rows md ON md.kind = 'Module' AND md.file_path = b.file_path
     WHERE (e.type = 'IMPORTS' OR e.type = 'USES') AND ms.id <> md.id GROUP BY ms.id, md.id ORDER BY src, dst`,
  );
}

async function computed(conn: SqlConnection) {
  const counts = await conn.query(
    "SELECT src AS id, count(*) AS members FROM edges WHERE type = 'CONTAINS' OR type = 'HAS_METHOD' OR type = 'HAS_FIELD' GROUP BY src ORDER BY id",
  );
  const links = await computedLinks(conn);
  const digest = await conn.query(GRAPH_DIGEST_SELECT);
  const texts = await conn.query(
    "SELECT id, lower(name) AS nm, lower(concat_ws(' ', qualified_name, signature, docstring)) AS txt FROM nodes WHERE kind = 'Function' OR kind = 'Method' OR kind = 'Class' ORDER BY id",
  );
  return { counts, links, digest, texts };
}

async function expectDerivedEqualComputed(conn: SqlConnection): Promise<Awaited<ReturnType<typeof stored>>> {
  const held = await stored(conn);
  expect(held).toEqual(await computed(conn));
  expect(held.counts.length).toBeGreaterThan(0);
  return held;
}

/** What the derived names are: 'BASE TABLE' each (stored) or 'VIEW' each. */
async function kinds(conn: SqlConnection): Promise<string[]> {
  const rows = await conn.query(
    "SELECT DISTINCT table_type AS k FROM information_schema.tables WHERE table_name IN ('member_counts', 'module_links', 'graph_digest', 'search_texts')",
  );
  return rows.map((r) => String(r.k));
}

/** The pair of modules a link joins, by their files. */
async function linkedFiles(conn: SqlConnection): Promise<string[]> {
  const rows = await conn.query(
    `SELECT s.file_path AS a, d.file_path AS b FROM module_links l JOIN node_rows s ON s.id = l.src JOIN node_rows d ON d.id = l.dst ORDER BY a, b`,
  );
  return rows.map((r) => `${r.a} -> ${r.b}`);
}

describe('derived tables', () => {
  const file = join(dir, 'shop.duckdb');

  it('a full index writes them (views on a small graph, stored on a big one); the overview and children reads give their figures', async () => {
    await index(file, { 'models.py': MODELS, 'shop.py': SHOP, 'report.py': REPORT });
    const conn = await openNodeDatabase(file);
    try {
      expect(await kinds(conn)).toEqual(['VIEW']);
      const viewed = await expectDerivedEqualComputed(conn);
      // Stored as a big graph stores them (its threshold lowered to this graph's size).
      expect(await indexNames(conn)).toEqual(['files_path', 'nodes_id']);
      await writeDerivedTables(conn, 0);
      expect(await kinds(conn)).toEqual(['BASE TABLE']);
      // With the name index a big graph's Cypher lookups by name read (cypher/emitMatch.ts).
      expect(await indexNames(conn)).toEqual(['files_path', 'nodes_id', NAME_INDEX]);
      expect(await expectDerivedEqualComputed(conn)).toEqual(viewed);
      expect(await linkedFiles(conn)).toEqual(['report.py -> models.py', 'shop.py -> models.py']);
      const overview = await readPackageOverview(conn);
      const modules = overviewModuleList(overview.modules);
      expect(modules.map((m) => m.filePath).sort()).toEqual(['models.py', 'report.py', 'shop.py']);
      const models = modules.find((m) => m.filePath === 'models.py')!;
      expect(models.children).toBe(2); // Item, Cart
      const cart = (await readChildren(conn, models.id)).nodes.find((n) => n.name === 'Cart')!;
      expect(cart.children).toBe(1);
      const item = (await readChildren(conn, models.id)).nodes.find((n) => n.name === 'Item')!;
      const members = await readChildren(conn, item.id);
      expect(members.nodes.map((n) => n.name).sort()).toEqual(['price', 'total']);
      expect(item.children).toBe(2);
      expect(members.hidden).toBe(0);
      expect(moduleLinkList(overview.links).reduce((sum, l) => sum + l.weight, 0)).toBeGreaterThan(overview.links.src.length - 1);
      await conn.run(`DROP INDEX ${NAME_INDEX}`);
      await conn.run('DROP INDEX files_path');
    } finally {
      await conn.close?.();
    }
    // A big graph stored before the name index (or the file path index) gets it when opened writable.
    const reopened = await openNodeDatabase(file);
    try {
      expect(await indexNames(reopened)).toEqual(['files_path', 'nodes_id', NAME_INDEX]);
    } finally {
      await reopened.close?.();
    }
  });

  it('an incremental re-index keeps them equal to the graph (a link gone)', async () => {
    const before = await openNodeDatabase(file);
    const { digest } = await stored(before);
    expect(await kinds(before)).toEqual(['BASE TABLE']);
    await before.close?.();
    await index(file, { 'models.py': MODELS, 'shop.py': SHOP, 'report.py': REPORT_ALONE }, true);
    const conn = await openNodeDatabase(file);
    try {
      // The re-index replaced the stored ones (this graph is small: views, and no name index).
      expect(await kinds(conn)).toEqual(['VIEW']);
      expect(await indexNames(conn)).toEqual(['files_path', 'nodes_id']);
      expect((await expectDerivedEqualComputed(conn)).digest).not.toEqual(digest);
      expect(await linkedFiles(conn)).toEqual(['shop.py -> models.py']);
    } finally {
      await conn.close?.();
    }
  });

  it('a database stored before them: opened read-only it reads views, opened writable it gets them', async () => {
    const old = join(dir, 'old.duckdb');
    await index(old, { 'models.py': MODELS, 'shop.py': SHOP, 'report.py': REPORT });
    const before = await openNodeDatabase(old);
    await writeDerivedTables(before, 0);
    const expected = await stored(before);
    await dropDerivedTables(before);
    expect(await kinds(before)).toEqual([]);
    await before.run("UPDATE meta SET value = '3' WHERE key = 'schema_version'");
    await before.close?.();

    const readOnly = await openNodeDatabase(old, { readOnly: true });
    try {
      expect(await stored(readOnly)).toEqual(expected);
      expect((await readPackageOverview(readOnly)).links.src.length).toBe(2);
      expect(await readSchemaVersion(readOnly)).toBe(3);
    } finally {
      await readOnly.close?.();
    }
    const writable = await openNodeDatabase(old);
    try {
      expect(await readSchemaVersion(writable)).toBe(SCHEMA_VERSION);
      expect(await kinds(writable)).toEqual(['VIEW']);
      expect(await expectDerivedEqualComputed(writable)).toEqual(expected);
    } finally {
      await writable.close?.();
    }
  });

  it("written in the transaction that wrote the graph (the optimizer has no statistics of its rows), module_links joins the two modules only through edges", async () => {
    // The CLI's index writes a graph and its derived tables in one transaction. There, a
    // nested-loop join of every node's module with every other's (929k x 929k on 50,000 files)
    // looked as cheap as any plan, and the index never ended.
    const conn = await openNodeDatabase(join(dir, 'in-transaction.duckdb'));
    try {
      await conn.run(`ATTACH '${file}' AS source (READ_ONLY)`);
      await conn.run('BEGIN TRANSACTION');
      await conn.run('CREATE TABLE node_rows AS SELECT * FROM source.node_rows');
      await conn.run('CREATE TABLE edges AS SELECT * FROM source.edges');
      await writeDerivedTables(conn, Number.POSITIVE_INFINITY);
      const plan = (await conn.query('EXPLAIN SELECT * FROM module_links')).map((r) => String(r.explain_value)).join('\n');
      expect(plan).toContain('HASH_JOIN');
      expect(plan).not.toMatch(/NESTED_LOOP_JOIN|CROSS_PRODUCT|BLOCKWISE_NL_JOIN|PIECEWISE_MERGE_JOIN/);
      await writeDerivedTables(conn, 0);
      const links = await conn.query('SELECT src, dst, weight FROM module_links ORDER BY src, dst');
      expect(links.length).toBeGreaterThan(0);
      expect(links).toEqual(await computedLinks(conn));
      await conn.run('COMMIT');
    } finally {
      await conn.close?.();
    }
  });

  it('a bundle leaves them out and its import computes them', async () => {
    const source = await openNodeDatabase(file);
    const exported = await exportBundle(source);
    const { manifest } = exported;
    const bytes = bundleBytes(exported);
    const expected = await stored(source);
    await source.close?.();
    expect(manifest.tables.map((t) => t.name)).not.toContain('member_counts');
    expect(manifest.tables.map((t) => t.name)).not.toContain('module_links');
    const target = await openNodeDatabase(join(dir, 'imported.duckdb'));
    try {
      await importBundle(target, bytes);
      expect(await expectDerivedEqualComputed(target)).toEqual(expected);
    } finally {
      await target.close?.();
    }
  });
});
