/**
 * @file The embed benchmark's chromium page: runs the throughput measurements of
 * scripts/bench/modelThroughput.ts on the built-in lexical models and the learned reranker (plain
 * JS on this page's thread) and on the fixture transformers.js models through the real models worker
 * (createModelsHost) on WASM or WebGPU. The bench hands the sample over once (setSample), then
 * asks for one run at a time through `window.__embedBench`.
 * Runs in: chromium (page built by scripts/bench/pages/vite.config.ts).
 */
import { createModelsHost } from '../../../src/adapters/browser/modelsWorkerClient.ts';
import { LexicalEmbedder } from '../../../src/core/models/lexicalEmbedder.ts';
import { LearnedReranker } from '../../../src/core/models/learnedReranker.ts';
import { LexicalReranker } from '../../../src/core/models/lexicalReranker.ts';
import { FIXTURE_EMBEDDER, FIXTURE_RERANKER, modelId } from '../benchModels.ts';
import type { RerankWork } from '../embedSample.ts';
import { embedThroughput, rerankThroughput } from '../modelThroughput.ts';
import type { RunOutcome } from '../modelThroughput.ts';

export interface PageRunRequest {
  task: 'embed' | 'rerank';
  /** 'learned': the built-in learned reranker (rerank only; the work carries the engine's signals). */
  model: 'builtin' | 'fixture' | 'learned';
  device: 'js' | 'wasm' | 'webgpu';
  budgetMs: number;
  /** Rerank with the tokenised-doc cache emptied before each pass (modelThroughput.ts). */
  cold?: boolean;
}

const ENV = 'chromium';
const host = createModelsHost();
let texts: string[] = [];
let work: RerankWork[] = [];

function message(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

async function run(request: PageRunRequest): Promise<RunOutcome> {
  const { task, model, device, budgetMs } = request;
  const id = modelId(request);
  try {
    const started = performance.now();
    if (task === 'embed') {
      let embedder;
      let used: string = device;
      if (model === 'builtin') {
        const lexical = new LexicalEmbedder();
        lexical.fit(texts);
        embedder = lexical;
      } else {
        const loaded = await host.loadEmbedder(FIXTURE_EMBEDDER, device === 'webgpu' ? 'webgpu' : 'wasm');
        embedder = loaded.embedder;
        used = loaded.device;
      }
      const runResult = await embedThroughput(embedder, texts, budgetMs, { env: ENV, device: used, loadMs: performance.now() - started });
      return { ok: true, run: runResult };
    }
    let reranker;
    let used: string = device;
    if (model === 'builtin') reranker = new LexicalReranker();
    else if (model === 'learned') reranker = new LearnedReranker();
    else {
      const loaded = await host.loadReranker(FIXTURE_RERANKER, device === 'webgpu' ? 'webgpu' : 'wasm');
      reranker = loaded.reranker;
      used = loaded.device;
    }
    return { ok: true, run: await rerankThroughput(reranker, work, budgetMs, { env: ENV, device: used, loadMs: performance.now() - started }, { cold: request.cold }) };
  } catch (error) {
    return { ok: false, task, model: id, env: ENV, device, error: message(error) };
  }
}

const api = {
  ready: true,
  webgpu: () => host.webgpu(),
  setSample(sampleTexts: string[], sampleWork: RerankWork[]): number {
    texts = sampleTexts;
    work = sampleWork;
    return texts.length;
  },
  run,
  userAgent: () => navigator.userAgent,
  /** Vendor / architecture / description of the WebGPU adapter (SwiftShader here), or null. */
  async adapterInfo(): Promise<string | null> {
    const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<{ info?: Record<string, string> } | null> } }).gpu;
    const adapter = gpu ? await gpu.requestAdapter().catch(() => null) : null;
    if (!adapter) return null;
    const info = adapter.info ?? {};
    return [info.vendor, info.architecture, info.device, info.description].filter((part) => part).join(' / ') || 'unnamed adapter';
  },
  hardwareConcurrency: () => navigator.hardwareConcurrency,
};

Object.assign(window, { __embedBench: api });
document.getElementById('out')!.textContent = 'ready';

export type EmbedBenchApi = typeof api;
