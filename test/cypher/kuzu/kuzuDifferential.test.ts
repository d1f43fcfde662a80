/**
 * @file Differential test of the Cypher compiler against Kuzu (a real embedded Cypher engine):
 * the demo repo and apache-arrow's TypeScript sources (from node_modules, on every machine) are
 * indexed with the real pipeline into our store and loaded into Kuzu; every corpus query must
 * give the same rows on both (multisets, or sequences under ORDER BY) and, unless marked, some.
 * Runs in: Node (vitest).
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareQuery } from './compare.ts';
import { CORPUS } from './corpus.ts';
import type { CorpusQuery } from './corpus.ts';
import { openDualGraph } from './kuzuGraph.ts';
import type { DualGraph, SourceTree } from './kuzuGraph.ts';

const root = resolve(import.meta.dirname, '../../..');
const TREES: Record<'demo' | 'arrow', SourceTree> = {
  demo: { name: 'shopkit', root: resolve(root, 'demo/shopkit'), include: () => true },
  arrow: { name: 'arrow', root: resolve(root, 'node_modules/apache-arrow/src'), include: (path) => path.endsWith('.ts') },
};

for (const graphName of ['demo', 'arrow'] as const) {
  describe(`Kuzu agrees on the ${graphName} graph`, () => {
    let graph: DualGraph;
    const queries = CORPUS.filter((entry) => (entry.graph ?? graphName) === graphName);

    beforeAll(async () => {
      graph = await openDualGraph(TREES[graphName]);
    });

    afterAll(async () => {
      await graph?.close();
    });

    it('loads the same graph into both engines', async () => {
      expect(graph.nodes).toBeGreaterThan(graphName === 'demo' ? 400 : 3000);
      const kuzuNodes = await (await graph.kuzu.query('MATCH (n) RETURN count(*) AS n')).getAll();
      const kuzuEdges = await (await graph.kuzu.query('MATCH ()-[r]->() RETURN count(*) AS n')).getAll();
      expect([Number(kuzuNodes[0]!.n), Number(kuzuEdges[0]!.n)]).toEqual([graph.nodes, graph.edges]);
    });

    it.each(queries.map((entry): [string, CorpusQuery] => [entry.q, entry]))('%s', async (_q, entry) => {
      const { agree, ours, theirs } = await compareQuery(graph.store, graph.kuzu, entry);
      if (!agree) expect(ours).toEqual(theirs);
      if (!entry.empty) expect(theirs.length, 'the query finds something').toBeGreaterThan(0);
    });
  });
}
