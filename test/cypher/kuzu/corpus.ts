/**
 * @file The Kuzu differential corpus: read-only Cypher as people and LLMs write it, run on both
 * graphs (the demo repo and apache-arrow's TypeScript sources) or on one of them. `kuzu` is the
 * same query in Kuzu's dialect where they differ (label(x) for labels(x) and type(r), no
 * `x:Label` in WHERE, `[* SHORTEST 1..n]` for shortestPath, 1-based substring, no pattern
 * comprehension); every variable-length relationship goes to Kuzu as a trail (`* TRAIL`, see
 * compare.ts). Queries whose final RETURN has ORDER BY, or marked `ordered`, are compared in
 * order (their ORDER BY is total), the rest as multisets. Runs in: Node (vitest).
 */

export interface CorpusQuery {
  q: string;
  /** The same query in Kuzu's dialect, when it differs. */
  kuzu?: string;
  /** Which graph(s) it runs on (default both). */
  graph?: 'demo' | 'arrow';
  params?: Record<string, unknown>;
  /** Compare list values as multisets (collect() order is not defined). */
  unorderedLists?: boolean;
  /** Compare as a multiset although the final RETURN has an ORDER BY (ties). */
  unordered?: boolean;
  /** Compare in order although the final RETURN has no ORDER BY: a WITH ... ORDER BY (or UNWIND) before it fixes the order. */
  ordered?: boolean;
  /** An empty result is the right answer (otherwise the suite requires rows). */
  empty?: boolean;
}

const both = (q: string, extra: Omit<CorpusQuery, 'q'> = {}): CorpusQuery => ({ q, ...extra });
const demo = (q: string, extra: Omit<CorpusQuery, 'q' | 'graph'> = {}): CorpusQuery => ({ q, graph: 'demo', ...extra });
const arrow = (q: string, extra: Omit<CorpusQuery, 'q' | 'graph'> = {}): CorpusQuery => ({ q, graph: 'arrow', ...extra });

/** Lookups, joins, OPTIONAL MATCH, UNION, string predicates: what the compiler answered before. */
const BASICS: CorpusQuery[] = [
  both('MATCH (n) RETURN count(*) AS n'),
  both('MATCH (c:Class) RETURN c.name, c.file_path'),
  both('MATCH (m:Module)-[:CONTAINS]->(c:Class) RETURN m.name, c.name'),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m:Method) RETURN c.name AS cls, count(m) AS methods ORDER BY methods DESC, cls ASC LIMIT 10'),
  both("MATCH (f:Function) WHERE f.name STARTS WITH '_' RETURN f.name, f.module_name"),
  demo("MATCH (n) WHERE n.name CONTAINS 'Error' RETURN n.kind, n.name"),
  arrow("MATCH (n) WHERE n.name CONTAINS 'Reader' RETURN n.kind, n.name"),
  both("MATCH (n:Method) WHERE n.name ENDS WITH 'e' RETURN count(*) AS k"),
  both('MATCH (a)-[:USES]->(b) RETURN count(*) AS uses'),
  both('MATCH (a)-[:INHERITS]->(b) RETURN a.name AS child, b.name AS parent'),
  both('MATCH (a:Class)-[:INHERITS]->(b:Class)-[:INHERITS]->(c:Class) RETURN a.name, b.name, c.name'),
  both('MATCH (c:Class) OPTIONAL MATCH (c)-[:INHERITS]->(p) RETURN c.name, p.name'),
  both('MATCH (c:Class) OPTIONAL MATCH (c)-[:HAS_FIELD]->(f:Field) RETURN c.name, count(f) AS fields'),
  both('MATCH (m:Module) RETURN m.name AS name UNION MATCH (c:Class) RETURN c.name AS name'),
  both('MATCH (m:Module) RETURN m.kind AS k UNION ALL MATCH (c:Class) RETURN c.kind AS k'),
  both('MATCH (a)-[:USES]->(b:Field) RETURN DISTINCT b.name'),
  both('MATCH (f:Function)-[:USES]->(g:Function) RETURN f.name, g.name'),
  both('MATCH (a)-[:CONTAINS*1..3]->(b:Class) RETURN count(*) AS k'),
  both('MATCH (r:Repo)-[:CONTAINS*1..4]->(m:Method) RETURN count(m) AS k'),
  both('MATCH (c:Class)-[:INHERITS*1..3]->(p:Class) RETURN c.name, p.name'),
  both('MATCH (a:Function)-[:USES*1..2]->(b) RETURN a.name, count(*) AS walks'),
  both('MATCH (a:Method)-[:USES*2]->(b:Class) RETURN count(*) AS k'),
  both('MATCH (a)-[:USES]-(b:Class) RETURN count(*) AS k'),
  both('MATCH (a:Class)-[:INHERITS*1..2]-(b:Class) RETURN count(*) AS k'),
  both('MATCH (a:Class)-[r]->(b) RETURN type(r) AS t, count(*) AS n ORDER BY t', { kuzu: 'MATCH (a:Class)-[r]->(b) RETURN label(r) AS t, count(*) AS n ORDER BY t' }),
  both('MATCH (n) RETURN labels(n) AS l, count(*) AS n', { kuzu: 'MATCH (n) RETURN [label(n)] AS l, count(*) AS n' }),
  both('MATCH (m:Method) WHERE m.start_line > 50 AND m.end_line - m.start_line >= 8 RETURN m.name, m.start_line, m.end_line'),
  both("MATCH (n:Class) WHERE n.name =~ '[A-C].*' RETURN n.name"),
  both('MATCH (n:Function) WHERE n.docstring IS NULL RETURN count(*) AS k'),
  both('MATCH (n:Class) RETURN n.name ORDER BY n.name DESC, n.id LIMIT 5', { kuzu: 'MATCH (n:Class) RETURN n.name ORDER BY n.name DESC, n.id LIMIT 5' }),
  both('MATCH (n:Class) RETURN n.name AS name, n.id AS id ORDER BY name, id SKIP 3 LIMIT 4'),
  both("MATCH (n) WHERE n.kind IN ['Class', 'Function'] RETURN n.kind, count(*) AS k"),
  both('MATCH (a)-[:HAS_METHOD]->(m), (a)-[:HAS_FIELD]->(f) RETURN count(*) AS pairs'),
  both('MATCH (m:Module)-[:IMPORTS]->(x) RETURN m.name, count(x) AS imports'),
  both('MATCH (c:Class) RETURN min(c.start_line) AS lo, max(c.end_line) AS hi, sum(c.end_line - c.start_line) AS total, avg(c.start_line) AS mean'),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) RETURN c.name, collect(m.name) AS methods', { unorderedLists: true }),
  both('MATCH (m:Method) RETURN count(DISTINCT m.name) AS names'),
  both('MATCH (a)-[e:USES]->(b) WHERE e.detail IS NOT NULL RETURN count(*) AS k'),
  both('MATCH (c:Class) RETURN c', { unordered: true }),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) RETURN DISTINCT c'),
  both("MATCH (n) WHERE n.name = 'zzz_missing' RETURN n", { empty: true }),
  arrow('MATCH (a)-[:USES]->(a) RETURN a.name'),
  both('MATCH (a:Class), (b:Module) WHERE a.module_name = b.name RETURN count(*) AS k'),
];

