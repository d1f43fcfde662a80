import { describe, expect, it } from 'vitest';
import { hash31, identityKeys, stableIdsFor } from './stableIds.ts';

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
});
