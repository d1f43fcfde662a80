/**
 * @file One naming in the CLI (core/graph/displayName.ts) on psf/black's src layout
 * (e2e/fixtures/black-23.1.0.zip): `search`, `cypher` (whole nodes in a row table) and `agent`
 * name nodes by their import name (`black.cache.read_cache`), never by the path-based qualified
 * name (`src.black.…`), with the path beside; the JSON keeps both.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDb, ranger, rangerJson as json, repoRoot, scratchDir } from './runCli.ts';

const dir = scratchDir('ranger-naming-cli-');
const db = join(dir, 'black.duckdb');

beforeAll(() => buildDb(db, [['index', join(repoRoot, 'e2e', 'fixtures', 'black-23.1.0.zip')]]), 240_000);

describe('the CLI names nodes by their import name, the path beside', () => {
  it('search: results as black.…, qualified_name and import_name in the JSON', async () => {
    const text = await ranger('search', '--db', db, 'read the cache file of formatted sources', '--k', '5');
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.split('\n').filter((line) => /^\s+\d+\. /.test(line));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/ (black|blackd|blib2to3)\.\S+ {2}src\/\S+\.py:\d+/);
    expect(text.stdout).not.toMatch(/src\.black/);
    const out = await json('search', '--db', db, 'read the cache file of formatted sources', '--k', '5');
    for (const r of out.results as { qualified_name: string; import_name?: string; file_path: string }[]) {
      expect(r.qualified_name.startsWith('src.')).toBe(true);
      expect(r.import_name).toBe(r.qualified_name.slice('src.'.length));
    }
  }, 120_000);

  it('cypher: a whole node in the row table reads as kind, import name and place; n.import_name is a property', async () => {
    const query = "MATCH (f:Function {name: 'read_cache'}) RETURN f, f.import_name AS imported";
    const text = await ranger('cypher', '--db', db, query);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/Function black\.cache\.read_cache {2}src\/black\/cache\.py:\d+/);
    expect(text.stdout).not.toMatch(/src\.black/);
    const rows = JSON.parse((await ranger('cypher', '--db', db, query, '--json')).stdout) as { f: { qualified_name: string }; imported: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ f: { qualified_name: 'src.black.cache.read_cache' }, imported: 'black.cache.read_cache' });
  }, 60_000);

  it('agent: tool outputs, the answer and the cited nodes by import name', async () => {
    const text = await ranger('agent', '--db', db, 'what does read_cache do?');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/#\d+ Function black\.cache\.read_cache {2}src\/black\/cache\.py:\d+/);
    const cited = text.stdout.slice(text.stdout.indexOf('\ncited:'));
    expect(cited).toMatch(/\n {2}#\d+ (Function|Method|Class) (black|blackd|blib2to3)\.\S+ {2}src\//);
    expect(text.stdout).not.toMatch(/src\.black/);
  }, 120_000);
});