/** WITH in every form. */
const WITH: CorpusQuery[] = [
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, count(m) AS n WHERE n > 3 RETURN c.name, n'),
  arrow('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, count(m) AS n WHERE n > 20 RETURN c.name, n'),
  both('MATCH (a)-[:INHERITS]->(b) WITH DISTINCT b RETURN b.name'),
  both('MATCH (f)-[:USES]->(x) WITH f, count(x) AS k ORDER BY k DESC, f.id LIMIT 5 RETURN f.name, k', { ordered: true }),
  both('MATCH (f)-[:USES]->(x) WITH f, count(x) AS k ORDER BY k DESC, f.id LIMIT 5 RETURN f.name, k ORDER BY k DESC, f.name'),
  both('MATCH (m:Module) WITH m MATCH (m)-[:CONTAINS]->(c:Class) RETURN m.name, c.name'),
  both('MATCH (m:Module)-[:CONTAINS]->(c:Class) WITH m, count(c) AS classes WHERE classes >= 2 MATCH (m)-[:CONTAINS]->(f:Function) RETURN m.name, classes, count(f) AS functions'),
  both('MATCH (c:Class) WITH c.name AS name RETURN name'),
  both('MATCH (c:Class) WITH c.name AS name, c.start_line AS line WHERE line > 10 RETURN name ORDER BY name, line'),
  both('MATCH (c:Class) WITH count(*) AS classes MATCH (f:Function) RETURN classes, count(f) AS functions'),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, collect(m) AS ms RETURN c.name, size(ms) AS n'),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, collect(m) AS ms UNWIND ms AS m2 RETURN c.name, m2.name'),
  both('MATCH (c:Class) WITH c ORDER BY c.name, c.id LIMIT 3 RETURN c.name', { ordered: true }),
  both('MATCH (c:Class) WITH c ORDER BY c.name DESC, c.id SKIP 2 LIMIT 3 MATCH (c)-[:HAS_METHOD]->(m) RETURN c.name, count(m) AS n'),
  both('MATCH (a)-[:USES]->(b) WITH b, count(*) AS uses WITH max(uses) AS top MATCH (x)-[:USES]->(y) WITH y, count(*) AS u, top WHERE u = top RETURN y.name, u'),
  both('MATCH (m:Method) WITH m.name AS name, count(*) AS k WHERE k > 1 RETURN name, k ORDER BY k DESC, name LIMIT 10'),
  both('MATCH (c:Class) OPTIONAL MATCH (c)-[:HAS_METHOD]->(m) WITH c, count(m) AS n WHERE n = 0 RETURN c.name'),
  both('MATCH (c:Class) WITH c, c.end_line - c.start_line AS size WHERE size > 50 RETURN c.name, size'),
  both('MATCH (a:Class)-[:INHERITS]->(b:Class) WITH a, b MATCH (b)-[:HAS_METHOD]->(m) RETURN a.name, count(m) AS inherited'),
  both('MATCH (c:Class) WITH c MATCH (c)<-[:CONTAINS]-(m:Module) WITH m, count(c) AS n RETURN sum(n) AS total'),
  both('MATCH (n) WITH n.kind AS kind, count(*) AS k RETURN kind, k ORDER BY k DESC, kind'),
  both('MATCH (c:Class) WITH DISTINCT c.module_name AS module RETURN count(module) AS modules'),
  both('MATCH (c:Class) WITH * MATCH (c)-[:HAS_FIELD]->(f) RETURN c.name, f.name'),
  both('MATCH (f:Function) WITH f.name AS name, f.start_line AS line ORDER BY line DESC, name LIMIT 4 RETURN name, line ORDER BY line DESC, name'),
  both('MATCH (m:Module)-[:CONTAINS]->(x) WITH m, collect(DISTINCT x.kind) AS kinds RETURN m.name, kinds', { unorderedLists: true }),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c.name AS cls, m.name AS method WHERE method STARTS WITH cls RETURN cls, method', { empty: true }),
  both('MATCH (a)-[:USES]->(b) WITH a, b WHERE a.kind = b.kind RETURN a.kind, count(*) AS k'),
  both('MATCH (c:Class) WITH c.name AS name, size(c.name) AS len ORDER BY len DESC, name LIMIT 3 RETURN name, len', { ordered: true }),
];

/**
 * The order a WITH ... ORDER BY gives its rows, kept to the end where nothing reorders them (and
 * into collect()). Kuzu's DISTINCT reorders, and its UNWIND after an ordered WITH yields element
 * by element across the rows: those are compared as multisets, their order in
 * test/cypher/rowOrder.test.ts.
 */
const ROW_ORDER: CorpusQuery[] = [
  both('MATCH (f:Function)<-[:USES]-(x) WITH f, count(x) AS k ORDER BY k DESC, f.qualified_name LIMIT 7 RETURN f.name, k', { ordered: true }),
  both('MATCH (c:Class) WITH c ORDER BY c.qualified_name DESC, c.name DESC LIMIT 6 RETURN c.name', { ordered: true }),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, count(m) AS n ORDER BY n DESC, c.qualified_name, c.name LIMIT 5 MATCH (c)<-[:CONTAINS]-(mod) RETURN c.name, n, mod.name', { ordered: true }),
  both('MATCH (c:Class) WITH c ORDER BY c.qualified_name, c.name SKIP 3 LIMIT 5 WITH c, c.name AS n WHERE n <> "x" RETURN n', { ordered: true }),
  both('MATCH (c:Class) WITH c ORDER BY c.qualified_name, c.name LIMIT 6 WITH c LIMIT 2 RETURN c.name', { ordered: true }),
  both('MATCH (c:Class) WITH c ORDER BY c.name, c.id LIMIT 5 RETURN c', { ordered: true }),
  both('MATCH (c:Class) WITH c ORDER BY c.qualified_name, c.name LIMIT 8 RETURN collect(c.name) AS names'),
  both('MATCH (c:Class) WITH c ORDER BY c.qualified_name, c.name LIMIT 8 RETURN DISTINCT c.module_name'),
  both('MATCH (c:Class) WITH c ORDER BY c.qualified_name, c.name LIMIT 3 UNWIND [2, 1] AS i RETURN c.name, i'),
  both('UNWIND [3, 1, 2] AS x RETURN x', { ordered: true }),
];

