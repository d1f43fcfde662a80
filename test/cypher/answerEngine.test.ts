/**
 * @file answerQuestion with the real search engine (src/core/search/searchEngine.ts) on the demo
 * repo, described and embedded with the offline built-ins: an entity question is answered by
 * Cypher (Path 1, no reranker call), a natural-language one by MCTS (Path 2) with its trace and
 * events, and a baseline method goes straight to the engine.
 * Runs in: Node (vitest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { answerQuestion } from '../../src/core/agent/answerQuestion.ts';
import { describeGraph } from '../../src/core/describe/describeGraph.ts';
import { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import { LexicalReranker } from '../../src/core/models/lexicalReranker.ts';
import { createSearchEngine } from '../../src/core/search/searchEngine.ts';
import type { SearchEngine } from '../../src/core/search/searchEngine.ts';
import type { MctsEvent } from '../../src/core/search/mctsTrace.ts';
import { embedGraph, loadBuiltinEmbedder } from '../../src/core/semantic/embedGraph.ts';
import { openDemoGraph } from './demoGraph.ts';

let conn: WasmNodeConnection;
let engine: SearchEngine;

beforeAll(async () => {
  conn = await openDemoGraph();
  await describeGraph(conn, null, {});
  const embedder = new LexicalEmbedder();
  await embedGraph(conn, embedder, { sources: ['description', 'code'] });
  engine = await createSearchEngine(conn, {
    embedderId: embedder.info.id,
    queryEmbedder: (source) => loadBuiltinEmbedder(conn, source),
    reranker: new LexicalReranker(),
  });
}, 120_000);

afterAll(async () => {
  await conn?.close();
});

describe('answerQuestion with the real search engine', () => {
  it('an entity question: Path 1, no reranker calls', async () => {
    const response = await answerQuestion(conn, engine, 'where is CatalogSearch defined?', { llm: null }, { question: 'where is CatalogSearch defined?', method: 'auto' });
    expect(response.route.path).toBe('cypher');
    expect(response.results.map((h) => h.qualified_name)).toEqual(['shopkit.catalog.search.CatalogSearch']);
    expect(response.stats.reranker_calls).toBe(0);
  });

  it('a natural-language question: Path 2 runs MCTS with its trace and events', async () => {
    const events: MctsEvent[] = [];
    const question = 'how are prices discounted for a cart';
    const response = await answerQuestion(conn, engine, question, { llm: null }, { question, method: 'auto', k: 5, params: { iterations: 20 } }, { onEvent: (e) => events.push(e) });
    expect(response.route).toMatchObject({ path: 'mcts', cypher: null, generator: 'rules' });
    expect(response.results.length).toBeGreaterThan(0);
    expect(response.results.length).toBeLessThanOrEqual(5);
    expect(response.stats.reranker_calls).toBeGreaterThan(0);
    expect(events.length).toBeGreaterThan(0);
    expect(response.trace).toBeDefined();
  });

  it('a question about more than the name: Path 1 hits first, then MCTS results without them', async () => {
    const question = 'how does CatalogSearch rank the products for a query?';
    const response = await answerQuestion(conn, engine, question, { llm: null }, { question, method: 'auto', k: 6, params: { iterations: 20 } });
    expect(response.route).toMatchObject({ path: 'cypher+mcts', generator: 'rules' });
    expect(response.route.reason).toMatch(/MCTS's results follow/);
    expect(response.results[0]!.qualified_name).toBe('shopkit.catalog.search.CatalogSearch');
    expect(response.results.length).toBeGreaterThan(1);
    expect(response.results.length).toBeLessThanOrEqual(6);
    expect(new Set(response.results.map((h) => h.id)).size).toBe(response.results.length);
    expect(response.stats.reranker_calls).toBeGreaterThan(0);
    expect(response.trace?.route?.path).toBe('cypher+mcts');
  });

  it('a description that mentions a name (docstring-like): MCTS alone', async () => {
    const question = 'Rank the products of the catalog for a query, like CatalogSearch does.';
    const response = await answerQuestion(conn, engine, question, { llm: null }, { question, method: 'auto', k: 5, params: { iterations: 20 } });
    expect(response.route.path).toBe('mcts');
    expect(response.route.reason).toMatch(/reads as a description/);
  });

  it('bm25 goes straight to the engine', async () => {
    const response = await answerQuestion(conn, engine, 'where is CatalogSearch defined?', { llm: null }, { question: 'where is CatalogSearch defined?', method: 'bm25', k: 3 });
    expect(response.route.path).toBe('baseline');
    expect(response.results).toHaveLength(3);
  });
});
