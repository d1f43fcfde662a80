/**
 * @file createWebLlm over web-llm's REAL WebWorkerMLCEngine client and REAL
 * WebWorkerMLCEngineHandler, talking over a MessageChannel (structured clone, like a worker),
 * with FakeMlcEngine (a scripted FAKE of the engine, workers/fakeMlcEngine.ts) inside the
 * handler: load progress, prebuilt and self-hosted specs, WebGPU checks, streaming, cancel,
 * engine errors, a crashed worker, and describeGraph's A.9 prompts arriving at the engine.
 * Runs in: Node (vitest). The same wiring runs in chromium through workers/llm.fake.worker.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebWorkerMLCEngineHandler } from '@mlc-ai/web-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { createWebLlm } from '../../src/adapters/browser/webLlm.ts';
import type { GpuProbe, LlmLoadProgress, WebLlm } from '../../src/adapters/browser/webLlm.ts';
import { describeGraph } from '../../src/core/describe/describeGraph.ts';
import { memberDescriptionMessages, purposeSummaryMessages } from '../../src/core/describe/prompts.ts';
import { AppError } from '../../src/core/errors.ts';
import { stitch } from '../../src/core/graph/stitch.ts';
import type { LlmSpec } from '../../src/core/models/modelSpec.ts';
import { presetById } from '../../src/core/models/modelSpec.ts';
import { writeGraph } from '../../src/core/store/graphStore.ts';
import { FakeMlcEngine, installFakeEngine } from '../../workers/fakeMlcEngine.ts';
import type { FakeEngineLog } from '../../workers/fakeMlcEngine.ts';
import { parseFixture } from '../fixtures/stitch/parseFixture.ts';
import { resolverFor } from '../../src/core/languages/implementations.ts';

const GPU_OK: GpuProbe = { available: true, shaderF16: false };
const QWEN3 = presetById('paper')!.llm;
const QWEN25 = presetById('fast')!.llm;

interface Shim {
  worker: Worker;
  fake: FakeMlcEngine;
  crash(message: string): void;
  terminated: () => boolean;
}

/** The real handler (with the fake engine) on one end of a MessageChannel, a Worker-like port on the other. */
function workerShim(): Shim {
  const { port1, port2 } = new MessageChannel();
  const handler = new WebWorkerMLCEngineHandler();
  const fake = new FakeMlcEngine();
  handler.postMessage = (msg: unknown) => port2.postMessage(msg);
  installFakeEngine(handler, fake);
  port2.onmessage = (event) => handler.onmessage(event);
  const errorListeners: ((event: ErrorEvent) => void)[] = [];
  let terminated = false;
  const worker = {
    postMessage: (msg: unknown) => port1.postMessage(msg),
    set onmessage(fn: (event: MessageEvent) => void) {
      port1.onmessage = fn;
    },
    addEventListener: (type: string, fn: (event: ErrorEvent) => void) => {
      if (type === 'error') errorListeners.push(fn);
    },
    terminate: () => {
      terminated = true;
      port1.close();
      port2.close();
    },
  } as unknown as Worker;
  return {
    worker,
    fake,
    crash: (message) => {
      port2.close();
      for (const fn of errorListeners) fn({ message } as ErrorEvent);
    },
    terminated: () => terminated,
  };
}

const llms: WebLlm[] = [];
afterEach(async () => {
  for (const llm of llms.splice(0)) await llm.dispose().catch(() => undefined);
});

async function load(spec: LlmSpec, onFile?: (p: LlmLoadProgress) => void): Promise<{ llm: WebLlm; shim: Shim }> {
  const shim = workerShim();
  const llm = await createWebLlm(spec, { createWorker: () => shim.worker, probeGpu: async () => GPU_OK, onFile });
  llms.push(llm);
  return { llm, shim };
}

async function engineLog(llm: WebLlm): Promise<FakeEngineLog> {
  return JSON.parse(await llm.engine.runtimeStatsText()) as FakeEngineLog;
}