/** Pattern predicates, EXISTS { } and COUNT { }. */
const PREDICATES: CorpusQuery[] = [
  both('MATCH (m:Module) WHERE NOT (m)-[:CONTAINS]->(:Class) RETURN m.name', {
    kuzu: 'MATCH (m:Module) WHERE NOT EXISTS { MATCH (m)-[:CONTAINS]->(:Class) } RETURN m.name',
  }),
  both('MATCH (c:Class) WHERE (c)-[:INHERITS]->(:Class) RETURN c.name', { kuzu: 'MATCH (c:Class) WHERE EXISTS { MATCH (c)-[:INHERITS]->(:Class) } RETURN c.name' }),
  both('MATCH (c:Class) WHERE EXISTS { MATCH (c)-[:HAS_METHOD]->(m) WHERE m.name STARTS WITH "get" } RETURN c.name'),
  both('MATCH (c:Class) WHERE NOT EXISTS { MATCH (c)-[:HAS_METHOD]->() } RETURN c.name'),
  both('MATCH (c:Class) RETURN c.name, COUNT { MATCH (c)-[:HAS_METHOD]->() } AS methods'),
  both('MATCH (c:Class) WHERE COUNT { MATCH (c)-[:HAS_METHOD]->() } > 4 RETURN c.name'),
  both('MATCH (f:Function) WHERE NOT (f)-[:USES]->() AND NOT ()-[:USES]->(f) RETURN f.name', {
    kuzu: 'MATCH (f:Function) WHERE NOT EXISTS { MATCH (f)-[:USES]->() } AND NOT EXISTS { MATCH ()-[:USES]->(f) } RETURN f.name',
  }),
  both('MATCH (c:Class) WHERE EXISTS { MATCH (c)<-[:INHERITS]-(sub:Class) } RETURN c.name, COUNT { MATCH (c)<-[:INHERITS]-(:Class) } AS subclasses'),
  both('MATCH (m:Module) WHERE EXISTS { MATCH (m)-[:CONTAINS]->(c:Class)-[:HAS_METHOD]->(x:Method) } RETURN m.name'),
  both('MATCH (c:Class) WHERE EXISTS { MATCH (c)-[:INHERITS*1..3]->(p:Class) WHERE p.name = "Error" } RETURN c.name', { empty: true }),
  both('MATCH (a)-[:USES]->(b:Class) WHERE (b)-[:HAS_METHOD]->() RETURN count(*) AS k', { kuzu: 'MATCH (a)-[:USES]->(b:Class) WHERE EXISTS { MATCH (b)-[:HAS_METHOD]->() } RETURN count(*) AS k' }),
  both('MATCH (c:Class) WITH c, COUNT { MATCH (c)-[:HAS_FIELD]->() } AS fields WHERE fields > 2 RETURN c.name, fields'),
  both('MATCH (m:Method) WHERE EXISTS { MATCH (m)-[:USES]->(f:Field) } AND NOT EXISTS { MATCH (m)-[:USES]->(:Method) } RETURN count(*) AS k'),
  both('MATCH (c:Class) RETURN c.name, COUNT { MATCH (c)-[:HAS_METHOD]->(m)-[:USES]->(f:Field) } AS field_uses ORDER BY field_uses DESC, c.name LIMIT 5'),
];

