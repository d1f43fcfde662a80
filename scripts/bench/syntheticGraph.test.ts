/**
 * @file The synthetic graph: exact size, valid and realistic shape, determinism.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { NODE_KINDS } from '../../src/core/graph/types.ts';
import { SYNTHETIC_REPO, syntheticGraph } from './syntheticGraph.ts';

describe('syntheticGraph', () => {
  const graph = syntheticGraph({ nodes: 3000, seed: 3 });
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));

  it('has exactly the nodes asked for, unique ids 1..n, one Repo and every kind', () => {
    expect(graph.nodes.length).toBe(3000);
    expect(graph.nodes.map((n) => n.id)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
    expect(graph.nodes.filter((n) => n.kind === 'Repo').map((n) => n.name)).toEqual([SYNTHETIC_REPO]);
    expect(new Set(graph.nodes.map((n) => n.kind))).toEqual(new Set(NODE_KINDS));
    expect(syntheticGraph({ nodes: 2 }).nodes.map((n) => n.kind)).toEqual(['Repo', 'Module']);
    expect(() => syntheticGraph({ nodes: 1 })).toThrow(RangeError);
  });

  it('has 2-3 edges per node, every edge between existing nodes with the schema direction', () => {
    const perNode = graph.edges.length / graph.nodes.length;
    expect(perNode).toBeGreaterThan(2);
    expect(perNode).toBeLessThan(3);
    const allowed: Record<string, [string[], string[]]> = {
      CONTAINS: [['Repo', 'Module'], ['Module', 'Class', 'Function', 'GlobalVariable']],
      HAS_METHOD: [['Class'], ['Method']],
      HAS_FIELD: [['Class'], ['Field']],
      INHERITS: [['Class'], ['Class']],
      USES: [['Function', 'Method'], ['Function', 'Method', 'Class', 'GlobalVariable']],
      IMPORTS: [['Module'], ['Module']],
    };
    for (const e of graph.edges) {
      const [src, dst] = [byId.get(e.src)!, byId.get(e.dst)!];
      expect(src && dst, `${e.src}->${e.dst}`).toBeTruthy();
      const [from, to] = allowed[e.type]!;
      expect(from.includes(src.kind) && to.includes(dst.kind), `${src.kind} -${e.type}-> ${dst.kind}`).toBe(true);
      expect(e.src).not.toBe(e.dst);
    }
    expect(new Set(graph.edges.map((e) => e.type))).toEqual(new Set(Object.keys(allowed)));
    // Every node but the Repo hangs below exactly one structural parent.
    const parents = new Map<number, number>();
    for (const e of graph.edges) if (e.type === 'CONTAINS' || e.type === 'HAS_METHOD' || e.type === 'HAS_FIELD') parents.set(e.dst, (parents.get(e.dst) ?? 0) + 1);
    expect(parents.size).toBe(2999);
    expect([...parents.values()].every((n) => n === 1)).toBe(true);
  });

  it('names things as Python code does and calls what USES points at', () => {
    for (const n of graph.nodes) {
      if (n.kind === 'Class') expect(n.name).toMatch(/^[A-Z][A-Za-z]+$/);
      if (n.kind === 'Function') expect(n.name).toMatch(/^_?[a-z]+(_[a-z]+)+$/);
      if (n.kind === 'Method') expect(n.qualified_name).toBe(`${n.module_name}.${n.class_name}.${n.name}`);
      if (n.kind === 'Module') expect(n.file_path).toBe(`${n.name.replaceAll('.', '/')}.py`);
    }
    const use = graph.edges.find((e) => e.type === 'USES')!;
    expect(byId.get(use.src)!.code).toContain(byId.get(use.dst)!.name);
    const names = graph.nodes.filter((n) => n.kind === 'Function').map((n) => n.name);
    expect(new Set(names).size).toBeLessThan(names.length + 1);
  });

  it('is deterministic under a seed and differs across seeds', () => {
    const again = syntheticGraph({ nodes: 3000, seed: 3 });
    expect(again).toEqual(graph);
    const other = syntheticGraph({ nodes: 3000, seed: 4 });
    expect(other.nodes.map((n) => n.qualified_name)).not.toEqual(graph.nodes.map((n) => n.qualified_name));
  });
});
