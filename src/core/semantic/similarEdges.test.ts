/**
 * @file similarPairs: exact top-k against a brute-force reference, eps and k respected, and LSH
 * recall on a synthetic set with planted near-duplicates (candidates far below n^2/2).
 */
import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../models/lexicalEmbedder.ts';
import { defaultExactLimit, similarPairs } from './similarEdges.ts';

function gaussianMatrix(n: number, dim: number, seed: number): Float32Array {
  let s = seed >>> 0;
  const uniform = (): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 2 ** 32;
  };
  const m = new Float32Array(n * dim);
  for (let i = 0; i < m.length; i++) m[i] = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return m;
}

function cosine(m: Float32Array, dim: number, a: number, b: number): number {
  let d = 0;
  let na = 0;
  let nb = 0;
  for (let c = 0; c < dim; c++) {
    d += m[a * dim + c] * m[b * dim + c];
    na += m[a * dim + c] ** 2;
    nb += m[b * dim + c] ** 2;
  }
  return d / Math.sqrt(na * nb);
}

/** Rows 2t+1 are noisy copies of rows 2t for t < planted (cosines spread over ~0.75..0.99). */
function plantedSet(n: number, dim: number, planted: number, seed: number): Float32Array {
  const m = gaussianMatrix(n, dim, seed);
  const noise = gaussianMatrix(planted, dim, seed + 1);
  for (let t = 0; t < planted; t++) {
    const scale = 0.1 + (t % 10) * 0.07;
    for (let c = 0; c < dim; c++) m[(2 * t + 1) * dim + c] = m[2 * t * dim + c] + scale * noise[t * dim + c];
  }
  return m;
}

/** Brute force: each node's top k (cos >= eps), union of proposals, as "src-dst" keys. */
function bruteForce(m: Float32Array, ids: Int32Array, dim: number, eps: number, k: number): Map<string, number> {
  const n = ids.length;
  const out = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const scored: [number, number][] = [];
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const c = cosine(m, dim, i, j);
      if (c >= eps) scored.push([j, c]);
    }
    scored.sort((x, y) => y[1] - x[1]);
    for (const [j, c] of scored.slice(0, k)) {
      const [a, b] = ids[i] < ids[j] ? [ids[i], ids[j]] : [ids[j], ids[i]];
      out.set(`${a}-${b}`, c);
    }
  }
  return out;
}

describe('similarPairs exact', () => {
  it('matches brute force, respects eps and k, no self pairs, src < dst', () => {
    const dim = 16;
    const n = 300;
    // Clustered data: 30 centres, 10 noisy members each, so many pairs pass eps.
    const centres = gaussianMatrix(30, dim, 3);
    const noise = gaussianMatrix(n, dim, 4);
    const m = new Float32Array(n * dim);
    for (let i = 0; i < n; i++) for (let c = 0; c < dim; c++) m[i * dim + c] = centres[(i % 30) * dim + c] + 0.4 * noise[i * dim + c];
    // Ids not in row order, to check the mapping.
    const ids = Int32Array.from({ length: n }, (_, i) => 1000 - i * 3);
    const eps = 0.85;
    const k = 3;
    const result = similarPairs(ids, m, dim, { eps, k });
    expect(result.method).toBe('exact');
    expect(result.candidates).toBe((n * (n - 1)) / 2);
    const expected = bruteForce(m, ids, dim, eps, k);
    expect(expected.size).toBeGreaterThan(200);
    const got = new Map(result.pairs.map((p) => [`${p.src}-${p.dst}`, p.cosine]));
    expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const p of result.pairs) {
      expect(p.src).toBeLessThan(p.dst);
      expect(p.cosine).toBeGreaterThanOrEqual(eps);
      expect(p.cosine).toBeCloseTo(expected.get(`${p.src}-${p.dst}`)!, 5);
    }
    // Every edge is among the k best of one of its ends: no node proposes more than k.
    const proposals = new Map<number, number>();
    for (const p of result.pairs) {
      for (const [self, other] of [
        [p.src, p.dst],
        [p.dst, p.src],
      ]) {
        const better = result.pairs.filter((q) => (q.src === self || q.dst === self) && q.cosine > p.cosine).length;
        if (better < k) proposals.set(self, (proposals.get(self) ?? 0) + (other >= 0 ? 1 : 0));
      }
    }
    expect(Math.max(...proposals.values())).toBeLessThanOrEqual(k + 1);
    // k = 1 keeps fewer edges, a higher eps fewer still.
    expect(similarPairs(ids, m, dim, { eps, k: 1 }).pairs.length).toBeLessThan(result.pairs.length);
    expect(similarPairs(ids, m, dim, { eps: 0.95, k }).pairs.every((p) => p.cosine >= 0.95)).toBe(true);
  });

  it('sparse vectors (the lexical built-in) take the sparse dot and still match brute force', async () => {
    const words = ['parse', 'config', 'load', 'yaml', 'render', 'page', 'cart', 'total', 'price', 'tax', 'user', 'name'];
    const texts = Array.from({ length: 200 }, (_, i) =>
      [0, 1, 2, 3].map((w) => `${words[(i * (w + 3) + w) % words.length]}_${words[(i + w * 5) % words.length]}`).join(' '),
    );
    const embedder = new LexicalEmbedder();
    embedder.fit(texts);
    const vectors = await embedder.embed(texts, 'document');
    const dim = embedder.dim;
    const m = new Float32Array(texts.length * dim);
    vectors.forEach((v, i) => m.set(v, i * dim));
    // Repeated texts tie; jitter the non-zeros (sparsity kept) so the top k is unique.
    const jitter = gaussianMatrix(1, m.length, 5);
    for (let e = 0; e < m.length; e++) if (m[e] !== 0) m[e] *= 1 + 0.01 * jitter[e];
    const ids = Int32Array.from({ length: texts.length }, (_, i) => i);
    const result = similarPairs(ids, m, dim, { eps: 0.5, k: 4 });
    const expected = bruteForce(m, ids, dim, 0.5, 4);
    expect(expected.size).toBeGreaterThan(50);
    expect(result.pairs.map((p) => `${p.src}-${p.dst}`).sort()).toEqual([...expected.keys()].sort());
  });

  it('ignores zero vectors and is deterministic', () => {
    const m = Float32Array.of(1, 0, 0, 0, 1, 0, 0, 0, 0.99, 0.1);
    const ids = Int32Array.of(1, 2, 3, 4, 5);
    const dim = 2;
    const r = similarPairs(ids, m, dim, { eps: 0.8, k: 5 });
    expect(r.pairs.map((p) => [p.src, p.dst])).toEqual([
      [1, 3],
      [1, 5],
      [3, 5],
    ]);
    expect(similarPairs(ids, m, dim, { eps: 0.8, k: 5 })).toEqual(r);
  });
});

