/**
 * @file The A.5-A.7 query shapes on the demo repo indexed with the real pipeline (dotted module
 * names like A.7's, a test module like A.5's `tests.test_renderables`), and the errors for
 * constructs outside the subset, each naming the construct and its line:column.
 * Runs in: Node (vitest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { runCypher } from '../../src/core/agent/runCypher.ts';
import { AppError } from '../../src/core/errors.ts';
import { openDemoGraph } from './demoGraph.ts';

let conn: WasmNodeConnection;

beforeAll(async () => {
  conn = await openDemoGraph();
}, 60_000);

afterAll(async () => {
  await conn?.close();
});

const names = async (query: string, column = 'name') => (await runCypher(conn, query)).rows.map((r) => r[column]).sort();

describe('A.5-A.7 on the demo repo', () => {
  it('A.5 Table 6: classes of a module reached from the repo', async () => {
    const result = await runCypher(conn, "MATCH (r:Repo)-[:CONTAINS]->(m:Module {name: 'shopkit.pricing.money'})\n  -[:CONTAINS]->(c:Class)\nRETURN c.name, c.code");
    expect(result.columns).toEqual(['c.name', 'c.code']);
    expect(result.rows.map((r) => r['c.name'])).toEqual(['Money']);
    expect(String(result.rows[0]!['c.code'])).toContain('class Money');
  });

  it('A.5 Table 7: what a test function uses, by dotted module name', async () => {
    const result = await runCypher(
      conn,
      "MATCH (m:Module {name: 'tests.test_checkout'})\n  -[:CONTAINS]->(f:Function {name: 'test_declined_card_cancels_order'})\nOPTIONAL MATCH (f)-[:USES]->(dep)\nRETURN DISTINCT dep.name AS name,\n       dep.signature AS signature,\n       dep.code AS code",
    );
    expect(result.columns).toEqual(['name', 'signature', 'code']);
    expect(result.rows.length).toBeGreaterThan(0);
    expect(result.rows.every((r) => typeof r.name === 'string')).toBe(true);
    expect(result.nodeIds).toEqual([]);
  });

  it('A.6: UNION of whole nodes as dep with labels(dep) as label, anchored at the Repo', async () => {
    const result = await runCypher(
      conn,
      `MATCH (r:Repo {name: 'shopkit'})-[:CONTAINS]->(m:Module)-[:CONTAINS]->
(c:Class {name: 'SandboxProvider'})-[:HAS_METHOD]->
(method)-[:USES]->(dep)
RETURN DISTINCT dep, labels(dep) as label
UNION
MATCH (r:Repo {name: 'shopkit'})-[:CONTAINS]->(m:Module)-[:CONTAINS]->
(c:Class {name: 'StripeLikeProvider'})
RETURN DISTINCT c as dep, labels(c) as label`,
    );
    expect(result.columns).toEqual(['dep', 'label']);
    const deps = result.rows.map((r) => (r.dep as { qualified_name: string }).qualified_name);
    expect(deps).toContain('shopkit.payments.providers.stripe_like.StripeLikeProvider');
    expect(result.nodeIds.length).toBe(new Set(deps).size);
  });

  it('A.7 Example 1: a method of a class in a dotted module, its dependencies', async () => {
    const result = await runCypher(
      conn,
      "MATCH (m:Module {name: 'shopkit.cart.cart'})\n    -[:CONTAINS]->(c:Class {name: 'Cart'})\n    -[:HAS_METHOD]->(method {name: 'checkout'})\nOPTIONAL MATCH (method)-[:USES]->(dep)\nRETURN DISTINCT dep.name AS name,\n        dep.signature AS signature,\n        dep.code AS code",
    );
    expect(result.rows.map((r) => r.name).sort()).toEqual(['_lines', 'from_cart']);
  });

  it("A.7's Module properties: local_name for undotted names, class for class_name", async () => {
    expect(await names("MATCH (m:Module {local_name: 'calculator'}) RETURN m.name AS name")).toEqual(['shopkit.pricing.calculator']);
    expect(await names("MATCH (x:Method {class: 'Money', name: 'zero'}) RETURN x.module_name AS name")).toEqual(['shopkit.pricing.money']);
  });

  it('inheritance chains, exceptions 1..3 deep, with counts', async () => {
    const result = await runCypher(conn, "MATCH (e:Class)-[:INHERITS*1..3]->(:Class {name: 'ShopkitError'}) RETURN count(DISTINCT e) AS n");
    expect(Number(result.rows[0]!.n)).toBeGreaterThanOrEqual(8);
  });
});

describe('constructs outside the subset name themselves and their position', () => {
  const messageOf = async (query: string): Promise<string> => {
    try {
      await runCypher(conn, query);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('INPUT_INVALID');
      return (error as AppError).message;
    }
    throw new Error(`ran without error: ${query}`);
  };

  it.each([
    ['MATCH (n) RETURN n {.name, .kind}', 'Map projections (n {.name}) are not supported (return n.name AS name, ...) at 1:20'],
    ["MATCH (n {name: 'a'})\n  MERGE (m {name: 'b'})", 'MERGE is not supported (read-only Cypher) at 2:3'],
    ['MATCH (n)\nCALL db.labels() YIELD label RETURN label', 'CALL is not supported (read-only Cypher) at 2:1'],
    ['MATCH (n) WITH n SET n.name = 1 RETURN n', 'SET is not supported (read-only Cypher) at 1:18'],
    ['MATCH (n) RETURN apoc.text.join(n.name)', 'Function apoc.text.join() is not supported (no procedures or library functions) at 1:18'],
    ['MATCH (n) RETURN n.name AS x WITH x RETURN x', "Unexpected 'WITH' after RETURN at 1:30"],
    ['MATCH (n) WHERE n.name = $name RETURN n', 'Missing parameter $name (give it in the parameters JSON object) at 1:26'],
    ['MATCH (n) RETURN stDev(n.start_line)', 'Function stDev() is not supported at 1:18'],
  ])('%s', async (query, message) => {
    expect(await messageOf(query)).toBe(message);
  });
});
