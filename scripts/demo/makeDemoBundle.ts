/**
 * @file Builds the prepared demo bundle (`npm run demo:bundle`): demo/shopkit indexed with the
 * real pipeline, described (built-in structural), embedded (built-in lexical, SIMILAR edges),
 * with one saved MCTS search ready to replay in `runs` (stored as the app's search service
 * stores it) and the requirement graph (built-in, no LLM), exported as public/demo/shopkit.ranger.zip. "Try the demo" imports it.
 * Re-run it after a schema or trace format change. Deterministic apart from timestamps.
 * Runs in: Node (tsx).
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleBytes, exportBundle } from '../../src/core/bundle/exportBundle.ts';
import { describeGraph } from '../../src/core/describe/describeGraph.ts';
import { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import { LexicalReranker } from '../../src/core/models/lexicalReranker.ts';
import { createSearchEngine } from '../../src/core/search/searchEngine.ts';
import { embedGraph, loadBuiltinEmbedder } from '../../src/core/semantic/embedGraph.ts';
import { computeSimilarEdges } from '../../src/core/semantic/similarEdges.ts';
import { storeTrace } from '../../src/core/store/runStore.ts';
import { buildRequirementGraph } from '../../src/core/requirements/buildRequirementGraph.ts';
import { indexDemo } from '../../test/cypher/demoGraph.ts';

export const DEMO_QUESTION = 'how are discounts applied to an order total';
const OUT = resolve(import.meta.dirname, '../../public/demo/shopkit.ranger.zip');

async function main(): Promise<void> {
  const { conn } = await indexDemo();
  await describeGraph(conn, null);
  await embedGraph(conn, new LexicalEmbedder());
  await computeSimilarEdges(conn, { model: 'builtin:lexical', source: 'code' });
  const engine = await createSearchEngine(conn, {
    embedderId: 'builtin:lexical',
    queryEmbedder: (source) => loadBuiltinEmbedder(conn, source),
    reranker: new LexicalReranker(),
  });
  const result = await engine.run({ question: DEMO_QUESTION, method: 'mcts', k: 10, params: { seed: 1, iterations: 100 } });
  if (!result.trace) throw new Error('the MCTS run returned no trace');
  await storeTrace(conn, result.trace, 'demo');
  await buildRequirementGraph(conn);
  const bundle = await exportBundle(conn);
  const { manifest } = bundle;
  const bytes = bundleBytes(bundle);
  writeFileSync(OUT, bytes);
  await conn.close?.();
  process.stdout.write(
    `${join('public/demo', 'shopkit.ranger.zip')}: ${bytes.length.toLocaleString('en-US')} bytes, ` +
      `${manifest.tables.map((t) => `${t.name} ${t.rows}`).join(', ')}\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`demo:bundle failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
