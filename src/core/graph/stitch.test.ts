/**
 * @file Stitcher basics on hand-written FileIRs: the RANGER A.2 two-file example exactly, node
 * layout and properties, structural edges, self-loops, dedup and stats.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { FileBuilder, edgeList, hasEdge, node, usesFrom } from '../../../test/fixtures/stitch/irBuilder.ts';
import { nameModules } from './moduleNames.ts';
import { stitch, stitchInto } from './stitch.ts';
import type { NodeRow } from './types.ts';
import { resolverFor } from '../languages/implementations.ts';

/** RANGER A.2 / Figure 4: base.py and extended.py. */
function a2Files() {
  const base = new FileBuilder('base.py');
  const calculator = base.cls('Calculator');
  base.method(calculator, 'add');
  base.method(calculator, 'multiply');
  base.fn('format_result');
  base.global('precision');

  const extended = new FileBuilder('extended.py');
  extended.fromImport('base', 'Calculator').fromImport('base', 'format_result').fromImport('base', 'precision');
  const scientific = extended.cls('Scientific', ['Calculator']);
  const divide = extended.method(scientific, 'divide');
  extended.ref(divide, 'precision');
  const quickAdd = extended.fn('quick_add');
  extended.ref(quickAdd, 'Calculator', 'call');
  extended.ref(quickAdd, 'Calculator.add', 'call');
  const demo = extended.fn('demo');
  extended.ref(demo, 'Scientific', 'call');
  extended.ref(demo, 'format_result', 'call');
  extended.ref(demo, 'quick_add', 'call');
  return [extended.build(), base.build()];
}

describe('stitch: RANGER A.2 example', () => {
  const { graph, stats } = stitch('calc', a2Files(), [], { resolverFor });

  it('has exactly the nodes of Figure 4, in path order, with stable ids (Repo 0, the rest unique and positive)', () => {
    expect(graph.nodes.map((n) => `${n.kind}:${n.qualified_name}`)).toEqual([
      'Repo:calc',
      'Module:base',
      'Class:base.Calculator',
      'Method:base.Calculator.add',
      'Method:base.Calculator.multiply',
      'Function:base.format_result',
      'GlobalVariable:base.precision',
      'Module:extended',
      'Class:extended.Scientific',
      'Method:extended.Scientific.divide',
      'Function:extended.quick_add',
      'Function:extended.demo',
    ]);
    const ids = graph.nodes.map((n) => n.id);
    expect(ids[0]).toBe(0);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(1).every((id) => id > 0 && id < 2 ** 31)).toBe(true);
  });

  it('gives every node the same id whatever the order of the files', () => {
    const reversed = stitch('calc', a2Files().reverse(), [], { resolverFor }).graph;
    const idOf = (g: typeof graph) => new Map(g.nodes.map((n) => [`${n.kind}:${n.qualified_name}`, n.id]));
    expect(idOf(reversed)).toEqual(idOf(graph));
  });

  it('has the structural edges, following A.8 for the global variable', () => {
    expect(edgeList(graph, 'CONTAINS')).toEqual([
      'base -> base.Calculator',
      'base -> base.format_result',
      'base -> base.precision',
      'calc -> base',
      'calc -> extended',
      'extended -> extended.Scientific',
      'extended -> extended.demo',
      'extended -> extended.quick_add',
    ]);
    expect(edgeList(graph, 'HAS_METHOD')).toEqual([
      'base.Calculator -> base.Calculator.add',
      'base.Calculator -> base.Calculator.multiply',
      'extended.Scientific -> extended.Scientific.divide',
    ]);
    expect(edgeList(graph, 'HAS_FIELD')).toEqual([]);
  });

  it('resolves the cross-file dependencies through the import placeholders', () => {
    expect(edgeList(graph, 'INHERITS')).toEqual(['extended.Scientific -> base.Calculator']);
    expect(usesFrom(graph, 'extended.quick_add')).toEqual([
      'base.Calculator [instantiate]',
      'base.Calculator.add [call]',
    ]);
    expect(usesFrom(graph, 'extended.Scientific.divide')).toEqual(['base.precision [reference]']);
    expect(usesFrom(graph, 'extended.demo')).toEqual([
      'base.format_result [call]',
      'extended.Scientific [instantiate]',
      'extended.quick_add [call]',
    ]);
    expect(edgeList(graph, 'IMPORTS')).toEqual(['extended -> base [Calculator,format_result,precision]']);
  });

  it('leaves no placeholder behind and counts what it resolved', () => {
    expect(graph.nodes.some((n) => (n.kind as string) === 'Import')).toBe(false);
    expect(graph.unresolved).toEqual([]);
    expect(stats.resolvedImports).toBe(3);
    expect(stats.unresolvedImports).toBe(0);
    expect(stats.nodes).toMatchObject({ Repo: 1, Module: 2, Class: 2, Method: 3, Function: 3, GlobalVariable: 1 });
    expect(stats.edges.INHERITS).toBe(1);
  });

  it('fills node properties from the FileIR', () => {
    const add = node(graph, 'base.Calculator.add');
    expect(add).toMatchObject({
      name: 'add',
      module_name: 'base',
      class_name: 'Calculator',
      file_path: 'base.py',
      language: 'python',
      code: 'code of Calculator.add',
      description: null,
      local_name: null,
      import_name: 'base.Calculator.add',
    });
    expect(node(graph, 'base.format_result').class_name).toBeNull();
    expect(node(graph, 'base')).toMatchObject({ kind: 'Module', local_name: 'base', import_name: 'base', code: null, file_path: 'base.py' });
    expect(node(graph, 'calc')).toMatchObject({ id: 0, kind: 'Repo', name: 'calc', file_path: null });
  });

  it('is deterministic whatever the input order', () => {
    const again = stitch('calc', [...a2Files()].reverse(), [], { resolverFor });
    expect(again.graph).toEqual(graph);
  });
});

