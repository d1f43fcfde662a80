/**
 * @file searchQuestion (src/core/usecases/searchQuestion.ts) over a real database with the
 * built-in models: Path 1 answers without asking for models or reading vectors; Path 2 chooses
 * them on first use, says the built-in vectors were computed, runs on the caller's engine and
 * stores its run; an embedding in progress shows in the answer; a big graph is searched by
 * neighbourhood without the whole graph's engine.
 */
import { describe, expect, it } from 'vitest';
import { createBuiltinReranker } from '../../src/core/models/builtinReranker.ts';
import { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import { BUILTIN_RERANKER } from '../../src/core/models/modelSpec.ts';
import { createSearchEngine } from '../../src/core/search/searchEngine.ts';
import { BUILT_FALLBACK_NOTE } from '../../src/core/search/searchVectors.ts';
import { listEmbeddingSets } from '../../src/core/store/embeddingStore.ts';
import { listRuns } from '../../src/core/store/runStore.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { chooseSearchModels } from '../../src/core/usecases/searchModels.ts';
import { searchQuestion } from '../../src/core/usecases/searchQuestion.ts';
import type { QuestionModels } from '../../src/core/usecases/searchQuestion.ts';
import { openArchiveGraph, padPastBigGraph } from '../search/archiveGraph.ts';
import { memoryConnections } from '../memoryConnections.ts';

const openMemory = memoryConnections();

/** The built-in models, counting how often the models and the whole graph's engine were asked for. */
function builtinDeps(conn: SqlConnection, extra: Partial<QuestionModels> = {}) {
  const asked = { models: 0, engine: 0 };
  const deps = {
    models: async (): Promise<QuestionModels> => {
      asked.models += 1;
      const models = await chooseSearchModels(conn, { preferred: [], loadEmbedder: async () => new LexicalEmbedder(), reranker: createBuiltinReranker(BUILTIN_RERANKER) });
      return { ...models, ...extra };
    },
    engine: (models: QuestionModels) => {
      asked.engine += 1;
      return createSearchEngine(conn, models);
    },
    routerLlm: async () => null,
  };
  return { deps, asked };
}

describe('searchQuestion', () => {
  it('answers a lookup on Path 1 without choosing models or reading vectors', async () => {
    const conn = await openArchiveGraph(openMemory);
    try {
      const { deps, asked } = builtinDeps(conn);
      const answer = await searchQuestion(conn, { question: 'where is make_tarball defined', method: 'auto', k: 5 }, deps, { audience: 'app' });
      expect(answer.response.route.path).toBe('cypher');
      expect(answer.response.results.map((hit) => hit.id)).toContain(10);
      expect(answer.trace).toBeUndefined();
      expect(answer.runId).toBeUndefined();
      expect(asked).toEqual({ models: 0, engine: 0 });
      expect(await listEmbeddingSets(conn)).toEqual([]);
    } finally {
      await conn.close?.();
    }
  });

  it('runs Path 2 on the whole graph engine, says the built-in vectors were computed, and stores the run', async () => {
    const conn = await openArchiveGraph(openMemory);
    try {
      const { deps, asked } = builtinDeps(conn);
      const answer = await searchQuestion(conn, { question: 'pack several files into a compressed tarball', method: 'auto', k: 5 }, deps, { audience: 'cli', runSource: 'cli' });
      expect(answer.response.route.path).toBe('mcts');
      expect(answer.response.results.map((hit) => hit.id)).toContain(10);
      expect(answer.response.results.length).toBeLessThanOrEqual(5);
      expect(answer.response.notes).toContain(BUILT_FALLBACK_NOTE);
      expect(answer.response.stats.vectorsPending).toBeUndefined();
      expect(asked).toEqual({ models: 1, engine: 1 });
      expect(answer.trace?.events.length).toBeGreaterThan(0);
      const runs = await listRuns(conn, 'mcts');
      expect(runs.map((run) => run.id)).toEqual([answer.runId]);
    } finally {
      await conn.close?.();
    }
  });

  it('says which vectors answered while an embedding builds others', async () => {
    const conn = await openArchiveGraph(openMemory);
    try {
      const pending = { model: 'ranger-code-search-mini', note: 'ranger-code-search-mini is still embedding: the built-in vectors answered.' };
      const { deps } = builtinDeps(conn, { pending });
      const answer = await searchQuestion(conn, { question: 'hypotenuse of a right triangle', method: 'bm25', k: 3 }, deps, { audience: 'app' });
      expect(answer.response.stats.vectorsPending).toBe(pending.model);
      expect(answer.response.notes?.[0]).toBe(pending.note);
      expect(answer.trace).toBeUndefined();
    } finally {
      await conn.close?.();
    }
  });

  it("searches a big graph over the question's neighbourhood, storing no vectors and building no whole-graph engine", async () => {
    const conn = await openArchiveGraph(openMemory);
    try {
      await padPastBigGraph(conn);
      const { deps, asked } = builtinDeps(conn);
      const answer = await searchQuestion(conn, { question: 'pack several files into a compressed tarball', method: 'mcts', k: 5 }, deps, { audience: 'app' });
      expect(answer.response.results.map((hit) => hit.id)).toContain(10);
      expect(answer.response.notes?.some((note) => /^This graph has 200,009 nodes, so the search ran over the \d+ around/.test(note))).toBe(true);
      expect(asked).toEqual({ models: 1, engine: 0 });
      expect(await listEmbeddingSets(conn)).toEqual([]);
    } finally {
      await conn.close?.();
    }
  });
});
