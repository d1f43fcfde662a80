/**
 * @file describeGraph on real parsed fixtures in real duckdb-wasm: the structural path fills
 * every describable node; the LLM path is driven by `fakeLlm`, a scripted fake of the external
 * LLM (no weights can run here), to check the A.9 prompts, bottom-up order, context-limit
 * handling (A.9.3 composition, truncation), <think> cleaning, requirements, pause / resume,
 * restart, and the error policy. (In test/: core tests may not import adapters.)
 * Runs in: Node (vitest).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { describeGraph, readDescribeProgress, STRUCTURAL_GENERATOR } from '../../src/core/describe/describeGraph.ts';
import { codeMembersTemplate, estimateTokens, memberDescriptionMessages, purposeSummaryMessages } from '../../src/core/describe/prompts.ts';
import { AppError } from '../../src/core/errors.ts';
import { stitch } from '../../src/core/graph/stitch.ts';
import type { FileRow } from '../../src/core/graph/types.ts';
import type { ChatMessage, ChatOptions, Llm } from '../../src/core/models/types.ts';
import { parseSourceFile } from '../../src/core/parse/parseFile.ts';
import type { DescribeProgress } from '../../src/core/semantic/semanticService.ts';
import { readDescribeGenerator } from '../../src/core/store/descriptionStore.ts';
import { writeGraph } from '../../src/core/store/graphStore.ts';
import type { Row } from '../../src/core/store/sqlConnection.ts';
import { fixtureParsers, parseFixture } from '../fixtures/stitch/parseFixture.ts';
import { extractorFor, resolverFor } from '../../src/core/languages/implementations.ts';

type Task = 'summary' | 'members' | 'compose';

interface FakeCall {
  task: Task;
  content: string;
}

interface FakeLlm extends Llm {
  calls: FakeCall[];
}

interface FakeLlmOptions {
  id?: string;
  contextTokens?: number;
  /** Scripted behaviour per call; default: a well-formed answer numbered by call index. */
  answer?: (call: FakeCall, index: number, options: ChatOptions | undefined) => Promise<string> | string;
}

function taskOf(content: string): Task {
  if (content.startsWith('### Task: Code Summarization')) return 'summary';
  if (content.startsWith('### Task: Code Members Description')) return 'members';
  if (content.startsWith('### Task: File Summary from Component Descriptions')) return 'compose';
  throw new Error(`fakeLlm: unexpected prompt ${content.slice(0, 60)}`);
}

function defaultAnswer(call: FakeCall, index: number): string {
  if (call.task === 'summary') {
    return `<think>\nLet me think about call ${index}.\n</think>\n\n**PURPOSE**\nPurpose number ${index} of this code.\n\n**IMPLEMENTATION**\nImplementation ${index}.\n\n**KEY FEATURES**\n- feature ${index}\n`;
  }
  if (call.task === 'members') return `  item${index} - member number ${index}\n`;
  return `Composed summary number ${index}.`;
}

/** A scripted fake of the external LLM: records every prompt, streams its answer word by word. */
function fakeLlm(options: FakeLlmOptions = {}): FakeLlm {
  const calls: FakeCall[] = [];
  return {
    info: { id: options.id ?? 'fake-llm', label: 'fake LLM (test)', builtin: false },
    contextTokens: options.contextTokens ?? 100_000,
    calls,
    async chat(messages: readonly ChatMessage[], chatOptions?: ChatOptions): Promise<string> {
      expect(messages).toHaveLength(1);
      expect(messages[0].role).toBe('user');
      const call = { task: taskOf(messages[0].content), content: messages[0].content };
      calls.push(call);
      const text = await (options.answer ?? defaultAnswer)(call, calls.length - 1, chatOptions);
      for (const word of text.split(/(?<=\s)/)) chatOptions?.onToken?.(word);
      return text;
    },
  };
}

/** Stitches parsed files and writes graph and file texts (a Module's code is its file's text). */
async function openGraph(name: string, parsed: Awaited<ReturnType<typeof parseFixture>>, texts: Map<string, string>): Promise<WasmNodeConnection> {
  const { graph } = stitch(name, parsed.files, parsed.configs, { resolverFor });
  const conn = await openWasmMemoryConnection();
  const files: FileRow[] = parsed.files.map((f) => {
    const text = texts.get(f.path) ?? '';
    return { path: f.path, language: f.language, bytes: text.length, sha256: '0'.repeat(64), text };
  });
  await writeGraph(conn, { repoName: name, graph, files, issues: [], skipped: [], summary: {} });
  return conn;
}

