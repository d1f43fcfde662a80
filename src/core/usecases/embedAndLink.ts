/**
 * @file Embedding a graph and linking it, the same in the app's repo worker and the CLI: the
 * embedder's vectors of each source (description, code), then the SIMILAR edges from one of its
 * sets (semantic/similarEdges.ts), then a checkpoint. One rule picks the SIMILAR settings, for the
 * Embed and Link buttons, `ranger embed` and `ranger index` alike: what the caller asks, else what
 * this graph's edges were last linked with (so a re-embed keeps a person's choice), else the
 * defaults (cosine >= 0.8, k = 5); the source asked or last used when the embedder has that set,
 * else its code set when there is one, else its description set.
 * Runs in: everywhere. Layer src/core.
 */
import { embedGraph } from '../semantic/embedGraph.ts';
import type { EmbedSetResult } from '../semantic/embedGraph.ts';
import type { EmbedProgress, EmbeddingSetInfo, SemanticSource, SimilarInfo, SimilarOptions } from '../semantic/semanticService.ts';
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

/** The SIMILAR settings for `model`'s sets: asked, else last used on this graph, else the defaults. */
export function similarSettings(
  asked: SimilarOptions,
  last: SimilarInfo | null,
  sets: readonly Pick<EmbeddingSetInfo, 'model' | 'source'>[],
  model: string,
): Required<SimilarOptions> {
  const has = (source: SemanticSource | undefined): source is SemanticSource => source !== undefined && sets.some((set) => set.model === model && set.source === source);
  const wanted = asked.source ?? last?.source;
  const source = has(wanted) ? wanted : has('code') ? 'code' : 'description';
  return { source, eps: asked.eps ?? last?.eps ?? DEFAULT_SIMILAR_EPS, k: asked.k ?? last?.k ?? DEFAULT_SIMILAR_K };
}

/** Recomputes the SIMILAR edges from `model`'s vectors, then checkpoints. */
export async function linkSimilar(conn: SqlConnection, model: string, options: LinkOptions = {}): Promise<SimilarInfo> {
  const settings = similarSettings(options.similar ?? {}, await readSimilarInfo(conn), await listEmbeddingSets(conn), model);
  const info = await computeSimilarEdges(conn, { model, ...settings, signal: options.signal, onProgress: options.onProgress });
  await conn.run('CHECKPOINT');
  return info;
}

/** Embeds the graph with `embedder`, then links it from the new vectors. */
export async function embedAndLink(conn: SqlConnection, embedder: Embedder, options: EmbedAndLinkOptions = {}): Promise<EmbedAndLinkResult> {
  const { sources, batchSize, signal, onProgress } = options;
  const sets = await embedGraph(options.batchConnection ?? conn, embedder, { sources, batchSize, signal, onProgress });
  const similar = await linkSimilar(conn, embedder.info.id, options);
  return { sets, similar };
}