describe('similarPairs LSH', () => {
  it('the default exact limit shrinks for dense wide vectors only', () => {
    expect(defaultExactLimit(40)).toBe(4000);
    expect(defaultExactLimit(1024)).toBeLessThan(2000);
    expect(defaultExactLimit(1024)).toBeGreaterThan(1000);
  });

  it('recalls planted near-duplicates (cos >= 0.9) with candidates far below n^2/2', () => {
    const n = 8000;
    const dim = 128;
    const planted = 1500;
    const m = plantedSet(n, dim, planted, 11);
    const ids = Int32Array.from({ length: n }, (_, i) => i + 1);
    const exact = similarPairs(ids, m, dim, { eps: 0.8, k: 5, exactLimit: n });
    const lsh = similarPairs(ids, m, dim, { eps: 0.8, k: 5, exactLimit: 1000, seed: 7 });
    expect(exact.method).toBe('exact');
    expect(lsh.method).toBe('lsh');
    const lshKeys = new Set(lsh.pairs.map((p) => `${p.src}-${p.dst}`));
    const strong = exact.pairs.filter((p) => p.cosine >= 0.9);
    const all = exact.pairs;
    const recallStrong = strong.filter((p) => lshKeys.has(`${p.src}-${p.dst}`)).length / strong.length;
    const recallAll = all.filter((p) => lshKeys.has(`${p.src}-${p.dst}`)).length / all.length;
    console.log(
      `LSH n=${n} dim=${dim}: recall ${recallStrong.toFixed(3)} at cos>=0.9 (${strong.length} pairs), ${recallAll.toFixed(3)} at cos>=0.8 (${all.length}); candidates ${lsh.candidates} vs ${exact.candidates}`,
    );
    expect(strong.length).toBeGreaterThan(500);
    expect(recallStrong).toBeGreaterThanOrEqual(0.9);
    expect(lsh.candidates).toBeLessThan(exact.candidates / 20);
    // LSH never invents pairs: each is a real pair with its exact cosine.
    const exactKeys = new Map(exact.pairs.map((p) => [`${p.src}-${p.dst}`, p.cosine]));
    for (const p of lsh.pairs) expect(exactKeys.get(`${p.src}-${p.dst}`)).toBeCloseTo(p.cosine, 5);
    // Same seed, same result.
    expect(similarPairs(ids, m, dim, { eps: 0.8, k: 5, exactLimit: 1000, seed: 7 }).pairs).toEqual(lsh.pairs);
  }, 120_000);
});
