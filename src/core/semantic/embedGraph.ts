/**
 * @file Embeds the graph: every Function, Method, Class and Module node, and
 * Field / GlobalVariable nodes that have code, once per text source, stored per (model, source).
 * - 'description': embeddingText(description, member_descriptions) (RANGER 3.3). A node with no
 *   stored description falls back to its name, signature and docstring; the count of such nodes
 *   is reported as `fallbackTexts`.
 * - 'code': the node's code, cut to its first MAX_CODE_CHARS characters (neural embedders
 *   truncate at 512 tokens anyway; the head holds the signature and docstring).
 * Nodes whose text is empty for a source are left out of that set.
 * The built-in lexical embedder is fitted (idf) on the corpus of each source first (phase 'fit')
 * and the idf is stored as model state, so loadBuiltinEmbedder can embed queries the same way.
 * Vectors are written only when a source is complete: a cancel keeps the previous set.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError, throwIfAborted } from '../errors.ts';
import { embeddingText } from '../describe/structuralDescription.ts';
import { LexicalEmbedder, LEXICAL_EMBEDDER_INFO } from '../models/lexicalEmbedder.ts';
import type { IdfTable } from '../models/lexicalEmbedder.ts';
import type { Embedder } from '../models/types.ts';
import { listEmbeddingSets, readModelState, writeEmbeddings, writeModelState } from '../store/embeddingStore.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import type { EmbeddingSetInfo, EmbedProgress, SemanticSource } from './semanticService.ts';

export const MAX_CODE_CHARS = 4000;
export const DEFAULT_EMBED_BATCH = 32;
export const EMBEDDABLE_KINDS = ['Function', 'Method', 'Class', 'Module'] as const;
export const ALL_SOURCES: readonly SemanticSource[] = ['description', 'code'];

export interface EmbedGraphOptions {
  sources?: readonly SemanticSource[];
  signal?: AbortSignal;
  onProgress?: (p: EmbedProgress) => void;
  /** Texts per embedder call (default: 32). */
  batchSize?: number;
}

export interface EmbedSetResult extends EmbeddingSetInfo {
  /** Description set only: nodes without a stored description, embedded from name + signature + docstring. */
  fallbackTexts: number;
}

/** Model state stored for the built-in lexical embedder (per source). */
export interface LexicalState {
  dim: number;
  idf: IdfTable;
}

interface EmbeddableNode {
  id: number;
  name: string | null;
  signature: string | null;
  docstring: string | null;
  code: string | null;
  description: string | null;
  member_descriptions: string | null;
}

async function embeddableNodes(conn: SqlConnection): Promise<EmbeddableNode[]> {
  const kinds = EMBEDDABLE_KINDS.map((k) => `'${k}'`).join(', ');
  const rows = await conn.query(
    `SELECT id, name, signature, docstring, code, description, member_descriptions FROM nodes
     WHERE kind IN (${kinds}) OR (kind IN ('Field', 'GlobalVariable') AND coalesce(trim(code), '') <> '')
     ORDER BY id`,
  );
  return rows as unknown as EmbeddableNode[];
}

function fallbackText(node: EmbeddableNode): string {
  return [node.name, node.signature, node.docstring].filter((p): p is string => typeof p === 'string' && p.trim() !== '').join('\n');
}

/** The text of `node` for `source` and whether it is the description fallback. */
export function nodeText(node: EmbeddableNode, source: SemanticSource): { text: string; fallback: boolean } {
  if (source === 'code') return { text: (node.code ?? '').slice(0, MAX_CODE_CHARS), fallback: false };
  const described = embeddingText(node.description, node.member_descriptions);
  if (described.trim() !== '') return { text: described, fallback: false };
  return { text: fallbackText(node), fallback: true };
}

function isBuiltinLexical(embedder: Embedder): boolean {
  return embedder.info.builtin && embedder.info.id === LEXICAL_EMBEDDER_INFO.id;
}

/** Lets a pending cancel message in (worker) without slowing a fast embedder down. */
function yielder(): () => Promise<void> {
  let last = Date.now();
  return async () => {
    if (Date.now() - last < 50) return;
    await new Promise((done) => setTimeout(done, 0));
    last = Date.now();
  };
}

