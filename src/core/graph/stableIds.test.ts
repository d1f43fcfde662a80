import { describe, expect, it } from 'vitest';
import type { KeyHash } from './stableIds.ts';
import { hash31, identityKeys, REPO_NODE_ID, stableIdsFor } from './stableIds.ts';

/** The definition stableIdsFor must match: every key in sorted order, first free salted hash. */
function sequentialIds(keys: readonly string[], repoIndex = -1, hash: KeyHash = hash31): number[] {
  const ids = new Array<number>(keys.length);
  const taken = new Set<number>([REPO_NODE_ID]);
  if (repoIndex >= 0) ids[repoIndex] = REPO_NODE_ID;
  const order = keys.map((_, i) => i).filter((i) => i !== repoIndex);
  order.sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
  for (const i of order) {
    let attempt = 0;
    let id = hash(keys[i]!, 0);
    while (taken.has(id)) id = hash(keys[i]!, ++attempt);
    taken.add(id);
    ids[i] = id;
  }
  return ids;
}

/** mulberry32: a small seeded PRNG, so every random case is reproducible. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` keys shaped like identity keys, from a pool of `pool` distinct ones (repeats allowed). */
function randomKeys(next: () => number, count: number, pool = 1e9): string[] {
  const kinds = ['Function', 'Class', 'Method', 'Field'];
  return Array.from({ length: count }, () => {
    const n = Math.floor(next() * pool);
    return `${kinds[n % 4]}\u0000pkg/mod${n % 97}.py\u0000C${n % 13}.f${n}\u0000${n % 3}`;
  });
}

/** A hash with only `range` values (0 included), so collisions and cascades are constant. */
const hashInto = (range: number): KeyHash => (text, seed) => hash31(text, seed) % range;

/**
 * How often, under the sequential rule, a re-hashing key skipped the id of a smaller key that
 * kept its primary (`skips`), or took the primary of a larger key, which then had to re-hash
 * (`displacements`): the two orders the dynamic simulation must get right.
 */
function cascades(keys: readonly string[], ids: readonly number[], hash: KeyHash): { skips: number; displacements: number } {
  const keptPrimary = new Map<number, string>();
  keys.forEach((key, i) => {
    if (ids[i] !== REPO_NODE_ID && hash(key, 0) === ids[i]) keptPrimary.set(ids[i]!, key);
  });
  const primaries = new Map<number, string[]>();
  for (const key of keys) primaries.set(hash(key, 0), [...(primaries.get(hash(key, 0)) ?? []), key]);
  let skips = 0;
  let displacements = 0;
  keys.forEach((key, i) => {
    if (ids[i] === REPO_NODE_ID || ids[i] === hash(key, 0)) return; // the Repo, or kept its primary
    for (let attempt = 1; ; attempt++) {
      const id = hash(key, attempt);
      const holder = keptPrimary.get(id);
      if (id !== ids[i] && holder !== undefined && holder < key) skips++;
      if (id === ids[i]) {
        if ((primaries.get(id) ?? []).some((other) => other > key)) displacements++;
        break;
      }
    }
  });
  return { skips, displacements };
}

/** Two distinct keys with the same 31-bit hash, found by a birthday search (deterministic). */
function collidingPair(): [string, string] {
  const seen = new Map<number, string>();
  for (let i = 0; ; i++) {
    const key = `Function\u0000m.py\u0000m.f${i}\u00000`;
    const h = hash31(key);
    const other = seen.get(h);
    if (other !== undefined) return [other, key];
    seen.set(h, key);
  }
}

