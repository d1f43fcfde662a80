/**
 * @file In-memory graph snapshot for MCTS (docs/retrieval.md): dense node indices, kinds,
 * CSR adjacency over edges in both directions, optional L2-normalised embedding matrix.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError } from '../errors.ts';
import { NODE_KINDS } from '../graph/types.ts';
import type { NodeKind } from '../graph/types.ts';

export interface SnapshotInput {
  nodes: readonly { id: number; kind: NodeKind }[];
  edges: readonly { src: number; dst: number }[];
}

/** Rows in the order of `SnapshotInput.nodes`; a zero row means "no embedding" for that node. */
export interface SnapshotEmbeddings {
  dim: number;
  matrix: Float32Array;
}

export interface GraphSnapshot {
  nodeCount: number;
  /** Graph node id of each index. */
  ids: Float64Array;
  /** Index into NODE_KINDS for each node. */
  kinds: Uint8Array;
  /** CSR: neighbours of i are neighbours[offsets[i] .. offsets[i+1]), unique, ascending, no self. */
  offsets: Int32Array;
  neighbours: Int32Array;
  /** n x dim, rows L2-normalised; null when no embeddings were given. */
  embeddings: Float32Array | null;
  dim: number;
  /** 1 where the node has a (non-zero) embedding row. */
  hasEmbedding: Uint8Array;
  indexOf: ReadonlyMap<number, number>;
}

export function kindCode(kind: NodeKind): number {
  return NODE_KINDS.indexOf(kind);
}

export function buildGraphSnapshot(input: SnapshotInput, embeddings?: SnapshotEmbeddings): GraphSnapshot {
  const n = input.nodes.length;
  const ids = new Float64Array(n);
  const kinds = new Uint8Array(n);
  const indexOf = new Map<number, number>();
  input.nodes.forEach((node, i) => {
    if (indexOf.has(node.id)) throw new AppError('INPUT_INVALID', `Duplicate node id ${node.id} in snapshot.`);
    const code = kindCode(node.kind);
    if (code < 0) throw new AppError('INPUT_INVALID', `Unknown node kind ${String(node.kind)}.`);
    indexOf.set(node.id, i);
    ids[i] = node.id;
    kinds[i] = code;
  });
  const { offsets, neighbours } = buildCsr(n, input.edges, indexOf);
  const normalised = embeddings ? normaliseRows(n, embeddings) : null;
  return {
    nodeCount: n,
    ids,
    kinds,
    offsets,
    neighbours,
    embeddings: normalised?.matrix ?? null,
    dim: embeddings?.dim ?? 0,
    hasEmbedding: normalised?.present ?? new Uint8Array(n),
    indexOf,
  };
}

function buildCsr(
  n: number,
  edges: SnapshotInput['edges'],
  indexOf: ReadonlyMap<number, number>,
): { offsets: Int32Array; neighbours: Int32Array } {
  const lists: number[][] = Array.from({ length: n }, () => []);
  for (const edge of edges) {
    const a = indexOf.get(edge.src);
    const b = indexOf.get(edge.dst);
    if (a === undefined || b === undefined) {
      throw new AppError('INPUT_INVALID', `Edge ${edge.src} -> ${edge.dst} names a node missing from the snapshot.`);
    }
    if (a === b) continue;
    lists[a].push(b);
    lists[b].push(a);
  }
  const offsets = new Int32Array(n + 1);
  const unique = lists.map((list) => [...new Set(list)].sort((x, y) => x - y));
  unique.forEach((list, i) => (offsets[i + 1] = offsets[i] + list.length));
  const neighbours = new Int32Array(offsets[n]);
  unique.forEach((list, i) => neighbours.set(list, offsets[i]));
  return { offsets, neighbours };
}

function normaliseRows(n: number, { dim, matrix }: SnapshotEmbeddings): { matrix: Float32Array; present: Uint8Array } {
  if (!Number.isInteger(dim) || dim <= 0 || matrix.length !== n * dim) {
    throw new AppError('INPUT_INVALID', `Embedding matrix has ${matrix.length} values, expected ${n} x ${dim}.`);
  }
  const out = new Float32Array(matrix);
  const present = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let norm = 0;
    for (let d = 0; d < dim; d++) norm += out[i * dim + d] ** 2;
    if (norm === 0) continue;
    present[i] = 1;
    const scale = 1 / Math.sqrt(norm);
    for (let d = 0; d < dim; d++) out[i * dim + d] *= scale;
  }
  return { matrix: out, present };
}

export function neighboursOf(snapshot: GraphSnapshot, index: number): Int32Array {
  return snapshot.neighbours.subarray(snapshot.offsets[index], snapshot.offsets[index + 1]);
}

export function countKind(snapshot: GraphSnapshot, kind: NodeKind): number {
  const code = kindCode(kind);
  let count = 0;
  for (const k of snapshot.kinds) if (k === code) count++;
  return count;
}
