/**
 * @file `requirements` and `agent` end to end as child processes on the demo repo (indexed and
 * embedded, a copy of the run's shared database): the
 * requirement counts, Cypher over the requirement graph, the agent's transcript JSON with the
 * rule-driven policy and with the scripted FAKE engine (`--llm fake:<script.json>`), and the
 * clear refusals (a real web-llm id in Node, a bad script).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMBEDDED, ranger, rangerJson as json, scratchDir, sharedDb } from './runCli.ts';

const dir = scratchDir('ranger-agent-cli-');
const db = join(dir, 'demo.duckdb');

beforeAll(() => sharedDb(dir, 'demo.duckdb', DEMO_EMBEDDED), 240_000);

describe('ranger requirements and agent', () => {
  it('builds the requirement graph and prints its counts', async () => {
    const out = await json('requirements', '--db', db, '--llm', 'none');
    expect(out.requirements).toBe(248);
    expect(out.bySource).toMatchObject({ llm: 0 });
    expect((out.edges as Record<string, number>).IMPLEMENTED_BY).toBe(248);
    expect((out.edges as Record<string, number>).PARENT_CHILD).toBeGreaterThan(0);
    const rows = (await ranger('cypher', '--db', db, 'MATCH (r:Requirement)-[:IMPLEMENTED_BY]->(m:Method) RETURN count(*) AS n', '--json'));
    expect(JSON.parse(rows.stdout)).toEqual([{ n: 147 }]);
  }, 60_000);

  it('runs the agent with the rule-driven policy and with a scripted fake engine', async () => {
    const rule = await json('agent', '--db', db, 'apply a coupon discount to the cart totals');
    expect(rule.llm).toBe('builtin:rule-policy');
    expect(rule.status).toBe('answered');
    expect((rule.cited as number[]).length).toBeGreaterThan(0);
    // Without an LLM the answer is in words: a name, where it is, what it does.
    expect(String(rule.answer)).toMatch(/^\S+ \[#\d+\] \((function|method|class) in shopkit\/\S+:\d+\)/);
    expect(String(rule.answer)).not.toContain('The most relevant code');
    // Node ids are stable hashes: the fake answer cites the id the graph gave apply_coupon.
    const [{ id }] = JSON.parse((await ranger('sql', '--db', db, "SELECT id FROM nodes WHERE name = 'apply_coupon' AND kind = 'Method'", '--json')).stdout) as { id: number }[];
    const script = join(dir, 'script.json');
    writeFileSync(script, JSON.stringify({ model: 'fake-qwen3', turns: ['<tool_call>\n{"name": "cypher", "arguments": {"query": "MATCH (m:Method {name: \'apply_coupon\'}) RETURN m"}}\n</tool_call>', `See [#${id}].`] }));
    const fake = await json('agent', '--db', db, 'where are coupons applied?', '--llm', `fake:${script}`);
    expect(fake.llm).toBe('fake:fake-qwen3');
    const steps = fake.steps as { tool: string | null; input: unknown; output: string }[];
    expect(steps[0].tool).toBe('cypher');
    expect(steps[0].output).toMatch(new RegExp(`^m=#${id} Method shopkit\\.cart\\.cart\\.Cart\\.apply_coupon`));
    expect(fake.cited).toEqual([id]);
  }, 60_000);

  it('refuses a real web-llm id in Node and a malformed script with clear messages', async () => {
    const real = await ranger('agent', '--db', db, 'x', '--llm', 'Qwen3-1.7B-q4f16_1-MLC');
    expect(real.code).toBe(1);
    expect(real.stderr).toContain('web-llm models need a browser with WebGPU');
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"turns": [1]}');
    const script = await ranger('agent', '--db', db, 'x', '--llm', `fake:${bad}`);
    expect(script.stderr).toContain('"turns" must be an array of strings');
  }, 60_000);
});
