/**
 * @file web-llm wiring in chromium (e2e/llmPages/llm-check): createWebLlm with web-llm's real
 * WebWorkerMLCEngine client and real handler in a real module worker, a scripted FAKE engine
 * inside (no weights can run here). Checks load progress, streaming, cancel mid-stream
 * (interruptGenerate), the real WebGPU probe (SwiftShader: f16 refused; no adapter: clear
 * error), and describeGraph in an OPFS duckdb-wasm database: paused after two nodes, page
 * reloaded, resumed without repeating a prompt, A.9 prompts at the engine, answers cleaned.
 * Builds its own page (e2e/llmPages/vite.config.ts -> .tmp/llm-pages), served by vite preview.
 * Runs in: Node (e2e, driving chromium). Alone: `npx tsx e2e/run.ts llm:`.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { servePage } from '../scripts/pageBuild.ts';
import { Session, assert, pageCheck, test } from './harness.ts';

function check<T>(page: Page, url: string): Promise<T> {
  return pageCheck<T>(page, url, '__llmCheck', 60_000);
}

interface ChatResult {
  progress: { loaded: number; done: boolean; file: string }[];
  tokens: number;
  joined: string;
  answer: string;
  cancelled: { code: string; message: string };
  streamed: number;
  after: string;
  responseFormat: unknown;
  interrupts: number;
  reloads: { modelId: string[]; chatOpts: unknown }[];
  f16: { code: string; message: string };
}

interface Describe1 {
  repoId: string;
  result: { state: string; done: number; total: number };
  prompts: string[];
}

interface Describe2 {
  stored: { state: string; done: number; total: number };
  result: { state: string; done: number; total: number; generator: string };
  prompts: string[];
  maxTokens: number[];
  rows: { qualified_name: string; description: string | null; member_descriptions: string | null; requirement: string | null }[];
}

test('llm: web-llm client + handler in a real worker (fake engine): stream, cancel, WebGPU checks, describe, reload, resume', async ({ env }) => {
  test.setTimeout(180_000);
  const server = await servePage(join(env.repoRoot, 'e2e', 'llmPages', 'vite.config.ts'));
  const base = `${server.origin}llm-check.html`;
  try {
    const gpu = await Session.open({ webgpu: true });
    try {
      const page = await gpu.page();
      const chat = await check<ChatResult>(page, `${base}?phase=chat`);
      assert(JSON.stringify(chat.progress.map((p) => p.loaded)) === '[0,0.5,1]' && chat.progress.at(-1)?.done, `load progress: ${JSON.stringify(chat.progress)}`);
      assert(chat.answer === 'Fake answer 0 to: hello from the page' && chat.joined === chat.answer && chat.tokens > 3, `streaming: ${JSON.stringify(chat)}`);
      assert(chat.cancelled.code === 'CANCELLED' && chat.streamed < 50 && chat.interrupts === 1, `cancel: ${JSON.stringify(chat.cancelled)} after ${chat.streamed} tokens, ${chat.interrupts} interrupts`);
      assert(chat.after === 'Fake answer 2 to: after cancel', `chat after cancel: ${chat.after}`);
      const format = chat.responseFormat as { type?: string; structural_tag?: { format?: { type?: string; tags?: { begin?: string }[] } } } | null;
      assert(
        format?.type === 'structural_tag' && format.structural_tag?.format?.type === 'triggered_tags' && format.structural_tag.format.tags?.[0]?.begin === '<tool_call>\n{"name": "cypher", "arguments": ',
        `the agent's structural tag reaches the engine: ${JSON.stringify(format)}`,
      );
      assert(JSON.stringify(chat.reloads) === JSON.stringify([{ modelId: ['Qwen2.5-0.5B-Instruct-q4f32_1-MLC'], chatOpts: [{ context_window_size: 4096 }] }]), `reload: ${JSON.stringify(chat.reloads)}`);
      assert(chat.f16.code === 'MODEL_UNAVAILABLE' && /shader-f16/.test(chat.f16.message), `f16 on SwiftShader: ${JSON.stringify(chat.f16)}`);

      const first = await check<Describe1>(page, `${base}?phase=describe1`);
      assert(first.result.state === 'paused' && first.result.done === 2 && first.result.total === 5, `paused: ${JSON.stringify(first.result)}`);
      assert(first.prompts.length === 4 && first.prompts[0].startsWith('### Task: Code Summarization') && first.prompts[0].endsWith('def add(self, item):\n        self.items.append(item)\n'), `A.9.1 prompt: ${first.prompts[0]}`);
      assert(first.prompts[1].startsWith('### Task: Code Members Description'), `A.9.2 prompt: ${first.prompts[1]}`);

      await page.reload();
      const second = await check<Describe2>(page, `${base}?phase=describe2&repo=${first.repoId}`);
      assert(second.stored.state === 'paused' && second.stored.done === 2 && second.stored.total === 5, `stored after reload: ${JSON.stringify(second.stored)}`);
      assert(second.result.state === 'done' && second.result.done === 5, `resumed: ${JSON.stringify(second.result)}`);
      assert(second.prompts.length === 6 && second.prompts.every((p) => !first.prompts.includes(p)), `resume repeated prompts: ${second.prompts.length}`);
      assert(second.prompts[0].includes('def checkout') && second.prompts[2].includes('class Cart') && second.prompts[4].includes('def checkout(cart)') && second.prompts[4].includes('class Cart'), 'bottom-up: function, class, then module (its file text)');
      assert(second.maxTokens.every((n) => n === 512), `max tokens: ${second.maxTokens}`);
      const described = second.rows.filter((r) => r.qualified_name !== 'llm-check');
      assert(described.every((r) => r.description && !r.description.includes('<think>') && r.description.startsWith('**PURPOSE**')), `descriptions: ${JSON.stringify(described)}`);
      assert(described.find((r) => r.qualified_name === 'shop.checkout')?.requirement?.startsWith('Purpose: Fake purpose'), 'requirement purpose from the LLM');
      gpu.verify();
    } finally {
      await gpu.close();
    }

    const plain = await Session.open();
    try {
      const page = await plain.page();
      const nogpu = await check<{ code: string; message: string }>(page, `${base}?phase=nogpu`);
      assert(nogpu.code === 'MODEL_UNAVAILABLE' && /needs WebGPU/.test(nogpu.message), `no WebGPU: ${JSON.stringify(nogpu)}`);
    } finally {
      await plain.close();
    }
  } finally {
    await server.close();
  }
});