async function openFolderGraph(folder: string): Promise<WasmNodeConnection> {
  const parsed = await parseFixture(folder);
  const texts = new Map(parsed.files.map((f) => [f.path, readFileSync(join(folder, f.path), 'utf8')]));
  return openGraph(folder, parsed, texts);
}

const NESTED = `"""Shapes."""


class Outer:
    """Holds an inner helper."""

    class Inner:
        def deep(self):
            return 1

    def top(self):
        return Outer.Inner().deep()
`;

async function openNestedGraph(): Promise<WasmNodeConnection> {
  const parsers = await fixtureParsers();
  const parsed = { files: [parseSourceFile(parsers, { path: 'shapes.py', language: 'python', text: NESTED }, extractorFor)], configs: [] };
  return openGraph('nested', parsed, new Map([['shapes.py', NESTED]]));
}

const open: WasmNodeConnection[] = [];
afterEach(async () => {
  for (const conn of open.splice(0)) await conn.close();
});

async function a2(): Promise<WasmNodeConnection> {
  const conn = await openFolderGraph('test/fixtures/python/a2');
  open.push(conn);
  return conn;
}

async function nodesByName(conn: WasmNodeConnection): Promise<Map<string, Row>> {
  const rows = await conn.query('SELECT * FROM nodes');
  return new Map(rows.map((r) => [String(r.qualified_name), r]));
}

describe('describeGraph without an LLM (built-in structural)', () => {
  it('fills description, member descriptions and requirement of every node on a real parsed fixture', async () => {
    for (const folder of ['test/fixtures/python/a2', 'test/fixtures/stitch/pyshop']) {
      const conn = await openFolderGraph(folder);
      open.push(conn);
      const reports: DescribeProgress[] = [];
      const [{ n }] = await conn.query("SELECT count(*) AS n FROM nodes WHERE kind <> 'Repo'");
      // Read-only before any run: no described table yet, nothing is created by reading.
      expect(await readDescribeProgress(conn)).toEqual({ state: 'idle', generator: null, done: 0, total: n });
      expect(await conn.query("SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'described'")).toEqual([{ n: 0 }]);
      const result = await describeGraph(conn, null, { onProgress: (p) => reports.push(p), batchSize: 3 });
      expect(result.state).toBe('done');
      expect(result.generator).toBe(STRUCTURAL_GENERATOR);
      expect(result.done).toBe(result.total);
      expect(result.total).toBeGreaterThan(5);
      expect(reports[0]).toMatchObject({ state: 'running', done: 0 });
      expect(reports.map((r) => r.done)).toEqual([...reports.map((r) => r.done)].sort((a, b) => a - b));
      const missing = await conn.query(
        "SELECT qualified_name FROM nodes WHERE kind IN ('Function', 'Method', 'Class', 'Module', 'Field', 'GlobalVariable') " +
          'AND (description IS NULL OR member_descriptions IS NULL)',
      );
      expect(missing).toEqual([]);
      expect(await conn.query("SELECT qualified_name FROM nodes WHERE kind IN ('Function', 'Method', 'Class') AND requirement IS NULL")).toEqual([]);
      expect(await conn.query("SELECT description FROM nodes WHERE kind = 'Repo'")).toEqual([{ description: null }]);
      expect(await readDescribeProgress(conn)).toEqual({ state: 'done', generator: STRUCTURAL_GENERATOR, done: result.total, total: result.total });
    }
  });

  it('uses members, calls and callers gathered from the graph', async () => {
    const conn = await a2();
    await describeGraph(conn, null);
    const nodes = await nodesByName(conn);
    const demo = nodes.get('extended.demo')!;
    expect(demo.description).toMatch(/Calls .*quick_add/);
    expect(String(demo.member_descriptions)).toContain('quick_add - called here');
    expect(String(nodes.get('extended.quick_add')!.member_descriptions)).toContain('demo - calls this');
    const calculator = nodes.get('base.Calculator')!;
    expect(String(calculator.member_descriptions)).toContain('add - Return the sum of a and b.');
    expect(String(calculator.member_descriptions)).toContain('multiply - method');
    expect(String(nodes.get('base.Calculator.add')!.requirement)).toBe('Purpose: Return the sum of a and b.\nInput: `a`. `b`.\nOutput: A computed value.');
  });
});