/** CASE, label tests, functions, parameters, lists. */
const EXPRESSIONS: CorpusQuery[] = [
  both("MATCH (c:Class) RETURN c.name, CASE WHEN c.end_line - c.start_line > 50 THEN 'big' WHEN c.end_line - c.start_line > 10 THEN 'medium' ELSE 'small' END AS size"),
  both("MATCH (n) RETURN CASE n.kind WHEN 'Class' THEN 1 WHEN 'Method' THEN 2 ELSE 0 END AS code, count(*) AS k"),
  both('MATCH (c:Class) RETURN CASE WHEN c.docstring IS NULL THEN false ELSE true END AS documented, count(*) AS k'),
  both('MATCH (n) WHERE n:Class RETURN n.name', { kuzu: "MATCH (n) WHERE label(n) = 'Class' RETURN n.name" }),
  both('MATCH (n) WHERE n:Function OR n:Method RETURN n.kind, count(*) AS k', { kuzu: "MATCH (n) WHERE label(n) = 'Function' OR label(n) = 'Method' RETURN n.kind, count(*) AS k" }),
  both('MATCH (m:Module)-[:CONTAINS]->(x) WHERE NOT x:Class RETURN x.kind, count(*) AS k', { kuzu: "MATCH (m:Module)-[:CONTAINS]->(x) WHERE NOT label(x) = 'Class' RETURN x.kind, count(*) AS k" }),
  both('MATCH (a)-[:USES]->(b) WHERE b:Class|Function RETURN count(*) AS k', { kuzu: "MATCH (a)-[:USES]->(b) WHERE label(b) IN ['Class', 'Function'] RETURN count(*) AS k" }),
  both('MATCH (c:Class) RETURN toUpper(c.name) AS up, toLower(c.name) AS low'),
  both('MATCH (c:Class) RETURN substring(c.name, 0, 3) AS prefix, count(*) AS k', { kuzu: 'MATCH (c:Class) RETURN substring(c.name, 1, 3) AS prefix, count(*) AS k' }),
  both('MATCH (c:Class) RETURN substring(c.name, 2, 4) AS mid', { kuzu: 'MATCH (c:Class) RETURN substring(c.name, 3, 4) AS mid' }),
  both("MATCH (m:Module) RETURN m.name, split(m.name, '.') AS parts", { kuzu: "MATCH (m:Module) RETURN m.name, string_split(m.name, '.') AS parts" }),
  both("MATCH (m:Module) RETURN size(split(m.name, '.')) AS depth, count(*) AS k", { kuzu: "MATCH (m:Module) RETURN size(string_split(m.name, '.')) AS depth, count(*) AS k" }),
  both("MATCH (m:Module) RETURN head(split(m.name, '.')) AS top, last(split(m.name, '.')) AS leaf", {
    kuzu: "MATCH (m:Module) RETURN list_extract(string_split(m.name, '.'), 1) AS top, list_extract(string_split(m.name, '.'), -1) AS leaf",
  }),
  both("MATCH (m:Method) RETURN trim(m.name) AS t, ltrim(' x') AS l, rtrim('x ') AS r, trim('  a b  ') AS ab"),
  both('MATCH (c:Class) RETURN c.name, size(c.name) AS len'),
  both('MATCH (c:Class) RETURN abs(c.start_line - c.end_line) AS span, c.name'),
  both('MATCH (c:Class) RETURN round(avg(c.end_line - c.start_line)) AS mean', { kuzu: 'MATCH (c:Class) RETURN round(avg(c.end_line - c.start_line), 0) AS mean' }),
  both('MATCH (c:Class) RETURN round(avg(c.end_line - c.start_line), 2) AS mean'),
  both('MATCH (c:Class) RETURN c.end_line / 10 AS tens, c.end_line % 10 AS ones, c.name'),
  both('MATCH (c:Class) RETURN c.end_line / 4.0 AS quarter, c.name'),
  both('MATCH (c:Class) RETURN toString(c.start_line) + ":" + c.name AS tag', { kuzu: 'MATCH (c:Class) RETURN CAST(c.start_line AS STRING) + ":" + c.name AS tag' }),
  both("MATCH (c:Class) RETURN c.name + '@' + c.module_name AS place"),
  both('MATCH (c:Class) RETURN coalesce(c.docstring, c.signature, c.name) AS text'),
  both('RETURN range(1, 5) AS r, range(0, 10, 3) AS s, range(5, 1, -2) AS t'),
  both('RETURN abs(-3) AS a, round(2.567, 1) AS b, toUpper("x") AS c, size([1, 2, 3]) AS d, head([4, 5]) AS e, last([4, 5]) AS f', {
    kuzu: 'RETURN abs(-3) AS a, round(2.567, 1) AS b, toUpper("x") AS c, size([1, 2, 3]) AS d, list_extract([4, 5], 1) AS e, list_extract([4, 5], -1) AS f',
  }),
  both("RETURN left('hello', 2) AS l, right('hello', 3) AS r, replace('a-b-c', '-', '+') AS rep, reverse('abc') AS rev", {
    kuzu: "RETURN left('hello', 2) AS l, right('hello', 3) AS r, regexp_replace('a-b-c', '-', '+', 'g') AS rep, reverse('abc') AS rev",
  }),
  both("RETURN toInteger('42') AS i, toFloat('1.5') AS f, toInteger(3.9) AS t, toString(7) AS s", { kuzu: "RETURN to_int64('42') AS i, to_double('1.5') AS f, to_int64(floor(3.9)) AS t, to_string(7) AS s" }),
  both('RETURN 7 / 2 AS a, -7 / 2 AS b, 7 % 3 AS c, 7.0 / 2 AS d, 2 * 3 + 1 AS e'),
  both('RETURN 2 ^ 3 AS p, 2 * 3 ^ 2 AS q, true XOR false AS x, true XOR true AS y'),
  both("MATCH (c:Class) WHERE c.name STARTS WITH 'C' XOR c.start_line < 20 RETURN c.name"),
  both('RETURN [1, 2, 3][0] AS first, [1, 2, 3][-1] AS last, [1, 2, 3, 4][1..3] AS mid, size([1, 2, 3][1..]) AS rest', { kuzu: 'RETURN [1, 2, 3][1] AS first, [1, 2, 3][3] AS last, [1, 2, 3, 4][2:3] AS mid, size([1, 2, 3][2:3]) AS rest' }),
  demo('MATCH (c:Class {name: $name}) RETURN c.name, c.file_path', { params: { name: 'Money' }, kuzu: "MATCH (c:Class {name: 'Money'}) RETURN c.name, c.file_path" }),
  arrow('MATCH (c:Class {name: $name})-[:HAS_METHOD]->(m) RETURN c.name, count(m) AS n', { params: { name: 'Vector' }, kuzu: "MATCH (c:Class {name: 'Vector'})-[:HAS_METHOD]->(m) RETURN c.name, count(m) AS n" }),
  both('MATCH (c:Class) WHERE c.name IN $names RETURN c.name', { params: { names: ['Money', 'Cart', 'Vector', 'Table'] }, kuzu: "MATCH (c:Class) WHERE c.name IN ['Money', 'Cart', 'Vector', 'Table'] RETURN c.name" }),
  both('MATCH (c:Class) WHERE c.end_line - c.start_line > $min RETURN c.name ORDER BY c.name, c.id LIMIT $limit', { params: { min: 30, limit: 5 }, kuzu: 'MATCH (c:Class) WHERE c.end_line - c.start_line > 30 RETURN c.name ORDER BY c.name, c.id LIMIT 5' }),
  both("MATCH (m:Module) WHERE m.name STARTS WITH $prefix RETURN count(*) AS k", { params: { prefix: 'shopkit.pricing' }, kuzu: "MATCH (m:Module) WHERE m.name STARTS WITH 'shopkit.pricing' RETURN count(*) AS k" }),
  both('RETURN [x IN range(1, 10) WHERE x % 2 = 0 | x * x] AS squares', { kuzu: 'RETURN list_transform(list_filter(range(1, 10), x -> x % 2 = 0), x -> x * x) AS squares' }),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, collect(m.name) AS ms RETURN c.name, [x IN ms WHERE x STARTS WITH "get"] AS getters', { unorderedLists: true, kuzu: 'MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, collect(m.name) AS ms RETURN c.name, list_filter(ms, x -> starts_with(x, "get")) AS getters' }),
  both('MATCH (c:Class) RETURN c.name, size([(c)-[:HAS_METHOD]->(m) | m]) AS methods', { kuzu: 'MATCH (c:Class) RETURN c.name, COUNT { MATCH (c)-[:HAS_METHOD]->(m) } AS methods' }),
  both("MATCH (c:Class) RETURN c.name, size([(c)-[:HAS_METHOD]->(m) WHERE m.name STARTS WITH '_' | m.name]) AS private", { kuzu: "MATCH (c:Class) RETURN c.name, COUNT { MATCH (c)-[:HAS_METHOD]->(m) WHERE m.name STARTS WITH '_' } AS private" }),
  arrow('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, collect(m.name) AS ms WHERE any(x IN ms WHERE x = "toString") RETURN c.name'),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, collect(m.start_line) AS lines WHERE all(x IN lines WHERE x > c.start_line) RETURN count(c) AS k'),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, collect(m.name) AS ms WHERE none(x IN ms WHERE x STARTS WITH "_") RETURN count(*) AS k'),
  both("RETURN single(x IN [1, 2, 3] WHERE x > 2) AS one, any(x IN [] WHERE x > 0) AS none_any", { kuzu: 'RETURN single(x IN [1, 2, 3] WHERE x > 2) AS one, any(x IN CAST([], "INT64[]") WHERE x > 0) AS none_any' }),
  both('MATCH (c:Class) RETURN keys(c) AS k LIMIT 1', { kuzu: 'RETURN ["class_name", "code", "description", "docstring", "end_line", "file_path", "id", "import_name", "kind", "language", "local_name", "member_descriptions", "module_name", "name", "qualified_name", "requirement", "signature", "start_line"] AS k', unorderedLists: true, unordered: true }),
  both('MATCH (c:Class) WITH c ORDER BY c.id LIMIT 1 RETURN properties(c).name AS name, properties(c).kind AS kind', { kuzu: 'MATCH (c:Class) WITH c ORDER BY c.id LIMIT 1 RETURN c.name AS name, c.kind AS kind' }),
  both('UNWIND [3, 1, 2] AS x RETURN x ORDER BY x'),
  both("UNWIND ['Class', 'Function'] AS kind MATCH (n) WHERE n.kind = kind RETURN kind, count(n) AS k"),
  both('MATCH (m:Module) UNWIND split(m.name, ".") AS part RETURN part, count(*) AS k', { kuzu: 'MATCH (m:Module) UNWIND string_split(m.name, ".") AS part RETURN part, count(*) AS k' }),
  both('UNWIND $names AS name MATCH (c:Class {name: name}) RETURN c.name', { params: { names: ['Money', 'Vector', 'Nope'] }, kuzu: "UNWIND ['Money', 'Vector', 'Nope'] AS name MATCH (c:Class {name: name}) RETURN c.name" }),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, collect(m.name) AS ms UNWIND ms AS name RETURN c.name, name'),
  both('UNWIND [1, 2] AS x UNWIND [10, 20] AS y RETURN x + y AS s'),
  both('WITH 3 AS three UNWIND range(1, three) AS i RETURN sum(i) AS total'),
  both('UNWIND [] AS x RETURN x', { kuzu: 'UNWIND CAST([], "INT64[]") AS x RETURN x', empty: true }),
  both('MATCH (c:Class) RETURN {name: c.name, line: c.start_line} AS info'),
  demo('MATCH (n:Class) WITH n.name AS name WHERE name =~ ".*Error" RETURN name'),
  arrow('MATCH (n:Class) WITH n.name AS name WHERE name =~ ".*Builder" RETURN name'),
  both('MATCH (c:Class) WHERE c.name IN ["Money", "Vector"] OR c.start_line < 5 RETURN c.name'),
];

