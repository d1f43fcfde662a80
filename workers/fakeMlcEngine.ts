/**
 * @file FAKE web-llm engine for tests (no weights can run here): a scripted stand-in for
 * MLCEngine at the engine interface that web-llm's real WebWorkerMLCEngineHandler drives
 * (reload with progress reports, setAppConfig, streaming chat.completions chunks,
 * interruptGenerate, unload). Everything it receives is recorded and returned as JSON by
 * runtimeStatsText(), so a test reads what arrived at the engine through the real wiring.
 * Script, from the prompt: A.9.1 / A.9.2 / A.9.3 prompts get well-formed answers (with a
 * Qwen3-style <think> block); "[[slow]]" streams 400 chunks slowly (for cancel tests);
 * "[[fail]]" throws. Model id 'fake-fail-load' fails to load.
 * Runs in: the fake LLM worker (chromium e2e) and Node tests. Test-only.
 */
import type { WebWorkerMLCEngineHandler } from '@mlc-ai/web-llm';

interface Report {
  progress: number;
  timeElapsed: number;
  text: string;
}

interface ChatRequest {
  messages: { role: string; content: string }[];
  stream?: boolean | null;
  max_tokens?: number | null;
  temperature?: number | null;
  extra_body?: Record<string, unknown>;
}

export interface FakeEngineLog {
  reloads: { modelId: string[]; chatOpts: unknown }[];
  appConfigs: unknown[];
  requests: ChatRequest[];
  interrupts: number;
  unloads: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function fakeAnswer(content: string, index: number): string {
  if (content.startsWith('### Task: Code Summarization')) {
    return `<think>\nfake reasoning ${index}\n</think>\n\n**PURPOSE**\nFake purpose ${index}.\n\n**IMPLEMENTATION**\nFake implementation ${index}.\n\n**KEY FEATURES**\n- fake feature ${index}\n`;
  }
  if (content.startsWith('### Task: Code Members Description')) return `value${index} - fake member ${index}`;
  if (content.startsWith('### Task: File Summary from Component Descriptions')) return `Fake composed summary ${index}.`;
  return `Fake answer ${index} to: ${content.slice(0, 40)}`;
}

/** The fake engine; `chunkDelayMs` paces ordinary answers, slow ones take 10 ms per chunk. */
export class FakeMlcEngine {
  readonly log: FakeEngineLog = { reloads: [], appConfigs: [], requests: [], interrupts: 0, unloads: 0 };
  private progress?: (report: Report) => void;
  private interrupted = false;
  private modelId = 'none';

  constructor(private readonly chunkDelayMs = 1) {}

  setInitProgressCallback(callback?: (report: Report) => void): void {
    this.progress = callback;
  }

  setAppConfig(appConfig: unknown): void {
    this.log.appConfigs.push(appConfig);
  }

  setLogLevel(): void {}

  setLogitProcessorRegistry(): void {}

  async reload(modelId: string | string[], chatOpts?: unknown): Promise<void> {
    const ids = Array.isArray(modelId) ? modelId : [modelId];
    if (ids[0] === 'fake-fail-load') throw new Error('fake engine: cannot fetch mlc-chat-config.json (404)');
    this.log.reloads.push({ modelId: ids, chatOpts: chatOpts ?? null });
    this.modelId = ids[0];
    const steps: Report[] = [
      { progress: 0, timeElapsed: 0, text: 'Start to fetch params' },
      { progress: 0.5, timeElapsed: 1, text: 'Fetching param cache[1/2]: 10MB fetched. 50% completed, 1 secs elapsed.' },
      { progress: 1, timeElapsed: 2, text: 'Finish loading on WebGPU - fake' },
    ];
    for (const step of steps) {
      this.progress?.(step);
      await sleep(1);
    }
  }

  interruptGenerate(): void {
    this.log.interrupts++;
    this.interrupted = true;
  }

  async unload(): Promise<void> {
    this.log.unloads++;
  }

  async resetChat(): Promise<void> {}

  async getMessage(): Promise<string> {
    return '';
  }

  async runtimeStatsText(): Promise<string> {
    return JSON.stringify(this.log);
  }

  async chatCompletion(request: ChatRequest): Promise<unknown> {
    this.log.requests.push(request);
    const index = this.log.requests.length - 1;
    const content = request.messages.at(-1)?.content ?? '';
    if (content.includes('[[fail]]')) throw new Error('fake engine: generation failed');
    const slow = content.includes('[[slow]]');
    const answer = slow ? 'tick '.repeat(400) : fakeAnswer(content, index);
    this.interrupted = false;
    const chunk = (piece: string, finish: string | null) => ({
      id: `fake-${index}`,
      object: 'chat.completion.chunk',
      created: 0,
      model: this.modelId,
      choices: [{ index: 0, delta: piece ? { role: 'assistant', content: piece } : {}, finish_reason: finish, logprobs: null }],
    });
    if (!request.stream) {
      return {
        id: `fake-${index}`,
        object: 'chat.completion',
        created: 0,
        model: this.modelId,
        choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop', logprobs: null }],
      };
    }
    const pieces = slow ? answer.match(/.{1,5}/gs) ?? [] : answer.match(/[\s\S]{1,4}/g) ?? [];
    const delay = slow ? 10 : this.chunkDelayMs;
    const isInterrupted = (): boolean => this.interrupted;
    return (async function* () {
      for (const piece of pieces) {
        if (isInterrupted()) {
          yield chunk('', 'abort');
          return;
        }
        await sleep(delay);
        yield chunk(piece, null);
      }
      yield chunk('', 'stop');
    })();
  }
}

/**
 * Puts `fake` in place of the MLCEngine that the real handler created in its constructor, and
 * wires progress reports the way that constructor does for its own engine.
 */
export function installFakeEngine(handler: WebWorkerMLCEngineHandler, fake: FakeMlcEngine): void {
  handler.engine = fake as unknown as WebWorkerMLCEngineHandler['engine'];
  fake.setInitProgressCallback((report) => handler.postMessage({ kind: 'initProgressCallback', uuid: '', content: report }));
}