async function embedSource(
  conn: SqlConnection,
  embedder: Embedder,
  nodes: readonly EmbeddableNode[],
  source: SemanticSource,
  options: EmbedGraphOptions,
): Promise<EmbedSetResult> {
  const { signal, onProgress } = options;
  const texts: string[] = [];
  const ids: number[] = [];
  let fallbackTexts = 0;
  for (const node of nodes) {
    const { text, fallback } = nodeText(node, source);
    if (text.trim() === '') continue;
    texts.push(text);
    ids.push(node.id);
    if (fallback) fallbackTexts++;
  }
  let model = embedder;
  let lexicalState: LexicalState | null = null;
  if (isBuiltinLexical(embedder)) {
    onProgress?.({ phase: 'fit', source, done: 0, total: texts.length });
    const lexical = new LexicalEmbedder({ dim: embedder.dim });
    lexical.fit(texts);
    lexicalState = { dim: lexical.dim, idf: lexical.exportIdf() };
    model = lexical;
    onProgress?.({ phase: 'fit', source, done: texts.length, total: texts.length });
  }
  const dim = model.dim;
  const matrix = new Float32Array(texts.length * dim);
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_EMBED_BATCH);
  const pause = yielder();
  onProgress?.({ phase: 'embed', source, done: 0, total: texts.length });
  for (let start = 0; start < texts.length; start += batchSize) {
    throwIfAborted(signal);
    const batch = texts.slice(start, start + batchSize);
    const vectors = await model.embed(batch, 'document');
    if (vectors.length !== batch.length) throw new AppError('UNKNOWN', `Embedder returned ${vectors.length} vectors for ${batch.length} texts`);
    vectors.forEach((v, i) => {
      if (v.length !== dim) throw new AppError('UNKNOWN', `Embedder returned a vector of length ${v.length}, expected ${dim}`);
      matrix.set(v, (start + i) * dim);
    });
    onProgress?.({ phase: 'embed', source, done: Math.min(texts.length, start + batchSize), total: texts.length });
    await pause();
  }
  throwIfAborted(signal);
  const info = await writeEmbeddings(conn, { model: embedder.info.id, source, dim, builtin: embedder.info.builtin }, Int32Array.from(ids), matrix);
  if (lexicalState) await writeModelState(conn, embedder.info.id, source, lexicalState);
  return { ...info, fallbackTexts: source === 'description' ? fallbackTexts : 0 };
}

/** Embeds each requested source (default both) and stores the sets; returns their infos. */
export async function embedGraph(conn: SqlConnection, embedder: Embedder, options: EmbedGraphOptions = {}): Promise<EmbedSetResult[]> {
  const nodes = await embeddableNodes(conn);
  const results: EmbedSetResult[] = [];
  for (const source of options.sources ?? ALL_SOURCES) {
    throwIfAborted(options.signal);
    results.push(await embedSource(conn, embedder, nodes, source, options));
  }
  await conn.run('CHECKPOINT');
  return results;
}

/** The built-in lexical embedder with the idf stored for `source` by embedGraph. */
export async function loadBuiltinEmbedder(conn: SqlConnection, source: SemanticSource): Promise<LexicalEmbedder> {
  const state = await readModelState<LexicalState>(conn, LEXICAL_EMBEDDER_INFO.id, source);
  if (!state) {
    const sets = await listEmbeddingSets(conn);
    const note = sets.length > 0 ? ` (stored sets: ${sets.map((s) => `${s.model}/${s.source}`).join(', ')})` : '';
    throw new AppError('INPUT_INVALID', `No built-in lexical ${source} embeddings in this database: run embed first${note}`);
  }
  return new LexicalEmbedder({ dim: state.dim, idf: state.idf });
}

/** Embeds a search query with the model's query role (its query prompt, where it has one). */
export async function embedQuery(embedder: Embedder, text: string): Promise<Float32Array> {
  const [vector] = await embedder.embed([text], 'query');
  return vector;
}
