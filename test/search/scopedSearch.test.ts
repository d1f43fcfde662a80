/**
 * @file Path 2 on a big graph (src/core/search/scopedSearch.ts) over a real database (duckdb-wasm,
 * in memory): the seeds the question's words pick in SQL, the neighbourhood (neighbours, then
 * containers up to the Repo, whatever the limit), an answer searched over the neighbourhood alone
 * with built-in vectors computed in memory and nothing stored, the whole graph's fingerprint in
 * its trace, searchVectors leaving a graph above BIG_GRAPH_NODES unembedded, and the agent's
 * mcts tool searching there over its question's and anchors' neighbourhood, never the whole graph.
 */
import { describe, expect, it } from 'vitest';
import { LexicalReranker } from '../../src/core/models/lexicalReranker.ts';
import { BIG_GRAPH_NODES, refuseWholeGraphEval } from '../../src/core/search/bigGraph.ts';
import { readGraphFingerprint, sqlGraphFingerprint } from '../../src/core/search/graphFingerprint.ts';
import { nodeRowsByIds } from '../../src/core/store/nodeRowsByIds.ts';
import { focusedEngines, questionNeighbourhood, scopedSearchRunner, seedCandidates, seedTerms } from '../../src/core/search/scopedSearch.ts';
import { createSearchEngine } from '../../src/core/search/searchEngine.ts';
import { searchTools } from '../../src/core/agent/tools/searchTools.ts';
import { BUILTIN_EMBEDDER_ID, builtinQueryEmbedders, searchVectors } from '../../src/core/search/searchVectors.ts';
import { listEmbeddingSets } from '../../src/core/store/embeddingStore.ts';
import { ARCHIVE_EDGES as EDGES, ARCHIVE_NODES as NODES, openArchiveGraph as openGraph, padPastBigGraph } from './archiveGraph.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { memoryConnections } from '../memoryConnections.ts';

const openMemory = memoryConnections();

const lexicalModels = (conn: SqlConnection) => ({ embedderId: BUILTIN_EMBEDDER_ID, queryEmbedder: builtinQueryEmbedders(conn), reranker: new LexicalReranker() });

