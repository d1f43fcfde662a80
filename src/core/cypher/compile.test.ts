/**
 * @file Cypher compiler without a database: errors (write clauses, unsupported constructs,
 * unknown names) with their line:column, and every compiled query passing the read-only SQL
 * guard. Query results are checked against real duckdb-wasm in test/cypher/.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { nodesOverSql } from '../store/schema.ts';
import { assertReadOnlySql } from '../store/sqlGuard.ts';
import { compileCypher } from './compile.ts';

function errorOf(query: string): AppError {
  try {
    compileCypher(query);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`compiled without error: ${query}`);
}

describe('write clauses are rejected with their position', () => {
  it.each([
    ["CREATE (n:Class {name: 'x'})", 'CREATE is not supported (read-only Cypher) at 1:1'],
    ["MERGE (n:Class {name: 'x'})", 'MERGE is not supported (read-only Cypher) at 1:1'],
    ['MATCH (n)\nDELETE n', 'DELETE is not supported (read-only Cypher) at 2:1'],
    ['MATCH (n) DETACH DELETE n', 'DETACH is not supported (read-only Cypher) at 1:11'],
    ["MATCH (n) WHERE n.name = 'a' SET n.name = 'b'", 'SET is not supported (read-only Cypher) at 1:30'],
    ['MATCH (n) REMOVE n.name', 'REMOVE is not supported (read-only Cypher) at 1:11'],
    ['CALL db.labels()', 'CALL is not supported (read-only Cypher) at 1:1'],
    ["LOAD CSV FROM 'file:///x.csv' AS row RETURN row", 'LOAD CSV is not supported (read-only Cypher) at 1:1'],
    ['MATCH (n)\n  FOREACH (x IN [1] | SET n.name = x)', 'FOREACH is not supported (read-only Cypher) at 2:3'],
    ['MATCH (n) RETURN n UNION CREATE (m)', 'CREATE is not supported (read-only Cypher) at 1:26'],
  ])('%s', (query, message) => {
    const error = errorOf(query);
    expect(error.code).toBe('INPUT_INVALID');
    expect(error.message).toBe(message);
  });
});

describe('unsupported constructs and unknown names name themselves and their position', () => {
  it.each([
    ['UNWIND [1] AS x WITH count(*) AS n RETURN n, *', "Unexpected '*', expected an expression at 1:46"],
    ['RETURN *', 'RETURN * needs a variable in scope at 1:8'],
    ['MATCH (n) WHERE n.name = $name RETURN n', 'Missing parameter $name (give it in the parameters JSON object) at 1:26'],
    ['MATCH (n) WITH n.name RETURN n', "Expression 'n.name' in WITH must be aliased (use AS) at 1:16"],
    ['MATCH p = (a)-[:USES]->(b) RETURN nodes(a)', 'nodes() takes a path variable (MATCH p = ...) at 1:35'],
    ['MATCH p = shortestPath((a)-[:USES*2..4]->(b)) RETURN p', 'Shortest paths start at length 1 (use *..N or *1..N) at 1:27'],
    ['MATCH (n) WHERE n:Klass RETURN n', 'Unknown label :Klass (labels: Repo, Module, Class, Function, Method, Field, GlobalVariable) at 1:17'],
    ['UNWIND [1] AS x WITH x UNWIND [2] AS x RETURN x', 'Variable `x` is already bound at 1:24'],
    ['MATCH (n:Class:Function) RETURN n', 'Multiple labels on one node (:A:B) are not supported; every node has one label at 1:15'],
    ["MATCH (n:Class) RETURN n.nam", "Unknown node property 'nam' (node properties: id, kind, name, qualified_name, module_name, class_name, file_path, start_line, end_line, signature, code, docstring, description, member_descriptions, requirement, language, local_name, import_name, class) at 1:26"],
    ["MATCH (n:Class {title: 'x'}) RETURN n", "Unknown node property 'title'"],
    ["MATCH (a)-[r:USES]->(b) WHERE r.weight > 1 RETURN b", "Unknown relationship property 'weight' (relationship properties: src, dst, type, detail) at 1:33"],
    ['MATCH (n:Klass) RETURN n', 'Unknown label :Klass (labels: Repo, Module, Class, Function, Method, Field, GlobalVariable, Requirement) at 1:7'],
    ['MATCH (a)-[:CALLS]->(b) RETURN b', 'Unknown relationship type :CALLS'],
    ['MATCH (n) RETURN m.name', 'Variable `m` is not defined at 1:18'],
    ['MATCH (n) RETURN n.name, n.name', "Column name 'n.name' is returned twice (use AS) at 1:26"],
    ['MATCH (a) RETURN a.name AS x UNION MATCH (b) RETURN b.name AS y', 'All UNION branches must return the same column names in the same order (got x and y) at 1:36'],
    ['MATCH (a) RETURN a.name AS x UNION MATCH (b) RETURN b.name AS x UNION ALL MATCH (c) RETURN c.name AS x', 'Mixing UNION and UNION ALL is not supported'],
    ['MATCH (a)-[:CONTAINS*1..20]->(b) RETURN b', 'Variable-length paths longer than 10 are not supported (got *..20) at 1:21'],
    ['MATCH p = shortestPath((a)-[:USES*0..4]->(b)) RETURN p', 'Shortest paths start at length 1 (use *..N or *1..N) at 1:27'],
    ['MATCH (n) WHERE count(n) > 1 RETURN n', 'Aggregates are not allowed in WHERE at 1:17'],
    ['MATCH (n) RETURN shortestPath(n)', 'Function shortestPath() is not supported at 1:18'],
    ['MATCH (n) RETURN type(n)', 'type() takes a relationship variable at 1:18'],
    ["MATCH (n) WHERE n.name = 'abc RETURN n", 'Unterminated string at 1:26'],
    ['MATCH (n) RETURN n.', 'Unexpected end of query, expected a property name after . at 1:20'],
    ['OPTIONAL MATCH (n) RETURN n', 'A query starting with OPTIONAL MATCH is not supported at 1:1'],
    ['RETURN n', 'Variable `n` is not defined at 1:8'],
    ['MATCH (n) RETURN n LIMIT 2 LIMIT 3', "Unexpected 'LIMIT' after RETURN at 1:28"],
    ['MATCH (n) RETURN n # x', "Unexpected character '#' at 1:20"],
  ])('%s', (query, message) => {
    const error = errorOf(query);
    expect(error.code).toBe('INPUT_INVALID');
    expect(error.message.slice(0, message.length)).toBe(message);
  });
});

describe('compiled SQL', () => {
  const queries = [
    "MATCH (r:Repo)-[:CONTAINS]->(m:Module {name: 'database'})-[:CONTAINS]->(c:Class) RETURN c.name, c.code",
    "MATCH (m:Module {name: 'tests.test_renderables'})-[:CONTAINS]->(f:Function {name: 'test_renderables'}) OPTIONAL MATCH (f)-[:USES]->(dep) RETURN DISTINCT dep.name AS name, dep.signature AS signature, dep.code AS code",
    "MATCH (r:Repo {name: 'x'})-[:CONTAINS]->(m:Module)-[:CONTAINS]->(c:Class {name: 'A'})-[:HAS_METHOD]->(method {name: '__call__'})-[:USES]->(dep) RETURN DISTINCT dep, labels(dep) as label UNION MATCH (c:Class {name: 'B'}) RETURN DISTINCT c as dep, labels(c) as label",
    "MATCH (a)-[:CONTAINS*]->(b)<-[:USES*2]-(c)-[:INHERITS*..3]-(d) WHERE b.name =~ 'load.*' RETURN d.name ORDER BY d.name SKIP 1 LIMIT 5",
    "MATCH (n) WHERE n.code CONTAINS 'DELETE FROM; DROP TABLE x' RETURN n.name AS `set`",
  ];

  it.each(queries)('is one read-only statement: %s', (query) => {
    const { sql } = compileCypher(query);
    expect(assertReadOnlySql(sql)).toBe(sql);
    expect(sql).toMatch(/^(SELECT|WITH RECURSIVE) /);
  });

  it('seeds a variable-length walk from the constrained end', () => {
    // A name with a label reads the start nodes by name (nameTable in emitMatch.ts).
    const byName = (name: string) => `(${nodesOverSql(`(SELECT * FROM node_rows WHERE name = '${name}' LIMIT 9223372036854775807)`)}) AS seed`;
    expect(compileCypher("MATCH (:Repo {name: 'a2'})-[:CONTAINS*1..2]->(x) RETURN x").sql).toContain(
      `WHERE a IN (SELECT id FROM ${byName('a2')} WHERE kind IN ('Repo') AND name = 'a2')`,
    );
    const reversed = compileCypher("MATCH (x)-[:CONTAINS*1..2]->(:Class {name: 'C'}) RETURN x").sql;
    expect(reversed).toContain(`WHERE a IN (SELECT id FROM ${byName('C')} WHERE kind IN ('Class') AND name = 'C')`);
    expect(compileCypher('MATCH (:Class)-[:INHERITS*1..2]->(x) RETURN x').sql).toContain("WHERE a IN (SELECT id FROM nodes WHERE kind IN ('Class'))");
    expect(reversed).toContain('SELECT b AS a, a AS b, depth, eids FROM vl');
  });

  it('names columns by alias or by the item text', () => {
    expect(compileCypher("MATCH (c:Class)-[:HAS_METHOD]->(m) RETURN c.name, count(m) AS n, collect(m.name), labels(c)").columns).toEqual([
      'c.name',
      'n',
      'collect(m.name)',
      'labels(c)',
    ]);
  });

  it('maps the A.8 property `class` to class_name and escapes string literals', () => {
    const { sql } = compileCypher("MATCH (m:Method {class: 'O\\'Brien'}) RETURN m.class");
    expect(sql).toContain("class_name = 'O''Brien'");
    expect(sql).toContain('.class_name AS "m.class"');
  });
});
