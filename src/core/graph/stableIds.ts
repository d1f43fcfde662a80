/**
 * @file Stable node identity: a node's id is derived from what it is (kind, file,
 * qualified name, and its ordinal among same-named twins in that file) instead of its position,
 * so descriptions, embeddings, SIMILAR edges and stored runs keep pointing at the same entity
 * across re-indexes of a changed repository.
 *
 * Ids are positive 31-bit integers (they stay INTEGER columns and Int32 Arrow vectors), from the
 * cyrb53 string hash. Collisions (about 1 pair per 50k nodes) are resolved deterministically,
 * as if the keys were taken in sorted order and a key whose id is taken re-hashed with an attempt
 * salt (stableIdsFor gets those ids without sorting every key). The result depends only on the
 * set of keys, never on the order of the files, so a full index and an incremental one of the
 * same tree give the same ids. The Repo node keeps id 0.
 * Runs in: everywhere (the stitcher's first step; primary ids also during the parse). Layer src/core.
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

/** Each entity's ordinal among its twins (same kind and qualified name) in one file, in file order. */
export function twinOrdinals(entities: readonly { kind: string; qualifiedName: string }[]): Int32Array {
  const ordinals = new Int32Array(entities.length);
  const seen = new Map<string, number>();
  entities.forEach((entity, i) => {
    const twin = `${entity.kind}\u0000${entity.qualifiedName}`;
    const ordinal = seen.get(twin) ?? 0;
    seen.set(twin, ordinal + 1);
    ordinals[i] = ordinal;
  });
  return ordinals;
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

/** A salted string hash into 0 .. 2^31-1: hash31, or a collision-prone one in tests. */
export type KeyHash = (text: string, seed: number) => number;

/**
 * Keys by index: an array, or keys made on demand (the stitch's: ~1M key strings held at once
 * were 100+ MB at 50,000 files, and only the rare colliding ones are asked for twice).
 */
export interface KeySource {
  readonly length: number;
  at(index: number): string | undefined;
  /** The key's hash(key, 0) where the caller has it already (the parse's primary ids), else undefined. */
  primary?(index: number): number | undefined;
}

/**
 * Stable ids for `keys` (same order). `repoIndex` (if any) gets REPO_NODE_ID. Every other id is
 * in 1 .. 2^31-1 and unique.
 *
 * The ids are defined by the sequential rule: take the keys (all but the Repo) in sorted order,
 * ties by index; each takes the first of hash(key, 0), hash(key, 1), ... that is not 0 and not
 * taken by an earlier key. Sorting ~100k keys dominated the cost, yet only the rare colliding
 * keys depend on the order, so this gets the same ids by simulating the rule only over the
 * "dynamic" keys:
 * - A key is static while its primary hash(key, 0) is non-zero and no other key shares it; its
 *   id is that primary. All other keys start dynamic and are taken in sorted order.
 * - A dynamic key x tries ids as the rule does. An id is taken if it is 0, was taken by an
 *   earlier dynamic key, or is the primary of a static key y sorted before x. If it is the
 *   primary of a static y sorted after x, x takes it and y turns dynamic (it is after x, so it
 *   joins the queue at its place in the order, before any later key is taken).
 * Why this equals the rule: dynamic keys are taken in sorted order, and a static key only turns
 * dynamic when a smaller key displaces it, so once x is being taken, every static key before x
 * stays static and its id is its primary; together with the ids of earlier dynamic keys that is
 * exactly the set of ids the rule has taken before x. A key still static at the end gets its
 * primary under the rule too: it is not 0, no other key's primary equals it, and no earlier key
 * re-hashed onto it (that key would have displaced it).
 */
export function stableIdsFor(keys: readonly string[] | KeySource, repoIndex = -1, hash: KeyHash = hash31): number[] {
  const key = (i: number): string => keys.at(i)!;
  const known = Array.isArray(keys) ? undefined : (keys as KeySource).primary?.bind(keys);
  const primaries = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) primaries[i] = i === repoIndex ? REPO_NODE_ID : (known?.(i) ?? hash(key(i), 0));
  const sortedPrimaries = primaries.slice().sort();
  const sharedPrimaries = new Set<number>();
  for (let i = 1; i < sortedPrimaries.length; i++) {
    if (sortedPrimaries[i] === sortedPrimaries[i - 1]) sharedPrimaries.add(sortedPrimaries[i]!);
  }
  const bySortedKey = (a: number, b: number): number => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : a - b;
  };
  /** Dynamic keys not yet taken, last in sorted order first (the next one is popped). */
  const pending: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    if (i !== repoIndex && (primaries[i] === REPO_NODE_ID || sharedPrimaries.has(primaries[i]!))) pending.push(i);
  }
  pending.sort((a, b) => bySortedKey(b, a));
  const enqueue = (y: number): void => {
    let lo = 0;
    let hi = pending.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (bySortedKey(pending[mid]!, y) > 0) lo = mid + 1;
      else hi = mid;
    }
    pending.splice(lo, 0, y);
  };
  const takenByDynamic = new Set<number>();
  /** The static key whose primary is `id` (not 0, not taken by a dynamic key), or -1. */
  const staticOwner = (id: number): number => {
    if (sharedPrimaries.has(id)) return -1;
    let lo = 0;
    let hi = sortedPrimaries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sortedPrimaries[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return sortedPrimaries[lo] === id ? primaries.indexOf(id) : -1;
  };
  const ids = Array.from(primaries);
  while (pending.length > 0) {
    const x = pending.pop()!;
    let attempt = 0;
    let id = primaries[x]!;
    for (;;) {
      if (id !== REPO_NODE_ID && !takenByDynamic.has(id)) {
        const owner = staticOwner(id);
        if (owner < 0) break;
        if (bySortedKey(owner, x) > 0) {
          enqueue(owner);
          break;
        }
      }
      id = hash(key(x), ++attempt);
    }
    takenByDynamic.add(id);
    ids[x] = id;
  }
  return ids;
}

/**
 * Rewrites a graph whose node ids are array positions (the stitcher's working ids) to stable
 * ids, in place: nodes, edge ends and unresolved sources. Node order is kept.
 */
export function assignStableIds(graph: Graph): void {
  const { nodes } = graph;
  nodes.forEach((node, i) => {
    if (node.id !== i) throw new Error(`stable ids: node ${i} has working id ${node.id}, not its position`);
  });
  const repoIndex = nodes.findIndex((n) => n.kind === 'Repo');
  const ids = stableIdsFor(identityKeys(nodes), repoIndex);
  const remap = (id: number): number => {
    const stable = ids[id];
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
