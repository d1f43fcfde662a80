/**
 * @file `search` and `eval --model`: which embedding set a database with
 * several is searched with — the choice rule on its own (chooseEmbeddingSet), then the CLI as a
 * child process on the demo repo embedded twice (built-in, then the tiny fixture model from its
 * folder; built from a copy of the run's shared described and embedded database): the default keeps the built-in, `--model` by id or folder picks the fixture set, an
 * unknown model is a clear error naming the stored sets.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseEmbeddingSet, parsePreset } from '../../src/cli/searchCommand.ts';
import type { EmbeddingSetInfo } from '../../src/core/semantic/semanticService.ts';
import { DEMO_DESCRIBED, ranger, scratchDir, sharedDb } from './runCli.ts';

const set = (model: string, createdAt: string, builtin = false): EmbeddingSetInfo => ({ model, source: 'code', dim: 8, count: 1, builtin, createdAt });

describe('chooseEmbeddingSet', () => {
  const sets = [set('builtin:lexical', '2026-01-01', true), set('tiny-embedder', '2026-02-01'), set('other', '2026-03-01')];
  it('keeps the built-in set by default, else the newest', () => {
    expect(chooseEmbeddingSet(sets).chosen.model).toBe('builtin:lexical');
    expect(chooseEmbeddingSet(sets.slice(1)).chosen.model).toBe('other');
  });
  it('takes --model as a stored id, a preset name or a folder', () => {
    expect(chooseEmbeddingSet(sets, 'tiny-embedder')).toEqual({ chosen: sets[1], loadArg: null });
    expect(chooseEmbeddingSet(sets, 'lexical')).toEqual({ chosen: sets[0], loadArg: 'lexical' });
    expect(chooseEmbeddingSet(sets, 'public/models/fixtures/tiny-embedder')).toEqual({ chosen: sets[1], loadArg: 'public/models/fixtures/tiny-embedder' });
  });
  it('names the stored sets when the model has none', () => {
    expect(() => chooseEmbeddingSet(sets, 'nope-model')).toThrow(/no embeddings of nope-model .*builtin:lexical, tiny-embedder, other/);
    expect(() => chooseEmbeddingSet([], 'x')).toThrow(/no embeddings: run/);
  });
});

describe('--preset', () => {
  it('takes default, paper or repoqa and names them otherwise', () => {
    expect(parsePreset('paper')).toBe('paper');
    expect(parsePreset(undefined)).toBeUndefined();
    expect(() => parsePreset('fast')).toThrow(/--preset takes one of default, paper, repoqa/);
  });
});

const dir = scratchDir('ranger-model-choice-');
const db = join(dir, 'demo.duckdb');
const FOLDER = 'public/models/fixtures/tiny-embedder';

beforeAll(() => sharedDb(dir, 'demo.duckdb', [...DEMO_DESCRIBED, ['embed', '--model', FOLDER, '--sources', 'code']]), 300_000);

describe('search / eval --model (tiny-embedder is a random-weight fixture model)', () => {
  it('picks the embedding set: default built-in, --model by folder, unknown is an error', async () => {
    const run = async (...extra: string[]) => {
      const r = await ranger('search', '--db', db, 'apply a discount code to the cart', '--method', 'dense-code', '--json', ...extra);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as { results: { id: number; score: number }[] };
    };
    const builtin = await run();
    const byFolder = await run('--model', FOLDER);
    expect(byFolder.results.length).toBeGreaterThan(0);
    expect(byFolder.results.map((r) => r.score)).not.toEqual(builtin.results.map((r) => r.score));
    const bad = await ranger('eval', '--db', db, '--eval-set', 'auto', '--methods', 'bm25', '--model', 'nope-model', '--json');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/no embeddings of nope-model/);
    const ok = await ranger('eval', '--db', db, '--eval-set', 'auto', '--methods', 'dense-code', '--model', FOLDER, '--json');
    expect(ok.code, ok.stderr).toBe(0);
    const builtinEval = await ranger('eval', '--db', db, '--eval-set', 'auto', '--methods', 'dense-code', '--json');
    expect(JSON.parse(ok.stdout).methods['dense-code'].ndcg).not.toBe(JSON.parse(builtinEval.stdout).methods['dense-code'].ndcg);
  }, 240_000);
});
