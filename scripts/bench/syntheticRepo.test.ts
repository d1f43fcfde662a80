/** @file The synthetic big repository: real files, varied paths, cycling to the count asked. */
import { describe, expect, it } from 'vitest';
import { syntheticFiles } from './syntheticRepo.ts';

const file = (path: string, size: number) => ({ path, data: new Uint8Array(size) });

describe('syntheticFiles', () => {
  it('copies the small files in order under varied folders until the count is reached', () => {
    const sources = [file('a.py', 10), file('big.py', 100), file('json/b.py', 20)];
    const files = syntheticFiles(sources, 9, 50);
    expect(files.map((f) => f.path)).toEqual([
      'pkg000/sub0/a.py', 'pkg000/sub0/json/b.py',
      'pkg000/sub1/a.py', 'pkg000/sub1/json/b.py',
      'pkg000/sub2/a.py', 'pkg000/sub2/json/b.py',
      'pkg000/sub3/a.py', 'pkg000/sub3/json/b.py',
      'pkg001/sub0/a.py',
    ]);
    expect(new Set(files.map((f) => f.path)).size).toBe(9);
    expect(files[8]!.data).toBe(sources[0]!.data);
  });

  it('says so when no file is small enough', () => {
    expect(() => syntheticFiles([file('big.py', 100)], 3, 50)).toThrow(/at most 50 bytes/);
  });
});
