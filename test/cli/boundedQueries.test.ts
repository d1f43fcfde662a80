/**
 * @file Big and runaway answers through the real CLI, on the indexed demo repo (a copy of the run's
 * shared database): a 150,000-row answer prints whole with
 * `--max-rows 0`, with `--json` and without (the text table no longer spreads every row into
 * one call); a cross product is cut at the default 10,000 rows with a labelled note on stderr;
 * a query that would run for minutes stops at `--timeout` with a sentence that says so, and the
 * database answers the next query as before. Row order survives the cap.
 * Runs in: Node (vitest).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cappedSql } from '../../src/core/store/boundedQuery.ts';
import { DEMO_INDEXED, ranger, scratchDir, sharedDb } from './runCli.ts';

const dir = scratchDir('ranger-bounded-cli-');
const db = join(dir, 'demo.duckdb');

beforeAll(() => sharedDb(dir, 'demo.duckdb', DEMO_INDEXED), 120_000);

describe('bounded queries in the CLI', () => {
  it('prints a 150,000-row answer whole with --max-rows 0, as JSON and as a table', async () => {
    const sql = 'SELECT range AS i, 149999 - range AS j FROM range(150000)';
    const json = await ranger('sql', sql, '--db', db, '--max-rows', '0', '--json');
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as unknown[]).length).toBe(150_000);
    const text = await ranger('sql', sql, '--db', db, '--max-rows', '0');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.trimEnd().endsWith('(150000 rows)')).toBe(true);
    expect(text.stderr).toBe('');
  }, 120_000);

  it('cuts a cross product at the default cap and says so; the order of the answer is kept', async () => {
    const r = await ranger('cypher', 'MATCH (a), (b) RETURN a.id AS a, b.id AS b ORDER BY a DESC, b DESC', '--db', db, '--json');
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as { a: number; b: number }[];
    expect(rows.length).toBe(10_000);
    expect(r.stderr).toMatch(/Showing the first 10,000 rows of more than 10,000 \(raise --max-rows N, or 0 for all to see more\)/);
    const sorted = [...rows].sort((x, y) => y.a - x.a || y.b - x.b);
    expect(rows).toEqual(sorted);
    const all = await ranger('cypher', 'MATCH (a), (b) RETURN a.name, b.name', '--db', db, '--max-rows', '0');
    expect(all.code, all.stderr).toBe(0);
    const n = Number(/\((\d+) rows\)\s*$/.exec(all.stdout)?.[1]);
    expect(n).toBeGreaterThan(120_000); // the size that overflowed the stack before
  }, 120_000);

  it('stops a runaway query at --timeout with a clear sentence, and the database answers after', async () => {
    const r = await ranger('cypher', 'MATCH (a), (b), (c), (d) RETURN count(*) AS n', '--db', db, '--timeout', '1');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ran past its time limit of 1 s and was stopped.*raise --timeout S/);
    const after = await ranger('cypher', 'MATCH (c:Class) RETURN count(c) AS n', '--db', db, '--json');
    expect(after.code, after.stderr).toBe(0);
    expect((JSON.parse(after.stdout) as { n: number }[])[0]!.n).toBeGreaterThan(10);
  }, 120_000);
});

describe('cappedSql', () => {
  it('wraps a SELECT (comments and a trailing semicolon too) and leaves other statements alone', () => {
    expect(cappedSql('SELECT 1;', 5)).toBe('SELECT * FROM (\nSELECT 1\n) AS bounded_answer LIMIT 6');
    expect(cappedSql('-- top\nWITH x AS (SELECT 1) SELECT * FROM x', 2)).toMatch(/LIMIT 3$/);
    expect(cappedSql('PRAGMA table_info(nodes)', 5)).toBe('PRAGMA table_info(nodes)');
    expect(cappedSql('SELECT 1', 0)).toBe('SELECT 1');
  });
});
