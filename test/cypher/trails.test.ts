/**
 * @file Variable-length relationships follow openCypher's trail semantics (no relationship twice
 * in one path, nor shared with another relationship of the same MATCH) and accept zero-length
 * bounds (`*0..n`: the end node is the start node). On a hand-made graph with a function that
 * calls itself and a three-function cycle, where walks and trails differ, every count is checked
 * against trails enumerated here in TypeScript, independently of the compiler.
 * Runs in: Node (vitest, real duckdb-wasm).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { compileAst } from '../../src/core/cypher/compile.ts';
import { parseCypher } from '../../src/core/cypher/parser.ts';
import type { EdgeRow, NodeKind, NodeRow } from '../../src/core/graph/types.ts';
import { writeGraph } from '../../src/core/store/graphStore.ts';
import { assertReadOnlySql } from '../../src/core/store/sqlGuard.ts';
import { runCypher } from './a2Graph.ts';

function node(id: number, kind: NodeKind, name: string): NodeRow {
  return {
    id, kind, name, qualified_name: `m.${name}`, module_name: kind === 'Module' ? null : 'm', class_name: null, file_path: 'm.py',
    start_line: id, end_line: id, signature: null, code: null, docstring: null, description: null,
    member_descriptions: null, requirement: null, language: 'python', local_name: null, import_name: null,
  };
}

// rec calls itself and f; f -> g -> rec closes a cycle; g also instantiates C (a second edge type
// end); m contains everything.
const nodes: NodeRow[] = [node(0, 'Module', 'm'), node(1, 'Function', 'rec'), node(2, 'Function', 'f'), node(3, 'Function', 'g'), node(4, 'Class', 'C')];
const uses = (src: number, dst: number, detail = 'call'): EdgeRow => ({ src, dst, type: 'USES', detail });
const usesEdges: EdgeRow[] = [uses(1, 1), uses(1, 2), uses(2, 3), uses(3, 1), uses(3, 4, 'instantiate')];
const edges: EdgeRow[] = [...[1, 2, 3, 4].map((id): EdgeRow => ({ src: 0, dst: id, type: 'CONTAINS', detail: null })), ...usesEdges];
const nameOf = (id: number) => nodes.find((n) => n.id === id)!.name;

/** Every path of length min..max over `list` as [start, end, edge indexes]; trails never repeat an edge. */
function enumerate(list: EdgeRow[], min: number, max: number, opts: { trail: boolean; undirected?: boolean; from?: number[] }): [number, number, number[]][] {
  // Undirected: each edge both ways, a self-loop once (openCypher).
  const steps = list.flatMap((e, i) => [{ from: e.src, to: e.dst, i }, ...(opts.undirected && e.src !== e.dst ? [{ from: e.dst, to: e.src, i }] : [])]);
  const out: [number, number, number[]][] = [];
  const grow = (start: number, at: number, used: number[]): void => {
    if (used.length >= min) out.push([start, at, used]);
    if (used.length === max) return;
    for (const step of steps) if (step.from === at && !(opts.trail && used.includes(step.i))) grow(start, step.to, [...used, step.i]);
  };
  for (const start of opts.from ?? nodes.map((n) => n.id)) grow(start, start, []);
  return out;
}

/** Rows "start>end" per path, sorted: what `RETURN a.name, b.name` gives as a multiset. */
function pairs(paths: [number, number, number[]][]): string[] {
  return paths.map(([a, b]) => `${nameOf(a)}>${nameOf(b)}`).sort();
}

let conn: WasmNodeConnection;
beforeAll(async () => {
  conn = await openWasmMemoryConnection();
  await writeGraph(conn, { repoName: 'trails', graph: { nodes, edges, unresolved: [] }, files: [], issues: [], skipped: [], summary: {} });
});
afterAll(async () => {
  await conn.close();
});

async function column(query: string, name: string): Promise<unknown[]> {
  return (await runCypher(conn, query)).rows.map((r) => r[name]);
}

async function pairRows(query: string): Promise<string[]> {
  return (await runCypher(conn, query)).rows.map((r) => `${String(r.a)}>${String(r.b)}`).sort();
}

