/** @file Tests for the built-in lexical embedder. Runs in: node (vitest). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LEXICAL_DIM, LexicalEmbedder, dot, hash32 } from './lexicalEmbedder.ts';

const divideCode = 'def divide(self, a, b):\n    if b == 0:\n        raise ZeroDivisionError("division by zero")\n    return a / b';
const divideDoc = 'Divides one number by another, raising an error on division by zero.';
const readCode = 'def read_config(path):\n    with open(path) as handle:\n        return json.load(handle)';
const readDoc = 'Reads the JSON configuration file at a path and returns its settings.';
const corpus = [divideCode, readCode, 'def add(a, b):\n    return a + b', 'class HttpClient:\n    def get(self, url): ...'];

function norm(v: Float32Array): number {
  return Math.sqrt(dot(v, v));
}

describe('LexicalEmbedder', () => {
  it('is labelled as an offline built-in', () => {
    const embedder = new LexicalEmbedder();
    expect(embedder.info).toEqual({ id: 'builtin:lexical', label: 'Built-in lexical embedder (offline)', builtin: true });
    expect(embedder.dim).toBe(DEFAULT_LEXICAL_DIM);
  });

  it('returns unit vectors of length dim; identical texts have cosine 1', async () => {
    const embedder = new LexicalEmbedder({ dim: 256 });
    const [a, b] = await embedder.embed([divideCode, divideCode], 'document');
    expect(a).toBeInstanceOf(Float32Array);
    expect(a.length).toBe(256);
    expect(norm(a)).toBeCloseTo(1, 5);
    expect(dot(a, b)).toBeCloseTo(1, 5);
  });

  it('gives an all-zero vector for text without tokens', async () => {
    const [v] = await new LexicalEmbedder().embed(['def self return'], 'query');
    expect(norm(v)).toBe(0);
  });

  it('scores related code/docstring pairs above unrelated ones, before and after fitting', async () => {
    for (const fit of [false, true]) {
      const embedder = new LexicalEmbedder();
      if (fit) embedder.fit(corpus);
      const [dc, dd, rc, rd] = await embedder.embed([divideCode, divideDoc, readCode, readDoc], 'document');
      expect(dot(dc, dd)).toBeGreaterThan(dot(dc, rd));
      expect(dot(rc, rd)).toBeGreaterThan(dot(rc, dd));
      expect(dot(dc, dd)).toBeGreaterThan(0.2);
    }
  });

  it('ranks the right function first for a natural-language query', async () => {
    const embedder = new LexicalEmbedder();
    embedder.fit(corpus);
    const [query] = await embedder.embed(['how is the config file loaded from a path'], 'query');
    const docs = await embedder.embed(corpus, 'document');
    const scores = docs.map((d) => dot(query, d));
    expect(scores.indexOf(Math.max(...scores))).toBe(1);
  });

  it('idf is 1 before fit and lower for common tokens after', () => {
    const embedder = new LexicalEmbedder();
    expect(embedder.idf('divid')).toBe(1);
    expect(embedder.fitted).toBe(false);
    embedder.fit(corpus);
    expect(embedder.fitted).toBe(true);
    // 'path' occurs in one doc; unseen tokens get the maximum idf.
    expect(embedder.idf('unseen')).toBeGreaterThan(embedder.idf('path'));
  });

  it('down-weights tokens that occur everywhere once fitted', async () => {
    const docs = ['parse value', 'parse token', 'parse node', 'render value'];
    const embedder = new LexicalEmbedder();
    embedder.fit(docs);
    expect(embedder.idf('pars')).toBeLessThan(embedder.idf('render'));
    const [q, a, b] = await embedder.embed(['parse render', 'parse node', 'render value'], 'query');
    expect(dot(q, b)).toBeGreaterThan(dot(q, a));
  });

  it('exports and restores its idf table', async () => {
    const first = new LexicalEmbedder();
    first.fit(corpus);
    const second = new LexicalEmbedder({ idf: JSON.parse(JSON.stringify(first.exportIdf())) });
    const [a] = await first.embed([readDoc], 'document');
    const [b] = await second.embed([readDoc], 'document');
    expect(Array.from(b)).toEqual(Array.from(a));
  });

  it('is deterministic and rejects a bad dim', async () => {
    expect(hash32('parse')).toBe(hash32('parse'));
    expect(hash32('parse')).not.toBe(hash32('pars'));
    expect(hash32('render') % 1024).not.toBe(hash32('node') % 1024);
    const [a] = await new LexicalEmbedder().embed([readCode], 'document');
    const [b] = await new LexicalEmbedder().embed([readCode], 'document');
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(() => new LexicalEmbedder({ dim: 1 })).toThrow(RangeError);
  });
});
