/**
 * @file Embed / rerank throughput in Node: the built-in lexical embedder (fitted on the sample
 * first, as embedGraph fits it, fit counted in its load time) and lexical reranker, and the
 * fixture transformers.js models through createNodeEmbedder / createNodeReranker
 * (onnxruntime-node, device cpu). A model that fails to load is reported, the others still run.
 * Runs in: Node (bench).
 */
import { performance } from 'node:perf_hooks';
import { createNodeEmbedder, createNodeReranker } from '../../src/adapters/node/nodeModels.ts';
import { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import { LexicalReranker } from '../../src/core/models/lexicalReranker.ts';
import type { Embedder, Reranker } from '../../src/core/models/types.ts';
import { FIXTURE_EMBEDDER, FIXTURE_RERANKER } from './benchModels.ts';
import type { RerankWork } from './embedSample.ts';
import { embedThroughput, rerankThroughput } from './modelThroughput.ts';
import type { RunOutcome } from './modelThroughput.ts';

const ENV = 'Node';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function timedLoad<T>(load: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await load();
  return { value, ms: performance.now() - started };
}

/** Frees a transformers.js model's onnxruntime session (built-ins have nothing to free). */
async function dispose(model: object): Promise<void> {
  const disposable = model as { dispose?: () => Promise<void> };
  await disposable.dispose?.().catch(() => undefined);
}

async function attempt(task: 'embed' | 'rerank', model: string, device: string, run: () => Promise<RunOutcome>): Promise<RunOutcome> {
  try {
    return await run();
  } catch (error) {
    return { ok: false, task, model, env: ENV, device, error: message(error) };
  }
}

export async function measureNodeModels(
  texts: readonly string[],
  work: readonly RerankWork[],
  budgetMs: number,
  log: (line: string) => void,
): Promise<RunOutcome[]> {
  const out: RunOutcome[] = [];
  const embed = async (model: string, device: string, load: () => Promise<Embedder>) => {
    const outcome = await attempt('embed', model, device, async () => {
      const loaded = await timedLoad(load);
      try {
        return { ok: true, run: await embedThroughput(loaded.value, texts, budgetMs, { env: ENV, device, loadMs: loaded.ms }) };
      } finally {
        await dispose(loaded.value);
      }
    });
    log(`    embed ${model} (${device}): ${outcome.ok ? `${outcome.run.perSecond.toFixed(1)} texts/s` : `failed: ${outcome.error}`}`);
    out.push(outcome);
  };
  const rerank = async (model: string, device: string, load: () => Promise<Reranker>) => {
    const outcome = await attempt('rerank', model, device, async () => {
      const loaded = await timedLoad(load);
      try {
        return { ok: true, run: await rerankThroughput(loaded.value, work, budgetMs, { env: ENV, device, loadMs: loaded.ms }) };
      } finally {
        await dispose(loaded.value);
      }
    });
    log(`    rerank ${model} (${device}): ${outcome.ok ? `${outcome.run.perSecond.toFixed(1)} pairs/s` : `failed: ${outcome.error}`}`);
    out.push(outcome);
  };

  await embed('builtin:lexical', 'js', async () => {
    const lexical = new LexicalEmbedder();
    lexical.fit(texts);
    return lexical;
  });
  await embed(FIXTURE_EMBEDDER.id, 'cpu', () => createNodeEmbedder(FIXTURE_EMBEDDER));
  await rerank('builtin:lexical-reranker', 'js', async () => new LexicalReranker());
  await rerank(FIXTURE_RERANKER.id, 'cpu', () => createNodeReranker(FIXTURE_RERANKER));
  return out;
}
