/**
 * @file The requirement graph on the demo repo (real pipeline, duckdb-wasm in memory): one
 * requirement per Function / Method / Class with its source, PARENT_CHILD from calls,
 * SIMILAR_REQUIREMENT by cosine, the IMPLEMENTED_BY mapping, Cypher over both graphs, and the LLM
 * path (CodeRAG Figures 4 and 5) with a scripted fake LLM standing in for the model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoGraph } from '../cypher/demoGraph.ts';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { runCypher } from '../../src/core/agent/runCypher.ts';
import type { ChatMessage, Llm } from '../../src/core/models/types.ts';
import { buildRequirementGraph } from '../../src/core/requirements/buildRequirementGraph.ts';
import { parseRelationAnswer, parseRequirementAnswer } from '../../src/core/requirements/requirementPrompts.ts';
import { readRequirementCounts, readRequirements } from '../../src/core/requirements/requirementStore.ts';

let conn: WasmNodeConnection;
beforeAll(async () => {
  conn = await openDemoGraph();
});
afterAll(async () => {
  await conn.close?.();
});

function fakeLlm(answer: (content: string) => string): Llm & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    info: { id: 'fake-llm', label: 'scripted fake LLM (test)', builtin: false },
    contextTokens: 4096,
    prompts,
    async chat(messages: readonly ChatMessage[]) {
      const content = messages.at(-1)!.content;
      prompts.push(content);
      return answer(content);
    },
  };
}

describe('requirement graph without an LLM', () => {
  it('before it is built, Cypher over :Requirement says to build it', async () => {
    await expect(runCypher(conn, 'MATCH (r:Requirement) RETURN count(*) AS n')).rejects.toThrow(/no requirement graph yet: build it/);
  });

  it('has one requirement per Function / Method / Class, labelled by source, and maps each to its code node', async () => {
    const summary = await buildRequirementGraph(conn, { llm: null });
    const [row] = await conn.query("SELECT count(*) AS n FROM nodes WHERE kind IN ('Function', 'Method', 'Class')");
    expect(summary.requirements).toBe(Number(row.n));
    expect(summary.bySource.docstring).toBeGreaterThan(10);
    expect(summary.bySource.llm).toBe(0);
    expect(summary.bySource.docstring + summary.bySource.structural).toBe(summary.requirements);
    expect(summary.edges.IMPLEMENTED_BY).toBe(summary.requirements);
    expect(summary.edges.PARENT_CHILD).toBeGreaterThan(5);
    expect(summary.edges.SIMILAR_REQUIREMENT).toBeGreaterThan(0);
    expect(await readRequirementCounts(conn)).toMatchObject({ requirements: summary.requirements, edges: summary.edges });

    const all = await readRequirements(conn);
    const add = all.find((r) => r.qualified_name.endsWith('Cart.add'))!;
    expect(add.source).toBe('docstring');
    expect(add.text).toMatch(/^Purpose: Add units of a product, reserving stock/);
    expect(add.text).toMatch(/\nInput: .*`sku`/);
    const structural = all.filter((r) => r.source === 'structural');
    for (const r of structural) expect(r.generator).toBe('builtin:structural');
    // Requirement ids are 31-bit (INTEGER), unique, and clear of every code node id.
    const codeIds = new Set((await conn.query('SELECT id FROM nodes')).map((r) => Number(r.id)));
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    for (const r of all) {
      expect(codeIds.has(r.id)).toBe(false);
      expect(r.id).toBeGreaterThan(0);
      expect(r.id).toBeLessThan(2 ** 31);
    }
  });

  it('PARENT_CHILD follows calls: the caller is the parent of its callee', async () => {
    const result = await runCypher(
      conn,
      "MATCH (p:Requirement)-[:PARENT_CHILD]->(c:Requirement) WHERE p.qualified_name ENDS WITH 'Cart.add' RETURN c.qualified_name AS callee ORDER BY callee",
    );
    const callees = result.rows.map((r) => String(r.callee));
    expect(callees.length).toBeGreaterThan(0);
    const [call] = await conn.query(
      `SELECT count(*) AS n FROM edges e JOIN nodes a ON a.id = e.src JOIN nodes b ON b.id = e.dst
       WHERE e.type = 'USES' AND e.detail IN ('call', 'instantiate') AND a.qualified_name LIKE '%Cart.add' AND b.qualified_name IN (${callees.map((c) => `'${c}'`).join(', ')})`,
    );
    expect(Number(call.n)).toBeGreaterThan(0);
  });

  it('Cypher reaches both graphs: requirement -> code node, labels() and the code graph unchanged', async () => {
    const mapped = await runCypher(conn, 'MATCH (r:Requirement)-[:IMPLEMENTED_BY]->(f) RETURN labels(f) AS l, count(*) AS n ORDER BY n DESC');
    const kinds = mapped.rows.map((r) => (r.l as string[])[0]);
    expect(new Set(kinds)).toEqual(new Set(['Function', 'Method', 'Class']));
    const similar = await runCypher(conn, 'MATCH (a:Requirement)-[s:SIMILAR_REQUIREMENT]-(b:Requirement) RETURN a.requirement AS a, s.detail AS cos LIMIT 3');
    for (const row of similar.rows) expect(Number(row.cos)).toBeGreaterThanOrEqual(0.8);
    const whole = await runCypher(conn, "MATCH (r:Requirement {name: 'add'}) RETURN r");
    const [add] = await conn.query("SELECT id FROM nodes WHERE qualified_name = 'shopkit.cart.cart.Cart.add'");
    expect(whole.nodeIds).toContain(Number(add.id));
    const plain = await runCypher(conn, 'MATCH (n) RETURN count(*) AS n');
    const [nodes] = await conn.query('SELECT count(*) AS n FROM nodes');
    expect(Number(plain.rows[0].n)).toBe(Number(nodes.n));
    expect(plain.sql).not.toContain('requirements');
  });
});

describe('requirement graph with an LLM (scripted fake LLM)', () => {
  it('asks Figure 4 for nodes without a docstring, keeps docstrings, and confirms parent-child with Figure 5', async () => {
    const llm = fakeLlm((content) => {
      if (content.includes('Generate a programming requirement')) return '<think>x</think>\n---\nPurpose: **Fake purpose.**\nInput: a thing\nOutput: another thing\n---';
      if (content.includes('Determine and select the relation')) return content.includes('reserv') ? 'Parent-Child Relation' : 'Other Relations';
      return '';
    });
    const summary = await buildRequirementGraph(conn, { llm, confirmWithLlm: true });
    expect(summary.bySource.llm).toBeGreaterThan(0);
    expect(summary.bySource.structural).toBe(0);
    const llmRows = (await readRequirements(conn)).filter((r) => r.source === 'llm');
    expect(llmRows[0].text).toBe('Purpose: Fake purpose.\nInput: a thing\nOutput: another thing');
    expect(llmRows[0].generator).toBe('fake-llm');
    expect(llm.prompts.some((p) => p.startsWith("You're an expert Python programmer. Understand the given Python"))).toBe(true);
    const edges = await conn.query("SELECT detail FROM requirement_edges WHERE type = 'PARENT_CHILD'");
    expect(edges.length).toBeGreaterThan(0);
    for (const e of edges) expect(e.detail).toBe('call, llm-confirmed');
  });

  it('parses answers leniently', () => {
    expect(parseRequirementAnswer('no format here')).toBeNull();
    expect(parseRequirementAnswer('Purpose: Sort\n the list.\nOutput: list')).toBe('Purpose: Sort the list.\nInput: None\nOutput: list');
    expect(parseRelationAnswer('2. Semantic Similarity Relation')).toBe('similar');
    expect(parseRelationAnswer('<think>parent-child?</think>Other Relations')).toBe('other');
  });
});
