/**
 * @file Schema versions on open (schemaUpgrade.ts): a version-2 database (file_irs as written
 * before compact rows were stamped) opens as the current version with its graph and FileIRs
 * intact; a database from a newer Ranger Studio is refused, writable or read-only, with a
 * message that says what to do, and its file is left byte for byte as it was.
 * Real parse (tree-sitter), real stitcher, real DuckDB (@duckdb/node-api) on temp files.
 * Runs in: Node (vitest).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { parseSourceFiles } from '../../src/core/parse/parseFile.ts';
import { indexRepository } from '../../src/core/pipeline/indexRepository.ts';
import { readPreviousGraph, releasePrevious, reusedPaths, storedIRs } from '../../src/core/pipeline/incremental.ts';
import { SCHEMA_VERSION } from '../../src/core/store/schema.ts';
import { readSchemaVersion } from '../../src/core/store/schemaUpgrade.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { extractorFor } from '../../src/core/languages/implementations.ts';

const dir = mkdtempSync(join(tmpdir(), 'ranger-schema-version-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SHOP = ['class Cart:', '    def add(self, item):', '        self.items.append(item)', '', 'def checkout(cart):', '    return cart.add(1)', ''].join('\n');

async function indexedDatabase(file: string): Promise<void> {
  const conn = await openNodeDatabase(file);
  const parsers = await createNodeParsers();
  await indexRepository(
    { kind: 'files', name: 'shop', files: [{ path: 'shop.py', data: new TextEncoder().encode(SHOP) }] },
    { parseFiles: async (sources) => parseSourceFiles(parsers, await sources.all(), extractorFor), conn },
    {},
  );
  await conn.close?.();
}

async function stamp(file: string, version: number): Promise<void> {
  const conn = await openNodeDatabase(file);
  await conn.run(`UPDATE meta SET value = '${version}' WHERE key = 'schema_version'`);
  await conn.close?.();
}

/** Rewrites the stamp to the current version without this build's open check (raw node-api). */
async function stampPastTheCheck(file: string): Promise<void> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(file);
  const conn = await instance.connect();
  await conn.run(`UPDATE meta SET value = '${SCHEMA_VERSION}' WHERE key = 'schema_version'`);
  conn.closeSync();
  instance.closeSync();
}

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const names = async (conn: SqlConnection) => (await conn.query("SELECT name FROM nodes WHERE kind <> 'Repo' ORDER BY name")).map((r) => r.name);

describe('schema versions on open', () => {
  it('stamps a version-2 database as the current version; its graph and FileIRs read back', async () => {
    const file = join(dir, 'v2.duckdb');
    await indexedDatabase(file);
    await stamp(file, 2);
    const conn = await openNodeDatabase(file);
    expect(await readSchemaVersion(conn)).toBe(SCHEMA_VERSION);
    expect(await names(conn)).toEqual(['Cart', 'add', 'checkout', 'shop']);
    const hash = String((await conn.query("SELECT sha256 FROM files WHERE path = 'shop.py'"))[0]!.sha256);
    const previous = await readPreviousGraph(conn, false);
    const [stored] = await collect(storedIRs(previous, reusedPaths(previous, new Map([['shop.py', hash]]))));
    expect(stored?.irs.map((ir) => ir.path)).toEqual(['shop.py']);
    expect(stored?.irs[0]!.entities.map((e) => e.name)).toEqual(['Cart', 'add', 'checkout']);
    await releasePrevious(previous);
    await conn.close?.();
  });

  it('refuses a database from a newer Ranger Studio, writable or read-only, and leaves its file as it was', async () => {
    const file = join(dir, 'newer.duckdb');
    await indexedDatabase(file);
    await stamp(file, SCHEMA_VERSION + 1);
    const before = digest(file);
    const message = new RegExp(`newer Ranger Studio \\(schema ${SCHEMA_VERSION + 1}; this version reads schema ${SCHEMA_VERSION} or older\\)\\. Update Ranger Studio`);
    await expect(openNodeDatabase(file)).rejects.toThrow(message);
    await expect(openNodeDatabase(file, { readOnly: true })).rejects.toThrow(message);
    expect(digest(file)).toBe(before);
    // Refused, not locked: stamped back, the same file opens with its graph.
    await stampPastTheCheck(file);
    const conn = await openNodeDatabase(file, { readOnly: true });
    expect(await names(conn)).toEqual(['Cart', 'add', 'checkout', 'shop']);
    await conn.close?.();
  });
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
