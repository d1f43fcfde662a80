/**
 * @file Cypher -> SQL against real duckdb-wasm over the RANGER A.2 fixture graph: the A.5-A.7
 * query shapes adapted to our names, then each supported construct with known answers.
 * Every compiled query also passes the read-only SQL guard (runCypher). Runs in: Node (vitest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { openA2Graph, runCypher, sortedColumn } from './a2Graph.ts';

let conn: WasmNodeConnection;

beforeAll(async () => {
  conn = await openA2Graph();
});

afterAll(async () => {
  await conn.close();
});

async function names(query: string, column = 'name'): Promise<unknown[]> {
  return sortedColumn(await runCypher(conn, query), column);
}

describe('RANGER A.5-A.7 queries on the A.2 graph', () => {
  it('A.5 Table 6: classes of a module reached from the repo', async () => {
    const result = await runCypher(conn, "MATCH (r:Repo)-[:CONTAINS]->(m:Module {name: 'base'})\n  -[:CONTAINS]->(c:Class)\nRETURN c.name, c.code");
    expect(result.columns).toEqual(['c.name', 'c.code']);
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]['c.name']).toBe('Calculator');
    expect(String(result.rows[0]['c.code'])).toMatch(/^class Calculator:/);
  });

  it('A.5 Table 7 / A.7 template: what a function uses, through OPTIONAL MATCH', async () => {
    const query = (fn: string) =>
      `MATCH (m:Module {name: 'extended'})\n  -[:CONTAINS]->(f:Function {name: '${fn}'})\nOPTIONAL MATCH (f)-[:USES]->(dep)\nRETURN DISTINCT dep.name AS name,\n       dep.signature AS signature,\n       dep.code AS code`;
    const quickAdd = await runCypher(conn, query('quick_add'));
    expect(quickAdd.columns).toEqual(['name', 'signature', 'code']);
    expect(quickAdd.rows).toEqual([
      { name: 'Calculator', signature: 'class Calculator:', code: expect.stringMatching(/^class Calculator:/) },
      { name: 'add', signature: 'def add(self, a, b):', code: expect.stringMatching(/^def add\(self, a, b\):/) },
    ]);
    expect(sortedColumn(await runCypher(conn, query('demo')), 'name')).toEqual(expect.arrayContaining(['Scientific', 'format_result', 'quick_add']));
  });

  it('A.7 Example 1: a method with no dependencies still gives one row of nulls', async () => {
    const result = await runCypher(
      conn,
      "MATCH (m:Module {name: 'base'})\n    -[:CONTAINS]->(c:Class {name: 'Calculator'})\n    -[:HAS_METHOD]->(method {name: 'add'})\nOPTIONAL MATCH (method)-[:USES]->(dep)\nRETURN DISTINCT dep.name AS name,\n        dep.signature AS signature,\n        dep.code AS code",
    );
    expect(result.rows).toEqual([{ name: null, signature: null, code: null }]);
  });

  it('A.6 example: UNION of whole nodes as dep with labels(dep) as label', async () => {
    const result = await runCypher(
      conn,
      `MATCH (r:Repo {name: 'a2'})-[:CONTAINS]->(m:Module)-[:CONTAINS]->
(c:Class {name: 'Scientific'})-[:HAS_METHOD]->
(method {name: 'divide'})-[:USES]->(dep)
RETURN DISTINCT dep, labels(dep) as label
UNION
MATCH (r:Repo {name: 'a2'})-[:CONTAINS]->(m:Module)-[:CONTAINS]->
(c:Class {name: 'Calculator'})
RETURN DISTINCT c as dep, labels(c) as label`,
    );
    expect(result.columns).toEqual(['dep', 'label']);
    const deps = result.rows.map((r) => [(r.dep as Record<string, unknown>).qualified_name, r.label]).sort();
    expect(deps).toEqual([
      ['base.Calculator', ['Class']],
      ['base.format_result', ['Function']],
    ]);
    const calculator = result.rows.find((r) => (r.dep as Record<string, unknown>).name === 'Calculator')?.dep as Record<string, unknown>;
    expect(Object.keys(calculator)).toEqual([
      'id', 'kind', 'name', 'qualified_name', 'module_name', 'class_name', 'file_path', 'start_line', 'end_line', 'signature',
      'code', 'docstring', 'description', 'member_descriptions', 'requirement', 'language', 'local_name', 'import_name', 'labels',
    ]);
    expect(calculator).toMatchObject({ kind: 'Class', labels: ['Class'], file_path: 'base.py', module_name: 'base', docstring: 'A simple calculator.' });
  });

  it('answers the everyday questions: methods of a class, subclasses, functions of a module', async () => {
    expect(await names("MATCH (c:Class {name: 'Calculator'})-[:HAS_METHOD]->(m:Method) RETURN m.name AS name")).toEqual(['add', 'multiply']);
    expect(await names("MATCH (m:Method {class: 'Calculator'}) RETURN m.name AS name")).toEqual(['add', 'multiply']);
    expect(await names("MATCH (s:Class)-[:INHERITS]->(:Class {name: 'Calculator'}) RETURN s.name AS name")).toEqual(['Scientific']);
    expect(await names("MATCH (:Module {name: 'base'})-[:CONTAINS]->(f:Function) RETURN f.name AS name")).toEqual(['format_result']);
    expect(await names("MATCH (:Module {name: 'base'})-[:CONTAINS]->(g:GlobalVariable) RETURN g.name AS name")).toEqual(['precision']);
    expect(await names("MATCH (a:Module)-[:IMPORTS]->(b:Module) RETURN a.name + '->' + b.name AS name")).toEqual(['extended->base']);
  });
});

describe('patterns', () => {
  it('label alternatives', async () => {
    expect(await names("MATCH (:Module {name: 'extended'})-[:CONTAINS]->(x:Class|Function) RETURN x.name AS name")).toEqual(['demo', 'quick_add', 'Scientific']);
  });

  it('incoming, undirected and alternative relationship types, with type(r) and r.detail', async () => {
    expect(await names("MATCH (c:Class {name: 'Calculator'})<-[:INHERITS]-(s) RETURN s.name AS name")).toEqual(['Scientific']);
    const result = await runCypher(conn, "MATCH (a)-[r:USES|INHERITS]-(b:Class {name: 'Calculator'}) RETURN a.name AS name, type(r) AS t, r.detail AS detail ORDER BY name");
    expect(result.rows).toEqual([
      { name: 'Scientific', t: 'INHERITS', detail: null },
      { name: 'quick_add', t: 'USES', detail: 'instantiate' },
    ]);
    expect(await names("MATCH (a:Class {name: 'Calculator'})-[:INHERITS]-(b) RETURN b.name AS name")).toEqual(['Scientific']);
  });

  it('chains of three relationships and several comma-separated patterns', async () => {
    expect(await names("MATCH (r:Repo)-[:CONTAINS]->(m)-[:CONTAINS]->(c:Class)-[:HAS_METHOD]->(x) RETURN m.name + '.' + x.name AS name")).toEqual([
      'base.add',
      'base.multiply',
      'extended.divide',
    ]);
    expect(await names("MATCH (m:Module {name: 'base'}), (c:Class) WHERE c.module_name = m.name RETURN c.name AS name")).toEqual(['Calculator']);
    expect(await names("MATCH (s:Class)-[:INHERITS]->(p), (p)-[:HAS_METHOD]->(x) RETURN x.name AS name")).toEqual(['add', 'multiply']);
  });

  it('matches each relationship at most once per MATCH', async () => {
    expect(await names('MATCH (a:Class)-[:INHERITS]-(b)-[:INHERITS]-(c) RETURN c.name AS name')).toEqual([]);
    expect(await names("MATCH (a:Class {name: 'Scientific'})-[:INHERITS]-(b) MATCH (b)-[:INHERITS]-(c) RETURN c.name AS name")).toEqual(['Scientific']);
  });

  it('several MATCH clauses share variables', async () => {
    expect(await names("MATCH (f:Function {name: 'demo'}) MATCH (f)-[:USES]->(d:Function) RETURN d.name AS name")).toEqual(['format_result', 'quick_add']);
  });
});

describe('WHERE', () => {
  const where = (condition: string) => names(`MATCH (n:Function|Method) WHERE ${condition} RETURN n.name AS name`);

  it('comparisons', async () => {
    expect(await where("n.name = 'add'")).toEqual(['add']);
    expect(await where("n.name <> 'add' AND n.file_path = 'base.py'")).toEqual(['format_result', 'multiply']);
    expect(await where("n.file_path = 'base.py' AND n.start_line < 12")).toEqual(['add']);
    expect(await where("n.file_path = 'base.py' AND n.start_line > 12")).toEqual(['format_result', 'multiply']);
    expect(await where("n.file_path = 'base.py' AND n.start_line <= 13")).toEqual(['add', 'multiply']);
    expect(await where("n.file_path = 'base.py' AND n.start_line >= 13")).toEqual(['format_result', 'multiply']);
  });

  it('IN, CONTAINS, STARTS WITH, ENDS WITH and =~', async () => {
    expect(await where("n.name IN ['add', 'demo', 'nothing']")).toEqual(['add', 'demo']);
    expect(await where('n.name IN []')).toEqual([]);
    expect(await where("n.name CONTAINS 'ult'")).toEqual(['format_result', 'multiply']);
    expect(await where("n.name STARTS WITH 'd'")).toEqual(['demo', 'divide']);
    expect(await where("n.name ENDS WITH 'add'")).toEqual(['add', 'quick_add']);
    expect(await where("n.name =~ '.*_.*'")).toEqual(['format_result', 'quick_add']);
    expect(await where("n.name =~ 'add'")).toEqual(['add']);
  });

  it('IS NULL, IS NOT NULL, NOT, OR and parentheses', async () => {
    expect(await where('n.docstring IS NOT NULL')).toEqual(['add', 'format_result']);
    expect(await where("n.docstring IS NULL AND n.kind = 'Method'")).toEqual(['divide', 'multiply']);
    expect(await where("NOT (n.name = 'add' OR n.kind = 'Function')")).toEqual(['divide', 'multiply']);
    expect(await where("(n.name = 'add' OR n.name = 'demo') AND n.kind = 'Function'")).toEqual(['demo']);
  });

  it('both quote kinds and escapes in strings', async () => {
    expect(await where('n.name = "add"')).toEqual(['add']);
    expect(await where(`n.code CONTAINS "ValueError(\\"division by zero\\")"`)).toEqual(['divide']);
    expect(await where("n.docstring = 'Return the sum of a and b.' OR n.name = 'it\\'s'")).toEqual(['add']);
    expect(await where("n.code CONTAINS 'a + b\\n'")).toEqual([]);
  });

  it('OPTIONAL MATCH ... WHERE filters the optional part only', async () => {
    const result = await runCypher(conn, "MATCH (c:Class) OPTIONAL MATCH (c)-[:HAS_METHOD]->(m) WHERE m.name STARTS WITH 'm' RETURN c.name AS cls, m.name AS method ORDER BY cls");
    expect(result.rows).toEqual([
      { cls: 'Calculator', method: 'multiply' },
      { cls: 'Scientific', method: null },
    ]);
  });
});

describe('string concatenation', () => {
  it('+ with a string concatenates, and gives null when either side is null (openCypher; Kuzu reads null as an empty string)', async () => {
    const query = "MATCH (n:Method) RETURN n.name AS name, n.name + ': ' + n.docstring AS s, n.docstring + '!' AS t, null + n.name AS u, n.name + n.start_line AS v ORDER BY name";
    const rows = (await runCypher(conn, query)).rows;
    expect(rows.map((r) => r.name)).toEqual(['add', 'divide', 'multiply']);
    expect(rows[0]).toMatchObject({ s: 'add: Return the sum of a and b.', t: 'Return the sum of a and b.!', u: null });
    for (const row of rows.slice(1)) expect(row).toMatchObject({ s: null, t: null, u: null });
    expect(rows[0]!.v).toMatch(/^add\d+$/);
    expect((await runCypher(conn, "UNWIND ['a', null] AS x RETURN x + 'b' AS y, coalesce(x, '') + 'b' AS z")).rows).toEqual([
      { y: 'ab', z: 'ab' },
      { y: null, z: 'b' },
    ]);
  });
});

describe('RETURN', () => {
  it('DISTINCT, ORDER BY ASC/DESC, SKIP and LIMIT', async () => {
    const kinds = await runCypher(conn, 'MATCH (n) RETURN DISTINCT n.kind AS kind ORDER BY kind DESC');
    expect(kinds.rows.map((r) => r.kind)).toEqual(['Repo', 'Module', 'Method', 'GlobalVariable', 'Function', 'Class']);
    const page = await runCypher(conn, 'MATCH (n:Function|Method) RETURN n.name ORDER BY n.name ASC SKIP 1 LIMIT 3');
    expect(page.rows.map((r) => r['n.name'])).toEqual(['demo', 'divide', 'format_result']);
    const byLine = await runCypher(conn, "MATCH (n:Method) RETURN n.name AS name ORDER BY n.start_line DESC, n.name LIMIT 1");
    expect(byLine.rows).toEqual([{ name: 'multiply' }]);
  });

  it('count(*), count(x), count(DISTINCT x) and collect(x), grouped by the other items', async () => {
    const perClass = await runCypher(conn, 'MATCH (c:Class)-[:HAS_METHOD]->(m) RETURN c.name AS cls, count(m) AS methods, collect(m.name) AS names ORDER BY cls');
    expect(perClass.rows.map((r) => [r.cls, r.methods, [...(r.names as string[])].sort()])).toEqual([
      ['Calculator', 2, ['add', 'multiply']],
      ['Scientific', 1, ['divide']],
    ]);
    const uses = await runCypher(conn, "MATCH (f)-[:USES]->(d) WHERE f.module_name = 'extended' RETURN count(*) AS total, count(DISTINCT d) AS targets, count(DISTINCT f.name) AS users");
    expect(uses.rows).toHaveLength(1);
    expect(Number(uses.rows[0].total)).toBeGreaterThanOrEqual(Number(uses.rows[0].targets));
    expect(uses.rows[0].users).toBe(3);
    const perKind = await runCypher(conn, 'MATCH (n) RETURN labels(n) AS label, count(*) AS n ORDER BY n DESC, label LIMIT 2');
    expect(perKind.rows).toEqual([
      { label: ['Function'], n: 3 },
      { label: ['Method'], n: 3 },
    ]);
  });

  it('collect of whole nodes skips the nulls of OPTIONAL MATCH', async () => {
    const result = await runCypher(conn, 'MATCH (c:Class) OPTIONAL MATCH (c)<-[:INHERITS]-(s) RETURN c.name AS cls, collect(s) AS subclasses, count(s) AS n ORDER BY cls');
    expect(result.rows.map((r) => [r.cls, (r.subclasses as { name: string }[]).map((s) => s.name), r.n])).toEqual([
      ['Calculator', ['Scientific'], 1],
      ['Scientific', [], 0],
    ]);
  });

  it('a whole relationship comes back as a map', async () => {
    const result = await runCypher(conn, "MATCH (:Function {name: 'quick_add'})-[r:USES]->() RETURN r ORDER BY r.detail DESC");
    expect(result.rows).toEqual([
      { r: { src: expect.any(Number), dst: expect.any(Number), type: 'USES', detail: 'instantiate' } },
      { r: { src: expect.any(Number), dst: expect.any(Number), type: 'USES', detail: 'call' } },
    ]);
  });
});

describe('variable-length paths and UNION', () => {
  it('*2 exact, *1..3 range, * default and incoming direction', async () => {
    expect(await names("MATCH (:Repo)-[:CONTAINS*2]->(x) RETURN x.name AS name")).toEqual(['Calculator', 'demo', 'format_result', 'precision', 'quick_add', 'Scientific']);
    const reach = await runCypher(conn, 'MATCH (:Repo)-[:CONTAINS|HAS_METHOD*1..3]->(x) RETURN count(DISTINCT x) AS n');
    expect(reach.rows).toEqual([{ n: 11 }]);
    expect(await names('MATCH (:Repo)-[:CONTAINS|HAS_METHOD*1..2]->(x:Method) RETURN x.name AS name')).toEqual([]);
    expect(await names("MATCH (:Class {name: 'Scientific'})-[:INHERITS*]->(p) RETURN p.name AS name")).toEqual(['Calculator']);
    expect(await names("MATCH (:Method {name: 'add'})<-[:HAS_METHOD|CONTAINS*2]-(m) RETURN m.name AS name")).toEqual(['base']);
    expect(await names("MATCH (:Method {name: 'divide'})-[:HAS_METHOD|CONTAINS*1..3]-(x:Module) RETURN x.name AS name")).toEqual(['extended']);
  });

  it('walks from whichever end is constrained, or from every node when neither is', async () => {
    expect(await names("MATCH (x)-[:CONTAINS*2]->(:Class {name: 'Calculator'}) RETURN x.name AS name")).toEqual(['a2']);
    expect(await names("MATCH (x)-[:CONTAINS|HAS_METHOD*1..3]->(m:Method) RETURN DISTINCT x.name AS name")).toEqual(['a2', 'base', 'Calculator', 'extended', 'Scientific']);
    expect(await names('MATCH (a)-[:INHERITS*1..2]->(b) RETURN a.name + ">" + b.name AS name')).toEqual(['Scientific>Calculator']);
    expect(await names("MATCH (c:Class {name: 'Calculator'}) MATCH (c)<-[:CONTAINS*1..2]-(x) RETURN x.name AS name")).toEqual(['a2', 'base']);
  });

  it('UNION removes duplicates, UNION ALL keeps them, ORDER BY / LIMIT stay inside a branch', async () => {
    const branch = "MATCH (c:Class {name: 'Calculator'}) RETURN c.name AS name";
    expect((await runCypher(conn, `${branch} UNION ${branch}`)).rows).toEqual([{ name: 'Calculator' }]);
    expect((await runCypher(conn, `${branch} UNION ALL ${branch}`)).rows).toHaveLength(2);
    const limited = await runCypher(conn, 'MATCH (m:Method) RETURN m.name AS name ORDER BY name LIMIT 1 UNION ALL MATCH (f:Function) RETURN f.name AS name ORDER BY name DESC LIMIT 1');
    expect(sortedColumn(limited, 'name')).toEqual(['add', 'quick_add']);
  });
});

describe('openCypher forms on duckdb-wasm (the browser engine)', () => {
  it('WITH, UNWIND, CASE, EXISTS and parameters', async () => {
    const methods = await runCypher(conn, 'MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, count(m) AS n WHERE n >= 1 RETURN c.name AS name, n ORDER BY name');
    expect(methods.rows).toEqual([
      { name: 'Calculator', n: 2 },
      { name: 'Scientific', n: 1 },
    ]);
    const unwound = await runCypher(conn, "UNWIND ['Calculator', 'Nope'] AS name OPTIONAL MATCH (c:Class {name: name}) RETURN name, CASE WHEN c IS NULL THEN 'missing' ELSE c.kind END AS kind ORDER BY name");
    expect(unwound.rows).toEqual([
      { name: 'Calculator', kind: 'Class' },
      { name: 'Nope', kind: 'missing' },
    ]);
    expect(await names('MATCH (c:Class) WHERE NOT EXISTS { MATCH (c)-[:INHERITS]->() } RETURN c.name AS name')).toEqual(['Calculator']);
    expect((await runCypher(conn, 'MATCH (c:Class {name: $name}) RETURN c.name AS name', { name: 'Scientific' })).rows).toEqual([{ name: 'Scientific' }]);
  });

  it('integers inside lists and maps come back as integers (not BIGINT bytes read as doubles)', async () => {
    const result = await runCypher(conn, 'MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, count(m) AS n RETURN collect(n) AS counts, range(1, 3) AS r, [x IN range(1, 3) | size("ab") * x] AS s, {n: count(c)} AS m');
    expect(result.rows).toHaveLength(1);
    expect([...(result.rows[0]!.counts as number[])].sort()).toEqual([1, 2]);
    expect(result.rows[0]).toMatchObject({ r: [1, 2, 3], s: [2, 4, 6], m: { n: 2 } });
  });

  it('named paths and shortest paths', async () => {
    const path = await runCypher(conn, "MATCH p = (:Repo)-[:CONTAINS*1..2]->(c:Class {name: 'Scientific'}) RETURN length(p) AS len, [n IN nodes(p) | n.name] AS names");
    expect(path.rows).toEqual([{ len: 2, names: ['a2', 'extended', 'Scientific'] }]);
    const shortest = await runCypher(conn, "MATCH p = shortestPath((a:Class {name: 'Scientific'})-[*..4]-(b:Method {name: 'add'})) RETURN length(p) AS len");
    expect(shortest.rows).toEqual([{ len: 2 }]);
  });
});
