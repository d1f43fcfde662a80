/**
 * @file `describe` and `embed` end to end as child processes on the demo repo: index (a copy of the
 * run's shared database) -> describe -> embed -> sql shows descriptions, both embedding sets and SIMILAR edges; plus the error
 * contract (--llm other than none, bad --sources / --eps, a missing database).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INDEXED, ranger, scratchDir, sharedDb } from './runCli.ts';

const dir = scratchDir('ranger-embed-cli-');
const db = join(dir, 'demo.duckdb');

async function sql(query: string): Promise<Record<string, unknown>[]> {
  const r = await ranger('sql', '--db', db, '--json', query);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>[];
}

// --no-embed: the sets below are the ones this file's embed commands store.
beforeAll(() => sharedDb(dir, 'demo.duckdb', DEMO_INDEXED), 120_000);

describe('ranger describe + embed on the demo repo', () => {
  it('describe --json stores structural descriptions for every node', async () => {
    const r = await ranger('describe', '--db', db, '--json');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ state: 'done', generator: 'builtin:structural' });
    expect(out.done).toBe(out.total);
    expect(out.total).toBeGreaterThan(100);
    expect(typeof out.ms).toBe('number');
    const rows = await sql("SELECT count(*) AS n FROM nodes WHERE kind IN ('Function', 'Method', 'Class') AND coalesce(description, '') = ''");
    expect(rows[0].n).toBe(0);
  }, 120_000);

  it('embed --json stores both sets and SIMILAR edges; sql sees them; a re-run replaces', async () => {
    const r = await ranger('embed', '--db', db, '--json', '--model', 'lexical', '--eps', '0.7', '--k', '3');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.model).toBe('builtin:lexical');
    expect(out.builtin).toBe(true);
    expect(out.sets.map((s: { source: string }) => s.source)).toEqual(['description', 'code']);
    expect(out.similar).toMatchObject({ model: 'builtin:lexical', source: 'code', eps: 0.7, k: 3, method: 'exact' });
    expect(out.similar.edges).toBeGreaterThan(0);
    const sets = await sql('SELECT model, source, dim, count FROM embedding_sets ORDER BY source');
    expect(sets.map((s) => [s.model, s.source, s.dim])).toEqual([
      ['builtin:lexical', 'code', 1024],
      ['builtin:lexical', 'description', 1024],
    ]);
    const vectors = await sql("SELECT source, count(*) AS n FROM embeddings_1024 GROUP BY source ORDER BY source");
    expect(vectors.map((v) => v.n)).toEqual(sets.map((s) => s.count));
    const similar = await sql(
      `SELECT count(*) AS n, min(CAST(detail AS DOUBLE)) AS lo FROM edges WHERE type = 'SIMILAR'`,
    );
    expect(similar[0].n).toBe(out.similar.edges);
    expect(similar[0].lo).toBeGreaterThanOrEqual(0.7);
    // The stored cosine agrees with DuckDB's own on the stored vectors.
    const check = await sql(
      `SELECT e.detail, round(array_cosine_similarity(a.vec, b.vec)::DOUBLE, 3) AS cos FROM edges e
       JOIN embeddings_1024 a ON a.node_id = e.src AND a.source = 'code'
       JOIN embeddings_1024 b ON b.node_id = e.dst AND b.source = 'code'
       WHERE e.type = 'SIMILAR' LIMIT 20`,
    );
    for (const row of check) expect(Math.abs(Number(row.detail) - Number(row.cos))).toBeLessThanOrEqual(0.0011);

    const again = await ranger('embed', '--db', db, '--json', '--model', 'lexical', '--sources', 'description', '--eps', '0.9');
    expect(again.code, again.stderr).toBe(0);
    const second = JSON.parse(again.stdout);
    // Linked from the set just embedded; k as the graph was last linked (--k 3), eps as asked.
    expect(second.similar).toMatchObject({ source: 'description', eps: 0.9, k: 3 });
    expect((await sql("SELECT count(*) AS n FROM edges WHERE type = 'SIMILAR'"))[0].n).toBe(second.similar.edges);
    expect((await sql('SELECT count(*) AS n FROM embedding_sets'))[0].n).toBe(2);
  }, 120_000);

  it('embed --model <folder> runs a transformers.js model and keeps the built-in sets beside it', async () => {
    const r = await ranger('embed', '--db', db, '--json', '--model', 'public/models/fixtures/tiny-embedder', '--sources', 'code');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ model: 'tiny-embedder', builtin: false });
    expect(out.similar).toMatchObject({ model: 'tiny-embedder', source: 'code' });
    const sets = await sql('SELECT model, source FROM embedding_sets ORDER BY model, source');
    expect(sets.map((s) => `${s.model}/${s.source}`)).toEqual([
      'builtin:lexical/code',
      'builtin:lexical/description',
      'tiny-embedder/code',
    ]);
  }, 120_000);

  it('prints a readable summary and progress on stderr without --json (lexical built-in)', async () => {
    const r = await ranger('embed', '--db', db, '--model', 'lexical', '--sources', 'code');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/built-in, not a neural model/);
    expect(r.stdout).toMatch(/SIMILAR\s+\d+ edges from code/);
    expect(r.stderr).toMatch(/\[embed code\] \d+\/\d+/);
  }, 120_000);

  it('embeds with the shipped neural model by default (built-in neural, offline), and search uses its set', async () => {
    const r = await ranger('embed', '--db', db, '--sources', 'code');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Embedded with ranger-code-search-mini \(built-in neural, offline\)/);
    const sets = await sql("SELECT dim, count FROM embedding_sets WHERE model = 'ranger-code-search-mini' AND source = 'code'");
    expect(sets).toHaveLength(1);
    expect(Number(sets[0].count)).toBeGreaterThan(50);
    const search = await ranger('search', '--db', db, '--method', 'dense-code', 'split text into tokens');
    expect(search.code, search.stderr).toBe(0);
    expect(search.stdout).toMatch(/embedder ranger-code-search-mini \(built-in neural, offline\)/);
    expect(search.stdout).toMatch(/^\s+1\. /m);
  }, 120_000);

  it('refuses LLM describe in Node, bad options and a missing database', async () => {
    const llm = await ranger('describe', '--db', db, '--llm', 'Qwen3-0.6B-q4f32_1-MLC', '--json');
    expect(llm.code).toBe(1);
    expect(JSON.parse(llm.stderr).error.message).toMatch(/web-llm.*browser with WebGPU/);
    const sources = await ranger('embed', '--db', db, '--sources', 'docs');
    expect(sources.code).toBe(2);
    expect(sources.stderr).toMatch(/--sources takes description,code/);
    const eps = await ranger('embed', '--db', db, '--eps', '1.5');
    expect(eps.code).toBe(2);
    const missing = await ranger('embed', '--db', join(dir, 'nope.duckdb'), '--json');
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stderr).error.message).toMatch(/not found/);
  }, 120_000);
});
