/**
 * @file Stable node identity (issue 13): a node's id is derived from what it is (kind, file,
 * qualified name, and its ordinal among same-named twins in that file) instead of its position,
 * so descriptions, embeddings, SIMILAR edges and stored runs keep pointing at the same entity
 * across re-indexes of a changed repository.
 *
 * Ids are positive 31-bit integers (they stay INTEGER columns and Int32 Arrow vectors), from the
 * cyrb53 string hash. Collisions (about 1 pair per 50k nodes) are resolved deterministically:
 * keys are taken in sorted order, and a key whose id is taken re-hashes with an attempt salt.
 * The result depends only on the set of keys, never on the order of the files, so a full index
 * and an incremental one of the same tree give the same ids. The Repo node keeps id 0.
 * Runs in: everywhere (the stitcher's last step). Layer src/core.
 */
import type { Graph, NodeRow } from './types.ts';

export const REPO_NODE_ID = 0;

/** cyrb53 (public domain, bryc): a fast, well-mixed 53-bit string hash; we keep 31 bits. */
export function hash31(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ (h2 << 7)) >>> 1;
}

/** The identity of a node: kind + file + qualified name + ordinal among twins (0 for the first). */
export function identityKey(node: Pick<NodeRow, 'kind' | 'file_path' | 'qualified_name'>, ordinal: number): string {
  return `${node.kind}\u0000${node.file_path ?? ''}\u0000${node.qualified_name}\u0000${ordinal}`;
}

/** Identity keys of `nodes` in array order (twins numbered in array order, i.e. file order). */
export function identityKeys(nodes: readonly Pick<NodeRow, 'kind' | 'file_path' | 'qualified_name'>[]): string[] {
  const seen = new Map<string, number>();
  return nodes.map((node) => {
    const base = identityKey(node, 0);
    const ordinal = seen.get(base) ?? 0;
    seen.set(base, ordinal + 1);
    return ordinal === 0 ? base : identityKey(node, ordinal);
  });
}

/**
 * Stable ids for `keys` (same order). `repoIndex` (if any) gets REPO_NODE_ID. Every other id is
 * in 1 .. 2^31-1 and unique.
 */
export function stableIdsFor(keys: readonly string[], repoIndex = -1): number[] {
  const ids = new Array<number>(keys.length);
  const taken = new Set<number>([REPO_NODE_ID]);
  if (repoIndex >= 0) ids[repoIndex] = REPO_NODE_ID;
  const order = keys.map((_, i) => i).filter((i) => i !== repoIndex);
  order.sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
  for (const i of order) {
    let attempt = 0;
    let id = hash31(keys[i]!);
    while (taken.has(id)) id = hash31(keys[i]!, ++attempt);
    taken.add(id);
    ids[i] = id;
  }
  return ids;
}

/**
 * Rewrites a graph whose node ids are array positions (the stitcher's working ids) to stable
 * ids, in place: nodes, edge ends and unresolved sources. Node order is kept.
 */
export function assignStableIds(graph: Graph): void {
  const { nodes } = graph;
  const repoIndex = nodes.findIndex((n) => n.kind === 'Repo');
  const ids = stableIdsFor(identityKeys(nodes), repoIndex);
  const byPosition = new Map<number, number>();
  nodes.forEach((node, i) => byPosition.set(node.id, ids[i]!));
  const remap = (id: number): number => {
    const stable = byPosition.get(id);
    if (stable === undefined) throw new Error(`stable ids: no node with working id ${id}`);
    return stable;
  };
  nodes.forEach((node, i) => (node.id = ids[i]!));
  for (const edge of graph.edges) {
    edge.src = remap(edge.src);
    edge.dst = remap(edge.dst);
  }
  for (const row of graph.unresolved) row.src = remap(row.src);
}
