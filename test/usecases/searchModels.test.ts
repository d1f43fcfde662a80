/**
 * @file chooseSearchModels (src/core/usecases/searchModels.ts) over a real database with real
 * models: the built-in lexical vectors computed and stored when the graph has none (said once),
 * the first preferred model with stored vectors, the shipped neural embedder (loaded by the Node
 * adapter) read when it loads and passed over when the lexical embedder stands in for it, another
 * model's query embedder loaded on first use only, and a key that changes with the stored vectors.
 */
import { describe, expect, it } from 'vitest';
import { createNodeEmbedder, resolveModelArg } from '../../src/adapters/node/nodeModels.ts';
import { createBuiltinReranker } from '../../src/core/models/builtinReranker.ts';
import { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import { BUILTIN_NEURAL_EMBEDDER, BUILTIN_RERANKER } from '../../src/core/models/modelSpec.ts';
import type { Embedder } from '../../src/core/models/types.ts';
import { BUILT_FALLBACK_NOTE, BUILTIN_EMBEDDER_ID } from '../../src/core/search/searchVectors.ts';
import { embedGraph } from '../../src/core/semantic/embedGraph.ts';
import { chooseSearchModels } from '../../src/core/usecases/searchModels.ts';
import { openArchiveGraph } from '../search/archiveGraph.ts';
import { memoryConnections } from '../memoryConnections.ts';

const openMemory = memoryConnections();

const reranker = createBuiltinReranker(BUILTIN_RERANKER);
const lexicalOnly = async (): Promise<Embedder> => new LexicalEmbedder();

describe('chooseSearchModels', () => {
  it('computes and stores the built-in vectors when the graph has none, and says so once', async () => {
    const conn = await openArchiveGraph(openMemory);
    try {
      const first = await chooseSearchModels(conn, { preferred: [BUILTIN_NEURAL_EMBEDDER.id], loadEmbedder: lexicalOnly, reranker });
      expect(first).toMatchObject({ embedderId: BUILTIN_EMBEDDER_ID, note: BUILT_FALLBACK_NOTE, reranker });
      expect(first.sets.map((set) => set.source).sort()).toEqual(['code', 'description']);
      expect((await first.queryEmbedder('code')).info.id).toBe(BUILTIN_EMBEDDER_ID);
      const again = await chooseSearchModels(conn, { preferred: [], loadEmbedder: lexicalOnly, reranker });
      expect(again.note).toBeUndefined();
      expect(again.key).toBe(first.key);
    } finally {
      await conn.close?.();
    }
  });

  it('reads the shipped neural vectors when the model loads, and passes them over when the lexical embedder stands in', async () => {
    const conn = await openArchiveGraph(openMemory);
    try {
      const neural = await createNodeEmbedder(BUILTIN_NEURAL_EMBEDDER);
      expect(neural.info.id).toBe(BUILTIN_NEURAL_EMBEDDER.id);
      await embedGraph(conn, neural, { sources: ['code'] });
      await embedGraph(conn, new LexicalEmbedder());
      const loads = await chooseSearchModels(conn, { preferred: [BUILTIN_NEURAL_EMBEDDER.id, BUILTIN_EMBEDDER_ID], loadEmbedder: async () => neural, reranker });
      expect(loads.embedderId).toBe(BUILTIN_NEURAL_EMBEDDER.id);
      expect(await loads.queryEmbedder('code')).toBe(neural);
      expect(loads.key).toContain(`${BUILTIN_NEURAL_EMBEDDER.id}|${reranker.info.id}|`);

      const heard: string[] = [];
      const missing = { ...BUILTIN_NEURAL_EMBEDDER, modelsDir: '/nonexistent-models' };
      const standIn = await chooseSearchModels(conn, {
        preferred: [BUILTIN_NEURAL_EMBEDDER.id],
        loadEmbedder: () => createNodeEmbedder(missing, { onFallback: (message) => heard.push(message) }),
        reranker,
      });
      expect(heard).toHaveLength(1);
      expect(standIn.embedderId).toBe(BUILTIN_EMBEDDER_ID);
      expect(standIn.key).not.toBe(loads.key);
    } finally {
      await conn.close?.();
    }
  });

  it("loads another model's query embedder on first use only, and tries a failed load again", async () => {
    const conn = await openArchiveGraph(openMemory);
    try {
      const spec = resolveModelArg('public/models/fixtures/tiny-embedder', 'embedder');
      const tiny = await createNodeEmbedder(spec);
      await embedGraph(conn, tiny, { sources: ['code'] });
      let calls = 0;
      const models = await chooseSearchModels(conn, {
        preferred: ['not-stored', tiny.info.id],
        loadEmbedder: async (model) => {
          calls += 1;
          if (calls === 1) throw new Error(`${model} is still downloading`);
          return tiny;
        },
        reranker,
      });
      expect(models.embedderId).toBe(tiny.info.id);
      expect(models.note).toBeUndefined();
      expect(calls).toBe(0);
      await expect(models.queryEmbedder('code')).rejects.toThrow(/still downloading/);
      expect(await models.queryEmbedder('code')).toBe(tiny);
      expect(await models.queryEmbedder('code')).toBe(tiny);
      expect(calls).toBe(2);
    } finally {
      await conn.close?.();
    }
  });
});