describe('trails, not walks', () => {
  it('a recursive function and a cycle: *1..3 counts trails (15), where walks would be 19', async () => {
    const toFunction = (paths: [number, number, number[]][]) => paths.filter(([, b]) => nameOf(b) !== 'C');
    expect(toFunction(enumerate(usesEdges, 1, 3, { trail: false })).length).toBe(19);
    expect(toFunction(enumerate(usesEdges, 1, 3, { trail: true })).length).toBe(15);
    expect(await column('MATCH (a:Function)-[:USES*1..3]->(b:Function) RETURN count(*) AS k', 'k')).toEqual([15]);
    const fromRec = toFunction(enumerate(usesEdges, 1, 3, { trail: true, from: [1] }));
    expect(await column("MATCH (a:Function {name: 'rec'})-[:USES*1..3]->(b:Function) RETURN count(*) AS k", 'k')).toEqual([fromRec.length]);
  });

  it.each([
    ['*1..3', 1, 3],
    ['*2..3', 2, 3],
    ['*3', 3, 3],
    ['*..5', 1, 5],
    ['*0..2', 0, 2],
  ])('%s: one row per trail between every pair, from either end', async (bounds, min, max) => {
    const expected = pairs(enumerate(usesEdges, min, max, { trail: true }));
    expect(await pairRows(`MATCH (x)-[:USES${bounds}]->(y) RETURN x.name AS a, y.name AS b`)).toEqual(expected);
    // Seeded from the end that is constrained: the right one, walked backwards.
    const intoC = expected.filter((p) => p.endsWith('>C'));
    expect(await pairRows(`MATCH (x)-[:USES${bounds}]->(y:Class {name: 'C'}) RETURN x.name AS a, y.name AS b`)).toEqual(intoC);
  });

  it('undirected trails never go back over the edge they came along', async () => {
    const expected = pairs(enumerate(usesEdges, 1, 3, { trail: true, undirected: true }));
    expect(expected.length).toBeLessThan(enumerate(usesEdges, 1, 3, { trail: false, undirected: true }).length);
    expect(await pairRows('MATCH (x)-[:USES*1..3]-(y) RETURN x.name AS a, y.name AS b')).toEqual(expected);
  });

  it('named paths and relationship lists of a trail hold each relationship once', async () => {
    const result = await runCypher(conn, 'MATCH p = (x)-[r:USES*1..4]->(y) RETURN [e IN relationships(p) | e.src * 10 + e.dst] AS keys, size(r) AS n, length(p) AS len');
    expect(result.rows.length).toBe(enumerate(usesEdges, 1, 4, { trail: true }).length);
    for (const row of result.rows) {
      const keys = row.keys as number[];
      expect(new Set(keys).size).toBe(keys.length);
      expect([row.n, row.len]).toEqual([keys.length, keys.length]);
    }
  });

  it('RETURN DISTINCT and EXISTS keep only the pairs a trail joins', async () => {
    // rec>rec in two steps would take the self-call twice.
    expect(await column("MATCH (a {name: 'rec'})-[:USES*2]->(b) RETURN DISTINCT b.name AS name ORDER BY name", 'name')).toEqual(['f', 'g']);
    expect(await column('MATCH (a:Function) WHERE EXISTS { MATCH (a)-[:USES*2]->(a) } RETURN a.name AS name', 'name')).toEqual([]);
    expect(await column('MATCH (a:Function) WHERE EXISTS { MATCH (a)-[:USES*3]->(a) } RETURN a.name AS name ORDER BY name', 'name')).toEqual(['f', 'g', 'rec']);
    // Undirected from length 1: f-rec-f or f-g-f would go back over one edge.
    expect(await column("MATCH (a {name: 'f'})-[:USES*1..2]-(b) RETURN DISTINCT b.name AS name ORDER BY name", 'name')).toEqual(['C', 'g', 'rec']);
  });

  it('a trail shares no edge with the other relationships of its MATCH, but may with another MATCH', async () => {
    // (x)-[]->(y)-[*1..2]->(z) is a trail of 2..3 relationships.
    expect(await column('MATCH (x)-[:USES]->(y)-[:USES*1..2]->(z) RETURN count(*) AS k', 'k')).toEqual([enumerate(usesEdges, 2, 3, { trail: true }).length]);
    // Two walks of 1..2 in one MATCH: a trail of 2..4 split in two parts of 1..2.
    const splits = enumerate(usesEdges, 2, 4, { trail: true }).reduce((sum, [, , used]) => sum + [1, 2].filter((k) => used.length - k >= 1 && used.length - k <= 2).length, 0);
    expect(await column('MATCH (x)-[:USES*1..2]->(y), (y)-[:USES*1..2]->(z) RETURN count(*) AS k', 'k')).toEqual([splits]);
    const walks = enumerate(usesEdges, 1, 2, { trail: true });
    const joined = walks.reduce((sum, [, b]) => sum + walks.filter(([a]) => a === b).length, 0);
    expect(joined).toBeGreaterThan(splits);
    expect(await column('MATCH (x)-[:USES*1..2]->(y) MATCH (y)-[:USES*1..2]->(z) RETURN count(*) AS k', 'k')).toEqual([joined]);
  });

  it('tells edges apart the same way where `edges` has no rowid (struct keys, as over the requirement graph)', async () => {
    for (const query of ['MATCH (x)-[:USES*1..3]-(y) RETURN x.name AS a, y.name AS b', 'MATCH (x)-[:USES]->(y)-[:USES*1..2]->(z) RETURN x.name AS a, z.name AS b']) {
      const { sql } = compileAst(parseCypher(query), {}, 'struct');
      expect(sql).not.toContain('rowid');
      const rows = (await conn.query(assertReadOnlySql(sql))).map((r) => `${String(r.a)}>${String(r.b)}`).sort();
      expect(rows).toEqual(await pairRows(query));
    }
  });
});

