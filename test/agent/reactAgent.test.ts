/**
 * @file The ReAct agent on the demo repo (real pipeline, requirement graph, built-in embeddings,
 * real tools), driven by the scripted FAKE engine at web-llm's interface (the model is the one
 * part that cannot run here): tool dispatch, multi-turn state (<tool_response> blocks), the
 * structural-tag response_format, malformed calls (retry, then stop), the round cap, citations,
 * the lazily built search engine, the tree-sitter code check and the rule-driven policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoGraph } from '../cypher/demoGraph.ts';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { llmOverEngine } from '../../src/core/agent/loop/chatEngine.ts';
import { runAgent } from '../../src/core/agent/loop/reactAgent.ts';
import type { AgentEvent } from '../../src/core/agent/loop/reactAgent.ts';
import { rulePolicyLlm } from '../../src/core/agent/loop/rulePolicy.ts';
import { ScriptedFakeEngine } from '../../src/core/agent/loop/scriptedFakeEngine.ts';
import { createAgentTools, lazy, OFFLINE_NOTE } from '../../src/core/agent/tools/agentTools.ts';
import { LEXICAL_EMBEDDER_INFO, LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import { LexicalReranker } from '../../src/core/models/lexicalReranker.ts';
import { buildRequirementGraph } from '../../src/core/requirements/buildRequirementGraph.ts';
import { createSearchEngine } from '../../src/core/search/searchEngine.ts';
import { embedGraph, loadBuiltinEmbedder } from '../../src/core/semantic/embedGraph.ts';

let conn: WasmNodeConnection;
let engineBuilds = 0;
let addId: number;

beforeAll(async () => {
  conn = await openDemoGraph();
  await embedGraph(conn, new LexicalEmbedder());
  await buildRequirementGraph(conn);
  const [row] = await conn.query("SELECT id FROM nodes WHERE qualified_name = 'shopkit.cart.cart.Cart.add'");
  addId = Number(row.id);
}, 60_000);
afterAll(async () => {
  await conn.close?.();
});

function tools(on: WasmNodeConnection = conn) {
  return createAgentTools({
    conn: on,
    searchEngine: lazy(async () => {
      engineBuilds++;
      return createSearchEngine(on, { embedderId: LEXICAL_EMBEDDER_INFO.id, queryEmbedder: (s) => loadBuiltinEmbedder(on, s), reranker: new LexicalReranker() });
    }),
    parsers: lazy(() => createNodeParsers(['python'])),
  });
}

const call = (name: string, args: unknown, thought = 'step') => `<think>\n${thought}\n</think>\n\n<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

function fake(turns: string[]) {
  const engine = new ScriptedFakeEngine({ model: 'fake-qwen3', turns });
  return { engine, llm: llmOverEngine(engine, { id: 'fake:fake-qwen3', label: 'scripted fake engine', builtin: false }) };
}

describe('ReAct agent with the scripted fake engine', () => {
  it('dispatches tools over several turns, sends results back in <tool_response> blocks and keeps supported citations', async () => {
    const { engine, llm } = fake([
      call('requirement_search', { query: 'add a product to the cart and reserve stock' }, 'Look for similar requirements.'),
      call('cypher', { query: "MATCH (f:Method {name: 'add'}) RETURN f.id AS id" }),
      `<think>done</think>The cart's add method does it [#${addId}]; see also [#999999].`,
    ]);
    const events: AgentEvent[] = [];
    const before = engineBuilds;
    const transcript = await runAgent('How does the cart add a product and reserve stock?', { llm, tools: tools(), offlineNote: OFFLINE_NOTE, onEvent: (e) => events.push(e) });
    expect(transcript.status).toBe('answered');
    expect(transcript.steps.map((s) => s.tool)).toEqual(['requirement_search', 'cypher', null]);
    expect(transcript.steps[0].thought).toBe('Look for similar requirements.');
    expect(transcript.steps[0].output).toContain('Similar requirements:');
    expect(transcript.steps[0].nodeIds).toContain(addId);
    expect(transcript.cited).toEqual([addId]);
    expect(transcript.unsupportedCitations).toEqual([999999]);
    expect(engineBuilds).toBe(before);

    expect(engine.requests).toHaveLength(3);
    const system = engine.requests[0].messages[0].content;
    expect(system).toContain('<tools>');
    expect(system).toContain('"name":"requirement_search"');
    expect(system).toContain('Web search is out');
    const format = engine.requests[0].response_format as { type: string; structural_tag: { format: { type: string; triggers: string[]; tags: { begin: string }[] } } };
    expect(format.type).toBe('structural_tag');
    expect(format.structural_tag.format.type).toBe('triggered_tags');
    expect(format.structural_tag.format.triggers).toEqual(['<tool_call>']);
    expect(format.structural_tag.format.tags.map((t) => t.begin)).toContain('<tool_call>\n{"name": "mcts", "arguments": ');
    const second = engine.requests[1].messages;
    expect(second.at(-1)!.content).toMatch(/^<tool_response>\nSimilar requirements:/);
    expect(second.at(-2)!.role).toBe('assistant');
    expect(engine.requests[2].messages.at(-1)!.content).toContain(`id=${addId}`);
    expect(events.filter((e) => e.type === 'token').length).toBeGreaterThan(5);
    expect(events.at(-1)).toEqual({ type: 'answer', answer: expect.stringContaining('[#') as string, cited: [addId] });
  });

  it('answers a malformed call with a clear retry, and stops after a second one in a row', async () => {
    const { engine, llm } = fake(['<tool_call>\n{"name": "traverse", "arguments": {"node_ids": "x"}}\n</tool_call>', '<tool_call>\n{not json\n</tool_call>']);
    const transcript = await runAgent('Who calls Cart.add?', { llm, tools: tools(), offlineNote: OFFLINE_NOTE });
    expect(transcript.status).toBe('malformed');
    expect(transcript.message).toMatch(/two malformed tool calls in a row/);
    expect(transcript.steps[0].error).toBe('malformed tool call: traverse: arguments.node_ids must be an array');
    const retry = engine.requests[1].messages.at(-1)!.content;
    expect(retry).toContain('Error: malformed tool call: traverse: arguments.node_ids must be an array');
    expect(retry).toContain('{"name": "<tool>", "arguments": {...}}');
    expect(transcript.answer).toBeNull();
  });

  it('recovers after one malformed call, and a failing tool becomes an error observation', async () => {
    const { llm } = fake([
      call('web_search', { query: 'x' }),
      call('cypher', { query: 'MATCH (n:Nope) RETURN n' }),
      call('read_code', { node_id: addId, max_lines: 3 }),
      `It reserves stock [#${addId}].`,
    ]);
    const transcript = await runAgent('What does Cart.add do?', { llm, tools: tools(), offlineNote: OFFLINE_NOTE });
    expect(transcript.status).toBe('answered');
    expect(transcript.steps[0].error).toMatch(/there is no tool "web_search"/);
    expect(transcript.steps[1].output).toMatch(/^Error: Unknown label :Nope/);
    expect(transcript.steps[2].output).toMatch(/^#\d+ Method shopkit\.cart\.cart\.Cart\.add .*\n.*\n.*\n.*\n… \d+ more lines$/);
    expect(transcript.cited).toEqual([addId]);
  });

  it('stops at the round cap: one last turn without tools, then status round-cap', async () => {
    const { engine, llm } = fake([call('read_code', { node_id: addId }), call('read_code', { node_id: addId }), call('read_code', { node_id: addId })]);
    const transcript = await runAgent('Loop forever', { llm, tools: tools(), offlineNote: OFFLINE_NOTE, maxRounds: 2 });
    expect(transcript.status).toBe('round-cap');
    expect(transcript.rounds).toBe(3);
    expect(engine.requests[2].response_format).toBeUndefined();
    expect(engine.requests[2].messages.at(-1)!.content).toMatch(/^Round limit \(2\) reached/);
  });

  it('builds the search engine only when mcts runs, anchored where asked; checks code with tree-sitter', async () => {
    const before = engineBuilds;
    const { llm } = fake([
      call('mcts', { query: 'reserve stock for a cart line', anchor_ids: [addId], iterations: 40 }),
      call('check_code', { code: 'def f(:\n  return 1' }),
      call('check_code', { code: 'def f():\n    return 1' }),
      'Done.',
    ]);
    const transcript = await runAgent('reserve stock', { llm, tools: tools(), offlineNote: OFFLINE_NOTE });
    expect(engineBuilds).toBe(before + 1);
    expect(transcript.steps[0].output).toMatch(new RegExp(`^MCTS from #${addId}:`));
    expect(transcript.steps[0].nodeIds.length).toBeGreaterThan(0);
    expect(transcript.steps[1].output).toMatch(/^\d+ syntax error\(s\) \(python\):\nline 1, column/);
    expect(transcript.steps[2].output).toBe('No syntax errors (python).');
  });
});

describe('rule-driven policy (no LLM)', () => {
  it('runs requirement_search -> map_to_code -> traverse -> anchored mcts and cites what the tools returned', async () => {
    const transcript = await runAgent('Add units of a product to the cart, reserving stock', { llm: rulePolicyLlm(), tools: tools(), offlineNote: OFFLINE_NOTE });
    expect(transcript.status).toBe('answered');
    expect(transcript.llm).toBe('builtin:rule-policy');
    expect(transcript.steps.map((s) => s.tool)).toEqual(['requirement_search', 'map_to_code', 'traverse', 'mcts', 'traverse', 'cypher', null]);
    expect(transcript.steps[4]!.input).toMatchObject({ direction: 'in', edge_types: ['USES'] });
    expect(transcript.cited.length).toBeGreaterThan(0);
    expect(transcript.cited.length).toBeLessThanOrEqual(10);
    expect(transcript.unsupportedCitations).toEqual([]);
    for (const id of transcript.cited) expect(transcript.retrieved).toContain(id);
  });

  it('answers in words: names, where they are, what they do, who calls them; code before tests', async () => {
    const transcript = await runAgent('How does `Cart.add` reserve stock?', { llm: rulePolicyLlm(), tools: tools(), offlineNote: OFFLINE_NOTE });
    const answer = transcript.answer ?? '';
    // The best match told in full: its name, kind and file, its docstring's first sentence, its callers.
    const [row] = await conn.query(`SELECT file_path, start_line, docstring FROM nodes WHERE id = ${addId}`);
    expect(answer).toContain(`Cart.add [#${addId}] (method in ${String(row!.file_path)}:${Number(row!.start_line)})`);
    const doc = String(row!.docstring ?? '').replace(/\s+/g, ' ').trim();
    if (doc) expect(answer).toContain(doc.slice(0, 20));
    const callers = await conn.query(`SELECT src FROM edges WHERE dst = ${addId} AND type = 'USES'`);
    if (callers.length > 0) expect(answer).toMatch(/Called by /);
    expect(answer).not.toMatch(/The most relevant code/);
    // Tests come after the code.
    const testsAt = answer.indexOf('Tests:');
    if (testsAt >= 0) expect(answer.indexOf('Also relevant:')).toBeLessThan(testsAt);
    expect(answer).toMatch(/Rule-driven policy, no LLM/);
  });

  it('skips the requirement step in one calm line when there is no requirement graph', async () => {
    // The demo graph again, without its requirement graph.
    const bare = await openDemoGraph();
    await embedGraph(bare, new LexicalEmbedder());
    try {
      const transcript = await runAgent('which part adds a line to the cart', { llm: rulePolicyLlm(), tools: tools(bare), offlineNote: OFFLINE_NOTE });
      expect(transcript.steps[0]!.tool).toBe('requirement_search');
      expect(transcript.steps[0]!.output).toMatch(/^No requirement graph yet, so this step is skipped/);
      expect(transcript.steps.filter((s) => s.error).length).toBe(0);
      expect(transcript.status).toBe('answered');
      expect(transcript.answer ?? '').toMatch(/\[#\d+\] \((function|method|class) in /);
    } finally {
      await bare.close?.();
    }
  }, 60_000);

  it('starts with Cypher when the question names code, then a targeted MCTS from what it found', async () => {
    const transcript = await runAgent('How does `Cart.add` reserve stock?', { llm: rulePolicyLlm(), tools: tools(), offlineNote: OFFLINE_NOTE });
    expect(transcript.steps.map((s) => s.tool)).toEqual(['cypher', 'traverse', 'mcts', 'traverse', 'cypher', null]);
    expect(transcript.steps[0].input).toEqual({
      query: "MATCH (n) WHERE n.kind IN ['Function', 'Method', 'Class'] AND (n.qualified_name ENDS WITH '.Cart.add' OR n.qualified_name = 'Cart.add') RETURN n LIMIT 10",
    });
    expect(transcript.steps[2].input).toMatchObject({ anchor_ids: [addId] });
    expect(transcript.cited[0]).toBe(addId);
  });
});
