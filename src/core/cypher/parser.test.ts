/**
 * @file Parser and lexer of the read-only Cypher subset: pattern shapes, expressions, literals
 * and positions. Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { tokenize } from './lexer.ts';
import type { MatchClause, SingleQuery } from './ast.ts';
import { parseCypher } from './parser.ts';

describe('tokenize', () => {
  it('decodes both quote kinds and escapes, and keeps line:column', () => {
    const tokens = tokenize(`MATCH (n)\n  WHERE n.name = 'it\\'s' OR n.name = "say \\"hi\\"\\n\\u0041"`);
    const strings = tokens.filter((t) => t.kind === 'string');
    expect(strings.map((t) => t.text)).toEqual(["it's", 'say "hi"\nA']);
    expect(strings[0]).toMatchObject({ line: 2, column: 18 });
    expect(tokens.at(-1)?.kind).toBe('eof');
  });

  it('skips comments and reads backticked identifiers and range dots', () => {
    const tokens = tokenize('// note\nMATCH (`my var`)-[:X*1..3]->() /* c */ RETURN 1');
    expect(tokens.map((t) => t.text)).toEqual(['MATCH', '(', 'my var', ')', '-', '[', ':', 'X', '*', '1', '..', '3', ']', '->', '(', ')', 'RETURN', '1', '']);
  });
});

function matchesOf(part: SingleQuery): MatchClause[] {
  return part.clauses.filter((c) => c.kind === 'match');
}

