/**
 * @file Embedding right after an index (the app, docs/architecture.md "Embedding after
 * indexing"; the CLI's `index`, docs/cli.md): whether to embed with the selected embedder and
 * which sources, and the sentence a search says when it answered while those vectors were still
 * being computed. Pure: the callers read the stored sets and run the embedding.
 * Runs in: everywhere. Layer src/core.
 */
import { BIG_GRAPH_NODES } from '../search/bigGraph.ts';
import { ALL_SOURCES } from './embedGraph.ts';
import type { EmbeddingSetInfo, SemanticSource } from './semanticService.ts';

/** What finished: an index (full or incremental) or an imported bundle. */
export type AutoEmbedOrigin = 'index' | 'bundle';

export interface AutoEmbedInput {
  /** The person's setting (on by default). */
  enabled: boolean;
  /** Another semantic task is running. */
  busy: boolean;
  origin: AutoEmbedOrigin;
  embedder: { id: string; label: string };
  /**
   * The embedder would be downloaded first (a hub model not loaded yet): that waits for the
   * person's "Load models", as every download does.
   */
  needsDownload?: boolean;
  /** The sets stored in the graph that just opened. */
  sets: readonly Pick<EmbeddingSetInfo, 'model' | 'source'>[];
  /** An incremental re-index: nodes added or changed (their vectors are gone); absent for a full index. */
  changedNodes?: number;
  /** Nodes in the graph: a big graph (more than BIG_GRAPH_NODES) is not embedded whole unasked. */
  nodes?: number;
}

export type AutoEmbedDecision = { embed: true; sources: SemanticSource[] } | { embed: false; reason: string };

/**
 * Never for an embedder that would download first, nor for a big graph (docs/retrieval.md,
 * "Big graphs"). Embed after a full index (the graph has no
 * vectors) and after an incremental one that changed nodes (all sources: a set is replaced
 * whole); after an unchanged re-index only the sources the embedder has no set of (an earlier
 * embed was cancelled); after a bundle import only when the bundle carries no set of the embedder.
 */
export function autoEmbedDecision(input: AutoEmbedInput): AutoEmbedDecision {
  const { embedder } = input;
  if (!input.enabled) return { embed: false, reason: 'Embedding after indexing is off.' };
  if (input.busy) return { embed: false, reason: 'Another semantic task was running, so nothing was embedded after indexing.' };
  if (input.needsDownload) return { embed: false, reason: `${embedder.label} downloads first: Load models, then Embed.` };
  if (input.nodes !== undefined && input.nodes > BIG_GRAPH_NODES) {
    return { embed: false, reason: bigGraphReason(input.nodes, embedder.label) };
  }
  const stored = new Set(input.sets.filter((s) => s.model === embedder.id).map((s) => s.source));
  if (input.origin === 'bundle') {
    return stored.size > 0 ? { embed: false, reason: `The bundle carries vectors of ${embedder.label}.` } : { embed: true, sources: [...ALL_SOURCES] };
  }
  if (input.changedNodes === undefined || input.changedNodes > 0) return { embed: true, sources: [...ALL_SOURCES] };
  const missing = ALL_SOURCES.filter((source) => !stored.has(source));
  if (missing.length === 0) return { embed: false, reason: `Nothing changed, and the vectors of ${embedder.label} are kept.` };
  return { embed: true, sources: missing };
}

/** Why a big graph is not embedded after indexing. */
export function bigGraphReason(nodes: number, label: string): string {
  return `This graph has ${nodes.toLocaleString('en-US')} nodes: embedding them all with ${label} would take hours, so it is left to Embed. Searches meanwhile compute built-in vectors for the part of the graph each question needs.`;
}

/** The embedding running while a search answered: its model and how far it got. */
export interface VectorsInProgress {
  model: string;
  label: string;
  source: SemanticSource;
  done: number;
  total: number;
}

/**
 * The note of an answer given while `building` ran: which vectors answered instead (`answered.label`
 * names their embedder, e.g. "the built-in lexical embedder"), and that the next search after the
 * embedding uses the new ones; null when the answer already read every set being built (a
 * re-embed of stored sets).
 */
export function vectorsInProgressNote(
  building: VectorsInProgress,
  answered: { model: string; label: string; sources: readonly SemanticSource[] },
): string | null {
  const progress = `${building.source} ${building.done.toLocaleString('en-US')} / ${building.total.toLocaleString('en-US')}`;
  if (answered.model !== building.model) {
    return `The vectors of ${building.label} are still being built (${progress}), so ${answered.label} answered; the next search after the embedding uses the new vectors.`;
  }
  if (answered.sources.includes(building.source)) return null;
  const read = answered.sources.length > 0 ? `only its ${answered.sources.join(' and ')} vectors answered` : 'no vectors answered';
  return `The ${building.source} vectors of ${building.label} are still being built (${progress}), so ${read}; the next search after the embedding uses both.`;
}
