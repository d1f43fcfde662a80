/**
 * @file transformers.js in chromium through the real models worker (e2e/pages/models-check):
 * the fixture embedder and cross-encoder on WASM and on WebGPU (SwiftShader adapter from
 * --enable-unsafe-webgpu) agree within 1e-3; 'auto' picks WebGPU; a picked folder loads from
 * memory; a hub id downloads from a localhost hub with per-file progress into the browser cache,
 * loads again with the hub down, and clearCache empties it. No request leaves localhost.
 * Builds its own page (e2e/pages/vite.config.ts) and serves it with vite preview.
 * Runs in: Node (e2e, driving chromium).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { servePage } from '../scripts/pageBuild.ts';
import { startHubServer } from '../scripts/hubServer.ts';
import type { FileProgress } from '../src/core/semantic/semanticService.ts';
import { Session, assert, pageCheck, test } from './harness.ts';
import type { DeviceRun } from './pages/modelsCheck.ts';


function maxDiff(a: number[][], b: number[][]): number {
  let max = 0;
  a.forEach((row, i) => row.forEach((x, j) => (max = Math.max(max, Math.abs(x - b[i][j])))));
  return max;
}

function check<T>(page: Page, url: string): Promise<T> {
  return pageCheck<T>(page, url, '__modelsCheck');
}

test('models: fixture embedder + reranker agree on wasm and webgpu; folder; hub download, cache, offline', async ({ env }) => {
  test.setTimeout(240_000);
  const server = await servePage(join(env.repoRoot, 'e2e', 'pages', 'vite.config.ts'));
  const base = `${server.origin}models-check.html`;
  const hub = await startHubServer({ root: join(env.repoRoot, 'public', 'models') });
  const session = await Session.open({ webgpu: true });
  try {
    const page = await session.page();

    const devices = await check<{
      webgpu: boolean;
      wasm: DeviceRun;
      gpu: DeviceRun | null;
      autoDevice: string;
      folderVectors: number[][];
      folderInfo: { id: string; builtin: boolean };
    }>(page, `${base}?phase=devices`);
    assert(devices.webgpu, 'no WebGPU adapter (chromium needs --enable-unsafe-webgpu)');
    assert(devices.gpu !== null, 'webgpu run missing');
    const { wasm, gpu } = devices;
    assert(wasm.device === 'wasm' && gpu.device === 'webgpu', `devices ${wasm.device} / ${gpu.device}`);
    assert(devices.autoDevice === 'webgpu', `auto picked ${devices.autoDevice}`);
    assert(wasm.dim === 256 && gpu.dim === 256, `dims ${wasm.dim} / ${gpu.dim}`);
    const vectorDiff = maxDiff(wasm.vectors, gpu.vectors);
    const queryDiff = maxDiff([wasm.query], [gpu.query]);
    const scoreDiff = maxDiff([wasm.scores], [gpu.scores]);
    assert(vectorDiff < 1e-3 && queryDiff < 1e-3, `embedder wasm vs webgpu differ by ${vectorDiff} / ${queryDiff}`);
    assert(scoreDiff < 1e-3, `reranker wasm vs webgpu differ by ${scoreDiff}`);
    assert(wasm.scores.every((s) => s >= 0 && s <= 1), `scores ${wasm.scores}`);
    assert(maxDiff([wasm.vectors[0]], [wasm.query]) > 1e-3, 'query vector equals a document vector');
    assert(maxDiff(devices.folderVectors, wasm.vectors) < 1e-6, 'picked folder gives other vectors than /models/');
    assert(devices.folderInfo.id === 'picked-embedder' && !devices.folderInfo.builtin, `folder info ${JSON.stringify(devices.folderInfo)}`);
    console.log(`    wasm ${wasm.ms.toFixed(0)} ms, webgpu ${gpu.ms.toFixed(0)} ms; max diff vectors ${vectorDiff.toExponential(1)}, scores ${scoreDiff.toExponential(1)}`);

    const hubUrl = encodeURIComponent(hub.url);
    const first = await check<{ events: FileProgress[]; vectors: number[][]; cacheBytes: number }>(page, `${base}?phase=hub&hub=${hubUrl}`);
    const files = new Set(first.events.map((e) => e.file));
    for (const file of ['config.json', 'tokenizer.json', 'onnx/model.onnx']) assert(files.has(file), `no progress for ${file}: ${[...files]}`);
    assert(first.events.some((e) => e.file === 'onnx/model.onnx' && e.done && e.total > 0 && e.loaded === e.total), 'model.onnx never completed');
    assert(hub.downloads.get('/fixtures/tiny-embedder/resolve/main/onnx/model.onnx') === 1, `hub downloads ${JSON.stringify([...hub.downloads])}`);
    assert(first.cacheBytes > 60_000, `cache holds ${first.cacheBytes} bytes`);
    assert(maxDiff(first.vectors, wasm.vectors) < 1e-6, 'hub copy differs from /models/ copy');

    await hub.close();
    const second = await check<{ vectors: number[][]; cacheBytes: number }>(page, `${base}?phase=hub&hub=${hubUrl}`);
    assert(maxDiff(second.vectors, first.vectors) === 0, 'offline second visit gives other vectors');

    const cleared = await check<{ before: number; after: number }>(page, `${base}?phase=clear`);
    assert(cleared.before === second.cacheBytes && cleared.after === 0, `clear cache ${JSON.stringify(cleared)}`);
    session.verify();
  } finally {
    await session.close();
    await hub.close().catch(() => undefined);
    await server.close();
  }
});
