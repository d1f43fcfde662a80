/**
 * @file The faster SQL shapes of the Cypher compiler keep openCypher's rows, on a hand-made graph
 * with the corner cases each shape has to get right: OPTIONAL MATCH as a chain of LEFT JOINs (no
 * edge, several edges, a labelled end that fails, an undirected self-loop), undirected
 * relationships over a self-loop, name lookups through the index with labels, and DISTINCT /
 * UNION of whole nodes deduplicated on ids. Runs in: Node (vitest, real duckdb-wasm).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { compileCypher } from '../../src/core/cypher/compile.ts';
import type { EdgeRow, FileRow, NodeKind, NodeRow } from '../../src/core/graph/types.ts';
import { writeDerivedTables } from '../../src/core/store/derivedTables.ts';
import { writeGraph } from '../../src/core/store/graphStore.ts';
import { runCypher } from './a2Graph.ts';

function node(id: number, kind: NodeKind, name: string): NodeRow {
  return {
    id, kind, name, qualified_name: `m.${name}`, module_name: kind === 'Module' ? null : 'm', class_name: null, file_path: 'm.py',
    start_line: id, end_line: id, signature: `def ${name}()`, code: `code of ${name}`, docstring: null, description: null,
    member_descriptions: null, requirement: null, language: 'python', local_name: null, import_name: null,
  };
}

// m contains f, g, h, loop (a function that calls itself), C and a second `f` that is a Class.
const nodes: NodeRow[] = [
  node(0, 'Module', 'm'), node(1, 'Function', 'f'), node(2, 'Function', 'g'), node(3, 'Function', 'h'),
  node(4, 'Function', 'loop'), node(5, 'Class', 'C'), node(6, 'Class', 'f'),
];
const edge = (src: number, dst: number, type: EdgeRow['type'], detail: string | null = null): EdgeRow => ({ src, dst, type, detail });
const edges: EdgeRow[] = [
  ...[1, 2, 3, 4, 5, 6].map((id) => edge(0, id, 'CONTAINS')),
  edge(1, 2, 'USES', 'call'), edge(1, 3, 'USES', 'call'), edge(4, 4, 'USES', 'call'), edge(2, 5, 'USES', 'instantiate'),
];

let conn: WasmNodeConnection;
beforeAll(async () => {
  conn = await openWasmMemoryConnection();
  await writeGraph(conn, { repoName: 'shapes', graph: { nodes, edges, unresolved: [] }, files: [], issues: [], skipped: [], summary: {} });
});
afterAll(async () => {
  await conn.close();
});

async function rows(query: string): Promise<string[]> {
  return (await runCypher(conn, query)).rows.map((r) => JSON.stringify(r)).sort();
}

describe('OPTIONAL MATCH as a chain of LEFT JOINs', () => {
  it('uses the chain for one relationship to an unconstrained node', () => {
    expect(compileCypher('MATCH (f:Function) OPTIONAL MATCH (f)-[:USES]->(d) RETURN d.name').sql).toMatch(/LEFT JOIN edges AS e\d+ ON .* LEFT JOIN nodes AS n\d+ ON n\d+\.id = coalesce\(/);
  });

  it('one row per edge, or one row of nulls when there is none', async () => {
    expect(await rows("MATCH (f:Function) OPTIONAL MATCH (f)-[r:USES]->(d) RETURN f.name AS f, type(r) AS t, d.name AS d")).toEqual([
      '{"f":"f","t":"USES","d":"g"}', '{"f":"f","t":"USES","d":"h"}', '{"f":"g","t":"USES","d":"C"}',
      '{"f":"h","t":null,"d":null}', '{"f":"loop","t":"USES","d":"loop"}',
    ]);
  });

  it('a labelled end that never matches gives the null row, not a half-matched one', async () => {
    expect(await rows("MATCH (f:Function {name: 'f'}) OPTIONAL MATCH (f)-[r:USES]->(d:Class) RETURN type(r) AS t, d.name AS d")).toEqual(['{"t":null,"d":null}']);
    expect(await rows("MATCH (f:Function {name: 'g'}) OPTIONAL MATCH (f)-[r:USES]->(d:Class) RETURN type(r) AS t, d.name AS d")).toEqual(['{"t":"USES","d":"C"}']);
  });

  it('an undirected self-loop matches once, and a relationship between two bound nodes', async () => {
    expect(await rows("MATCH (f:Function {name: 'loop'}) OPTIONAL MATCH (f)-[r]-(d) RETURN type(r) AS t, d.name AS d")).toEqual([
      '{"t":"CONTAINS","d":"m"}', '{"t":"USES","d":"loop"}',
    ]);
    expect(await rows("MATCH (a:Function {name: 'f'}), (b:Function) OPTIONAL MATCH (a)-[r:USES]->(b) RETURN b.name AS b, r.detail AS detail")).toEqual([
      '{"b":"f","detail":null}', '{"b":"g","detail":"call"}', '{"b":"h","detail":"call"}', '{"b":"loop","detail":null}',
    ]);
  });

  it('a new start node with the bound node at the end', async () => {
    expect(await rows("MATCH (c:Class {name: 'C'}) OPTIONAL MATCH (u)-[:USES]->(c) RETURN u.name AS u")).toEqual(['{"u":"g"}']);
    expect(await rows("MATCH (c:Function {name: 'f'}) OPTIONAL MATCH (u)-[:USES]->(c) RETURN u.name AS u")).toEqual(['{"u":null}']);
  });
});

describe('fixed-length patterns', () => {
  it('undirected relationships see a self-loop once', async () => {
    expect(await rows("MATCH (f {name: 'loop'})-[r]-(x) RETURN type(r) AS t, x.name AS x")).toEqual(['{"t":"CONTAINS","x":"m"}', '{"t":"USES","x":"loop"}']);
    expect(await rows("MATCH (f {name: 'loop'})-[:USES]-()-[:USES]-(x) RETURN x.name AS x")).toEqual([]);
  });

  it('anonymous unconstrained nodes at the start, in the middle and at the end', async () => {
    expect(await rows('MATCH ()-[:USES]->(x) RETURN count(*) AS n')).toEqual(['{"n":4}']);
    expect(await rows("MATCH (a {name: 'f'})-[:USES]->()-[:USES]->(x) RETURN x.name AS x")).toEqual(['{"x":"C"}']);
    expect(await rows("MATCH (f {name: 'loop'})-[r]-() RETURN type(r) AS t")).toEqual(['{"t":"CONTAINS"}', '{"t":"USES"}']);
    expect(await rows("MATCH (f:Function {name: 'h'}) OPTIONAL MATCH (f)-[r:USES]-() RETURN f.name AS f, r.detail AS d")).toEqual(['{"f":"h","d":"call"}']);
    expect(await rows("MATCH (f:Function {name: 'loop'}) OPTIONAL MATCH (f)-[r:USES]-() RETURN r.detail AS d")).toEqual(['{"d":"call"}']);
  });

  it('relationship uniqueness only where two relationships could be the same edge', async () => {
    expect(compileCypher("MATCH (r:Repo)-[:CONTAINS]->(m:Module)-[:CONTAINS]->(c:Class) RETURN c.name").sql).not.toContain('IS NOT DISTINCT FROM');
    expect(compileCypher('MATCH (a)-[:USES]->(b)-[:USES]->(c) RETURN c.name').sql).toContain('IS NOT DISTINCT FROM');
    expect(compileCypher('MATCH (a:Function)-[:USES]->(b), (c:Function)-[:USES]->(d) RETURN d.name').sql).toContain('IS NOT DISTINCT FROM');
    expect(await rows("MATCH (a {name: 'loop'})-[:USES]->(b)-[:USES]->(c) RETURN c.name AS c")).toEqual([]);
    expect(await rows("MATCH (a:Function)-[:USES]->(b:Function), (c:Function {name: 'loop'})-[:USES]->(d) RETURN a.name AS a, d.name AS d")).toEqual([
      '{"a":"f","d":"loop"}', '{"a":"f","d":"loop"}',
    ]);
  });

  it('a name with a label or more properties still applies them', async () => {
    expect(await rows("MATCH (n:Class {name: 'f'}) RETURN n.id AS id")).toEqual(['{"id":6}']);
    expect(await rows("MATCH (n:Function {name: 'f', start_line: 1}) RETURN n.id AS id")).toEqual(['{"id":1}']);
    expect(await rows("MATCH (n {name: 'f', start_line: 6}) RETURN n.id AS id")).toEqual(['{"id":6}']);
    expect(await rows("MATCH (n:Function|Class {name: 'f'}) RETURN n.id AS id")).toEqual(['{"id":1}', '{"id":6}']);
  });
});

describe('whole nodes deduplicated on ids', () => {
  it('RETURN DISTINCT of whole nodes, with nulls of OPTIONAL MATCH', async () => {
    const result = await runCypher(conn, 'MATCH (f:Function) OPTIONAL MATCH (f)-[:USES]->(d:Function) RETURN DISTINCT d, labels(d) AS label');
    const got = result.rows.map((r) => (r.d === null ? null : (r.d as { name: string }).name)).sort();
    expect(got).toEqual(['g', 'h', 'loop', null].sort());
    const g = result.rows.find((r) => (r.d as { name?: string } | null)?.name === 'g')!;
    expect(g.d).toMatchObject({ id: 2, kind: 'Function', qualified_name: 'm.g', code: 'code of g' });
    expect(g.label).toEqual(['Function']);
  });

  it('UNION of whole nodes keeps one row per node and keeps the column order', async () => {
    const result = await runCypher(conn, "MATCH (f {name: 'f'})-[:USES]->(d) RETURN d AS dep, 1 AS k UNION MATCH (x:Function {name: 'g'}) RETURN x AS dep, 1 AS k UNION MATCH (c:Class) RETURN c AS dep, 1 AS k");
    expect(result.columns).toEqual(['dep', 'k']);
    expect(result.rows.map((r) => (r.dep as { id: number }).id).sort()).toEqual([2, 3, 5, 6]);
    expect(Object.keys(result.rows[0]!)).toEqual(['dep', 'k']);
  });
});

describe("a big graph's lookups read its indexes", () => {
  // 100 modules of 30 functions each, the functions of the first one each calling the next; the
  // derived tables stored as a big graph's are (writeDerivedTables with no size floor), which
  // gives node_rows its name index next to the id index. Ids scattered as the stitcher's hashes
  // are (a run of consecutive ids reaches the scan as a range, not as a list of keys).
  const MODULES = 100;
  const PER_MODULE = 30;
  const scattered = (n: number) => (n * 7919) % 1_000_003;
  let big: WasmNodeConnection;
  beforeAll(async () => {
    const many: NodeRow[] = [];
    const links: EdgeRow[] = [];
    const texts: FileRow[] = [];
    for (let m = 0; m < MODULES; m++) {
      texts.push({ path: `pkg/m${m}.py`, language: 'python', bytes: 10, sha256: String(m), text: `# module ${m}` });
      const first = 1 + m * (PER_MODULE + 1);
      const moduleId = scattered(first);
      many.push({ ...node(moduleId, 'Module', `pkg.m${m}`), file_path: `pkg/m${m}.py` });
      for (let f = 1; f <= PER_MODULE; f++) {
        many.push({ ...node(scattered(first + f), 'Function', `f${f}`), file_path: `pkg/m${m}.py` });
        links.push(edge(moduleId, scattered(first + f), 'CONTAINS'));
        if (m === 0 && f < PER_MODULE) links.push(edge(scattered(first + f), scattered(first + f + 1), 'USES', 'call'));
      }
    }
    big = await openWasmMemoryConnection();
    await writeGraph(big, { repoName: 'big', graph: { nodes: many, edges: links, unresolved: [] }, files: texts, issues: [], skipped: [], summary: {} });
    await writeDerivedTables(big, 0);
  });
  afterAll(async () => {
    await big.close();
  });

  interface PlanOp {
    extra_info?: { Table?: string; Type?: string };
    operator_cardinality?: number;
    children?: PlanOp[];
  }

  /** The scans of `table` in the compiled query's plan, as DuckDB ran it. */
  async function scans(query: string, table: string): Promise<PlanOp[]> {
    const [row] = await big.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${compileCypher(query).sql}`);
    const found: PlanOp[] = [];
    const walk = (op: PlanOp) => {
      if (op.extra_info?.Table === table) found.push(op);
      for (const child of op.children ?? []) walk(child);
    };
    walk(JSON.parse(String(Object.values(row!).at(-1))) as PlanOp);
    return found;
  }

  /** How the compiled query read node_rows: 'Index Scan' or 'Sequential Scan' per scan. */
  async function nodeScans(query: string): Promise<string[]> {
    return (await scans(query, 'node_rows')).map((op) => op.extra_info?.Type ?? '');
  }

  it('a name and the labelled nodes it reaches are read from the indexes, with the same rows', async () => {
    const query = "MATCH (m:Module {name: 'pkg.m7'})-[:CONTAINS]->(f:Function) RETURN f.name AS name";
    expect(await nodeScans(query)).toEqual(['Index Scan', 'Index Scan']);
    const names = Array.from({ length: PER_MODULE }, (_, i) => `f${i + 1}`).sort();
    expect((await runCypher(big, query)).rows.map((r) => r.name).sort()).toEqual(names);
    // With the code (sliced from the files by the join the `nodes` view makes), the name is still read from its index.
    const withCode = "MATCH (m:Module {name: 'pkg.m7'})-[:CONTAINS]->(f:Function) RETURN f.name AS name, f.code AS code, m.code AS module";
    expect(await nodeScans(withCode)).toContain('Index Scan');
    const rows = (await runCypher(big, withCode)).rows;
    expect(rows.map((r) => r.name).sort()).toEqual(names);
    expect(rows.find((r) => r.name === 'f3')).toEqual({ name: 'f3', code: 'code of f3', module: 'code of pkg.m7' });
  });

  it('a lone name (the router\'s lookup) is read from the name index, the whole nodes from the id index', async () => {
    const query = "MATCH (n {name: 'f3'}) RETURN DISTINCT n AS node, labels(n) AS label, n.file_path AS file";
    expect(await nodeScans(query)).toEqual(['Index Scan', 'Index Scan']);
    const rows = (await runCypher(big, query)).rows;
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => (r.node as { name: string }).name === 'f3')).toBe(true);
  });

  it("a walk's steps read only the edges leaving the last step's ends", async () => {
    const query = "MATCH (f:Function {name: 'f1'})-[:USES*1..3]->(d) RETURN DISTINCT d.name AS name";
    expect((await runCypher(big, query)).rows.map((r) => r.name).sort()).toEqual(['f2', 'f3', 'f4']);
    // Along a chain of 29 calls: the start reads the calls once (29 rows), then each of the walk's
    // steps reads the one edge leaving its end (at most 3 rows), not all 29 calls again.
    const edgeRows = (await scans(query, 'edges')).map((op) => op.operator_cardinality ?? 0);
    expect(edgeRows.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(PER_MODULE - 1 + 3);
    const trails = "MATCH (f:Function {name: 'f1'})-[r:USES*2..3]->(d) RETURN d.name AS name, size(r) AS hops";
    expect((await runCypher(big, trails)).rows.map((r) => `${r.name}:${r.hops}`).sort()).toEqual(['f3:2', 'f4:3']);
  });

  it("a joined node's label still filters its rows", async () => {
    const query = "MATCH (f:Function {name: 'f1'})-[:USES]->(g:Module) RETURN g.name AS name";
    expect(await nodeScans(query)).toEqual(['Index Scan', 'Index Scan']);
    expect((await runCypher(big, query)).rows).toEqual([]);
    expect((await runCypher(big, "MATCH (f:Function {name: 'f1'})-[:USES]->(g:Function) RETURN DISTINCT g.name AS name")).rows).toEqual([{ name: 'f2' }]);
  });
});