describe('scoped search (big graphs)', () => {
  it('reads node rows by id with their code as the nodes view gives it', async () => {
    const conn = await openGraph(openMemory);
    try {
      const ids = [0, 10, 12, 30];
      const view = await conn.query(`SELECT * FROM nodes WHERE id IN (${ids.join(', ')}) ORDER BY id`);
      expect(await nodeRowsByIds(conn, ids)).toEqual(view);
      expect(await nodeRowsByIds(conn, [10], ['id', 'name'])).toEqual([{ id: 10, name: 'make_tarball', file_path: 'archive.py' }]);
    } finally {
      await conn.close?.();
    }
  });

  it('seeds by the question words, rarest and name matches first', async () => {
    const conn = await openGraph(openMemory);
    try {
      expect(seedTerms('Compressed TARBALL of files, a')).toEqual(['compressed', 'tarball', 'of', 'files']);
      expect(await seedCandidates(conn, ['tarball'])).toEqual([10]);
      // 'zip' is in unpack_zip's name and docstring; 'archive' only in module names and docstrings.
      expect((await seedCandidates(conn, ['zip', 'archive']))[0]).toBe(12);
      expect(await seedCandidates(conn, ['nowhere'])).toEqual([]);
    } finally {
      await conn.close?.();
    }
  });

  it('takes neighbours up to the limit and every container up to the Repo', async () => {
    const conn = await openGraph(openMemory);
    try {
      const wide = await questionNeighbourhood(conn, 'compressed tarball');
      expect(wide.seeds).toBe(1);
      // make_tarball, its module and its USES neighbour, then the module's container, the Repo.
      expect(wide.nodeIds).toEqual([0, 1, 10, 11]);
      const narrow = await questionNeighbourhood(conn, 'compressed tarball', 1);
      expect(narrow.nodeIds).toEqual([0, 1, 10]);
      expect((await questionNeighbourhood(conn, 'qqq www')).nodeIds).toEqual([0, 1, 2, 3]);
    } finally {
      await conn.close?.();
    }
  });

  it('answers over the neighbourhood alone, stores no vectors, and traces the whole graph', async () => {
    const conn = await openGraph(openMemory);
    try {
      const notes: string[] = [];
      const runner = scopedSearchRunner(conn, lexicalModels(conn), NODES.length, (note) => notes.push(note));
      const answer = await runner.run({ question: 'pack files into a compressed tarball', method: 'mcts', k: 5, params: { iterations: 10, seed: 1 } });
      expect(answer.results[0]?.id).toBe(10);
      const reached = new Set(answer.trace!.events.flatMap((e) => ('node' in e ? [e.node] : [])));
      for (const id of reached) expect([0, 1, 10, 11, 12]).toContain(id);
      expect(answer.trace!.graph).toEqual(await readGraphFingerprint(conn));
      expect(await listEmbeddingSets(conn)).toEqual([]);
      expect(notes).toEqual([expect.stringMatching(/^This graph has 9 nodes, so the search ran over the \d+ around the question's \d+ best name and docstring matches \(built-in lexical vectors computed for them\)\.$/)]);
    } finally {
      await conn.close?.();
    }
  });

  it("the agent's mcts tool: the whole graph's engine on a small graph, its question's and anchors' neighbourhood on a big one", async () => {
    const conn = await openGraph(openMemory);
    try {
      const models = async () => lexicalModels(conn);
      let wholeBuilt = 0;
      const whole = () => {
        wholeBuilt++;
        return createSearchEngine(conn, lexicalModels(conn));
      };
      const small = await focusedEngines(conn, whole, models)({ question: 'compressed tarball', anchors: [] });
      expect(wholeBuilt).toBe(1);
      expect(small.snapshot.ids.length).toBe(NODES.length);

      await padPastBigGraph(conn);
      wholeBuilt = 0;
      const engines = focusedEngines(conn, whole, models);
      // Anchored at unpack_zip (12), which the question's words do not reach (they find hypot2,
      // 20): it joins the scope with its module and the Repo; the padding (ids from 1000) never does.
      expect((await questionNeighbourhood(conn, 'hypotenuse of a right triangle')).nodeIds).not.toContain(12);
      const focused = await engines({ question: 'hypotenuse of a right triangle', anchors: [12] });
      expect(wholeBuilt).toBe(0);
      const ids = [...focused.snapshot.ids];
      expect(ids).toEqual(expect.arrayContaining([0, 1, 12, 20]));
      expect(Math.max(...ids)).toBeLessThan(1000);
      const [mcts] = searchTools(engines);
      const result = await mcts!.run({ query: 'unpack a zip archive', anchor_ids: [12], k: 3, iterations: 10 }, { signal: new AbortController().signal });
      expect(result.text).toMatch(/^MCTS from #12:/);
      expect(wholeBuilt).toBe(0);
    } finally {
      await conn.close?.();
    }
  });

  it(`leaves a graph of more than ${BIG_GRAPH_NODES.toLocaleString('en-US')} nodes unembedded (searched by neighbourhood)`, async () => {
    const conn = await openGraph(openMemory);
    try {
      await expect(refuseWholeGraphEval(conn)).resolves.toBeUndefined();
      await padPastBigGraph(conn);
      // An evaluation would build the whole graph's engine: refused, saying why.
      await expect(refuseWholeGraphEval(conn)).rejects.toThrow(/this one has 200,009 nodes: it runs on graphs of up to 200,000 nodes/);
      const vectors = await searchVectors(conn, null);
      expect(vectors).toMatchObject({ embedderId: BUILTIN_EMBEDDER_ID, builtFallback: false });
      expect(await listEmbeddingSets(conn)).toEqual([]);
      // Its fingerprint comes from SQL: the counts, and a hash that one renamed node changes.
      const before = await readGraphFingerprint(conn);
      expect(before).toEqual(await sqlGraphFingerprint(conn));
      expect(before).toMatchObject({ nodes: NODES.length + BIG_GRAPH_NODES, edges: EDGES.length });
      await conn.run("UPDATE node_rows SET qualified_name = 'm.renamed' WHERE id = 1500");
      expect((await readGraphFingerprint(conn)).hash).not.toBe(before.hash);
    } finally {
      await conn.close?.();
    }
  });
});
