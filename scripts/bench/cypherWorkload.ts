/**
 * @file The search benchmark's Cypher workload: query families of the RANGER A.5-A.7 kind
 * (entity by name, methods of a class, callers of a function, module contents as A.5 Table 6,
 * the A.5 Table 7 / A.7 dependency templates, A.6's UNION of whole nodes, 1-3 hop
 * neighbourhoods, `*1..3` paths), the openCypher forms beyond lookups (WITH pipelines, a pattern
 * predicate, shortestPath up to 6 hops; printed beside, outside the lookup budget) plus plain-SQL baselines (a point lookup by name and the
 * hand-written join of "methods of a class"), each repeated with names drawn (seeded) from the
 * graph. Pure: the same graph and seed give the same queries in Node and in chromium.
 * Runs in: Node (bench, tests) and chromium (search bench worker).
 */
import type { Graph, NodeRow } from '../../src/core/graph/types.ts';
import { createPrng } from '../../src/core/search/prng.ts';

export interface QueryFamily {
  id: string;
  /** What it asks, for the table. */
  label: string;
  /** 'sql' families are baselines: hand-written SQL, not compiled. */
  language: 'cypher' | 'sql';
  /** A form beyond the A.5-A.7 lookups: timed and printed, but not part of the lookup budget. */
  newForm?: boolean;
}

export interface WorkloadQuery {
  family: string;
  language: 'cypher' | 'sql';
  text: string;
}

export const QUERY_FAMILIES: readonly QueryFamily[] = [
  { id: 'sql-point', label: 'baseline: SQL point lookup by name', language: 'sql' },
  { id: 'sql-methods', label: 'baseline: SQL join, methods of a class', language: 'sql' },
  { id: 'entity', label: 'entity by name', language: 'cypher' },
  { id: 'methods', label: 'methods of a class', language: 'cypher' },
  { id: 'callers', label: 'callers of a function', language: 'cypher' },
  { id: 'module', label: 'module contents (A.5 Table 6)', language: 'cypher' },
  { id: 'fn-deps', label: 'function deps (A.5 Table 7, A.7)', language: 'cypher' },
  { id: 'method-deps', label: 'method deps (A.7 example 1)', language: 'cypher' },
  { id: 'union', label: 'A.6 UNION of whole nodes', language: 'cypher' },
  { id: 'hop1', label: '1-hop neighbourhood (any type)', language: 'cypher' },
  { id: 'hop2', label: '2-hop neighbourhood (any type)', language: 'cypher' },
  { id: 'hop3', label: '3-hop USES chain', language: 'cypher' },
  { id: 'path', label: 'USES*1..3 path', language: 'cypher' },
  { id: 'inherits', label: 'INHERITS*1..3 ancestors', language: 'cypher' },
  { id: 'with-agg', label: 'new: WITH count, then MATCH again', language: 'cypher', newForm: true },
  { id: 'with-top', label: 'new: WITH ORDER BY LIMIT, top callers', language: 'cypher', newForm: true },
  { id: 'not-pattern', label: 'new: WHERE NOT (m)-[:USES]->()', language: 'cypher', newForm: true },
  { id: 'shortest', label: 'new: shortestPath USES*..6', language: 'cypher', newForm: true },
];

interface Pools {
  classes: NodeRow[];
  functions: NodeRow[];
  methods: NodeRow[];
  modules: NodeRow[];
  globals: NodeRow[];
  /** Classes that inherit from another one (so INHERITS*1..3 has something to walk). */
  subclasses: NodeRow[];
  /** (function, class) pairs joined by a USES path, the class as far as possible within 6 hops. */
  pathPairs: [NodeRow, NodeRow][];
  repo: string;
}

function pools(graph: Graph): Pools {
  const byKind = (kind: NodeRow['kind']) => graph.nodes.filter((n) => n.kind === kind);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const subclassIds = new Set(graph.edges.filter((e) => e.type === 'INHERITS').map((e) => e.src));
  const classes = byKind('Class');
  const out = {
    classes,
    functions: byKind('Function'),
    methods: byKind('Method').filter((m) => m.class_name !== null && m.module_name !== null),
    modules: byKind('Module'),
    globals: byKind('GlobalVariable'),
    subclasses: [...subclassIds].map((id) => byId.get(id)!).filter((n) => n.kind === 'Class'),
    pathPairs: usesPathPairs(graph, byId),
    repo: byKind('Repo')[0]?.name ?? '',
  };
  for (const [name, list] of Object.entries(out)) {
    if (Array.isArray(list) && list.length === 0) throw new Error(`The graph has no ${name} to build queries from`);
  }
  return out;
}

