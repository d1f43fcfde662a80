/**
 * @file `ranger export` / `ranger import` as child processes: a bundle round trip between two
 * database files (from the indexed and embedded demo, a copy of the run's shared database) (same counts), a damaged bundle refused with the target untouched, and the
 * neo4j / kuzu CSV exports with their headers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMBEDDED, ranger, rangerJson as json, scratchDir, sharedDb } from './runCli.ts';

const dir = scratchDir('ranger-bundle-cli-');
const a = join(dir, 'a.duckdb');
const g = join(dir, 'g.duckdb');
const zip = join(dir, 'bundle.zip');

beforeAll(() => sharedDb(dir, 'a.duckdb', DEMO_EMBEDDED), 180_000);

describe('ranger export / import', () => {
  it('exports a bundle and imports it into another file with the same counts', async () => {
    const out = await json('export', '--db', a, '--out', zip);
    expect(out.bytes).toBeGreaterThan(1000);
    const imported = await json('import', zip, '--db', g);
    expect(imported.counts).toEqual(out.counts);
    expect(imported.tables).toEqual(out.tables);
    const rows = await json('sql', '--db', g, "SELECT count(*) AS n FROM edges WHERE type = 'SIMILAR'");
    expect((rows as unknown as { n: number }[])[0].n).toBe((out.counts as { edges: Record<string, number> }).edges.SIMILAR);
  }, 120_000);

  it('refuses a damaged bundle with a clear message and leaves the database as it was', async () => {
    const bytes = readFileSync(zip);
    const bad = join(dir, 'bad.zip');
    writeFileSync(bad, bytes.subarray(0, bytes.length - 200));
    const r = await ranger('import', bad, '--db', g);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ranger: (Damaged bundle|Not a Ranger bundle)/);
    const rows = await json('sql', '--db', g, 'SELECT count(*) AS n FROM nodes');
    expect((rows as unknown as { n: number }[])[0].n).toBeGreaterThan(500);
  }, 60_000);

  it('writes neo4j-admin and kuzu files with their headers', async () => {
    const neo = await json('export', '--db', a, '--out', join(dir, 'neo'), '--format', 'neo4j');
    expect(neo.files).toEqual(['nodes.csv', 'relationships.csv']);
    const nodes = readFileSync(join(dir, 'neo', 'nodes.csv'), 'utf8');
    expect(nodes.split('\n')[0]).toMatch(/^id:ID,kind,name:string,.*,:LABEL$/);
    expect(readFileSync(join(dir, 'neo', 'relationships.csv'), 'utf8').split('\n')[0]).toBe(':START_ID,:END_ID,:TYPE,detail');
    const kuzu = await json('export', '--db', a, '--out', join(dir, 'kuzu'), '--format', 'kuzu');
    expect(kuzu.files).toContain('schema.cypher');
    expect(readFileSync(join(dir, 'kuzu', 'schema.cypher'), 'utf8')).toMatch(/CREATE NODE TABLE Class\(id INT64, .*PRIMARY KEY \(id\)\);/);
    expect(readFileSync(join(dir, 'kuzu', 'copy.cypher'), 'utf8')).toMatch(/COPY CONTAINS FROM 'CONTAINS_Repo_Module.csv' \(HEADER=true, PARALLEL=false, from='Repo', to='Module'\);/);
  }, 60_000);
});
