/**
 * @file nodeModels tests: the real transformers.js node build on the tiny fixture models
 * (public/models/fixtures, random weights) and the hub download path against a localhost
 * server laid out like the hub (scripts/hubServer.ts): progress per file, cache, offline second
 * load, interrupted download.
 * Runs in: Node (vitest).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../../core/models/lexicalEmbedder.ts';
import { LexicalReranker } from '../../core/models/lexicalReranker.ts';
import { LearnedReranker } from '../../core/models/learnedReranker.ts';
import type { EmbedderSpec, RerankerSpec } from '../../core/models/modelSpec.ts';
import { BUILTIN_NEURAL_EMBEDDER } from '../../core/models/modelSpec.ts';
import type { FileProgress } from '../../core/semantic/semanticService.ts';
import { FIXTURE_TEXTS, fixtureEmbedder, fixtureReranker } from '../../../scripts/fixtures/fixtureModels.ts';
import { startHubServer } from '../../../scripts/hubServer.ts';
import { createNodeEmbedder, createNodeReranker, DEFAULT_MODELS_DIR, resolveModelArg } from './nodeModels.ts';

const EMBEDDER = fixtureEmbedder({ batchSize: 3 });
const RERANKER = fixtureReranker({ batchSize: 2 });
const TEXTS = [...FIXTURE_TEXTS, 'read the file and write the result'];

const temporary: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ranger-models-'));
  temporary.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function norm(vector: Float32Array): number {
  return Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
}
function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
}

describe('transformers.js embedder on the fixture', () => {
  it('gives normalised vectors of the model width, deterministic, batch-independent', async () => {
    const embedder = await createNodeEmbedder(EMBEDDER);
    expect(embedder.info).toEqual({ id: 'fixtures/tiny-embedder', label: 'Tiny fixture embedder', builtin: false });
    expect(embedder.dim).toBe(256);
    const vectors = await embedder.embed(TEXTS, 'document');
    expect(vectors).toHaveLength(TEXTS.length);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v.length).toBe(256);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    expect(maxDiff(vectors[0], vectors[1])).toBeGreaterThan(1e-3);
    const again = await embedder.embed(TEXTS, 'document');
    for (let i = 0; i < TEXTS.length; i++) expect(maxDiff(vectors[i], again[i])).toBe(0);
    for (let i = 0; i < TEXTS.length; i++) {
      const [single] = await embedder.embed([TEXTS[i]], 'document');
      expect(maxDiff(vectors[i], single)).toBeLessThan(1e-5);
    }
  });

  it('prepends the query prompt for queries only', async () => {
    const embedder = await createNodeEmbedder(EMBEDDER);
    const [document] = await embedder.embed(['parse config'], 'document');
    const [query] = await embedder.embed(['parse config'], 'query');
    const [prompted] = await embedder.embed([`${EMBEDDER.queryPrompt}parse config`], 'document');
    expect(maxDiff(document, query)).toBeGreaterThan(1e-3);
    expect(maxDiff(query, prompted)).toBeLessThan(1e-6);
    const plain = await createNodeEmbedder({ ...EMBEDDER, queryPrompt: undefined });
    const [plainQuery] = await plain.embed(['parse config'], 'query');
    expect(maxDiff(document, plainQuery)).toBeLessThan(1e-6);
  });

  it('truncates to maxTokens', async () => {
    const embedder = await createNodeEmbedder({ ...EMBEDDER, maxTokens: 4 });
    const [a, b] = await embedder.embed(['parse config file now', 'parse config file user search graph'], 'document');
    expect(maxDiff(a, b)).toBeLessThan(1e-6);
    const full = await createNodeEmbedder(EMBEDDER);
    const [c, d] = await full.embed(['parse config file now', 'parse config file user search graph'], 'document');
    expect(maxDiff(c, d)).toBeGreaterThan(1e-3);
  });
});

describe('transformers.js reranker on the fixture', () => {
  it('scores pairs in [0, 1], deterministic, batch-independent, with token types honoured', async () => {
    const reranker = await createNodeReranker(RERANKER);
    expect(reranker.info.builtin).toBe(false);
    const scores = await reranker.score('parse the config file', TEXTS);
    expect(scores).toHaveLength(TEXTS.length);
    for (const s of scores) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
    expect(new Set(scores.map((s) => s.toFixed(6))).size).toBeGreaterThan(1);
    expect(await reranker.score('parse the config file', TEXTS)).toEqual(scores);
    for (let i = 0; i < TEXTS.length; i++) {
      const [single] = await reranker.score('parse the config file', [TEXTS[i]]);
      expect(Math.abs(single - scores[i])).toBeLessThan(1e-5);
    }
    // Swapping query and document changes token types, so the score changes.
    const [forward] = await reranker.score('hello world', ['read the file']);
    const [swapped] = await reranker.score('read the file', ['hello world']);
    expect(Math.abs(forward - swapped)).toBeGreaterThan(1e-6);
  });
});

describe('built-ins and the --model argument', () => {
  it('returns the built-in models for built-in specs: the lexical ones, and the learned reranker offline', async () => {
    expect(await createNodeEmbedder(resolveModelArg('lexical', 'embedder'))).toBeInstanceOf(LexicalEmbedder);
    expect(await createNodeEmbedder(resolveModelArg('builtin', 'embedder'))).toBeInstanceOf(LexicalEmbedder);
    expect(await createNodeReranker(resolveModelArg('lexical', 'reranker'))).toBeInstanceOf(LexicalReranker);
    expect(await createNodeReranker(resolveModelArg('offline', 'reranker'))).toBeInstanceOf(LearnedReranker);
    expect(await createNodeReranker(resolveModelArg('learned', 'reranker'))).toBeInstanceOf(LearnedReranker);
  });

  it('defaults to the shipped neural embedder, loaded from public/models with no network', async () => {
    const spec = resolveModelArg(undefined, 'embedder');
    expect(spec).toBe(BUILTIN_NEURAL_EMBEDDER);
    expect(resolveModelArg('offline', 'embedder')).toBe(BUILTIN_NEURAL_EMBEDDER);
    expect(spec.label).toContain('built-in neural, offline');
    const embedder = await createNodeEmbedder(spec);
    expect(embedder).not.toBeInstanceOf(LexicalEmbedder);
    expect(embedder.info.id).toBe('ranger-code-search-mini');
    const [query, match, other] = await embedder.embed(['read a json configuration file', 'def load_config(path):\n    with open(path) as f:\n        return json.load(f)', 'def area(radius):\n    return math.pi * radius ** 2'], 'document');
    expect(query.length).toBe(embedder.dim);
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i], 0);
    expect(dot(query, match)).toBeGreaterThan(dot(query, other));
  });

  it('falls back to the lexical embedder, and says why, when the shipped model cannot load', async () => {
    const notes: string[] = [];
    const empty = mkdtempSync(join(tmpdir(), 'ranger-no-models-'));
    const embedder = await createNodeEmbedder(BUILTIN_NEURAL_EMBEDDER, { modelsDir: empty, onFallback: (note) => notes.push(note) });
    expect(embedder).toBeInstanceOf(LexicalEmbedder);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/ranger-code-search-mini .*could not load.*lexical embedder stands in/);
  });

  it('resolves presets, folders and hub ids', () => {
    expect(resolveModelArg('fast', 'embedder').id).toBe('Xenova/bge-small-en-v1.5');
    expect(resolveModelArg('paper', 'reranker').dtype).toBe('q8');
    const folder = resolveModelArg(join(DEFAULT_MODELS_DIR, 'fixtures', 'tiny-embedder'), 'embedder');
    expect(folder).toMatchObject({ id: 'tiny-embedder', source: { kind: 'public' }, dtype: 'fp32', modelsDir: join(DEFAULT_MODELS_DIR, 'fixtures') });
    expect(resolveModelArg('fixtures/tiny-reranker', 'reranker')).toMatchObject({ source: { kind: 'public' }, dtype: 'fp32' });
    expect(resolveModelArg('someone/some-model', 'reranker')).toMatchObject({ source: { kind: 'hub' }, dtype: 'q8', role: 'reranker' });
  });

  it('loads a folder given by path', async () => {
    const embedder = await createNodeEmbedder(resolveModelArg(join(DEFAULT_MODELS_DIR, 'fixtures', 'tiny-embedder'), 'embedder'));
    expect(embedder.dim).toBe(256);
  });
});

describe('hub download path against a localhost hub', () => {
  const hubSpec: EmbedderSpec = { ...EMBEDDER, source: { kind: 'hub' } };
  const hubReranker: RerankerSpec = { ...RERANKER, source: { kind: 'hub' } };

  it('reports progress per file, fills the cache, and loads offline from it after', async () => {
    const hub = await startHubServer({ root: DEFAULT_MODELS_DIR });
    const cacheDir = tempDir();
    const events: FileProgress[] = [];
    let embedder;
    try {
      embedder = await createNodeEmbedder(hubSpec, { remoteHost: hub.url, cacheDir, onFile: (p) => events.push(p) });
    } finally {
      await hub.close();
    }
    const files = new Set(events.map((e) => e.file));
    expect(files).toContain('config.json');
    expect(files).toContain('tokenizer.json');
    expect(files).toContain('onnx/model.onnx');
    for (const file of files) expect(events.filter((e) => e.file === file).at(-1)?.done).toBe(true);
    const model = events.filter((e) => e.file === 'onnx/model.onnx');
    expect(model.some((e) => e.total > 0 && e.loaded === e.total)).toBe(true);
    expect(hub.downloads.get('/fixtures/tiny-embedder/resolve/main/onnx/model.onnx')).toBe(1);
    expect(readdirSync(join(cacheDir, 'fixtures', 'tiny-embedder', 'onnx'))).toContain('model.onnx');

    // The server is closed: the second load must come from the cache alone.
    const offline = await createNodeEmbedder(hubSpec, { remoteHost: hub.url, cacheDir });
    const [a] = await embedder.embed(['parse config'], 'document');
    const [b] = await offline.embed(['parse config'], 'document');
    expect(maxDiff(a, b)).toBe(0);
  });

  it('names the file of a failed or interrupted download and leaves loaded models working', async () => {
    const goodCache = tempDir();
    const good = await startHubServer({ root: DEFAULT_MODELS_DIR });
    const reranker = await createNodeReranker(hubReranker, { remoteHost: good.url, cacheDir: goodCache });
    await good.close();
    const before = await reranker.score('parse config', TEXTS);

    const cutCache = tempDir();
    const cut = await startHubServer({ root: DEFAULT_MODELS_DIR, truncateFile: 'onnx/model.onnx' });
    try {
      await expect(createNodeReranker(hubReranker, { remoteHost: cut.url, cacheDir: cutCache })).rejects.toThrow(
        /Loading model fixtures\/tiny-reranker failed \(file onnx\/model\.onnx\)/,
      );
    } finally {
      await cut.close();
    }
    // The cut file was not cached half-written: a retry against a healthy hub gets the same model.
    const retry = await startHubServer({ root: DEFAULT_MODELS_DIR });
    try {
      const again = await createNodeReranker(hubReranker, { remoteHost: retry.url, cacheDir: cutCache });
      expect(await again.score('parse config', TEXTS)).toEqual(before);
    } finally {
      await retry.close();
    }
    const failing = await startHubServer({ root: DEFAULT_MODELS_DIR, failFile: 'tokenizer.json' });
    try {
      await expect(createNodeEmbedder(hubSpec, { remoteHost: failing.url, cacheDir: tempDir() })).rejects.toThrow(
        /Loading model fixtures\/tiny-embedder failed \(file tokenizer\.json\): Internal server error/,
      );
    } finally {
      await failing.close();
    }
    expect(await reranker.score('parse config', TEXTS)).toEqual(before);
  });

  it('does not touch the network for public sources', async () => {
    const hub = await startHubServer({ root: DEFAULT_MODELS_DIR });
    try {
      await createNodeEmbedder(EMBEDDER, { remoteHost: hub.url });
      expect(hub.requests.size).toBe(0);
    } finally {
      await hub.close();
    }
  });
});
