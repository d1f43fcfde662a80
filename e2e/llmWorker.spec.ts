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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { build, preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort } from '../scripts/chromium.ts';
import { assert, isLocalUrl, test } from './harness.ts';

interface Outcome<T> {
  ok: boolean;
  result?: T;
  error?: string;
}

async function check<T>(page: Page, url: string): Promise<T> {
  await page.goto(url);
  await page.waitForFunction(() => '__llmCheck' in window, undefined, { timeout: 60_000 });
  const outcome = (await page.evaluate(() => (window as unknown as { __llmCheck: unknown }).__llmCheck)) as Outcome<T>;
  assert(outcome.ok, `llm check ${url} failed: ${outcome.error}`);
  return outcome.result as T;
}

async function browser(dir: string, webgpu: boolean): Promise<{ context: BrowserContext; external: string[]; errors: string[] }> {
  const context = await chromium.launchPersistentContext(join(dir, webgpu ? 'profile-gpu' : 'profile-nogpu'), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: webgpu ? [...CHROMIUM_ARGS, '--enable-unsafe-webgpu'] : CHROMIUM_ARGS,
    env: { ...process.env, XDG_CONFIG_HOME: join(dir, 'config'), XDG_CACHE_HOME: join(dir, 'cache'), TMPDIR: dir },
  });
  const external: string[] = [];
  const errors: string[] = [];
  context.on('request', (r) => {
    if (!isLocalUrl(r.url())) external.push(r.url());
  });
  context.on('page', (p) => p.on('pageerror', (e) => errors.push(e.message)));
  for (const p of context.pages()) p.on('pageerror', (e) => errors.push(e.message));
  return { context, external, errors };
}

interface ChatResult {
  progress: { loaded: number; done: boolean; file: string }[];
  tokens: number;
  joined: string;
  answer: string;
  cancelled: { code: string; message: string };
  streamed: number;
  after: string;
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

test('llm: web-llm client + handler in a real worker (fake engine): stream, cancel, WebGPU checks, describe, reload, resume', async (env) => {
  const configFile = join(env.repoRoot, 'e2e', 'llmPages', 'vite.config.ts');
  await build({ configFile, logLevel: 'error' });
  const port = await freePort();
  const server = await preview({ configFile, logLevel: 'error', preview: { host: '127.0.0.1', port, strictPort: true, open: false } });
  const base = `http://127.0.0.1:${port}/llm-check.html`;
  const dir = mkdtempSync(join(tmpdir(), 'ranger-llm-e2e-'));
  try {
    const gpu = await browser(dir, true);
    try {
      const page = gpu.context.pages()[0] ?? (await gpu.context.newPage());
      const chat = await check<ChatResult>(page, `${base}?phase=chat`);
      assert(JSON.stringify(chat.progress.map((p) => p.loaded)) === '[0,0.5,1]' && chat.progress.at(-1)?.done, `load progress: ${JSON.stringify(chat.progress)}`);
      assert(chat.answer === 'Fake answer 0 to: hello from the page' && chat.joined === chat.answer && chat.tokens > 3, `streaming: ${JSON.stringify(chat)}`);
      assert(chat.cancelled.code === 'CANCELLED' && chat.streamed < 50 && chat.interrupts === 1, `cancel: ${JSON.stringify(chat.cancelled)} after ${chat.streamed} tokens, ${chat.interrupts} interrupts`);
      assert(chat.after === 'Fake answer 2 to: after cancel', `chat after cancel: ${chat.after}`);
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
      assert(gpu.external.length === 0, `requests left localhost: ${gpu.external.join(', ')}`);
      assert(gpu.errors.length === 0, `page errors: ${gpu.errors.join(' | ')}`);
    } finally {
      await gpu.context.close();
    }

    const plain = await browser(dir, false);
    try {
      const page = plain.context.pages()[0] ?? (await plain.context.newPage());
      const nogpu = await check<{ code: string; message: string }>(page, `${base}?phase=nogpu`);
      assert(nogpu.code === 'MODEL_UNAVAILABLE' && /needs WebGPU/.test(nogpu.message), `no WebGPU: ${JSON.stringify(nogpu)}`);
    } finally {
      await plain.context.close();
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);
