/**
 * @file The app's semantic service with the offline preset's shipped neural embedder, on the demo
 * indexed for real (duckdb-wasm): the models host is either the real model (the shipped folder
 * loaded by the Node adapter, standing in for the browser's models worker) or a host whose model
 * download fails (faked: the download is outside the product). With the model, embed stores its
 * sets and search uses them; without it, the models panel says the lexical embedder stands in,
 * embed stores lexical sets and search answers from them.
 */
import { describe, expect, it } from 'vitest';
import { BrowserSemanticService } from '../../src/adapters/browser/browserSemanticService.ts';
import type { ModelsHost } from '../../src/adapters/browser/modelsWorkerClient.ts';
import { createNodeEmbedder } from '../../src/adapters/node/nodeModels.ts';
import { BUILTIN_NEURAL_EMBEDDER } from '../../src/core/models/modelSpec.ts';
import type { EmbedderSpec } from '../../src/core/models/modelSpec.ts';
import { useDemoService } from './demoService.ts';

const demo = useDemoService();

function host(loadEmbedder: ModelsHost['loadEmbedder']): ModelsHost {
  const unused = () => Promise.reject(new Error('not used by this test'));
  return {
    loadEmbedder,
    loadReranker: unused,
    release: () => Promise.resolve(),
    dispose: () => {},
    webgpu: () => Promise.resolve(false),
    setHubHost: () => Promise.resolve(),
    addFolder: () => Promise.resolve(),
    cacheBytes: () => Promise.resolve(0),
    clearCache: () => Promise.resolve(),
  };
}

function service(models: ModelsHost): BrowserSemanticService {
  return new BrowserSemanticService({
    connection: () => demo.conn,
    modelsHost: () => models,
    createLlm: () => Promise.reject(new Error('no LLM in this test')),
    webgpu: () => Promise.resolve(false),
  });
}

describe('the offline preset with the shipped neural embedder', () => {
  it('when its download fails (faked): says the lexical embedder stands in, embeds and answers with it', async () => {
    const failing = service(host(() => Promise.reject(new Error('fake: the model download failed'))));
    const status = await failing.loadModels();
    expect(status.embedder.spec.id).toBe(BUILTIN_NEURAL_EMBEDDER.id);
    expect(status.embedder.state).toBe('error');
    expect(status.embedder.fallback).toMatch(/built-in neural, offline\) could not load \(.*fake: the model download failed.*lexical embedder stands in/);
    const sets = await failing.embed({ sources: ['code'] });
    expect(sets.map((s) => s.model)).toEqual(['builtin:lexical']);
    const models = await failing.searchModels(demo.conn);
    expect(models.embedderId).toBe('builtin:lexical');
  }, 60_000);

  it('with the real shipped model: embeds both sources with it and search uses its set', async () => {
    const real = service(
      host(async (spec: EmbedderSpec) => ({ embedder: await createNodeEmbedder(spec), device: 'wasm' as const })),
    );
    const sets = await real.embed({});
    expect(sets.map((s) => `${s.model}/${s.source}`).sort()).toEqual(['ranger-code-search-mini/code', 'ranger-code-search-mini/description']);
    const status = await real.semanticStatus();
    expect(status.embedder.state).toBe('ready');
    expect(status.embedder.fallback ?? null).toBeNull();
    const models = await real.searchModels(demo.conn);
    expect(models.embedderId).toBe('ranger-code-search-mini');
    const query = await models.queryEmbedder('code');
    expect(query.info.id).toBe('ranger-code-search-mini');
  }, 120_000);
});
