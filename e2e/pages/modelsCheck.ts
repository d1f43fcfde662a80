/**
 * @file e2e models-check page: drives the real models worker (createModelsHost) on the fixture
 * models. Query `?phase=devices` runs embedder + reranker on wasm and webgpu (public source) and a
 * user folder (custom cache); `?phase=hub&hub=<url>` loads the embedder as a hub id from that
 * host (per-file progress, browser cache); `?phase=clear` empties the cache. Results land on
 * `window.__modelsCheck` for e2e/modelDevices.spec.ts.
 * Runs in: chromium (page built by e2e/pages/vite.config.ts).
 */
import { createModelsHost } from '../../src/adapters/browser/modelsWorkerClient.ts';
import type { EmbedderSpec } from '../../src/core/models/modelSpec.ts';
import type { FileProgress } from '../../src/core/semantic/semanticService.ts';
import { FIXTURE_TEXTS, fixtureEmbedder, fixtureReranker } from '../../scripts/fixtures/fixtureModels.ts';

const TEXTS = FIXTURE_TEXTS;
const EMBEDDER = fixtureEmbedder({ batchSize: 2 });
const RERANKER = fixtureReranker({ batchSize: 3 });

/** One device's run, as e2e/modelDevices.spec.ts reads it. */
export interface DeviceRun {
  device: string;
  dim: number;
  vectors: number[][];
  query: number[];
  scores: number[];
  ms: number;
}

const host = createModelsHost();
const params = new URL(location.href).searchParams;

async function runOn(device: 'wasm' | 'webgpu', embedderSpec = EMBEDDER): Promise<DeviceRun> {
  const t0 = performance.now();
  const { embedder, device: used } = await host.loadEmbedder(embedderSpec, device);
  const vectors = await embedder.embed(TEXTS, 'document');
  const [query] = await embedder.embed(['parse config'], 'query');
  const { reranker } = await host.loadReranker(RERANKER, device);
  const scores = await reranker.score('parse the config file', TEXTS);
  return { device: used, dim: embedder.dim, vectors: vectors.map((v) => [...v]), query: [...query], scores, ms: performance.now() - t0 };
}

async function devices(): Promise<unknown> {
  const webgpu = await host.webgpu();
  const wasm = await runOn('wasm');
  const gpu = webgpu ? await runOn('webgpu') : null;
  const auto = await host.loadEmbedder(EMBEDDER, 'auto');
  // A folder the user picked: the same files, served from memory under another name.
  const names = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx'];
  const files = await Promise.all(
    names.map(async (name) => ({ path: `picked-embedder/${name}`, data: await (await fetch(`/models/fixtures/tiny-embedder/${name}`)).blob() })),
  );
  await host.addFolder('picked-embedder', files);
  const folderSpec: EmbedderSpec = { ...EMBEDDER, id: 'picked-embedder', source: { kind: 'folder' } };
  const folderLoad = await host.loadEmbedder(folderSpec, 'wasm');
  const folderVectors = (await folderLoad.embedder.embed(TEXTS, 'document')).map((v) => [...v]);
  return { webgpu, wasm, gpu, autoDevice: auto.device, folderVectors, folderInfo: folderLoad.embedder.info };
}

async function hub(): Promise<unknown> {
  await host.setHubHost(params.get('hub'));
  const events: FileProgress[] = [];
  const spec: EmbedderSpec = { ...EMBEDDER, source: { kind: 'hub' } };
  const { embedder, device } = await host.loadEmbedder(spec, 'wasm', (p) => events.push(p));
  const vectors = (await embedder.embed(TEXTS, 'document')).map((v) => [...v]);
  return { device, events, vectors, cacheBytes: await host.cacheBytes() };
}

async function clear(): Promise<unknown> {
  const before = await host.cacheBytes();
  await host.clearCache();
  return { before, after: await host.cacheBytes() };
}

const phases: Record<string, () => Promise<unknown>> = { devices, hub, clear };
const run = phases[params.get('phase') ?? 'devices'] ?? devices;
const out = document.getElementById('out')!;
run().then(
  (result) => {
    Object.assign(window, { __modelsCheck: { ok: true, result } });
    out.textContent = 'done';
  },
  (error: unknown) => {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    Object.assign(window, { __modelsCheck: { ok: false, error: message } });
    out.textContent = message;
  },
);
