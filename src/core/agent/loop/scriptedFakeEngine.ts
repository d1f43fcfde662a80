/**
 * @file FAKE LLM engine, named as such: a scripted stand-in at web-llm's engine interface
 * (`chat.completions.create` streaming chunks, `interruptGenerate`) for the one part that cannot
 * run here (model weights). Each request gets the script's next turn, streamed in small chunks;
 * every request (messages, response_format) is recorded so tests can read what the agent sent.
 * Used by unit tests, the CLI (`--llm fake:<script.json>`) and the app's e2e.
 * Script JSON: {"model"?: string, "turns": string[]}. Past the last turn it answers
 * "(fake engine: script exhausted)".
 * Runs in: everywhere (test double; no product path uses it without being asked by name).
 */
import { AppError } from '../../errors.ts';
import type { ChatCompletionChunkLike, ChatCompletionEngine, ChatCompletionRequest } from './chatEngine.ts';

export interface FakeEngineScript {
  model?: string;
  turns: string[];
}

export const SCRIPT_EXHAUSTED = '(fake engine: script exhausted)';

export class ScriptedFakeEngine implements ChatCompletionEngine {
  readonly requests: ChatCompletionRequest[] = [];
  readonly model: string;
  private interrupted = false;
  readonly chat = { completions: { create: (request: ChatCompletionRequest) => this.create(request) } };

  constructor(private readonly script: FakeEngineScript) {
    this.model = script.model ?? 'fake-scripted-engine';
  }

  interruptGenerate(): void {
    this.interrupted = true;
  }

  private async create(request: ChatCompletionRequest): Promise<AsyncIterable<ChatCompletionChunkLike>> {
    this.requests.push(structuredClone(request));
    const answer = this.script.turns[this.requests.length - 1] ?? SCRIPT_EXHAUSTED;
    this.interrupted = false;
    const isInterrupted = () => this.interrupted;
    return (async function* () {
      for (const piece of answer.match(/[\s\S]{1,6}/g) ?? []) {
        if (isInterrupted()) {
          yield { choices: [{ delta: {}, finish_reason: 'abort' }] };
          return;
        }
        await Promise.resolve();
        yield { choices: [{ delta: { content: piece }, finish_reason: null }] };
      }
      yield { choices: [{ delta: {}, finish_reason: 'stop' }] };
    })();
  }
}

/** Checks a parsed script file's shape; a clear message names what is wrong. */
export function parseFakeScript(json: unknown, where: string): FakeEngineScript {
  const bad = (what: string) => new AppError('INPUT_INVALID', `${where}: ${what} (expected {"model"?: string, "turns": string[]}).`);
  if (!json || typeof json !== 'object') throw bad('not a JSON object');
  const { model, turns } = json as { model?: unknown; turns?: unknown };
  if (!Array.isArray(turns) || !turns.every((t) => typeof t === 'string')) throw bad('"turns" must be an array of strings');
  if (model !== undefined && typeof model !== 'string') throw bad('"model" must be a string');
  return { model, turns };
}