describe('describeGraph with an LLM (fakeLlm: a scripted fake of the external LLM)', () => {
  it('sends the A.9.1 and A.9.2 prompts verbatim with the code, two per node, and stores cleaned answers', async () => {
    const conn = await a2();
    const llm = fakeLlm();
    const result = await describeGraph(conn, llm);
    expect(result).toMatchObject({ state: 'done', generator: 'fake-llm' });
    const nodes = await nodesByName(conn);
    const add = nodes.get('base.Calculator.add')!;
    const prompt = (messages: ChatMessage[]) => messages[0].content;
    const addNode = { kind: 'Method' as const, name: 'add', code: String(add.code), language: 'python' as const };
    const summaryPrompt = prompt(purposeSummaryMessages(addNode));
    // The paper's A.9.1 lines, then the code.
    expect(summaryPrompt).toBe(
      [
        '### Task: Code Summarization',
        '',
        'Summarize the code at a high level without referencing specific function',
        'or variable names. Focus on its purpose, how it is implemented, and its',
        'notable features. Use the following format:',
        '',
        '**PURPOSE**',
        'Describe what the code is designed to achieve.',
        '',
        '**IMPLEMENTATION**',
        'Explain how the code accomplishes its purpose, including general',
        'techniques or components used, without naming exact functions or',
        'variables.',
        '',
        '**KEY FEATURES**',
        'List significant capabilities, design patterns, or behaviors the code',
        'exhibits.',
        '',
        '### Programming Language: Python',
        '### Code:',
        String(add.code),
      ].join('\n'),
    );
    const i = llm.calls.findIndex((c) => c.content === summaryPrompt);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(llm.calls[i + 1].content).toBe(prompt(memberDescriptionMessages(addNode)));
    expect(llm.calls[i + 1].content).toContain('If no important members are found, respond with: ---None---');
    // Cleaned: no <think> block, trimmed.
    expect(add.description).toBe(`**PURPOSE**\nPurpose number ${i} of this code.\n\n**IMPLEMENTATION**\nImplementation ${i}.\n\n**KEY FEATURES**\n- feature ${i}`);
    expect(add.member_descriptions).toBe(`item${i + 1} - member number ${i + 1}`);
    // Requirement: docstring when there is one, else the LLM's PURPOSE with structural Input / Output.
    expect(add.requirement).toBe('Purpose: Return the sum of a and b.\nInput: `a`. `b`.\nOutput: A computed value.');
    expect(nodes.get('base.Calculator.multiply')!.requirement).toMatch(/^Purpose: Purpose number \d+ of this code\.\nInput: `a`\. `b`\.\nOutput: A computed value\.$/);
    // Fields / global variables get structural text, no chat; Repo is skipped.
    expect(String(nodes.get('base.precision')!.description)).toMatch(/^Global variable `precision`/);
    const perKind = await conn.query("SELECT count(*) AS n FROM nodes WHERE kind IN ('Function', 'Method', 'Class', 'Module')");
    expect(llm.calls).toHaveLength(2 * Number(perKind[0].n));
    expect(await readDescribeProgress(conn)).toMatchObject({ state: 'done', generator: 'fake-llm' });
  });

  it('goes bottom-up: functions and methods, then classes (inner before outer), then modules', async () => {
    const conn = await openNestedGraph();
    open.push(conn);
    const order: string[] = [];
    await describeGraph(conn, fakeLlm(), { onProgress: (p) => p.current && order.at(-1) !== p.current && order.push(p.current) });
    expect(order).toEqual(['shapes.Outer.Inner.deep', 'shapes.Outer.top', 'shapes.Outer.Inner', 'shapes.Outer', 'shapes']);
  });

  it('composes large classes and modules from their members\' stored descriptions with A.9.3', async () => {
    const conn = await a2();
    // Classes and modules padded past the context; every method and function fits.
    await conn.run(
      "UPDATE node_rows SET code = n.code || repeat('# padding line\n', 300), code_start = NULL, code_end = NULL FROM nodes n WHERE n.id = node_rows.id AND n.kind = 'Class'",
    );
    await conn.run("UPDATE files SET text = text || repeat('# padding line\n', 300)");
    const nodes = await nodesByName(conn);
    const biggestLeaf = Math.max(
      ...[...nodes.values()].filter((n) => n.kind === 'Method' || n.kind === 'Function').map((n) => estimateTokens(String(n.code))),
    );
    const contextTokens = 512 + estimateTokens(codeMembersTemplate('Python')) + biggestLeaf + 400;
    expect(estimateTokens(String(nodes.get('base.Calculator')!.code))).toBeGreaterThan(contextTokens);
    const llm = fakeLlm({ contextTokens });
    await describeGraph(conn, llm);
    const stored = await nodesByName(conn);
    const composes = llm.calls.filter((c) => c.task === 'compose');
    expect(composes.length).toBe(4); // 2 classes + 2 modules
    const calculatorPrompt = composes.find((c) => c.content.includes('#### Method add'))!;
    expect(calculatorPrompt.content).toContain('### Component Descriptions:');
    expect(calculatorPrompt.content).toContain(String(stored.get('base.Calculator.add')!.description));
    expect(calculatorPrompt.content).toContain(String(stored.get('base.Calculator.multiply')!.description));
    // Every compose prompt comes after every code prompt (bottom-up), and fits the context.
    const firstCompose = llm.calls.findIndex((c) => c.task === 'compose');
    expect(llm.calls.slice(firstCompose).every((c) => c.task === 'compose')).toBe(true);
    for (const c of llm.calls) expect(estimateTokens(c.content) + 512).toBeLessThanOrEqual(contextTokens);
    // The module summary is composed from the class's composed summary.
    const calculator = stored.get('base.Calculator')!;
    expect(calculator.description).toMatch(/^Composed summary number \d+\.$/);
    const basePrompt = composes.find((c) => c.content.includes('#### Class Calculator'))!;
    expect(basePrompt.content).toContain(String(calculator.description));
    expect(String(calculator.member_descriptions).split('\n')).toEqual([
      expect.stringMatching(/^add - Purpose number \d+ of this code\.$/),
      expect.stringMatching(/^multiply - Purpose number \d+ of this code\.$/),
    ]);
  });

  it('splits A.9.3 into parts when even the member descriptions exceed the context, and truncates over-long code', async () => {
    const conn = await a2();
    const long = 'word '.repeat(400);
    const llm = fakeLlm({ contextTokens: 1000, answer: (call, i) => (call.task === 'compose' ? `Part summary ${i}.` : `**PURPOSE**\n${long}${i}`) });
    await conn.run(
      "UPDATE node_rows SET code = n.code || repeat('# padding line\n', 300), code_start = NULL, code_end = NULL " +
        "FROM nodes n WHERE n.id = node_rows.id AND (n.qualified_name = 'extended.demo' OR n.kind = 'Class')",
    );
    await conn.run("UPDATE files SET text = text || repeat('# padding line\n', 300)");
    await describeGraph(conn, llm);
    for (const c of llm.calls) expect(estimateTokens(c.content) + 512).toBeLessThanOrEqual(1000);
    expect(llm.calls.some((c) => c.content.includes('(truncated to fit the model context)'))).toBe(true);
    expect(llm.calls.some((c) => c.task === 'compose' && c.content.includes('(part 1 of'))).toBe(true);
    const modules = await conn.query("SELECT description FROM nodes WHERE kind = 'Module'");
    for (const m of modules) expect(String(m.description)).toMatch(/^Part summary \d+\.$/);
  });

  it('pauses on abort (interrupting the chat in flight) and resumes without redoing described nodes', async () => {
    const conn = await a2();
    const controller = new AbortController();
    const first = fakeLlm({
      answer: (call, i, options) => {
        if (i < 6) return defaultAnswer(call, i);
        controller.abort();
        expect(options?.signal?.aborted).toBe(true);
        throw new AppError('CANCELLED', 'interrupted');
      },
    });
    const paused = await describeGraph(conn, first, { signal: controller.signal });
    // 3 nodes through the LLM, plus the global variable described structurally before them.
    expect(paused).toMatchObject({ state: 'paused', generator: 'fake-llm', done: 4 });
    expect(await conn.query("SELECT count(*) AS n FROM nodes WHERE description LIKE '%PURPOSE%'")).toEqual([{ n: 3 }]);
    expect(await readDescribeProgress(conn)).toMatchObject({ state: 'paused', done: 4, total: paused.total });
    const describedFirst = new Set(first.calls.slice(0, 6).map((c) => c.content));

    const second = fakeLlm();
    const resumed = await describeGraph(conn, second);
    expect(resumed).toMatchObject({ state: 'done', done: paused.total });
    for (const c of second.calls) expect(describedFirst.has(c.content)).toBe(false);
    // The interrupted node is redone; nothing else is asked twice.
    expect(second.calls.some((c) => c.content === first.calls[6].content)).toBe(true);
    const nodesWithChats = await conn.query("SELECT count(*) AS n FROM nodes WHERE kind IN ('Function', 'Method', 'Class', 'Module')");
    expect(6 + second.calls.length).toBe(2 * Number(nodesWithChats[0].n));
  });

  it('restart, or another generator, clears and redoes everything', async () => {
    const conn = await a2();
    await describeGraph(conn, fakeLlm());
    const again = fakeLlm();
    await describeGraph(conn, again);
    expect(again.calls).toHaveLength(0); // all done already
    const restarted = fakeLlm();
    const result = await describeGraph(conn, restarted, { restart: true });
    expect(restarted.calls.length).toBeGreaterThan(0);
    expect(result.done).toBe(result.total);
    const structural = await describeGraph(conn, null);
    expect(structural).toMatchObject({ state: 'done', generator: STRUCTURAL_GENERATOR, done: result.total });
    expect(await readDescribeGenerator(conn)).toBe(STRUCTURAL_GENERATOR);
    expect(await conn.query("SELECT count(*) AS n FROM nodes WHERE description LIKE '%PURPOSE%'")).toEqual([{ n: 0 }]);
    expect(await conn.query('SELECT DISTINCT generator FROM described')).toEqual([{ generator: STRUCTURAL_GENERATOR }]);
  });

  it('retries a failed chat once, skips a node that keeps failing, and a later run retries it', async () => {
    const conn = await a2();
    let flaky = 0;
    const llm = fakeLlm({
      answer: (call, i) => {
        if (call.content.includes('def multiply') && flaky++ === 0) throw new Error('transient');
        if (call.content.includes('def quick_add') && !call.content.includes('class Scientific')) throw new Error('this node always fails');
        return defaultAnswer(call, i);
      },
    });
    const result = await describeGraph(conn, llm);
    expect(result.state).toBe('done');
    expect(result.done).toBe(result.total - 1);
    expect(result.error?.message).toMatch(/1 node\(s\) could not be described: extended\.quick_add.*always fails/);
    const nodes = await nodesByName(conn);
    expect(nodes.get('base.Calculator.multiply')!.description).toMatch(/PURPOSE/);
    expect(nodes.get('extended.quick_add')!.description).toBeNull();
    const retry = fakeLlm();
    const second = await describeGraph(conn, retry);
    expect(second).toMatchObject({ state: 'done', done: second.total });
    expect(retry.calls.map((c) => c.task)).toEqual(['summary', 'members']);
  });

  it('stops with a clear error when the engine is dead, keeping what is done', async () => {
    const conn = await a2();
    const reports: DescribeProgress[] = [];
    const llm = fakeLlm({
      answer: (call, i) => {
        if (i >= 4) throw new Error('GPU device lost');
        return defaultAnswer(call, i);
      },
    });
    const run = describeGraph(conn, llm, { onProgress: (p) => reports.push(p) });
    await expect(run).rejects.toSatisfy(
      (e: unknown) => e instanceof AppError && e.code === 'MODEL_UNAVAILABLE' && /LLM stopped working.*GPU device lost/.test(e.message),
    );
    // 2 nodes through the LLM + the global variable (structural) are kept.
    expect(reports.at(-1)).toMatchObject({ state: 'error', done: 3, error: { message: expect.stringContaining('GPU device lost') } });
    expect(await conn.query("SELECT count(*) AS n FROM nodes WHERE description LIKE '%PURPOSE%'")).toEqual([{ n: 2 }]);
    // 2 good nodes, then 3 nodes x 2 tries each.
    expect(llm.calls).toHaveLength(4 + 6);
    expect(await readDescribeProgress(conn)).toMatchObject({ state: 'paused', done: 3 });
    const crashed = fakeLlm({ answer: () => Promise.reject(new AppError('WORKER_CRASHED', 'LLM worker crashed')) });
    await expect(describeGraph(conn, crashed)).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === 'WORKER_CRASHED');
    expect(crashed.calls).toHaveLength(1);
  });

  it('streams the answer text into progress, with the node being described', async () => {
    const conn = await a2();
    const reports: DescribeProgress[] = [];
    await describeGraph(conn, fakeLlm(), { onProgress: (p) => reports.push(p) });
    const streaming = reports.filter((r) => r.streaming);
    expect(streaming.length).toBeGreaterThan(10);
    expect(streaming.every((r) => r.current && r.state === 'running')).toBe(true);
    expect(streaming.some((r) => r.streaming?.includes('**PURPOSE**'))).toBe(true);
    expect(reports.at(-1)).toMatchObject({ state: 'done' });
    expect(reports.at(-1)?.current).toBeUndefined();
  });
});
