/**
 * @file Which stored vectors a search reads, shared by the app (repo worker) and the CLI: the
 * preferred model's sets when it has any, else the built-in lexical sets, computed and stored
 * first when the graph has none (so Path 2 works on a graph nobody embedded, as in the app), except
 * on a big graph, searched by neighbourhood with vectors computed per question (scopedSearch.ts).
 * Path 1 never calls this: the router answers from the graph alone. Also the built-in query
 * embedders, one per source, reading the stored idf once.
 * Runs in: everywhere. Layer src/core.
 */
import { LEXICAL_EMBEDDER_INFO, LexicalEmbedder } from '../models/lexicalEmbedder.ts';
import type { Embedder } from '../models/types.ts';
import { embedGraph, loadBuiltinEmbedder } from '../semantic/embedGraph.ts';
import type { EmbeddingSetInfo, SemanticSource } from '../semantic/semanticService.ts';
import { listEmbeddingSets } from '../store/embeddingStore.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { isBigGraph } from './bigGraph.ts';

export interface SearchVectors {
  /** The embedding_sets model the engine reads. */
  embedderId: string;
  /** Every stored set after the call (a new built-in set included). */
  sets: EmbeddingSetInfo[];
  /** True when the built-in sets were computed by this call (the graph had none to read). */
  builtFallback: boolean;
}

/** The built-in model id (lexical embedder). */
export const BUILTIN_EMBEDDER_ID = LEXICAL_EMBEDDER_INFO.id;

/**
 * The vectors to search with: `preferred` when it has stored sets, else the built-in ones
 * (embedding the graph with the built-in lexical embedder when they are missing).
 */
export async function searchVectors(conn: SqlConnection, preferred: string | null): Promise<SearchVectors> {
  let sets = await listEmbeddingSets(conn);
  const embedderId = preferred !== null && sets.some((s) => s.model === preferred) ? preferred : BUILTIN_EMBEDDER_ID;
  if (sets.some((s) => s.model === embedderId)) return { embedderId, sets, builtFallback: false };
  // A big graph is searched by neighbourhood, whose built-in vectors are computed per question.
  if (await isBigGraph(conn)) return { embedderId, sets, builtFallback: false };
  await embedGraph(conn, new LexicalEmbedder());
  sets = await listEmbeddingSets(conn);
  return { embedderId, sets, builtFallback: true };
}

/** Built-in query embedders by source, each loaded once (its idf read from model_state). */
export function builtinQueryEmbedders(conn: SqlConnection): (source: SemanticSource) => Promise<Embedder> {
  const cache = new Map<SemanticSource, Promise<Embedder>>();
  return (source) => {
    let embedder = cache.get(source);
    if (!embedder) cache.set(source, (embedder = loadBuiltinEmbedder(conn, source)));
    return embedder;
  };
}

/** The sentence the UI and the CLI show when the built-in vectors were computed for a search. */
export const BUILT_FALLBACK_NOTE = 'the graph had no embeddings, so the built-in lexical ones were computed and stored first';