describe('createWebLlm (real web-llm client + handler, FakeMlcEngine inside)', () => {
  it('loads a prebuilt id with progress, the spec context window, and no app config', async () => {
    const progress: LlmLoadProgress[] = [];
    const { llm } = await load(QWEN25, (p) => progress.push(p));
    expect(llm.info).toEqual({ id: QWEN25.id, label: QWEN25.label, builtin: false });
    expect(llm.contextTokens).toBe(4096);
    expect(progress.map((p) => p.loaded)).toEqual([0, 0.5, 1]);
    expect(progress.at(-1)).toMatchObject({ file: QWEN25.id, total: 1, done: true, text: 'Finish loading on WebGPU - fake' });
    const log = await engineLog(llm);
    expect(log.reloads).toEqual([{ modelId: [QWEN25.id], chatOpts: [{ context_window_size: 4096 }] }]);
    expect(log.appConfigs).toEqual([]);
  });

  it('loads a self-hosted model from absolute URLs, and rejects relative ones before starting a worker', async () => {
    const spec: LlmSpec = {
      role: 'llm',
      id: 'local-smol',
      label: 'Local SmolLM2',
      source: { kind: 'webllm-url', modelUrl: 'http://127.0.0.1:5173/llm/smol/', modelLibUrl: 'http://127.0.0.1:5173/llm/libs/smol-q0f32-webgpu.wasm' },
      contextTokens: 2048,
    };
    const { llm } = await load(spec);
    const log = await engineLog(llm);
    expect(log.appConfigs).toEqual([
      { model_list: [{ model: 'http://127.0.0.1:5173/llm/smol/', model_id: 'local-smol', model_lib: 'http://127.0.0.1:5173/llm/libs/smol-q0f32-webgpu.wasm' }], cacheBackend: 'cache' },
    ]);
    expect(log.reloads[0].modelId).toEqual(['local-smol']);
    let started = false;
    const relative = { ...spec, source: { ...spec.source, modelUrl: '/llm/smol/' } } as LlmSpec;
    await expect(
      createWebLlm(relative, { createWorker: () => ((started = true), workerShim().worker), probeGpu: async () => GPU_OK }),
    ).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === 'CONFIG_INVALID' && /absolute/.test(e.message));
    expect(started).toBe(false);
    await expect(createWebLlm({ ...QWEN25, id: 'no-such-model' }, { probeGpu: async () => GPU_OK })).rejects.toThrow(/not a web-llm prebuilt/);
  });

  it('says clearly when WebGPU is missing, or shader-f16 is needed and absent', async () => {
    let started = false;
    const createWorker = () => ((started = true), workerShim().worker);
    await expect(createWebLlm(QWEN25, { createWorker, probeGpu: async () => ({ available: false, shaderF16: false }) })).rejects.toSatisfy(
      (e: unknown) => e instanceof AppError && e.code === 'MODEL_UNAVAILABLE' && /needs WebGPU/.test(e.message),
    );
    const f16 = { ...QWEN25, id: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC', label: 'Qwen2.5 0.5B f16' };
    await expect(createWebLlm(f16, { createWorker, probeGpu: async () => GPU_OK })).rejects.toSatisfy(
      (e: unknown) => e instanceof AppError && e.code === 'MODEL_UNAVAILABLE' && /shader-f16/.test(e.message),
    );
    expect(started).toBe(false);
    // Node has no navigator.gpu: the default probe reports it.
    await expect(createWebLlm(QWEN25, { createWorker })).rejects.toThrow(/needs WebGPU/);
  });

  it('reports a failed load with the engine message and stops the worker', async () => {
    const shim = workerShim();
    await expect(
      createWebLlm({ ...QWEN25, id: 'fake-fail-load', source: { kind: 'webllm-url', modelUrl: 'http://x/m/', modelLibUrl: 'http://x/l.wasm' } }, { createWorker: () => shim.worker, probeGpu: async () => GPU_OK }),
    ).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === 'MODEL_UNAVAILABLE' && /Loading .* failed: .*404/.test(e.message));
    expect(shim.terminated()).toBe(true);
  });

  it('streams tokens, passes max_tokens, and turns Qwen3 thinking off', async () => {
    const { llm } = await load(QWEN3);
    const tokens: string[] = [];
    const prompt = purposeSummaryMessages({ kind: 'Function', name: 'f', code: 'def f():\n    return 1\n', language: 'python' });
    const answer = await llm.chat(prompt, { maxTokens: 512, onToken: (t) => tokens.push(t) });
    expect(tokens.length).toBeGreaterThan(10);
    expect(tokens.join('')).toBe(answer);
    expect(answer).toContain('**PURPOSE**\nFake purpose 0.');
    const log = await engineLog(llm);
    expect(log.requests).toEqual([
      { messages: [{ role: 'user', content: prompt[0].content }], stream: true, max_tokens: 512, extra_body: { enable_thinking: false } },
    ]);
  });

  it('cancels mid-stream through interruptGenerate, and the next chat still works', async () => {
    const { llm } = await load(QWEN25);
    const controller = new AbortController();
    const tokens: string[] = [];
    const slow = llm.chat([{ role: 'user', content: 'count [[slow]]' }], {
      signal: controller.signal,
      onToken: (t) => {
        tokens.push(t);
        if (tokens.length === 5) controller.abort();
      },
    });
    await expect(slow).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === 'CANCELLED');
    expect(tokens.length).toBeLessThan(50);
    const log = await engineLog(llm);
    expect(log.interrupts).toBe(1);
    expect(await llm.chat([{ role: 'user', content: 'hello' }])).toBe('Fake answer 1 to: hello');
    // An already aborted signal never reaches the engine.
    await expect(llm.chat([{ role: 'user', content: 'x' }], { signal: AbortSignal.abort() })).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === 'CANCELLED');
  });

  it('rejects on an engine error, and with WORKER_CRASHED when the worker dies mid-chat', async () => {
    const { llm, shim } = await load(QWEN25);
    await expect(llm.chat([{ role: 'user', content: '[[fail]]' }])).rejects.toThrow(/generation failed/);
    expect(await llm.chat([{ role: 'user', content: 'again' }])).toBe('Fake answer 1 to: again');
    const inFlight = llm.chat([{ role: 'user', content: '[[slow]]' }], { onToken: () => shim.crash('out of memory') });
    await expect(inFlight).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === 'WORKER_CRASHED' && /out of memory/.test(e.message));
    await expect(llm.chat([{ role: 'user', content: 'after' }])).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === 'WORKER_CRASHED');
  });

  it('describeGraph through the wiring: the A.9 prompts arrive at the engine, answers are stored cleaned', async () => {
    const { llm } = await load(QWEN3);
    const folder = 'test/fixtures/python/a2';
    const parsed = await parseFixture(folder);
    const { graph } = stitch('a2', parsed.files, parsed.configs, { resolverFor });
    const files = parsed.files.map((f) => {
      const text = readFileSync(join(folder, f.path), 'utf8');
      return { path: f.path, language: f.language, bytes: text.length, sha256: '0'.repeat(64), text };
    });
    const conn = await openWasmMemoryConnection();
    try {
      await writeGraph(conn, { repoName: 'a2', graph, files, issues: [], skipped: [], summary: {} });
      const result = await describeGraph(conn, llm);
      expect(result).toMatchObject({ state: 'done', generator: QWEN3.id });
      expect(result.done).toBe(result.total);
      const log = await engineLog(llm);
      const [divide] = await conn.query("SELECT code, description, member_descriptions FROM nodes WHERE qualified_name = 'extended.Scientific.divide'");
      const node = { kind: 'Method' as const, name: 'divide', code: String(divide.code), language: 'python' as const };
      const contents = log.requests.map((r) => r.messages[0].content);
      const at = contents.indexOf(purposeSummaryMessages(node)[0].content);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(contents[at + 1]).toBe(memberDescriptionMessages(node)[0].content);
      expect(divide.description).toBe(`**PURPOSE**\nFake purpose ${at}.\n\n**IMPLEMENTATION**\nFake implementation ${at}.\n\n**KEY FEATURES**\n- fake feature ${at}`);
      expect(divide.member_descriptions).toBe(`value${at + 1} - fake member ${at + 1}`);
      expect(log.requests.every((r) => r.max_tokens === 512 && r.stream === true)).toBe(true);
    } finally {
      await conn.close();
    }
  });
});