/** Named paths, length / nodes / relationships, shortest paths. */
const PATHS: CorpusQuery[] = [
  both('MATCH p = (m:Module)-[:CONTAINS]->(c:Class) RETURN length(p) AS len, count(*) AS k'),
  both('MATCH p = (m:Module)-[:CONTAINS]->(c:Class)-[:HAS_METHOD]->(x) RETURN length(p) AS len, [n IN nodes(p) | n.name] AS names', {
    kuzu: 'MATCH p = (m:Module)-[:CONTAINS]->(c:Class)-[:HAS_METHOD]->(x) RETURN length(p) AS len, [m.name, c.name, x.name] AS names',
  }),
  both('MATCH p = (r:Repo)-[:CONTAINS*1..3]->(c:Class) RETURN length(p) AS len, count(*) AS k'),
  both('MATCH p = (a:Class)-[:INHERITS*1..3]->(b:Class) RETURN a.name, b.name, length(p) AS hops'),
  both('MATCH p = (a:Class)-[:INHERITS*1..3]->(b:Class) RETURN [n IN nodes(p) | n.name] AS chain', { kuzu: 'MATCH p = (a:Class)-[:INHERITS*1..3]->(b:Class) RETURN list_transform(nodes(p), n -> n.name) AS chain' }),
  both('MATCH p = (a:Class)-[:INHERITS*1..3]->(b:Class) RETURN size(relationships(p)) AS rels, size(nodes(p)) AS nodes', { kuzu: 'MATCH p = (a:Class)-[:INHERITS*1..3]->(b:Class) RETURN size(rels(p)) AS rels, size(nodes(p)) AS nodes' }),
  both('MATCH p = (a:Method)-[:USES*1..2]->(b:Field) RETURN length(p) AS len, count(*) AS k'),
  // Relationship uniqueness: one MATCH never binds the same edge twice (openCypher); Kuzu says it with id(e1) <> id(e2).
  both('MATCH p = (f:Function)-[:USES]->(g)-[:USES]->(h) RETURN count(p) AS k', { kuzu: 'MATCH p = (f:Function)-[e1:USES]->(g)-[e2:USES]->(h) WHERE id(e1) <> id(e2) RETURN count(p) AS k' }),
  arrow('MATCH (a)-[:USES]->(b)-[:USES]->(c) WHERE a = b RETURN a.name, c.name', { kuzu: 'MATCH (a)-[e1:USES]->(b)-[e2:USES]->(c) WHERE a = b AND id(e1) <> id(e2) RETURN a.name, c.name' }),
  both('MATCH (a:Class)-[:INHERITS]-(b)-[:INHERITS]-(c) RETURN count(*) AS k', { kuzu: 'MATCH (a:Class)-[e1:INHERITS]-(b)-[e2:INHERITS]-(c) WHERE id(e1) <> id(e2) RETURN count(*) AS k' }),
  both('MATCH p = (m:Module)-[:CONTAINS]->(c:Class) WITH p, c WHERE length(p) = 1 RETURN count(c) AS k', { kuzu: 'MATCH p = (m:Module)-[:CONTAINS]->(c:Class) WHERE length(p) = 1 RETURN count(c) AS k' }),
  both('MATCH p = (a:Class)-[:INHERITS*1..3]->(b:Class) RETURN [x IN nodes(p) | x.kind] AS kinds, count(*) AS k', { kuzu: 'MATCH p = (a:Class)-[:INHERITS*1..3]->(b:Class) RETURN list_transform(nodes(p), x -> x.kind) AS kinds, count(*) AS k' }),
  both('MATCH p = (a:Class)-[:INHERITS*1..3]->(b:Class) RETURN [r IN relationships(p) | type(r)] AS types, count(*) AS k', { kuzu: 'MATCH p = (a:Class)-[:INHERITS*1..3]->(b:Class) RETURN list_transform(rels(p), r -> label(r)) AS types, count(*) AS k' }),
  both('MATCH p = (r:Repo)-[:CONTAINS]->(m:Module)-[:CONTAINS*1..2]->(x) RETURN length(p) AS len, count(*) AS k'),
  demo("MATCH p = shortestPath((a:Class {name: 'Cart'})-[:USES*..6]-(b:Class {name: 'Money'})) RETURN length(p) AS len", {
    kuzu: "MATCH p = (a:Class {name: 'Cart'})-[:USES* SHORTEST 1..6]-(b:Class {name: 'Money'}) RETURN length(p) AS len",
  }),
  demo("MATCH p = allShortestPaths((a:Function {name: 'main'})-[*..6]-(b:Class {name: 'Money'})) RETURN length(p) AS len, count(*) AS k", {
    kuzu: "MATCH p = (a:Function {name: 'main'})-[* ALL SHORTEST 1..6]-(b:Class {name: 'Money'}) RETURN length(p) AS len, count(*) AS k",
  }),
  both('MATCH p = shortestPath((a:Repo)-[:CONTAINS|HAS_METHOD*..6]->(m:Method)) RETURN length(p) AS len, count(*) AS k', {
    kuzu: 'MATCH p = (a:Repo)-[:CONTAINS|HAS_METHOD* SHORTEST 1..6]->(m:Method) RETURN length(p) AS len, count(*) AS k',
  }),
  both('MATCH p = allShortestPaths((a:Repo)-[:CONTAINS|HAS_METHOD*..6]->(m:Method)) RETURN [n IN nodes(p) | n.kind] AS kinds, count(*) AS k', {
    kuzu: 'MATCH p = (a:Repo)-[:CONTAINS|HAS_METHOD* ALL SHORTEST 1..6]->(m:Method) RETURN list_transform(nodes(p), n -> n.kind) AS kinds, count(*) AS k',
  }),
  both('MATCH (c:Class) WHERE c.name IN ["Cart", "Vector"] MATCH p = allShortestPaths((c)-[:USES|HAS_METHOD*..4]->(f:Field)) RETURN c.name, length(p) AS len, count(*) AS k', {
    kuzu: 'MATCH (c:Class) WHERE c.name IN ["Cart", "Vector"] MATCH p = (c)-[:USES|HAS_METHOD* ALL SHORTEST 1..4]->(f:Field) RETURN c.name, length(p) AS len, count(*) AS k',
  }),
  both('MATCH p = shortestPath((a:Class)-[:INHERITS*..5]->(b:Class)) RETURN a.name, b.name, length(p) AS len', {
    kuzu: 'MATCH p = (a:Class)-[:INHERITS* SHORTEST 1..5]->(b:Class) RETURN a.name, b.name, length(p) AS len',
  }),
  both('MATCH (a:Class)-[r:INHERITS*1..2]->(b:Class) RETURN a.name, size(r) AS hops', { kuzu: 'MATCH (a:Class)-[r:INHERITS*1..2]->(b:Class) RETURN a.name, length(r) AS hops' }),
];

