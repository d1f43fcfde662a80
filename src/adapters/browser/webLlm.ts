/**
 * @file The Llm port over @mlc-ai/web-llm 0.2.86 in its own worker (WebWorkerMLCEngine client,
 * workers/llm.worker.ts holds the engine): prebuilt model ids or a self-hosted folder
 * (absolute URLs), load progress, streaming chat, cancel through
 * interruptGenerate(), one chat at a time. WebGPU (and shader-f16 for *f16* models) is checked
 * first so the user gets a clear error instead of a web-llm stack trace. A crashed worker fails
 * the chat in flight with WORKER_CRASHED (the client alone would wait forever).
 * Runs in: the browser (repo worker or page). Layer src/adapters/browser.
 */
import { CreateWebWorkerMLCEngine, prebuiltAppConfig } from '@mlc-ai/web-llm';
import type { AppConfig, ChatCompletionChunk, ChatOptions as MlcChatOptions, InitProgressReport, MLCEngineConfig, ModelRecord, WebWorkerMLCEngine } from '@mlc-ai/web-llm';
import { AppError, throwIfAborted } from '../../core/errors.ts';
import type { EngineChatOptions } from '../../core/agent/loop/chatEngine.ts';
import type { LlmSpec } from '../../core/models/modelSpec.ts';
import type { ChatMessage, ChatOptions, Llm } from '../../core/models/types.ts';
import type { FileProgress } from '../../core/semantic/semanticService.ts';
import { probeWebGpu } from './webGpu.ts';
import type { GpuProbe } from './webGpu.ts';

export type { GpuProbe };

/** web-llm reports load progress as one fraction plus a line of text, not per file. */
export interface LlmLoadProgress extends FileProgress {
  /** web-llm's own line ("Fetching param cache[3/24]: ..."). */
  text: string;
}

export interface WebLlmOptions {
  /** Starts the worker holding the engine; default workers/llm.worker.ts. */
  createWorker?: () => Worker;
  onFile?: (p: LlmLoadProgress) => void;
  /** Passed to CreateWebWorkerMLCEngine (appConfig is built from the spec unless given here). */
  engineConfig?: Omit<MLCEngineConfig, 'initProgressCallback'>;
  /** WebGPU check; default asks navigator.gpu for an adapter. Tests with a fake engine pass their own. */
  probeGpu?: () => Promise<GpuProbe>;
}

export interface WebLlm extends Llm {
  /** The web-llm client (for diagnostics such as runtimeStatsText). */
  readonly engine: WebWorkerMLCEngine;
  /** Unloads the model and stops the worker. */
  dispose(): Promise<void>;
}

/** The model record web-llm will load: a prebuilt one, or one built from a self-hosted spec. */
export function modelRecordFor(spec: LlmSpec): ModelRecord {
  if (spec.source.kind === 'webllm-url') {
    const { modelUrl, modelLibUrl } = spec.source;
    for (const [what, url] of [['model', modelUrl], ['model library', modelLibUrl]] as const) {
      if (!isAbsoluteUrl(url)) {
        throw new AppError('CONFIG_INVALID', `The ${what} URL of ${spec.id} must be absolute (web-llm rejects relative URLs): ${url}`);
      }
    }
    return { model: modelUrl, model_id: spec.id, model_lib: modelLibUrl };
  }
  if (spec.source.kind === 'webllm-prebuilt') {
    const record = prebuiltAppConfig.model_list.find((m) => m.model_id === spec.id);
    if (!record) throw new AppError('CONFIG_INVALID', `${spec.id} is not a web-llm prebuilt model id.`);
    return record;
  }
  throw new AppError('CONFIG_INVALID', `${spec.id} is a built-in describer, not a web-llm model.`);
}

