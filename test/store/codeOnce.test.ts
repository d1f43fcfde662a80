/**
 * @file Node code stored once (schema version 2): a fresh index keeps no code copy in
 * node_rows for ASCII files (the nodes view slices files.text), the code read through `nodes`
 * equals the source slice for a class and its methods, a file with an astral character keeps
 * its code in the row, a version-1 database (built here with the old DDL) is upgraded on open,
 * and a version-1 bundle imports. Real parse (tree-sitter), real stitcher, real DuckDB.
 * Runs in: Node (vitest).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { memoryConnections } from '../memoryConnections.ts';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { bundleBytes, exportBundle } from '../../src/core/bundle/exportBundle.ts';
import { readNodesAndEdges } from '../../src/core/reads/graphSlices.ts';
import { importBundle } from '../../src/core/bundle/importBundle.ts';
import { parseSourceFiles } from '../../src/core/parse/parseFile.ts';
import { indexRepository } from '../../src/core/pipeline/indexRepository.ts';
import { createTableSql, NODE_COLUMNS, SCHEMA_VERSION, TABLE_NAMES } from '../../src/core/store/schema.ts';
import { nodesKind, readSchemaVersion } from '../../src/core/store/schemaUpgrade.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { extractorFor } from '../../src/core/languages/implementations.ts';

const openMemory = memoryConnections();

const dir = mkdtempSync(join(tmpdir(), 'ranger-code-once-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SHOP = [
  'class Cart:',
  '    """A cart."""',
  '',
  '    def add(self, item):',
  '        self.items.append(item)',
  '',
  '    def total(self):',
  '        return sum(i.price for i in self.items)',
  '',
  '',
  'def checkout(cart):',
  '    return cart.total()',
  '',
].join('\n');

/** An astral character (two UTF-16 code units, one code point) before a function. */
const EMOJI = ['# sale banner: \u{1F600} 50% off', '', 'def banner():', '    return "\u{1F600} sale"', ''].join('\n');

async function indexFiles(conn: SqlConnection, files: Record<string, string>): Promise<void> {
  const parsers = await createNodeParsers();
  const encoder = new TextEncoder();
  await indexRepository(
    { kind: 'files', name: 'shop', files: Object.entries(files).map(([path, text]) => ({ path, data: encoder.encode(text) })) },
    { parseFiles: async (sources) => parseSourceFiles(parsers, await sources.all(), extractorFor), conn },
    {},
  );
}

async function codeOf(conn: SqlConnection, name: string): Promise<string> {
  const rows = await conn.query(`SELECT code FROM nodes WHERE name = '${name}'`);
  expect(rows).toHaveLength(1);
  return String(rows[0]!.code);
}

/** A method's slice of the source: from its `def` to its last line. */
function slice(text: string, from: string, lastLine: string): string {
  const start = text.indexOf(from);
  return text.slice(start, text.indexOf(lastLine, start) + lastLine.length);
}