/**
 * Trails and zero-length relationships: Kuzu runs every variable-length relationship as `* TRAIL`
 * (kuzuTrails in compare.ts). Relationship uniqueness between a trail and the MATCH's other
 * relationships is openCypher's, not Kuzu's (its TRAIL ignores them): Kuzu gets the fixed-length
 * form with id(e) inequalities. Not compared: undirected self-loops, which Kuzu matches in both
 * directions and openCypher once (docs/retrieval.md).
 */
const TRAILS: CorpusQuery[] = [
  arrow('MATCH (a:Function)-[:USES]->(a) WITH a MATCH (a)-[:USES*1..3]->(b) RETURN a.name, count(*) AS trails'),
  arrow('MATCH p = (a:Function)-[:USES*1..3]->(a) RETURN length(p) AS len, count(*) AS k'),
  both('MATCH (a:Function)-[:USES]->(b)-[:USES*2..2]->(c) RETURN count(*) AS k', {
    kuzu: 'MATCH (a:Function)-[e:USES]->(b)-[f:USES]->(c)-[g:USES]->(d) WHERE id(e) <> id(f) AND id(f) <> id(g) AND id(e) <> id(g) RETURN count(*) AS k',
  }),
  both('MATCH (c:Class)-[:INHERITS*0..2]->(p) RETURN c.name, p.name'),
  both('MATCH p = (c:Class)-[:INHERITS*0..2]->(b) RETURN length(p) AS len, count(*) AS k'),
  both('MATCH (m:Module)-[:CONTAINS*0..1]->(x) RETURN count(*) AS k'),
  both('MATCH (c:Class)-[:INHERITS*0..]->(p) RETURN count(*) AS k'),
  both('MATCH (a)-[:USES*0..1]-(b:Class) RETURN count(*) AS k'),
  demo("MATCH (f:Function {name: 'main'})-[:USES*0..2]->(x) RETURN x.kind, count(*) AS k"),
];