function isAbsoluteUrl(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

export function needsShaderF16(record: ModelRecord): boolean {
  return (record.required_features ?? []).includes('shader-f16') || /f16/i.test(record.model_id) || /f16/i.test(record.model_lib);
}

/** Clear errors for a browser that cannot run the model at all. */
export function assertGpuFits(spec: LlmSpec, record: ModelRecord, gpu: GpuProbe): void {
  if (!gpu.available) {
    throw new AppError(
      'MODEL_UNAVAILABLE',
      `${spec.label} needs WebGPU, and this browser offers no WebGPU adapter. ` +
        'Use the built-in structural descriptions, or a browser with WebGPU enabled.',
    );
  }
  if (needsShaderF16(record) && !gpu.shaderF16) {
    throw new AppError(
      'MODEL_UNAVAILABLE',
      `${spec.label} is an f16 model and needs the WebGPU feature shader-f16, which this GPU adapter lacks. ` +
        'Pick a q4f32 / q0f32 variant of the model.',
    );
  }
}

export function loadProgress(spec: LlmSpec, report: InitProgressReport): LlmLoadProgress {
  const progress = Math.min(1, Math.max(0, report.progress));
  return {
    file: spec.id,
    loaded: progress,
    total: 1,
    done: progress >= 1,
    ...(/from cache/i.test(report.text) ? { cached: true } : {}),
    text: report.text,
  };
}

function defaultWorker(): Worker {
  return new Worker(new URL('../../../workers/llm.worker.ts', import.meta.url), { type: 'module', name: 'llm' });
}

function asError(error: unknown, what: string): Error {
  if (error instanceof Error) return error;
  return new Error(`${what}: ${String(error)}`);
}

/** Loads `spec` in a web-llm worker and returns it as an Llm. */
export async function createWebLlm(spec: LlmSpec, options: WebLlmOptions = {}): Promise<WebLlm> {
  const record = modelRecordFor(spec);
  assertGpuFits(spec, record, await (options.probeGpu ?? probeWebGpu)());
  const worker = (options.createWorker ?? defaultWorker)();
  const onCrash: CrashWatch = { error: null, listeners: new Set() };
  worker.addEventListener?.('error', (event: ErrorEvent) => {
    onCrash.error = new AppError('WORKER_CRASHED', `The LLM worker crashed${event.message ? `: ${event.message}` : ''}.`);
    for (const fail of onCrash.listeners) fail(onCrash.error);
  });
  const appConfig: AppConfig | undefined =
    options.engineConfig?.appConfig ?? (spec.source.kind === 'webllm-url' ? { model_list: [record], cacheBackend: 'cache' } : undefined);
  const chatOpts: MlcChatOptions | undefined = Number.isFinite(spec.contextTokens) ? { context_window_size: spec.contextTokens } : undefined;
  let engine: WebWorkerMLCEngine;
  try {
    engine = await untilCrash(
      CreateWebWorkerMLCEngine(
        worker,
        spec.id,
        { ...options.engineConfig, appConfig, initProgressCallback: (report) => options.onFile?.(loadProgress(spec, report)) },
        chatOpts,
      ),
      onCrash,
    );
  } catch (error) {
    worker.terminate();
    if (error instanceof AppError) throw error;
    throw new AppError('MODEL_UNAVAILABLE', `Loading ${spec.label} failed: ${asError(error, 'web-llm').message}`, { cause: error });
  }

  const thinking = /qwen3/i.test(spec.id);
  let queue: Promise<unknown> = Promise.resolve();

  async function chatNow(messages: readonly ChatMessage[], chatOptions: ChatOptions = {}): Promise<string> {
    const { signal, responseFormat } = chatOptions as EngineChatOptions;
    throwIfAborted(signal);
    const interrupt = (): void => engine.interruptGenerate();
    signal?.addEventListener('abort', interrupt, { once: true });
    try {
      const stream: AsyncIterable<ChatCompletionChunk> = await untilCrash(
        engine.chat.completions.create({
          messages: messages.map((m) => ({ role: m.role, content: m.content })) as never,
          stream: true,
          ...(chatOptions.maxTokens !== undefined ? { max_tokens: chatOptions.maxTokens } : {}),
          ...(chatOptions.temperature !== undefined ? { temperature: chatOptions.temperature } : {}),
          // Qwen3 thinks before answering unless told not to; the answer is what A.9 asks for.
          ...(thinking ? { extra_body: { enable_thinking: false } } : {}),
          // The agent's structural tag (well-formed <tool_call> blocks), passed through as is.
          ...(responseFormat ? { response_format: responseFormat as never } : {}),
        }),
        onCrash,
      );
      let text = '';
      const iterator = stream[Symbol.asyncIterator]();
      for (;;) {
        const next = await untilCrash(iterator.next(), onCrash);
        if (next.done) break;
        const delta = next.value.choices[0]?.delta?.content ?? '';
        if (delta) {
          text += delta;
          chatOptions.onToken?.(delta);
        }
      }
      throwIfAborted(signal);
      return text;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throwIfAborted(signal);
      throw asError(error, `${spec.label} failed`);
    } finally {
      signal?.removeEventListener('abort', interrupt);
    }
  }

  return {
    info: { id: spec.id, label: spec.label, builtin: false },
    contextTokens: spec.contextTokens,
    engine,
    chat(messages, chatOptions) {
      const result = queue.then(() => chatNow(messages, chatOptions));
      queue = result.catch(() => undefined);
      return result;
    },
    async dispose() {
      try {
        // A dead or stuck worker never answers unload(): do not wait for it for long.
        if (!onCrash.error) await untilCrash(Promise.race([engine.unload(), new Promise((resolve) => setTimeout(resolve, 3000))]), onCrash);
      } finally {
        worker.terminate();
      }
    },
  };
}

interface CrashWatch {
  error: AppError | null;
  listeners: Set<(error: AppError) => void>;
}

/** Rejects with WORKER_CRASHED as soon as the worker dies (web-llm's client would wait forever). */
function untilCrash<T>(promise: Promise<T>, watch: CrashWatch): Promise<T> {
  if (watch.error) return Promise.reject(watch.error);
  return new Promise<T>((resolve, reject) => {
    const fail = (error: AppError): void => reject(error);
    watch.listeners.add(fail);
    promise.then(
      (value) => {
        watch.listeners.delete(fail);
        resolve(value);
      },
      (error: unknown) => {
        watch.listeners.delete(fail);
        reject(error);
      },
    );
  });
}
