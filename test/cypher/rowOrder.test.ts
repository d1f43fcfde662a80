/**
 * @file Rows keep the order a WITH ... ORDER BY (or an UNWIND) gave them through the clauses
 * after it that do not reorder (MATCH, WHERE, WITH without aggregates, SKIP / LIMIT, DISTINCT
 * keeping first occurrences), into RETURN and collect(), as Neo4j and Kuzu do. Checked on the
 * demo graph against the same rows sorted here in TypeScript. Runs in: Node (vitest, real
 * duckdb-wasm).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { compileCypher } from '../../src/core/cypher/compile.ts';
import { runCypher } from './a2Graph.ts';
import { openDemoGraph } from './demoGraph.ts';

let conn: WasmNodeConnection;
/** Every Class as [qualified_name, name, module_name], sorted by qualified_name then name. */
let classes: [string, string, string][];

beforeAll(async () => {
  conn = await openDemoGraph();
  const rows = (await runCypher(conn, 'MATCH (c:Class) RETURN c.qualified_name AS q, c.name AS n, c.module_name AS m')).rows;
  classes = rows.map((r): [string, string, string] => [String(r.q), String(r.n), String(r.m)]).sort((a, b) => (a[0] === b[0] ? cmp(a[1], b[1]) : cmp(a[0], b[0])));
});

afterAll(async () => {
  await conn.close();
});

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function rows(query: string): Promise<unknown[][]> {
  const result = await runCypher(conn, query);
  return result.rows.map((row) => result.columns.map((c) => row[c]));
}

describe('a WITH ... ORDER BY orders what follows', () => {
  it('the most used functions, ordered in WITH and returned without ORDER BY', async () => {
    const counts = (await rows('MATCH (f:Function)<-[:USES]-(x) RETURN f.name, f.qualified_name, count(x) AS k')) as [string, string, number][];
    const expected = counts
      .sort((a, b) => b[2] - a[2] || cmp(a[1], b[1]))
      .slice(0, 7)
      .map(([name, , k]) => [name, k]);
    expect(expected[0]![1]).toBeGreaterThan(expected[6]![1] as number);
    expect(await rows('MATCH (f:Function)<-[:USES]-(x) WITH f, count(x) AS k ORDER BY k DESC, f.qualified_name LIMIT 7 RETURN f.name, k')).toEqual(expected);
  });

  it('through a later MATCH (a join), WHERE, a WITH without aggregates and its LIMIT', async () => {
    const top = classes.slice().reverse().slice(0, 9);
    expect(await rows('MATCH (c:Class) WITH c ORDER BY c.qualified_name DESC, c.name DESC LIMIT 9 MATCH (c)<-[:CONTAINS]-(m:Module) RETURN c.name, m.name')).toEqual(top.map(([, n, m]) => [n, m]));
    const page = classes.slice(3, 8).filter(([, n]) => n !== 'Cart');
    expect(await rows("MATCH (c:Class) WITH c ORDER BY c.qualified_name, c.name SKIP 3 LIMIT 5 WITH c, c.name AS n WHERE n <> 'Cart' RETURN n")).toEqual(page.map(([, n]) => [n]));
    expect(await rows('MATCH (c:Class) WITH c ORDER BY c.qualified_name, c.name LIMIT 6 WITH c LIMIT 2 RETURN c.name')).toEqual(classes.slice(0, 2).map(([, n]) => [n]));
  });

  it('into collect(), and RETURN DISTINCT keeps each row where it first came', async () => {
    const first = classes.slice(0, 8);
    expect(await rows('MATCH (c:Class) WITH c ORDER BY c.qualified_name, c.name LIMIT 8 RETURN collect(c.name) AS names')).toEqual([[first.map(([, n]) => n)]]);
    const modules = [...new Set(first.map(([, , m]) => m))];
    expect(modules.length).toBeGreaterThan(2);
    expect(await rows('MATCH (c:Class) WITH c ORDER BY c.qualified_name, c.name LIMIT 8 RETURN DISTINCT c.module_name')).toEqual(modules.map((m) => [m]));
    expect(await rows('MATCH (c:Class) WITH c ORDER BY c.qualified_name, c.name LIMIT 8 WITH DISTINCT c.module_name AS m RETURN m')).toEqual(modules.map((m) => [m]));
  });

  it('as the tie-break of a later ORDER BY', async () => {
    const first = classes.slice(0, 12);
    const byModule = first.slice().sort((a, b) => cmp(b[2], a[2])).map(([, n, m]) => [m, n]);
    expect(await rows('MATCH (c:Class) WITH c ORDER BY c.qualified_name, c.name LIMIT 12 RETURN c.module_name AS m, c.name AS n ORDER BY m DESC')).toEqual(byModule);
  });

  it('UNWIND yields a list in order, and after an ordered WITH each row\'s list in turn', async () => {
    expect(await rows('UNWIND [3, 1, 2] AS x RETURN x')).toEqual([[3], [1], [2]]);
    const expected = classes.slice(0, 3).flatMap(([, n]) => [[n, 2], [n, 1]]);
    expect(await rows('MATCH (c:Class) WITH c ORDER BY c.qualified_name, c.name LIMIT 3 UNWIND [2, 1] AS i RETURN c.name, i')).toEqual(expected);
  });

  it('aggregation ends it: no sort by the row numbers after a grouping', () => {
    const { sql } = compileCypher('MATCH (c:Class) WITH c ORDER BY c.name LIMIT 5 RETURN c.module_name AS m, count(*) AS k');
    expect(sql).toContain('row_number() OVER');
    expect(sql).not.toMatch(/ORDER BY [^)]*"__ord" ASC$/);
    expect(compileCypher('MATCH (c:Class) WITH c ORDER BY c.name LIMIT 5 RETURN c.name').sql).toMatch(/ORDER BY w\d+\."__ord" ASC$/);
  });
});