/** Breadth-first over USES from the first functions: each with the farthest class it reaches (6 hops at most). */
function usesPathPairs(graph: Graph, byId: Map<number, NodeRow>, wanted = 40): [NodeRow, NodeRow][] {
  const next = new Map<number, number[]>();
  for (const e of graph.edges) if (e.type === 'USES') next.set(e.src, [...(next.get(e.src) ?? []), e.dst]);
  const pairs: [NodeRow, NodeRow][] = [];
  for (const f of graph.nodes) {
    if (pairs.length >= wanted) break;
    if (f.kind !== 'Function') continue;
    const depth = new Map([[f.id, 0]]);
    let frontier = [f.id];
    let farthest: NodeRow | null = null;
    for (let d = 1; d <= 6 && frontier.length > 0; d++) {
      const reached: number[] = [];
      for (const id of frontier) {
        for (const to of next.get(id) ?? []) {
          if (depth.has(to)) continue;
          depth.set(to, d);
          reached.push(to);
          if (byId.get(to)?.kind === 'Class') farthest = byId.get(to)!;
        }
      }
      frontier = reached;
    }
    if (farthest) pairs.push([f, farthest]);
  }
  return pairs;
}

function quote(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

function sqlQuote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Fisher-Yates with the given random source (in place, returned). */
export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

type Pick = <T>(items: readonly T[]) => T;

/** The text of one query of `family`, with names drawn by `pick`. */
function familyQuery(family: string, p: Pools, pick: Pick): string {
  switch (family) {
    case 'sql-point': {
      const n = pick([pick(p.classes), pick(p.functions), pick(p.globals)]);
      return `SELECT id, kind, name, qualified_name, signature FROM nodes WHERE name = ${sqlQuote(n.name)}`;
    }
    case 'sql-methods':
      return (
        'SELECT m.name AS name, m.signature AS signature FROM nodes AS c ' +
        "JOIN edges AS e ON e.src = c.id AND e.type = 'HAS_METHOD' JOIN nodes AS m ON m.id = e.dst " +
        `WHERE c.kind = 'Class' AND c.name = ${sqlQuote(pick(p.classes).name)} AND m.kind = 'Method'`
      );
    case 'entity': {
      const n = pick([pick(p.classes), pick(p.functions), pick(p.globals)]);
      return `MATCH (n:${n.kind} {name: ${quote(n.name)}}) RETURN n.name AS name, n.signature AS signature, n.code AS code`;
    }
    case 'methods':
      return `MATCH (c:Class {name: ${quote(pick(p.classes).name)}})-[:HAS_METHOD]->(m:Method) RETURN m.name AS name, m.signature AS signature`;
    case 'callers':
      return `MATCH (caller)-[:USES]->(f:Function {name: ${quote(pick(p.functions).name)}}) RETURN DISTINCT caller.name AS name, caller.qualified_name AS qualified_name`;
    case 'module':
      return `MATCH (r:Repo)-[:CONTAINS]->(m:Module {name: ${quote(pick(p.modules).name)}})\n  -[:CONTAINS]->(c:Class)\nRETURN c.name, c.code`;
    case 'fn-deps': {
      const f = pick(p.functions);
      return (
        `MATCH (m:Module {name: ${quote(f.module_name ?? '')}})\n  -[:CONTAINS]->(f:Function {name: ${quote(f.name)}})\n` +
        'OPTIONAL MATCH (f)-[:USES]->(dep)\nRETURN DISTINCT dep.name AS name,\n       dep.signature AS signature,\n       dep.code AS code'
      );
    }
    case 'method-deps': {
      const m = pick(p.methods);
      return (
        `MATCH (m:Module {name: ${quote(m.module_name ?? '')}})\n    -[:CONTAINS]->(c:Class {name: ${quote(m.class_name ?? '')}})\n` +
        `    -[:HAS_METHOD]->(method {name: ${quote(m.name)}})\nOPTIONAL MATCH (method)-[:USES]->(dep)\n` +
        'RETURN DISTINCT dep.name AS name,\n        dep.signature AS signature,\n        dep.code AS code'
      );
    }
    case 'union': {
      const m = pick(p.methods);
      const other = pick(p.classes);
      const parent = pick(p.classes);
      const head = `MATCH (r:Repo {name: ${quote(p.repo)}})-[:CONTAINS]->(m:Module)-[:CONTAINS]->`;
      return (
        `${head}\n(c:Class {name: ${quote(m.class_name ?? '')}})-[:HAS_METHOD]->\n(method {name: ${quote(m.name)}})-[:USES]->(dep)\n` +
        'RETURN DISTINCT dep, labels(dep) as label\nUNION\n' +
        `${head}\n(c:Class {name: ${quote(other.name)}})\nRETURN DISTINCT c as dep, labels(c) as label\nUNION\n` +
        `${head}\n(c:Class {name: ${quote(parent.name)}})\nRETURN DISTINCT c as dep, labels(c) as label`
      );
    }
    case 'hop1':
      return `MATCH (n:Class {name: ${quote(pick(p.classes).name)}})-[r]-(m) RETURN type(r) AS rel, labels(m) AS label, m.name AS name`;
    case 'hop2':
      return `MATCH (n:Function {name: ${quote(pick(p.functions).name)}})-[]-()-[]-(m) RETURN DISTINCT m.name AS name, labels(m) AS label`;
    case 'hop3':
      return `MATCH (n:Method {name: ${quote(pick(p.methods).name)}})-[:USES]->()-[:USES]->()-[:USES]->(m) RETURN DISTINCT m.name AS name, m.qualified_name AS qualified_name`;
    case 'path':
      return `MATCH (f:Function {name: ${quote(pick(p.functions).name)}})-[:USES*1..3]->(d) RETURN DISTINCT d.name AS name, d.qualified_name AS qualified_name`;
    case 'inherits':
      return `MATCH (c:Class {name: ${quote(pick(p.subclasses).name)}})-[:INHERITS*1..3]->(base:Class) RETURN DISTINCT base.name AS name, base.module_name AS module`;
    case 'with-agg':
      return (
        `MATCH (c:Class {name: ${quote(pick(p.classes).name)}})-[:HAS_METHOD]->(m:Method)\nWITH c, count(m) AS methods\n` +
        'MATCH (mod:Module)-[:CONTAINS]->(c)\nRETURN mod.name AS module, c.name AS name, methods'
      );
    case 'with-top':
      return (
        `MATCH (caller)-[:USES]->(f:Function {name: ${quote(pick(p.functions).name)}})\nWITH caller, count(*) AS uses\n` +
        'ORDER BY uses DESC, caller.name LIMIT 5\nRETURN caller.name AS name, uses'
      );
    case 'not-pattern':
      return `MATCH (c:Class {name: ${quote(pick(p.classes).name)}})-[:HAS_METHOD]->(m:Method)\nWHERE NOT (m)-[:USES]->()\nRETURN m.name AS name`;
    case 'shortest': {
      const [from, to] = pick(p.pathPairs);
      return (
        `MATCH p = shortestPath((a:Function {name: ${quote(from.name)}})-[:USES*..6]->(b:Class {name: ${quote(to.name)}}))\n` +
        'RETURN length(p) AS hops, [n IN nodes(p) | n.name] AS names'
      );
    }
    default:
      throw new Error(`Unknown query family ${family}`);
  }
}

/**
 * `warmup` untimed queries (one per family, names of their own) and `reps` timed queries per
 * family, interleaved by repetition, the family order shuffled in each round, so that drifting
 * load and the after-effects of a heavy query spread over every family alike.
 */
export function cypherWorkload(graph: Graph, reps: number, seed = 1): { warmup: WorkloadQuery[]; timed: WorkloadQuery[] } {
  const p = pools(graph);
  const random = createPrng(seed);
  const pick: Pick = (items) => items[Math.floor(random() * items.length)]!;
  const round = (): WorkloadQuery[] => QUERY_FAMILIES.map((f) => ({ family: f.id, language: f.language, text: familyQuery(f.id, p, pick) }));
  const warmup = round();
  const timed: WorkloadQuery[] = [];
  for (let r = 0; r < reps; r++) timed.push(...shuffle(round(), random));
  return { warmup, timed };
}

/** A short fingerprint of a graph and its workload: Node and chromium must print the same one. */
export function workloadFingerprint(graph: Graph, workload: { warmup: readonly WorkloadQuery[]; timed: readonly WorkloadQuery[] }): string {
  let h = 0x811c9dc5;
  const mix = (text: string) => {
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  };
  mix(`${graph.nodes.length}/${graph.edges.length}`);
  for (const node of graph.nodes) mix(node.qualified_name);
  for (const e of graph.edges) mix(`${e.src}>${e.dst}${e.type}`);
  for (const q of [...workload.warmup, ...workload.timed]) mix(q.text);
  return (h >>> 0).toString(16).padStart(8, '0');
}
