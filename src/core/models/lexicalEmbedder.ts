/**
 * @file Built-in lexical embedder (offline, no download): code-aware tokens hashed into a fixed
 * dimension (signed feature hashing, FNV-1a + fmix32), sublinear tf times a fitted idf,
 * L2-normalised so cosine = dot product. Labelled as a built-in so nobody mistakes it for a
 * neural model (docs/retrieval.md).
 * Runs in: everywhere. Layer src/core.
 */
import type { EmbedRole, Embedder, ModelInfo } from './types.ts';
import { codeTokens } from './codeTokens.ts';

export const LEXICAL_EMBEDDER_INFO: ModelInfo = Object.freeze({
  id: 'builtin:lexical',
  label: 'Built-in lexical embedder (offline)',
  builtin: true,
});

export const DEFAULT_LEXICAL_DIM = 1024;

/** Document frequencies from `fit`, plain data so they can be stored and restored. */
export interface IdfTable {
  documents: number;
  df: Record<string, number>;
}

export interface LexicalEmbedderOptions {
  dim?: number;
  idf?: IdfTable;
}

/** FNV-1a over UTF-16 code units with murmur3's fmix32 finaliser, as an unsigned 32-bit integer. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class LexicalEmbedder implements Embedder {
  readonly info: ModelInfo = LEXICAL_EMBEDDER_INFO;
  readonly dim: number;
  private documents = 0;
  private df = new Map<string, number>();

  constructor(options: LexicalEmbedderOptions = {}) {
    const dim = options.dim ?? DEFAULT_LEXICAL_DIM;
    if (!Number.isInteger(dim) || dim < 2) throw new RangeError(`dim must be an integer >= 2, got ${dim}`);
    this.dim = dim;
    if (options.idf) this.restoreIdf(options.idf);
  }

  /** Fits idf on a corpus (replacing any previous fit). Before fitting every idf is 1. */
  fit(documents: readonly string[]): void {
    const df = new Map<string, number>();
    for (const doc of documents) {
      for (const token of new Set(codeTokens(doc))) df.set(token, (df.get(token) ?? 0) + 1);
    }
    this.documents = documents.length;
    this.df = df;
  }

  get fitted(): boolean {
    return this.documents > 0;
  }

  /** Smoothed idf: ln((1 + N) / (1 + df)) + 1; 1 before fitting. Unseen tokens get the highest. */
  idf(token: string): number {
    if (this.documents === 0) return 1;
    return Math.log((1 + this.documents) / (1 + (this.df.get(token) ?? 0))) + 1;
  }

  exportIdf(): IdfTable {
    return { documents: this.documents, df: Object.fromEntries(this.df) };
  }

  restoreIdf(table: IdfTable): void {
    this.documents = table.documents;
    this.df = new Map(Object.entries(table.df));
  }

  /** Synchronous core of `embed`; the role is ignored (queries and documents share one space). */
  embedOne(text: string): Float32Array {
    const counts = new Map<string, number>();
    for (const token of codeTokens(text)) counts.set(token, (counts.get(token) ?? 0) + 1);
    const vector = new Float32Array(this.dim);
    for (const [token, tf] of counts) {
      const h = hash32(token);
      // Bucket from the low bits, sign from the top bit (independent for dim <= 2^31).
      const sign = h >>> 31 === 0 ? 1 : -1;
      vector[h % this.dim] += sign * (1 + Math.log(tf)) * this.idf(token);
    }
    return normalise(vector);
  }

  async embed(texts: readonly string[], _role: EmbedRole): Promise<Float32Array[]> {
    return texts.map((text) => this.embedOne(text));
  }
}

/** L2-normalises in place; an all-zero vector (no tokens) stays zero. */
function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const v of vector) sum += v * v;
  if (sum === 0) return vector;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i] *= scale;
  return vector;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}
