/**
 * @file The part of web-llm's engine interface (MLCEngineInterface: `chat.completions.create`
 * with `stream: true`, `response_format`, `interruptGenerate`) the agent needs, typed here so
 * core code can drive an engine without importing web-llm, and `llmOverEngine`, the core `Llm`
 * over such an engine. The same wrapper serves a WebWorkerMLCEngine (app) and the scripted fake
 * engine (tests, CLI `--llm fake:<script.json>`): callers cannot tell which they got.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError, throwIfAborted } from '../../errors.ts';
import type { ChatMessage, ChatOptions, Llm, ModelInfo } from '../../models/types.ts';

/** web-llm's ResponseFormat (0.2.86): text, json_object, grammar (EBNF) or structural_tag. */
export interface ResponseFormatLike {
  type: 'text' | 'json_object' | 'grammar' | 'structural_tag';
  schema?: string;
  grammar?: string;
  structural_tag?: unknown;
}

export interface ChatCompletionRequest {
  messages: ChatMessage[];
  stream: true;
  max_tokens?: number;
  temperature?: number;
  response_format?: ResponseFormatLike;
}

export interface ChatCompletionChunkLike {
  choices: { delta?: { content?: string | null }; finish_reason?: string | null }[];
}

export interface ChatCompletionEngine {
  chat: { completions: { create(request: ChatCompletionRequest): Promise<AsyncIterable<ChatCompletionChunkLike>> } };
  interruptGenerate?(): void;
}

/** Chat options plus the response format the engine must obey (structural tag, grammar). */
export interface EngineChatOptions extends ChatOptions {
  responseFormat?: ResponseFormatLike;
}

/** An Llm whose chat passes `responseFormat` through to the engine as `response_format`. */
export interface EngineLlm extends Llm {
  chat(messages: readonly ChatMessage[], options?: EngineChatOptions): Promise<string>;
}

export function llmOverEngine(engine: ChatCompletionEngine, info: ModelInfo, contextTokens = 4096): EngineLlm {
  return {
    info,
    contextTokens,
    async chat(messages, options: EngineChatOptions = {}) {
      const { signal } = options;
      throwIfAborted(signal);
      const stream = await engine.chat.completions.create({
        messages: messages.map((m) => ({ role: m.role, content: m.content })),
        stream: true,
        ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        ...(options.responseFormat ? { response_format: options.responseFormat } : {}),
      });
      const onAbort = () => engine.interruptGenerate?.();
      signal?.addEventListener('abort', onAbort);
      let text = '';
      try {
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content ?? '';
          if (delta) {
            text += delta;
            options.onToken?.(delta);
          }
        }
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
      if (signal?.aborted) throw new AppError('CANCELLED', 'The chat was stopped.');
      return text;
    },
  };
}
