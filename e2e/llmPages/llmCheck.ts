/**
 * @file e2e LLM-check page: createWebLlm with web-llm's real WebWorkerMLCEngine client and a real
 * module worker (workers/llm.fake.worker.ts: real handler, FAKE engine), the real WebGPU probe.
 * `?phase=chat`: load progress, streaming, cancel mid-stream, the f16 error on SwiftShader.
 * `?phase=describe1`: a small graph in an OPFS duckdb-wasm database, describeGraph paused after
 * two nodes. `?phase=describe2&repo=<id>` (after a reload): the stored progress, then resume.
 * `?phase=nogpu`: the error without WebGPU. Results land on `window.__llmCheck`.
 * Runs in: chromium (page built by e2e/llmPages/vite.config.ts).
 */
import { toolCallResponseFormat } from '../../src/core/agent/loop/toolCalls.ts';
import type { EngineChatOptions } from '../../src/core/agent/loop/chatEngine.ts';
import { createWebLlm } from '../../src/adapters/browser/webLlm.ts';
import type { LlmLoadProgress, WebLlm } from '../../src/adapters/browser/webLlm.ts';
import { openBrowserStore } from '../../src/adapters/browser/duckdbBrowser.ts';
import { describeGraph, readDescribeProgress } from '../../src/core/describe/describeGraph.ts';
import { AppError } from '../../src/core/errors.ts';
import type { EdgeRow, NodeRow } from '../../src/core/graph/types.ts';
import { presetById } from '../../src/core/models/modelSpec.ts';
import type { LlmSpec } from '../../src/core/models/modelSpec.ts';
import { writeGraph } from '../../src/core/store/graphStore.ts';

const SPEC: LlmSpec = presetById('fast')!.llm;

function fakeWorker(): Worker {
  return new Worker(new URL('../../workers/llm.fake.worker.ts', import.meta.url), { type: 'module', name: 'llm-fake' });
}

async function load(onFile?: (p: LlmLoadProgress) => void): Promise<WebLlm> {
  return createWebLlm(SPEC, { createWorker: fakeWorker, onFile });
}

async function engineLog(llm: WebLlm): Promise<{ requests: { messages: { content: string }[]; max_tokens?: number }[]; interrupts: number; reloads: unknown[] }> {
  return JSON.parse(await llm.engine.runtimeStatsText());
}

function errorOf(error: unknown): { code: string; message: string } {
  return error instanceof AppError ? { code: error.code, message: error.message } : { code: 'none', message: String(error) };
}

