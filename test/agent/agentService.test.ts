/**
 * @file AgentService over ports on the demo repo (duckdb-wasm in memory): info before and after
 * the requirement graph is built, tools run by hand with schema checks, the LLM choice (no LLM
 * selected -> the rule-driven policy; the scripted FAKE engine's turns run on across questions),
 * one run at a time, and a stop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoGraph } from '../cypher/demoGraph.ts';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { createAgentService } from '../../src/core/agent/agentService.ts';
import type { AgentService } from '../../src/core/agent/agentService.ts';

let conn: WasmNodeConnection;
let service: AgentService;
let engineBuilds = 0;

beforeAll(async () => {
  conn = await openDemoGraph();
  service = createAgentService({
    connection: () => conn,
    searchEngine: async () => {
      engineBuilds++;
      throw new Error('no search engine in this test');
    },
    llm: async () => null,
  });
}, 60_000);
afterAll(async () => {
  await conn.close?.();
});

describe('AgentService', () => {
  it('reports no requirement graph, builds it with progress, then reports its counts and the tools', async () => {
    const before = await service.agentInfo();
    expect(before.requirements.requirements).toBe(0);
    expect(before.tools.map((t) => t.name)).toEqual(['requirement_search', 'map_to_code', 'traverse', 'cypher', 'read_code', 'mcts']);
    expect(before.offlineNote).toMatch(/^Web search is out/);
    // Before the graph exists the step is skipped in one calm line, not an error.
    expect((await service.runAgentTool('requirement_search', { query: 'cart' })).text).toMatch(/^No requirement graph yet, so this step is skipped/);
    const phases = new Set<string>();
    const summary = await service.buildRequirements({}, (p) => phases.add(p.phase));
    expect(phases).toEqual(new Set(['requirements', 'similarity', 'store']));
    expect((await service.agentInfo()).requirements.requirements).toBe(summary.requirements);
  });

  it('runs a tool by hand after checking its arguments', async () => {
    const out = await service.runAgentTool('cypher', { query: "MATCH (m:Method {name: 'apply_coupon'}) RETURN m.id AS id" });
    expect(out.text).toMatch(/^id=\d+$/);
    await expect(service.runAgentTool('traverse', { node_ids: 'x' })).rejects.toThrow('traverse: arguments.node_ids must be an array');
    await expect(service.runAgentTool('web_search', {})).rejects.toThrow('There is no tool "web_search".');
    expect(engineBuilds).toBe(0);
  });

  it('answers with the rule-driven policy when no LLM is selected, and runs a fake script across questions', async () => {
    const rules = await service.askAgent('remember a coupon code on the cart', { llm: { kind: 'model' } });
    expect(rules.llm).toBe('builtin:rule-policy');
    expect(rules.steps[0].tool).toBe('requirement_search');
    const script = { turns: ['First answer.', 'Second answer.'] };
    const first = await service.askAgent('one', { llm: { kind: 'fake', script } });
    const second = await service.askAgent('two', { llm: { kind: 'fake', script } });
    expect([first.answer, second.answer]).toEqual(['First answer.', 'Second answer.']);
    expect(first.llm).toBe('fake:fake-scripted-engine');
    await expect(service.askAgent('  ', {})).rejects.toThrow('Type a question or a requirement first.');
  });

  it('runs one agent at a time and stops on request', async () => {
    const slow = { turns: [`<tool_call>\n${JSON.stringify({ name: 'read_code', arguments: { node_id: 1 } })}\n</tool_call>`.repeat(1) + ' '.repeat(4000)] };
    const running = service.askAgent('slow', { llm: { kind: 'fake', script: slow } });
    await expect(service.askAgent('again', { llm: { kind: 'rules' } })).rejects.toThrow('The agent is already running; stop it first.');
    await service.cancelAgent();
    const stopped = await running;
    expect(stopped.status).toBe('cancelled');
  });
});
