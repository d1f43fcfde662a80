/**
 * @file The documented shapes of whole values in Cypher results (docs/retrieval.md, "Cypher"),
 * wherever they come from: a node is its id, its properties (every column of `nodes`) and
 * `labels`; a relationship its type, start (`src`), end (`dst`) and property `detail`; a path
 * its nodes and relationships in order. nodeIdsOf (the subgraph highlight) reads all three.
 * Runs in: Node (vitest, real duckdb-wasm over the A.2 fixture).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { nodeIdsOf } from '../../src/core/agent/runCypher.ts';
import { NODE_COLUMNS } from '../../src/core/store/schema.ts';
import { openA2Graph, runCypher } from './a2Graph.ts';

const NODE_KEYS = [...NODE_COLUMNS.map((c) => c.name), 'labels'];
const REL_KEYS = ['src', 'dst', 'type', 'detail'];

type Value = Record<string, unknown>;

let conn: WasmNodeConnection;
let ids: Record<string, number>;

beforeAll(async () => {
  conn = await openA2Graph();
  const rows = (await runCypher(conn, "MATCH (n) WHERE n.name IN ['Calculator', 'Scientific', 'add', 'base'] RETURN n.name AS name, n.id AS id")).rows;
  ids = Object.fromEntries(rows.map((r) => [String(r.name), Number(r.id)]));
});

afterAll(async () => {
  await conn.close();
});

async function first(query: string): Promise<Value> {
  const { rows } = await runCypher(conn, query);
  expect(rows.length).toBeGreaterThan(0);
  return rows[0]!;
}

function expectNode(value: unknown, name: string, kind: string): void {
  const node = value as Value;
  expect(Object.keys(node)).toEqual(NODE_KEYS);
  expect(node).toMatchObject({ id: ids[name], name, kind, labels: [kind] });
}

function expectRel(value: unknown, start: string, end: string, type: string): void {
  const rel = value as Value;
  expect(Object.keys(rel)).toEqual(REL_KEYS);
  expect(rel).toMatchObject({ src: ids[start], dst: ids[end], type });
}

describe('a node: id, properties, labels', () => {
  it('the same shape from a pattern, a list, a map, a WITH, DISTINCT and UNION', async () => {
    expectNode((await first("MATCH (c:Class {name: 'Calculator'}) RETURN c")).c, 'Calculator', 'Class');
    expectNode(((await first("MATCH (c:Class {name: 'Calculator'}) RETURN collect(c) AS cs")).cs as unknown[])[0], 'Calculator', 'Class');
    expectNode(((await first("MATCH (c:Class {name: 'Calculator'}) RETURN {node: c} AS m")).m as Value).node, 'Calculator', 'Class');
    expectNode((await first("MATCH (c:Class {name: 'Calculator'}) WITH c AS x RETURN x")).x, 'Calculator', 'Class');
    expectNode((await first("MATCH (c:Class {name: 'Calculator'})-[:HAS_METHOD]->() RETURN DISTINCT c")).c, 'Calculator', 'Class');
    const union = await runCypher(conn, "MATCH (c:Class {name: 'Calculator'}) RETURN c UNION MATCH (c:Method {name: 'add'}) RETURN c");
    expect(union.rows).toHaveLength(2);
    for (const row of union.rows) expect(Object.keys(row.c as Value)).toEqual(NODE_KEYS);
  });

  it('properties(n) are the columns alone; an OPTIONAL MATCH that found nothing gives null', async () => {
    const row = await first("MATCH (c:Class {name: 'Calculator'}) RETURN properties(c) AS p, keys(c) AS k");
    expect(Object.keys(row.p as Value)).toEqual(NODE_COLUMNS.map((c) => c.name));
    expect(row.k).toEqual(NODE_COLUMNS.map((c) => c.name));
    expect((await first("MATCH (c:Class {name: 'Calculator'}) OPTIONAL MATCH (c)-[:INHERITS]->(p) RETURN p")).p).toBeNull();
  });
});

describe('a relationship: type, start, end, properties', () => {
  it('start and end as stored, whichever way the pattern walks it', async () => {
    expectRel((await first("MATCH (:Class {name: 'Scientific'})-[r:INHERITS]->() RETURN r")).r, 'Scientific', 'Calculator', 'INHERITS');
    expectRel((await first("MATCH (:Class {name: 'Calculator'})<-[r:INHERITS]-() RETURN r")).r, 'Scientific', 'Calculator', 'INHERITS');
    expectRel((await first("MATCH (:Class {name: 'Calculator'})-[r:INHERITS]-() RETURN r")).r, 'Scientific', 'Calculator', 'INHERITS');
    expectRel((await first("MATCH (:Class {name: 'Calculator'})<-[r:INHERITS]-() WITH r RETURN r")).r, 'Scientific', 'Calculator', 'INHERITS');
    const hops = (await first("MATCH (:Class {name: 'Calculator'})<-[r:INHERITS*1..2]-() RETURN r")).r as unknown[];
    expect(hops).toHaveLength(1);
    expectRel(hops[0], 'Scientific', 'Calculator', 'INHERITS');
    expect((await first("MATCH (:Class {name: 'Calculator'})-[r:HAS_METHOD]->(m {name: 'add'}) RETURN r")).r).toMatchObject({ detail: null });
  });
});

describe('a path: its nodes and relationships', () => {
  it('fixed, variable-length and shortest paths, in order from the start', async () => {
    for (const query of [
      "MATCH p = (:Module {name: 'base'})-[:CONTAINS]->(:Class)-[:HAS_METHOD]->(:Method {name: 'add'}) RETURN p",
      "MATCH p = (:Module {name: 'base'})-[:CONTAINS|HAS_METHOD*1..2]->(:Method {name: 'add'}) RETURN p",
      "MATCH p = shortestPath((:Module {name: 'base'})-[*..3]->(:Method {name: 'add'})) RETURN p",
      "MATCH p = (:Module {name: 'base'})-[:CONTAINS|HAS_METHOD*1..2]->(:Method {name: 'add'}) WITH p RETURN p",
    ]) {
      const path = (await first(query)).p as Value;
      expect(Object.keys(path)).toEqual(['nodes', 'relationships']);
      const [module, cls, method] = path.nodes as unknown[];
      expectNode(module, 'base', 'Module');
      expectNode(cls, 'Calculator', 'Class');
      expectNode(method, 'add', 'Method');
      const [contains, hasMethod] = path.relationships as unknown[];
      expectRel(contains, 'base', 'Calculator', 'CONTAINS');
      expectRel(hasMethod, 'Calculator', 'add', 'HAS_METHOD');
    }
  });

  it('the subgraph highlight finds the node ids in every shape', async () => {
    const result = await runCypher(conn, "MATCH p = (m:Module {name: 'base'})-[:CONTAINS]->(c:Class)-[:HAS_METHOD]->(x {name: 'add'}) RETURN c, collect(x) AS xs, p");
    expect(nodeIdsOf(result.rows, result.columns).sort()).toEqual([ids.Calculator!, ids.add!, ids.base!].sort());
  });
});