describe('stitch: structure, self-loops and dedup', () => {
  const file = new FileBuilder('pkg/shapes.py');
  const shape = file.cls('Shape');
  file.field(shape, 'sides');
  const area = file.method(shape, 'area');
  file.ref(area, 'self.sides');
  file.ref(area, 'self.sides');
  file.ref(shape, 'Shape', 'annotate');
  const outer = file.fn('outer');
  const inner = file.fn('inner', outer);
  const local = file.cls('Local', [], outer);
  file.ref(outer, 'inner', 'call');
  file.ref(outer, 'Local', 'call');
  file.ref(inner, 'inner', 'call');
  file.ref(null, 'outer', 'call');
  file.ref(null, 'print', 'call');
  void local;
  const { graph, stats } = stitch('r', [file.build()], [], { resolverFor });

  it('links nested definitions and class members', () => {
    expect(hasEdge(graph, 'pkg.shapes.Shape', 'pkg.shapes.Shape.sides', 'HAS_FIELD')).toBe(true);
    expect(hasEdge(graph, 'pkg.shapes.outer', 'pkg.shapes.outer.inner', 'CONTAINS')).toBe(true);
    expect(hasEdge(graph, 'pkg.shapes.outer', 'pkg.shapes.outer.Local', 'CONTAINS')).toBe(true);
    expect(hasEdge(graph, 'pkg.shapes', 'pkg.shapes.outer.inner', 'CONTAINS')).toBe(false);
  });

  it('resolves self.x and nested names, deduplicates, keeps recursion, drops a class naming itself', () => {
    expect(usesFrom(graph, 'pkg.shapes.Shape.area')).toEqual(['pkg.shapes.Shape.sides [reference]']);
    expect(usesFrom(graph, 'pkg.shapes.outer')).toEqual(['pkg.shapes.outer.Local [instantiate]', 'pkg.shapes.outer.inner [call]']);
    expect(usesFrom(graph, 'pkg.shapes.outer.inner')).toEqual(['pkg.shapes.outer.inner [call]']);
    expect(usesFrom(graph, 'pkg.shapes.Shape')).toEqual([]);
    expect(usesFrom(graph, 'pkg.shapes')).toEqual(['pkg.shapes.outer [call]']);
    expect(stats.unresolvedReferences).toBe(1);
  });

  it('names modules from the repo root', () => {
    expect(node(graph, 'pkg.shapes')).toMatchObject({ name: 'pkg.shapes', local_name: 'shapes', import_name: 'shapes' });
  });
});

describe('stitch: module names given by the caller (rows stored during the parse)', () => {
  // shape.h and shape.cpp of one folder: the header keeps 'src.shape', the source file is
  // 'src.shape.cpp'. The caller named both; the stitch sees only shape.cpp's FileIR.
  const source = new FileBuilder('src/shape.cpp', 'cpp');
  source.fn('area');
  const named = nameModules([
    { path: 'src/shape.h', language: 'cpp' },
    { path: 'src/shape.cpp', language: 'cpp' },
  ], resolverFor);
  const modules = async (options: { named?: ReadonlyMap<string, (typeof named)[number]> }) => {
    const nodes: NodeRow[] = [];
    await stitchInto('r', [source.build()], [], new Map(), { nodes: async (rows) => void nodes.push(...rows), edges: async () => {} }, { resolverFor, ...options });
    return nodes.filter((n) => n.kind !== 'Repo').map((n) => `${n.kind}:${n.qualified_name}`);
  };

  it('names the modules as the caller did when its names cover every file', async () => {
    expect(await modules({ named: new Map([['src/shape.h', named[0]!], ['src/shape.cpp', named[1]!]]) })).toEqual(['Module:src.shape.cpp', 'Function:src.shape.cpp.area']);
  });

  it('names them itself otherwise', async () => {
    expect(await modules({})).toEqual(['Module:src.shape', 'Function:src.shape.area']);
    expect(await modules({ named: new Map([['src/shape.h', named[0]!]]) })).toEqual(['Module:src.shape', 'Function:src.shape.area']);
  });
});