/** Queries written against one graph's names. */
const SPECIFIC: CorpusQuery[] = [
  demo("MATCH (r:Repo)-[:CONTAINS]->(m:Module {name: 'shopkit.pricing.money'})-[:CONTAINS]->(c:Class) RETURN c.name, c.start_line"),
  demo("MATCH (c:Class {name: 'Money'})-[:HAS_METHOD]->(m) RETURN m.name ORDER BY m.name"),
  demo("MATCH (c:Class {name: 'Cart'})<-[:USES]-(x) RETURN x.kind, x.name"),
  demo("MATCH (c:Class {name: 'ShopkitError'})<-[:INHERITS*1..3]-(sub) RETURN sub.name, sub.module_name"),
  demo("MATCH (c:Class {name: 'Money'}) OPTIONAL MATCH (c)<-[:USES]-(u:Function) RETURN c.name, count(u) AS functions"),
  demo("MATCH (f:Function {name: 'main'})-[:USES]->(dep) RETURN DISTINCT dep.name AS name, dep.kind AS kind"),
  demo("MATCH (m:Module {name: 'shopkit.cart.cart'})-[:IMPORTS]->(x) RETURN x.name"),
  demo("MATCH (c:Class {name: 'Inventory'})-[:HAS_METHOD]->(m)-[:USES]->(f:Field) RETURN m.name, collect(DISTINCT f.name) AS fields", { unorderedLists: true }),
  demo("MATCH (c:Class) WHERE c.name IN ['Money', 'Cart', 'Inventory'] WITH c, COUNT { MATCH (c)-[:HAS_METHOD]->() } AS n RETURN c.name, n ORDER BY n DESC, c.name"),
  demo("MATCH (c:Class {name: 'Money'})<-[:USES]-(x) WITH x.kind AS kind, count(*) AS k RETURN kind, k ORDER BY k DESC, kind"),
  demo("MATCH (a:Class {name: 'Discount'})<-[:INHERITS]-(b) RETURN b.name, CASE WHEN (b)-[:HAS_METHOD]->() THEN 'has methods' ELSE 'none' END AS m", {
    kuzu: "MATCH (a:Class {name: 'Discount'})<-[:INHERITS]-(b) RETURN b.name, CASE WHEN EXISTS { MATCH (b)-[:HAS_METHOD]->() } THEN 'has methods' ELSE 'none' END AS m",
  }),
  demo("MATCH p = (m:Module {name: 'shopkit.pricing.money'})-[:CONTAINS*1..2]->(x) RETURN [n IN nodes(p) | n.name] AS names, length(p) AS len", {
    kuzu: "MATCH p = (m:Module {name: 'shopkit.pricing.money'})-[:CONTAINS*1..2]->(x) RETURN list_transform(nodes(p), n -> n.name) AS names, length(p) AS len",
  }),
  demo("MATCH (f {name: 'register'})<-[:USES]-(x) RETURN x.name, x.kind"),
  demo("MATCH (x)-[:USES]->(m:Class {name: 'Money'}) WHERE x:Method RETURN x.class_name AS cls, count(*) AS k ORDER BY k DESC, cls", {
    kuzu: "MATCH (x)-[:USES]->(m:Class {name: 'Money'}) WHERE label(x) = 'Method' RETURN x.class_name AS cls, count(*) AS k ORDER BY k DESC, cls",
  }),
  demo("MATCH (c:Class {name: 'Cart'}) MATCH p = shortestPath((c)-[:USES|HAS_METHOD*..6]->(f:Field {name: 'amount'})) RETURN length(p) AS len, [n IN nodes(p) | n.kind] AS kinds", {
    kuzu: "MATCH (c:Class {name: 'Cart'}) MATCH p = (c)-[:USES|HAS_METHOD* SHORTEST 1..6]->(f:Field {name: 'amount'}) RETURN length(p) AS len, list_transform(nodes(p), n -> n.kind) AS kinds",
  }),
  arrow("MATCH (c:Class {name: 'Visitor'})<-[:INHERITS]-(v:Class) RETURN v.name"),
  arrow("MATCH (c:Class {name: 'DataType'})<-[:INHERITS*1..3]-(sub:Class) RETURN count(DISTINCT sub) AS subclasses"),
  arrow("MATCH (c:Class {name: 'Vector'})-[:HAS_METHOD]->(m) RETURN m.name ORDER BY m.name, m.id"),
  arrow("MATCH (x)-[:USES]->(d:Class {name: 'Data'}) RETURN x.kind, count(*) AS k ORDER BY k DESC, x.kind"),
  arrow("MATCH (b:Class {name: 'Builder'})<-[:INHERITS*1..4]-(s:Class) WITH s, COUNT { MATCH (s)-[:HAS_METHOD]->() } AS n RETURN s.name, n ORDER BY n DESC, s.name LIMIT 5"),
  arrow("MATCH (m:Module) WHERE m.name STARTS WITH 'builder.' RETURN m.name, COUNT { MATCH (m)-[:CONTAINS]->(:Class) } AS classes"),
  arrow("MATCH (m:Module {name: 'table'})-[:IMPORTS]->(x) RETURN x.kind, count(*) AS k"),
  arrow("MATCH p = shortestPath((a:Class {name: 'Int8Builder'})-[:INHERITS*..6]->(b:Class {name: 'Builder'})) RETURN length(p) AS len, [n IN nodes(p) | n.name] AS chain", {
    kuzu: "MATCH p = (a:Class {name: 'Int8Builder'})-[:INHERITS* SHORTEST 1..6]->(b:Class {name: 'Builder'}) RETURN length(p) AS len, list_transform(nodes(p), n -> n.name) AS chain",
  }),
  arrow("MATCH (c:Class) WHERE c.name ENDS WITH 'Builder' AND NOT (c)-[:HAS_METHOD]->() RETURN c.name", {
    kuzu: "MATCH (c:Class) WHERE c.name ENDS WITH 'Builder' AND NOT EXISTS { MATCH (c)-[:HAS_METHOD]->() } RETURN c.name",
  }),
  arrow("MATCH (c:Class)-[:HAS_METHOD]->(m:Method) WHERE m.name IN ['visit', 'visitInt', 'visitUtf8'] WITH m.name AS name, count(c) AS k RETURN name, k ORDER BY name"),
  arrow("MATCH (f:Function) WHERE f.module_name = 'util.bn' RETURN f.name, f.start_line ORDER BY f.start_line, f.name"),
  arrow("MATCH (v:Class {name: 'Visitor'})<-[:INHERITS]-(x:Class)-[:HAS_METHOD]->(m) WITH x, count(m) AS n WHERE n > 40 RETURN x.name, n"),
  arrow("MATCH (a:Class {name: 'RecordBatchReader'})<-[:INHERITS*1..2]-(b) RETURN b.name, b.module_name"),
];