describe('parseCypher', () => {
  it('parses node labels, alternatives, property maps and every relationship direction', () => {
    const ast = parseCypher("MATCH (a:Class|Function {name: 'x'})-[r:USES|:INHERITS]->(b)<-[:CONTAINS]-(c)-[:SIMILAR]-(d) RETURN a");
    const path = matchesOf(ast.parts[0])[0].patterns[0];
    expect(path.start).toMatchObject({ variable: 'a', labels: ['Class', 'Function'] });
    expect(path.start.properties[0]).toMatchObject({ key: 'name', value: { kind: 'literal', value: 'x' } });
    expect(path.steps.map((s) => [s.rel.types, s.rel.direction, s.node.variable])).toEqual([
      [['USES', 'INHERITS'], 'out', 'b'],
      [['CONTAINS'], 'in', 'c'],
      [['SIMILAR'], 'both', 'd'],
    ]);
    expect(path.steps[0].rel.variable).toBe('r');
  });

  it('reads variable-length bounds: *, *n, *a..b, *..b, *a..', () => {
    const bounds = ['*', '*2', '*1..3', '*..4', '*3..'].map((range) => {
      const ast = parseCypher(`MATCH (a)-[:CONTAINS${range}]->(b) RETURN b`);
      return matchesOf(ast.parts[0])[0].patterns[0].steps[0].rel.varLength;
    });
    expect(bounds).toEqual([
      { min: 1, max: 5 },
      { min: 2, max: 2 },
      { min: 1, max: 3 },
      { min: 1, max: 4 },
      { min: 3, max: 5 },
    ]);
  });

  it('gives AND precedence over OR and keeps source text for column names', () => {
    const ast = parseCypher("MATCH (n) WHERE n.name = 'a' OR n.name = 'b' AND NOT n.kind IS NULL RETURN n.name, count(DISTINCT n) AS c");
    const where = matchesOf(ast.parts[0])[0].where;
    expect(where).toMatchObject({ kind: 'binary', op: 'OR', right: { kind: 'binary', op: 'AND', right: { kind: 'unary', op: 'NOT', operand: { kind: 'isNull' } } } });
    expect(ast.parts[0].projection.items.map((i) => [i.expr.text, i.alias])).toEqual([
      ['n.name', null],
      ['count(DISTINCT n)', 'c'],
    ]);
    expect(ast.parts[0].projection.items[1].expr).toMatchObject({ kind: 'call', distinct: true });
  });

  it('parses OPTIONAL MATCH, ORDER BY, SKIP, LIMIT and UNION ALL', () => {
    const ast = parseCypher('MATCH (a) OPTIONAL MATCH (a)-[:USES]->(b) RETURN DISTINCT b.name ORDER BY b.name DESC SKIP 1 LIMIT 2 UNION ALL MATCH (c) RETURN c.name;');
    expect(ast.parts).toHaveLength(2);
    expect(ast.unionAll).toEqual([true]);
    const first = ast.parts[0];
    expect(matchesOf(first).map((m) => m.optional)).toEqual([false, true]);
    expect(first.projection).toMatchObject({ distinct: true, skip: { value: 1 }, limit: { value: 2 } });
    expect(first.projection.orderBy[0].descending).toBe(true);
  });

  it('reads keywords in any case', () => {
    const ast = parseCypher("match (n:Class) where n.name starts with 'C' and n.docstring is not null return distinct n.name as name order by name desc limit 1");
    expect(ast.parts[0].projection).toMatchObject({ distinct: true, limit: { value: 1 }, items: [{ alias: 'name' }] });
    expect(matchesOf(ast.parts[0])[0].where).toMatchObject({ op: 'AND', left: { op: 'STARTS WITH' }, right: { kind: 'isNull', negated: true } });
  });

  it('parses every comparison and string operator', () => {
    const ops = ['=', '<>', '<', '>', '<=', '>=', '=~', 'IN', 'CONTAINS', 'STARTS WITH', 'ENDS WITH'];
    for (const op of ops) {
      const right = op === 'IN' ? "['x']" : "'x'";
      const where = matchesOf(parseCypher(`MATCH (n) WHERE n.name ${op} ${right} RETURN n`).parts[0])[0].where;
      expect(where).toMatchObject({ kind: 'binary', op });
    }
  });

  it('parses WITH, UNWIND, CASE, parameters, subqueries, comprehensions and shortest paths', () => {
    const ast = parseCypher('UNWIND $names AS name MATCH (c:Class {name: name}) WITH DISTINCT c, count(*) AS k ORDER BY k DESC LIMIT $n WHERE k > 1 RETURN c.name, CASE WHEN k > 2 THEN 1 ELSE 0 END AS big');
    const [unwind, match, withClause] = ast.parts[0].clauses;
    expect(unwind).toMatchObject({ kind: 'unwind', variable: 'name', list: { kind: 'param', name: 'names' } });
    expect(match).toMatchObject({ kind: 'match' });
    expect(withClause).toMatchObject({ kind: 'with', projection: { distinct: true, limit: { kind: 'param', name: 'n' } }, where: { op: '>' } });
    expect(ast.parts[0].projection.items[1].expr).toMatchObject({ kind: 'case', subject: null, whens: [{ when: { op: '>' } }] });
    const where = (condition: string) => matchesOf(parseCypher(`MATCH (m) WHERE ${condition} RETURN m`).parts[0])[0].where;
    expect(where('NOT (m)-[:CONTAINS]->(:Class)')).toMatchObject({ kind: 'unary', operand: { kind: 'pattern' } });
    expect(where('(m.start_line) - (m.end_line) > 3')).toMatchObject({ kind: 'binary', op: '>', left: { kind: 'binary', op: '-' } });
    expect(where('EXISTS { MATCH (m)-->(x) WHERE x.name = "a" }')).toMatchObject({ kind: 'subquery', mode: 'exists' });
    expect(where('COUNT { (m)-->() } > 2')).toMatchObject({ left: { kind: 'subquery', mode: 'count' } });
    expect(where('m:Class|Function')).toMatchObject({ kind: 'labelTest', labels: ['Class', 'Function'] });
    expect(where('size([(m)-[:HAS_METHOD]->(x) WHERE x.name STARTS WITH "_" | x.name]) > 0')).toMatchObject({ left: { args: [{ kind: 'patternComp' }] } });
    expect(where('any(x IN [1, 2] WHERE x = 1)')).toMatchObject({ kind: 'quantifier', fn: 'any' });
    expect(where('[x IN [1, 2] WHERE x > 1 | x * 2][0] = 4')).toMatchObject({ left: { kind: 'index', object: { kind: 'listComp' } } });
    const path = matchesOf(parseCypher('MATCH p = shortestPath((a)-[:USES*..6]-(b)) RETURN p').parts[0])[0].patterns[0];
    expect(path).toMatchObject({ name: 'p', shortest: 'one', steps: [{ rel: { varLength: { min: 1, max: 6 } } }] });
  });

  it('bounds nesting instead of overflowing the stack', () => {
    const deep = `MATCH (n) WHERE ${'('.repeat(5000)}1${')'.repeat(5000)} = 1 RETURN n`;
    expect(() => parseCypher(deep)).toThrow(/nested too deeply/);
    expect(() => parseCypher(`MATCH (n) WHERE ${'NOT '.repeat(5000)}TRUE RETURN n`)).toThrow(/nested too deeply/);
    expect(() => parseCypher(`MATCH (n) RETURN ${'- '.repeat(5000)}1`)).toThrow(/nested too deeply/);
    const long = `MATCH (n) WHERE ${Array.from({ length: 2000 }, (_, i) => `n.start_line <> ${i}`).join(' AND ')} RETURN n`;
    expect(matchesOf(parseCypher(long).parts[0])[0].where?.kind).toBe('binary');
  });
});