async function chatPhase(): Promise<unknown> {
  const progress: LlmLoadProgress[] = [];
  const llm = await load((p) => progress.push(p));
  const tokens: string[] = [];
  const answer = await llm.chat([{ role: 'user', content: 'hello from the page' }], { onToken: (t) => tokens.push(t) });
  const controller = new AbortController();
  let streamed = 0;
  const cancelled = await llm
    .chat([{ role: 'user', content: 'count [[slow]]' }], {
      signal: controller.signal,
      onToken: () => {
        if (++streamed === 5) controller.abort();
      },
    })
    .then(() => ({ code: 'none', message: 'not cancelled' }), errorOf);
  const after = await llm.chat([{ role: 'user', content: 'after cancel' }]);
  // The agent's structural tag reaches the engine through the real client and handler.
  const tool = { name: 'cypher', description: 'Cypher', parameters: { type: 'object' as const, properties: { query: { type: 'string' as const } }, required: ['query'] }, run: async () => ({ text: '', nodeIds: [] }) };
  await llm.chat([{ role: 'user', content: 'call a tool' }], { responseFormat: toolCallResponseFormat([tool]) } as EngineChatOptions);
  const log = await engineLog(llm);
  const responseFormat = (log.requests.at(-1) as { response_format?: unknown }).response_format ?? null;
  await llm.dispose();
  const f16 = await createWebLlm({ ...SPEC, id: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC', label: 'Qwen2.5 f16' }, { createWorker: fakeWorker }).then(
    () => ({ code: 'none', message: 'loaded' }),
    errorOf,
  );
  return { progress, tokens: tokens.length, joined: tokens.join(''), answer, cancelled, streamed, after, interrupts: log.interrupts, reloads: log.reloads, f16, responseFormat };
}

function node(id: number, kind: NodeRow['kind'], name: string, qualified: string, code: string | null, extra: Partial<NodeRow> = {}): NodeRow {
  return {
    id, kind, name, qualified_name: qualified, module_name: kind === 'Repo' ? null : 'shop', class_name: null,
    file_path: kind === 'Repo' ? null : 'shop.py', start_line: 1, end_line: 2, signature: null, code, docstring: null,
    description: null, member_descriptions: null, requirement: null, language: kind === 'Repo' ? null : 'python',
    local_name: null, import_name: null, ...extra,
  };
}

const SHOP = `class Cart:
    def add(self, item):
        self.items.append(item)

    def total(self):
        return sum(i.price for i in self.items)


def checkout(cart):
    return cart.total()
`;

async function describePhase(phase: string, repo: string | null): Promise<unknown> {
  const store = await openBrowserStore();
  const llm = await load();
  try {
    if (phase === 'describe1') {
      const db = await store.create('llm-check');
      const nodes = [
        node(0, 'Repo', 'llm-check', 'llm-check', null),
        node(1, 'Module', 'shop', 'shop', null),
        node(2, 'Class', 'Cart', 'shop.Cart', SHOP.slice(0, SHOP.indexOf('\n\n\ndef'))),
        node(3, 'Method', 'add', 'shop.Cart.add', '    def add(self, item):\n        self.items.append(item)\n', { class_name: 'Cart', signature: 'def add(self, item):' }),
        node(4, 'Method', 'total', 'shop.Cart.total', '    def total(self):\n        return sum(i.price for i in self.items)\n', { class_name: 'Cart', signature: 'def total(self):' }),
        node(5, 'Function', 'checkout', 'shop.checkout', 'def checkout(cart):\n    return cart.total()\n', { signature: 'def checkout(cart):' }),
      ];
      const edges: EdgeRow[] = [
        { src: 0, dst: 1, type: 'CONTAINS', detail: null },
        { src: 1, dst: 2, type: 'CONTAINS', detail: null },
        { src: 2, dst: 3, type: 'HAS_METHOD', detail: null },
        { src: 2, dst: 4, type: 'HAS_METHOD', detail: null },
        { src: 1, dst: 5, type: 'CONTAINS', detail: null },
        { src: 5, dst: 4, type: 'USES', detail: 'call' },
      ];
      const files = [{ path: 'shop.py', language: 'python' as const, bytes: SHOP.length, sha256: '0'.repeat(64), text: SHOP }];
      await writeGraph(db.conn, { repoName: 'llm-check', graph: { nodes, edges, unresolved: [] }, files, issues: [], skipped: [], summary: {} });
      await store.commit({ id: db.repoId, name: 'llm-check', indexedAt: new Date().toISOString(), files: 1, nodes: nodes.length });
      const controller = new AbortController();
      const result = await describeGraph(db.conn, llm, {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.done >= 2) controller.abort();
        },
      });
      const log = await engineLog(llm);
      return { repoId: db.repoId, result, prompts: log.requests.map((r) => r.messages[0].content) };
    }
    const db = await store.open(repo ?? '');
    const stored = await readDescribeProgress(db.conn);
    const result = await describeGraph(db.conn, llm);
    const log = await engineLog(llm);
    const rows = await db.conn.query('SELECT qualified_name, description, member_descriptions, requirement FROM nodes ORDER BY id');
    return { stored, result, prompts: log.requests.map((r) => r.messages[0].content), maxTokens: log.requests.map((r) => r.max_tokens), rows };
  } finally {
    await llm.dispose();
    await store.close();
  }
}

async function main(): Promise<unknown> {
  const params = new URLSearchParams(location.search);
  const phase = params.get('phase') ?? 'chat';
  if (phase === 'chat') return chatPhase();
  if (phase === 'nogpu') return load().then(() => ({ code: 'none', message: 'loaded' }), errorOf);
  return describePhase(phase, params.get('repo'));
}

main().then(
  (result) => {
    (window as unknown as { __llmCheck: unknown }).__llmCheck = { ok: true, result };
    document.getElementById('out')!.textContent = JSON.stringify(result, null, 2);
  },
  (error: unknown) => {
    const message = error instanceof Error ? `${error.message}\n${error.stack}` : String(error);
    (window as unknown as { __llmCheck: unknown }).__llmCheck = { ok: false, error: message };
    document.getElementById('out')!.textContent = message;
  },
);
