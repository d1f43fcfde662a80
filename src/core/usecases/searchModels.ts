/**
 * @file Which models a search reads with, one rule for the app and the CLI: the first of the
 * caller's preferred models that has stored vectors, else the built-in lexical vectors (computed
 * and stored first when the graph has none, except on a big graph: searchVectors.ts). The shipped
 * neural embedder is loaded while choosing, and when it cannot load (the lexical embedder comes
 * back in its place) its vectors are passed over, since lexical query vectors cannot be compared
 * with neural ones; any other model's query embedder loads on the first question that needs it.
 * The caller hands in how models load (the models worker, onnxruntime-node) and the reranker.
 * Runs in: everywhere. Layer src/core.
 */
import { BUILTIN_NEURAL_EMBEDDER } from '../models/modelSpec.ts';
import type { Embedder, Reranker } from '../models/types.ts';
import type { SearchModels } from '../search/searchEngine.ts';
import { BUILT_FALLBACK_NOTE, BUILTIN_EMBEDDER_ID, builtinQueryEmbedders, searchVectors } from '../search/searchVectors.ts';
import type { EmbeddingSetInfo, SemanticSource } from '../semantic/semanticService.ts';
import { listEmbeddingSets } from '../store/embeddingStore.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';

export interface SearchModelChoice {
  /** Models whose stored vectors to read, best first; the built-in lexical ones come after them. */
  preferred: readonly (string | undefined)[];
  /** The query embedder of a stored set's (neural) model. */
  loadEmbedder(model: string): Promise<Embedder>;
  reranker: Reranker;
}

/** The models, every stored set after the choice, and a key that changes with either. */
export type ChosenSearchModels = SearchModels & {
  /** Models + stored vectors: an engine built from equal keys can be reused. */
  key: string;
  sets: EmbeddingSetInfo[];
};

/**
 * The search models over `conn` (a view through its write gate where other flows write: the
 * built-in vectors may be stored here).
 */
export async function chooseSearchModels(conn: SqlConnection, choice: SearchModelChoice): Promise<ChosenSearchModels> {
  const stored = new Set((await listEmbeddingSets(conn)).map((set) => set.model));
  let preferred: string | null = null;
  let neural: Promise<Embedder> | null = null;
  for (const model of choice.preferred) {
    if (model === undefined || !stored.has(model)) continue;
    if (model === BUILTIN_NEURAL_EMBEDDER.id) {
      const loaded = await choice.loadEmbedder(model);
      if (loaded.info.id !== model) continue;
      neural = Promise.resolve(loaded);
    }
    preferred = model;
    break;
  }
  const { embedderId, sets, builtFallback } = await searchVectors(conn, preferred);
  // One built-in query embedder per source for these models: its idf is read once, and an
  // engine that refits it (hidden docstrings) embeds its queries with the refitted weights.
  const builtins = builtinQueryEmbedders(conn);
  const loadNeural = (): Promise<Embedder> => {
    // A load that failed is tried again by the next question (the model may load by then).
    neural ??= choice.loadEmbedder(embedderId).catch((error: unknown) => {
      neural = null;
      throw error;
    });
    return neural;
  };
  const stamp = sets.map((set) => `${set.model}/${set.source}@${set.createdAt}`).join(',');
  return {
    embedderId,
    queryEmbedder: (source: SemanticSource) => (embedderId === BUILTIN_EMBEDDER_ID ? builtins(source) : loadNeural()),
    reranker: choice.reranker,
    key: `${embedderId}|${choice.reranker.info.id}|${stamp}`,
    sets,
    ...(builtFallback ? { note: BUILT_FALLBACK_NOTE } : {}),
  };
}