describe('stable node ids', () => {
  it('derives the id from the key alone: same key, same id; ids are positive 31-bit integers', () => {
    const a = stableIdsFor(['x', 'y', 'z']);
    const b = stableIdsFor(['z', 'y', 'x']);
    expect(a).toEqual([b[2], b[1], b[0]]);
    expect(a.every((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31)).toBe(true);
    expect(stableIdsFor(['y'])[0]).toBe(a[1]);
  });

  it('resolves a real hash collision deterministically, whatever the key order', () => {
    const [first, second] = collidingPair();
    expect(first).not.toBe(second);
    expect(hash31(first)).toBe(hash31(second));
    const ids = stableIdsFor([first, second]);
    expect(ids[0]).not.toBe(ids[1]);
    // The smaller key keeps the plain hash; the other re-hashes with a salt.
    const smaller = first < second ? 0 : 1;
    expect(ids[smaller]).toBe(hash31(first));
    expect(stableIdsFor([second, first])).toEqual([ids[1], ids[0]]);
  });

  it('keeps the Repo at id 0 and never hands 0 to another node', () => {
    const ids = stableIdsFor(['a', 'repo', 'b'], 1);
    expect(ids[1]).toBe(0);
    expect(ids[0]).toBeGreaterThan(0);
    expect(ids[2]).toBeGreaterThan(0);
  });

  it('numbers same-named twins in a file (an if/else pair of defs) so both get their own id', () => {
    const node = { kind: 'Function' as const, file_path: 'a.py', qualified_name: 'a.f' };
    const keys = identityKeys([node, { ...node, kind: 'Class' as const }, node]);
    expect(new Set(keys).size).toBe(3);
    expect(keys[0]!.endsWith('\u00000')).toBe(true);
    expect(keys[2]!.endsWith('\u00001')).toBe(true);
  });

  it('equals the sequential rule on random key sets of many sizes, with and without a Repo', () => {
    const next = random(1);
    for (const size of [0, 1, 2, 3, 10, 100, 1000, 30000]) {
      const keys = randomKeys(next, size);
      expect(stableIdsFor(keys)).toEqual(sequentialIds(keys));
      if (size === 0) continue;
      for (const repoIndex of [0, Math.floor(size / 2), size - 1]) {
        expect(stableIdsFor(keys, repoIndex)).toEqual(sequentialIds(keys, repoIndex));
      }
    }
  });

  it('equals the sequential rule when nearly every key collides and re-hashes cascade', () => {
    const next = random(2);
    let skips = 0;
    let displacements = 0;
    for (const [range, sizes] of [[50, [5, 20, 40, 49]], [500, [50, 200, 400, 480]]] as const) {
      const hash = hashInto(range);
      for (let round = 0; round < 40; round++) {
        for (const size of sizes) {
          // A small pool repeats keys too: equal keys are taken in index order.
          const keys = randomKeys(next, size, round % 4 === 0 ? size : 1e9);
          const repoIndex = round % 3 === 0 ? -1 : Math.floor(next() * size);
          const expected = sequentialIds(keys, repoIndex, hash);
          expect(stableIdsFor(keys, repoIndex, hash)).toEqual(expected);
          const seen = cascades(keys, expected, hash);
          skips += seen.skips;
          displacements += seen.displacements;
        }
      }
    }
    // The cases above exercise both orders of a re-hash landing on another key's primary.
    expect(skips).toBeGreaterThan(1000);
    expect(displacements).toBeGreaterThan(1000);
  });

  it('takes the primaries a KeySource knows instead of hashing those keys, with the same ids', () => {
    const next = random(3);
    const hash = hashInto(200);
    for (let round = 0; round < 20; round++) {
      const keys = randomKeys(next, 150);
      const knownAt = new Set(keys.map((_, i) => i).filter(() => next() < 0.7));
      let hashed = 0;
      const counting: KeyHash = (text, seed) => {
        if (seed === 0) hashed++;
        return hash(text, seed);
      };
      const source = { length: keys.length, at: (i: number) => keys[i], primary: (i: number) => (knownAt.has(i) ? hash(keys[i]!, 0) : undefined) };
      expect(stableIdsFor(source, 7, counting)).toEqual(sequentialIds(keys, 7, hash));
      expect(hashed).toBe(keys.length - 1 - [...knownAt].filter((i) => i !== 7).length);
    }
  });

  it('re-hashes a key whose hash is 0, and displaces or skips the keys its re-hash lands on', () => {
    // 'c' hashes to 0, then to 7: the primary of 'b' (sorted before 'c') and of 'd' (after).
    const hash: KeyHash = (text, seed) => {
      if (text === 'c') return seed === 0 ? 0 : seed === 1 ? 7 : 100 + seed;
      if (text === 'b' || text === 'd') return seed === 0 ? 7 : 20 + seed;
      return 3 + text.length + seed;
    };
    expect(stableIdsFor(['c', 'b'], -1, hash)).toEqual([102, 7]);
    expect(stableIdsFor(['c', 'd'], -1, hash)).toEqual([7, 21]);
    for (const keys of [['c', 'b'], ['c', 'd'], ['d', 'c', 'b', 'x'], ['c', 'dd', 'b', 'd']]) {
      for (const repoIndex of [-1, 0, keys.length - 1]) {
        const ids = stableIdsFor(keys, repoIndex, hash);
        expect(ids).toEqual(sequentialIds(keys, repoIndex, hash));
        expect(ids.filter((id) => id === REPO_NODE_ID).length).toBe(repoIndex >= 0 ? 1 : 0);
      }
    }
  });
});