describe('zero-length relationships', () => {
  it('*0..n binds the end node to the start node once, besides the longer trails', async () => {
    expect(await column("MATCH (a:Function {name: 'f'})-[:USES*0..1]->(b) RETURN b.name AS name ORDER BY name", 'name')).toEqual(['f', 'g']);
    expect(await column('MATCH (a)-[:USES*0]->(b) RETURN count(*) AS k', 'k')).toEqual([nodes.length]);
    expect(await column('MATCH (a)-[:USES*0]->(b) WHERE a <> b RETURN count(*) AS k', 'k')).toEqual([0]);
    expect(await column('MATCH (a)-[:USES*0..]->(b) RETURN count(*) AS k', 'k')).toEqual([enumerate(usesEdges, 0, 5, { trail: true }).length]);
  });

  it('the zero-length path meets both ends\' labels and properties', async () => {
    expect(await column("MATCH (a:Function {name: 'g'})-[:USES*0..1]->(b:Class) RETURN b.name AS name", 'name')).toEqual(['C']);
    expect(await column("MATCH (a {name: 'g'})-[:USES*0..1]->(b:Function) RETURN b.name AS name ORDER BY name", 'name')).toEqual(['g', 'rec']);
    expect(await column("MATCH (a)-[:USES*0..1]->(b {name: 'C'}) RETURN a.name AS name ORDER BY name", 'name')).toEqual(['C', 'g']);
  });

  it('a zero-length named path has one node and no relationship', async () => {
    const result = await runCypher(conn, "MATCH p = (a {name: 'C'})-[r:USES*0..2]->(b) RETURN length(p) AS len, [n IN nodes(p) | n.name] AS names, size(relationships(p)) AS rels, size(r) AS n");
    expect(result.rows).toEqual([{ len: 0, names: ['C'], rels: 0, n: 0 }]);
  });

  it('OPTIONAL MATCH, DISTINCT and EXISTS see the zero-length path', async () => {
    expect(await column("MATCH (a:Class) OPTIONAL MATCH (a)-[:USES*0..1]->(b) RETURN b.name AS name", 'name')).toEqual(['C']);
    expect(await column("MATCH (a {name: 'C'})-[:USES*0..2]-(b) RETURN DISTINCT b.name AS name ORDER BY name", 'name')).toEqual(['C', 'f', 'g', 'rec']);
    expect(await column('MATCH (a:Class) WHERE EXISTS { MATCH (a)-[:USES*0..1]->(a) } RETURN a.name AS name', 'name')).toEqual(['C']);
  });
});