describe('node code stored once', () => {
  it('reads the source slice of a class and its methods through nodes, with no code copy in node_rows', async () => {
    const conn = await openMemory();
    await indexFiles(conn, { 'shop.py': SHOP });
    expect(await codeOf(conn, 'Cart')).toBe(slice(SHOP, 'class Cart:', 'return sum(i.price for i in self.items)'));
    expect(await codeOf(conn, 'add')).toBe(slice(SHOP, 'def add', 'self.items.append(item)'));
    expect(await codeOf(conn, 'total')).toBe(slice(SHOP, 'def total', 'return sum(i.price for i in self.items)'));
    expect(await codeOf(conn, 'checkout')).toBe(slice(SHOP, 'def checkout', 'return cart.total()'));
    const [stored] = await conn.query(
      "SELECT count(*) AS rows, count(code) AS with_code, count(code_start) AS with_offsets FROM node_rows WHERE kind IN ('Class', 'Method', 'Function')",
    );
    expect(stored).toEqual({ rows: 4, with_code: 0, with_offsets: 4 });
    // The view keeps the column order of NODE_COLUMNS (SELECT * readers, Arrow exports).
    const columns = await conn.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'nodes' ORDER BY ordinal_position");
    expect(columns.map((c) => c.column_name)).toEqual(NODE_COLUMNS.map((c) => c.name));
    await conn.close?.();
  });

  it('keeps the code in the row for a file with an astral character (offsets would be UTF-16, substring counts code points)', async () => {
    const conn = await openMemory();
    await indexFiles(conn, { 'emoji.py': EMOJI, 'shop.py': SHOP });
    expect(await codeOf(conn, 'banner')).toBe('def banner():\n    return "\u{1F600} sale"');
    expect(await codeOf(conn, 'checkout')).toBe(slice(SHOP, 'def checkout', 'return cart.total()'));
    const rows = await conn.query("SELECT name, code IS NOT NULL AS inline, code_start FROM node_rows WHERE name IN ('banner', 'checkout') ORDER BY name");
    expect(rows).toEqual([
      { name: 'banner', inline: true, code_start: null },
      { name: 'checkout', inline: false, code_start: SHOP.indexOf('def checkout') },
    ]);
    // DuckDB's substring counts code points: the reason for the rule above.
    expect((await conn.query("SELECT substring('a\u{1F600}b', 2, 1) AS s"))[0]!.s).toBe('\u{1F600}');
    await conn.close?.();
  });

  it('upgrades a version-1 database (one nodes table with code) on open; its code reads back and descriptions write', async () => {
    const file = join(dir, 'v1.duckdb');
    const v1 = await openNodeDatabase(file);
    // The version-1 DDL: nodes as a table holding every row's code.
    await v1.run('DROP VIEW IF EXISTS nodes');
    await v1.run(`CREATE TABLE nodes (${NODE_COLUMNS.map((c) => `${c.name} ${c.type}`).join(', ')})`);
    for (const table of TABLE_NAMES) if (table !== 'node_rows') await v1.run(createTableSql(table));
    await v1.run("INSERT INTO meta VALUES ('schema_version', '1'), ('repo_name', 'old')");
    await v1.run("INSERT INTO files VALUES ('a.py', 'python', 20, 'x', 'def f():\n    pass\n')");
    await v1.run(
      "INSERT INTO nodes (id, kind, name, qualified_name, file_path, code) VALUES (0, 'Repo', 'old', 'old', NULL, NULL), " +
        "(1, 'Function', 'f', 'a.f', 'a.py', 'def f():\n    pass')",
    );
    await v1.run('CREATE INDEX nodes_id ON nodes (id)');
    await v1.run('CREATE INDEX nodes_name ON nodes (name)');
    await v1.close?.();

    // Read-only: read as it is (no upgrade), every reader works on the old table.
    const reader = await openNodeDatabase(file, { readOnly: true });
    expect(await nodesKind(reader)).toBe('table');
    expect(await codeOf(reader, 'f')).toBe('def f():\n    pass');
    // The readers that skip the `nodes` view read it through a temporary node_rows view.
    expect((await readNodesAndEdges(reader, [1])).nodes.map((n) => n.qualifiedName)).toEqual(['a.f']);
    const bundle = await exportBundle(reader);
    await reader.close?.();
    expect(bundle.manifest.schema_version).toBe(1);

    const conn = await openNodeDatabase(file);
    expect(await nodesKind(conn)).toBe('view');
    expect(await readSchemaVersion(conn)).toBe(SCHEMA_VERSION);
    expect(await codeOf(conn, 'f')).toBe('def f():\n    pass');
    await conn.run("UPDATE node_rows SET description = 'does f' WHERE id = 1");
    expect((await conn.query('SELECT description FROM nodes WHERE id = 1'))[0]!.description).toBe('does f');
    // The indexes a graph of today has (the version-1 DDL had no file path index).
    const indexes = await conn.query("SELECT index_name, table_name FROM duckdb_indexes() ORDER BY 1");
    expect(indexes).toEqual([
      { index_name: 'files_path', table_name: 'files' },
      { index_name: 'nodes_id', table_name: 'node_rows' },
    ]);
    // A re-index over it replaces the old graph.
    await indexFiles(conn, { 'shop.py': SHOP });
    expect(await codeOf(conn, 'add')).toBe(slice(SHOP, 'def add', 'self.items.append(item)'));
    // The version-1 bundle imports over that graph in the same file, and again after a reopen.
    await importBundle(conn, bundleBytes(bundle));
    expect(await codeOf(conn, 'f')).toBe('def f():\n    pass');
    await conn.close?.();
    const reopened = await openNodeDatabase(file);
    await importBundle(reopened, bundleBytes(bundle));
    expect(await codeOf(reopened, 'f')).toBe('def f():\n    pass');
    expect(await nodesKind(reopened)).toBe('view');
    await reopened.close?.();

    // The version-1 bundle (its nodes table carries the code) imports into node_rows.code.
    const target = await openMemory();
    await importBundle(target, bundleBytes(bundle));
    expect(await nodesKind(target)).toBe('view');
    expect(await codeOf(target, 'f')).toBe('def f():\n    pass');
    await target.close?.();
  });

  it('exports the nodes view with its code and imports it back', async () => {
    const source = await openMemory();
    await indexFiles(source, { 'shop.py': SHOP });
    const bundle = await exportBundle(source);
    expect(bundle.manifest.tables.map((t) => t.name)).toContain('nodes');
    expect(bundle.manifest.tables.map((t) => t.name)).not.toContain('node_rows');
    const target = await openMemory();
    await importBundle(target, bundleBytes(bundle));
    for (const name of ['Cart', 'add', 'total', 'checkout']) expect(await codeOf(target, name)).toBe(await codeOf(source, name));
    expect(await readSchemaVersion(target)).toBe(SCHEMA_VERSION);
    await source.close?.();
    await target.close?.();
  });
});
