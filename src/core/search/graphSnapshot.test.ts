/**
 * @file Graph snapshot: sparse ids mapped to indices, CSR in both directions, normalised rows.
 * Runs in: node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { buildGraphSnapshot, countKind, neighboursOf } from './graphSnapshot.ts';

const nodes = [
  { id: 900, kind: 'Repo' as const },
  { id: 7, kind: 'Module' as const },
  { id: 42, kind: 'Function' as const },
  { id: 3, kind: 'Class' as const },
];

describe('buildGraphSnapshot', () => {
  it('maps sparse ids and builds CSR adjacency over both edge directions without duplicates', () => {
    const edges = [
      { src: 900, dst: 7 },
      { src: 42, dst: 7 },
      { src: 7, dst: 42 },
      { src: 3, dst: 3 },
      { src: 3, dst: 900 },
    ];
    const s = buildGraphSnapshot({ nodes, edges });
    expect(s.nodeCount).toBe(4);
    expect([...s.ids]).toEqual([900, 7, 42, 3]);
    expect([...s.kinds]).toEqual([0, 1, 3, 2]);
    expect(s.indexOf.get(42)).toBe(2);
    expect([...s.offsets]).toEqual([0, 2, 4, 5, 6]);
    expect([0, 1, 2, 3].map((i) => [...neighboursOf(s, i)])).toEqual([[1, 3], [0, 2], [1], [0]]);
    expect(s.embeddings).toBeNull();
    expect(countKind(s, 'Module')).toBe(1);
  });

  it('L2-normalises embedding rows and marks zero rows as missing', () => {
    const matrix = new Float32Array([3, 4, 0, 0, 0, 2, 1, 0]);
    const s = buildGraphSnapshot({ nodes, edges: [] }, { dim: 2, matrix });
    expect([...s.embeddings!]).toEqual([0.6000000238418579, 0.800000011920929, 0, 0, 0, 1, 1, 0]);
    expect([...s.hasEmbedding]).toEqual([1, 0, 1, 1]);
    expect(matrix[0]).toBe(3);
  });

  it('rejects edges to unknown nodes, duplicate ids and a wrong matrix size', () => {
    expect(() => buildGraphSnapshot({ nodes, edges: [{ src: 7, dst: 8 }] })).toThrow(AppError);
    expect(() => buildGraphSnapshot({ nodes: [...nodes, nodes[0]], edges: [] })).toThrow(/Duplicate/);
    expect(() => buildGraphSnapshot({ nodes, edges: [] }, { dim: 3, matrix: new Float32Array(8) })).toThrow(/expected 4 x 3/);
  });
});
