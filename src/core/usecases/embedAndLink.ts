/**
 * @file Embedding a graph and linking it, the same in the app's repo worker and the CLI: the
 * embedder's vectors of each source (description, code), then the SIMILAR edges from one of its
 * sets (semantic/similarEdges.ts), then a checkpoint. One rule picks the SIMILAR settings, for the
 * Embed and Link buttons, `ranger embed` and `ranger index` alike: the thresholds asked, else those
 * this graph's edges were last linked with (so a re-embed keeps a person's choice), else the
 * defaults (cosine >= 0.8, k = 5); the source asked, else one the edges can follow: after an
 * embedding one of the sets it just wrote, for a link alone one of the embedder's stored sets,
 * the source last linked when it is one of them, else code, else description.
 * Runs in: everywhere. Layer src/core.
 */
import { embedGraph } from '../semantic/embedGraph.ts';
import type { EmbedSetResult } from '../semantic/embedGraph.ts';
import type { EmbedProgress, SemanticSource, SimilarInfo, SimilarOptions } from '../semantic/semanticService.ts';
import { computeSimilarEdges, DEFAULT_SIMILAR_EPS, DEFAULT_SIMILAR_K, readSimilarInfo } from '../semantic/similarEdges.ts';
import type { Embedder } from '../models/types.ts';
import { listEmbeddingSets } from '../store/embeddingStore.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';

export interface LinkOptions {
  /** SIMILAR settings asked for; what is left out follows the rule above. */
  similar?: SimilarOptions;
  signal?: AbortSignal;
  onProgress?: (p: EmbedProgress) => void;
}

export interface EmbedAndLinkOptions extends LinkOptions {
  /** Sources to embed (default both). */
  sources?: readonly SemanticSource[];
  /** Texts per embedder call (embedGraph's default otherwise). */
  batchSize?: number;
  /** Where the embedding's batches are written (default the connection; the app's checkpoints as it goes). */
  batchConnection?: SqlConnection;
}

export interface EmbedAndLinkResult {
  sets: EmbedSetResult[];
  similar: SimilarInfo;
}

/**
 * The SIMILAR settings: `asked`, else the thresholds `last` linked with, else the defaults; the
 * source asked, else of `followable` the one last linked, else code, else description.
 */
export function similarSettings(asked: SimilarOptions, last: SimilarInfo | null, followable: readonly SemanticSource[]): Required<SimilarOptions> {
  const fallback = last && followable.includes(last.source) ? last.source : followable.includes('code') ? 'code' : 'description';
  return { source: asked.source ?? fallback, eps: asked.eps ?? last?.eps ?? DEFAULT_SIMILAR_EPS, k: asked.k ?? last?.k ?? DEFAULT_SIMILAR_K };
}

/** Recomputes the SIMILAR edges from `model`'s vectors of the sources `followable` (default: every stored one), then checkpoints. */
export async function linkSimilar(conn: SqlConnection, model: string, options: LinkOptions & { followable?: readonly SemanticSource[] } = {}): Promise<SimilarInfo> {
  const followable = options.followable ?? (await listEmbeddingSets(conn)).filter((set) => set.model === model).map((set) => set.source);
  const settings = similarSettings(options.similar ?? {}, await readSimilarInfo(conn), followable);
  const info = await computeSimilarEdges(conn, { model, ...settings, signal: options.signal, onProgress: options.onProgress });
  await conn.run('CHECKPOINT');
  return info;
}

/** Embeds the graph with `embedder`, then links it from the sets just written. */
export async function embedAndLink(conn: SqlConnection, embedder: Embedder, options: EmbedAndLinkOptions = {}): Promise<EmbedAndLinkResult> {
  const { sources, batchSize, signal, onProgress } = options;
  const sets = await embedGraph(options.batchConnection ?? conn, embedder, { sources, batchSize, signal, onProgress });
  const similar = await linkSimilar(conn, embedder.info.id, { ...options, followable: sets.map((set) => set.source) });
  return { sets, similar };
}