/** Mixed forms an LLM strings together. */
const MIXED: CorpusQuery[] = [
  both('MATCH (c:Class) RETURN c.name, size((c)-[:HAS_METHOD]->()) AS methods', { kuzu: 'MATCH (c:Class) RETURN c.name, COUNT { MATCH (c)-[:HAS_METHOD]->() } AS methods' }),
  both('MATCH (c:Class) WITH c WHERE c.start_line > 1 OPTIONAL MATCH (c)-[:INHERITS]->(p:Class) RETURN c.name, p.name'),
  both('MATCH (c:Class) WITH c, c.name AS name OPTIONAL MATCH (c)<-[:USES]-(u) WITH name, count(u) AS users RETURN name, users ORDER BY users DESC, name LIMIT 7'),
  both('MATCH (a:Class)-[r:INHERITS]->(b) WITH a, r, b RETURN a.name, type(r) AS t, b.name', { kuzu: 'MATCH (a:Class)-[r:INHERITS]->(b) WITH a, r, b RETURN a.name, label(r) AS t, b.name' }),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, collect(m) AS ms RETURN c.name, size(ms) AS n, ms[0].kind AS firstKind', {
    kuzu: 'MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, collect(m) AS ms WITH c, ms, ms[1] AS first RETURN c.name, size(ms) AS n, first.kind AS firstKind',
  }),
  both('MATCH (m:Module) WITH m ORDER BY m.name, m.id LIMIT 3 MATCH (m)-[:CONTAINS*1..2]->(x) RETURN m.name, count(x) AS k'),
  both('MATCH (r:Repo) WITH r MATCH (r)-[:CONTAINS*1..2]->(x:Class) RETURN count(*) AS k'),
  both('MATCH (c:Class) WHERE c.docstring IS NOT NULL RETURN count(*) AS documented'),
  both("MATCH (c:Class) WHERE c.name =~ '(?i).*er' RETURN c.name"),
  both("MATCH (n) WHERE toLower(n.name) CONTAINS 'pay' OR toLower(n.name) CONTAINS 'visit' RETURN n.kind, n.name"),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) RETURN c.name AS cls, count(*) AS n ORDER BY count(*) DESC, cls LIMIT 5', { kuzu: 'MATCH (c:Class)-[:HAS_METHOD]->(m) RETURN c.name AS cls, count(*) AS n ORDER BY n DESC, cls LIMIT 5' }),
  both('MATCH (c:Class) RETURN c.name AS name, c.end_line - c.start_line AS span ORDER BY span DESC, name LIMIT 5'),
  both('MATCH (c:Class) RETURN c.name ORDER BY CASE WHEN c.name STARTS WITH "A" THEN 0 ELSE 1 END, c.name, c.id LIMIT 8'),
  both('MATCH (m:Module)-[:CONTAINS]->(x) WITH m, count(x) AS k WITH avg(k) AS mean, max(k) AS most RETURN round(mean, 3) AS mean, most'),
  both('UNWIND ["Class", "Method"] AS kind MATCH (n) WHERE n.kind = kind WITH kind, count(n) AS k RETURN kind, k ORDER BY kind'),
  both('MATCH (c:Class) WITH collect(c.name) AS names UNWIND names AS name RETURN count(name) AS k'),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, count(m) AS n RETURN CASE WHEN n > 5 THEN "large" ELSE "small" END AS size, count(c) AS classes'),
  both('MATCH (a)-[:IMPORTS]->(b) WHERE a <> b RETURN count(*) AS k'),
  both('MATCH (a:Function) WHERE NOT EXISTS { MATCH (a)-[:USES]->() } RETURN count(a) AS leaves'),
  both('MATCH (c:Class) WHERE NOT c:Function AND c.name <> "" RETURN count(*) AS k', { kuzu: 'MATCH (c:Class) WHERE NOT label(c) = "Function" AND c.name <> "" RETURN count(*) AS k' }),
  both('MATCH p = (c:Class)-[:HAS_METHOD]->(m) WITH p WHERE length(p) = 1 RETURN count(*) AS k', { kuzu: 'MATCH p = (c:Class)-[:HAS_METHOD]->(m) WITH p AS p WHERE length(p) = 1 RETURN count(*) AS k' }),
  both('MATCH (c:Class) WITH c SKIP 2 LIMIT 4 RETURN count(*) AS k'),
  // WITH ... ORDER BY ... LIMIT ... WHERE: the WHERE filters the rows the LIMIT kept.
  both('MATCH (c:Class) WITH c ORDER BY c.name, c.id LIMIT 6 WHERE c.start_line > 10 RETURN c.name', { ordered: true }),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH DISTINCT c WITH count(c) AS classes RETURN classes'),
  both('MATCH (c:Class)-[:INHERITS]->(p:Class) RETURN *', { kuzu: 'MATCH (c:Class)-[:INHERITS]->(p:Class) RETURN c, p' }),
  both('MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, count(m) AS n RETURN * ORDER BY n DESC, c.name, c.id LIMIT 5', { kuzu: 'MATCH (c:Class)-[:HAS_METHOD]->(m) WITH c, count(m) AS n RETURN c, n ORDER BY n DESC, c.name, c.id LIMIT 5' }),
  both('MATCH (a:Function)-[:USES*1..3]->(b) RETURN DISTINCT a.name, b.name'),
  both('MATCH (a:Method)-[:USES*1..3]-(b:Field) RETURN DISTINCT b.name, b.class_name'),
  both('MATCH (a:Function) WHERE EXISTS { MATCH (a)-[:USES*1..3]->(:Class) } RETURN count(a) AS k'),
  both('MATCH (c:Class) OPTIONAL MATCH (c)-[:INHERITS*1..2]->(p) RETURN c.name, count(p) AS ancestors'),
  both('MATCH (c:Class) OPTIONAL MATCH (c)-[:HAS_METHOD]->(m) WHERE (m)-[:USES]->(:Field) RETURN c.name, count(m) AS k', {
    kuzu: 'MATCH (c:Class) OPTIONAL MATCH (c)-[:HAS_METHOD]->(m) WHERE EXISTS { MATCH (m)-[:USES]->(:Field) } RETURN c.name, count(m) AS k',
  }),
  // String + null: null in openCypher (and here), '' + the other operand in Kuzu, which gets the null case written out.
  both("MATCH (c:Class) RETURN c.name + ': ' + c.docstring AS s, c.docstring + '!' AS t", {
    kuzu: "MATCH (c:Class) RETURN CASE WHEN c.docstring IS NULL THEN NULL ELSE c.name + ': ' + c.docstring END AS s, CASE WHEN c.docstring IS NULL THEN NULL ELSE c.docstring + '!' END AS t",
  }),
  // collect() of no rows: [] in openCypher, null in Kuzu.
  both("MATCH (n:Class {name: 'zz_nope'}) RETURN count(n) AS k, collect(n.name) AS names", { kuzu: "MATCH (n:Class {name: 'zz_nope'}) RETURN count(n) AS k, coalesce(collect(n.name), CAST([], 'STRING[]')) AS names" }),
  both("MATCH (n {name: 'zz_nope'}) WITH count(n) AS k RETURN k"),
  both('MATCH (c:Class) RETURN c.docstring AS doc, c.name AS name ORDER BY doc, name, c.id LIMIT 6'),
  both('MATCH (c:Class) RETURN c.docstring AS doc, c.name AS name ORDER BY doc DESC, name, c.id LIMIT 6'),
  both('MATCH (c:Class) WITH c.name AS name RETURN name UNION MATCH (f:Function) WITH f.name AS name WHERE name STARTS WITH "a" RETURN name'),
  both('MATCH (c:Class) WITH c ORDER BY c.name, c.id LIMIT $n RETURN collect(c.name) AS names', { params: { n: 4 }, kuzu: 'MATCH (c:Class) WITH c ORDER BY c.name, c.id LIMIT 4 RETURN collect(c.name) AS names' }),
  both('MATCH (c:Class) WHERE c.start_line >= $range[0] AND c.start_line <= $range[1] RETURN c.name', { params: { range: [1, 40] }, kuzu: 'MATCH (c:Class) WHERE c.start_line >= 1 AND c.start_line <= 40 RETURN c.name' }),
  both('MATCH (c:Class) RETURN c.name, c.module_name STARTS WITH $p AS inside', { params: { p: 'shopkit.p' }, kuzu: "MATCH (c:Class) RETURN c.name, c.module_name STARTS WITH 'shopkit.p' AS inside" }),
  // Kuzu 0.11.3 answers count(*) = 0 beside a count(DISTINCT ...): one aggregate per query here.
  both('MATCH (a:Function)-[:USES*1..3]->(b) RETURN a.name, count(DISTINCT b) AS reach'),
  both('MATCH (a:Function)-[:USES*1..3]->(b) RETURN a.name, count(*) AS walks'),
];

export const CORPUS: CorpusQuery[] = [...BASICS, ...WITH, ...ROW_ORDER, ...PREDICATES, ...EXPRESSIONS, ...PATHS, ...TRAILS, ...SPECIFIC, ...MIXED];
