/**
 * @file RANGER A.2's two-file example (base: precision, Calculator.add/multiply, format_result;
 * extended: Scientific(Calculator).divide, quick_add, demo) translated to Java, Go, Rust, C#, PHP, Ruby and C++
 * (test/fixtures/languages/<language>/a2), parsed by real tree-sitter and the real extractors,
 * stitched: each gives the analogous graph. Where a language has no free functions or globals
 * (Java, C#) they live in a static class; Rust's Calculator is a trait Scientific implements.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { edgeList } from '../../../test/fixtures/stitch/irBuilder.ts';
import { parseFixture } from '../../../test/fixtures/stitch/parseFixture.ts';
import { stitch } from '../graph/stitch.ts';
import type { Graph } from '../graph/types.ts';
import { resolverFor } from './implementations.ts';

async function a2(language: string): Promise<{ graph: Graph; stats: ReturnType<typeof stitch>['stats'] }> {
  const { files, configs } = await parseFixture(`test/fixtures/languages/${language}/a2`);
  expect(files.every((file) => file.syntaxErrors.length === 0)).toBe(true);
  return stitch('a2', files, configs, { resolverFor });
}

const nodesOf = (graph: Graph) => graph.nodes.map((n) => `${n.kind}:${n.qualified_name}`).sort();

describe('RANGER A.2 in Java (one package, static imports)', async () => {
  const { graph, stats } = await a2('java');

  it('has the A.2 nodes: modules, classes, methods, the precision field', () => {
    expect(nodesOf(graph)).toEqual([
      'Class:a2.Base.Base', 'Class:a2.Base.Calculator', 'Class:a2.Extended.Extended', 'Class:a2.Extended.Scientific',
      'Field:a2.Base.Base.PRECISION',
      'Method:a2.Base.Base.formatResult', 'Method:a2.Base.Calculator.add', 'Method:a2.Base.Calculator.multiply',
      'Method:a2.Extended.Extended.demo', 'Method:a2.Extended.Extended.quickAdd', 'Method:a2.Extended.Scientific.divide',
      'Module:a2.Base', 'Module:a2.Extended', 'Repo:a2',
    ]);
    expect(edgeList(graph, 'HAS_FIELD')).toEqual(['a2.Base.Base -> a2.Base.Base.PRECISION']);
    expect(graph.nodes.find((n) => n.qualified_name === 'a2.Extended')).toMatchObject({ import_name: 'a2.Extended', language: 'java' });
  });

  it('resolves inheritance from the same package, static imports and same-class calls', () => {
    expect(edgeList(graph, 'INHERITS')).toEqual(['a2.Extended.Scientific -> a2.Base.Calculator']);
    expect(edgeList(graph, 'USES')).toEqual([
      'a2.Base.Base.formatResult -> a2.Base.Base.PRECISION [reference]',
      'a2.Extended.Extended.demo -> a2.Base.Base.formatResult [call]',
      'a2.Extended.Extended.demo -> a2.Extended.Extended.quickAdd [call]',
      'a2.Extended.Extended.demo -> a2.Extended.Scientific [instantiate]',
      'a2.Extended.Extended.quickAdd -> a2.Base.Calculator [instantiate]',
      'a2.Extended.Scientific.divide -> a2.Base.Base.PRECISION [reference]',
    ]);
    expect(edgeList(graph, 'IMPORTS')).toEqual(['a2.Extended -> a2.Base [PRECISION,formatResult]']);
    expect(graph.unresolved).toEqual([]);
    expect(stats).toMatchObject({ resolvedImports: 2, unresolvedImports: 0 });
  });
});

describe('RANGER A.2 in Go (two packages, go.mod module path)', async () => {
  const { graph } = await a2('go');

  it('has the A.2 nodes: a package-level const, a struct with methods, functions', () => {
    expect(nodesOf(graph)).toEqual([
      'Class:base.base.Calculator', 'Class:extended.extended.Scientific',
      'Function:base.base.FormatResult', 'Function:extended.extended.Demo', 'Function:extended.extended.QuickAdd',
      'GlobalVariable:base.base.Precision',
      'Method:base.base.Calculator.Add', 'Method:base.base.Calculator.Multiply', 'Method:extended.extended.Scientific.Divide',
      'Module:base.base', 'Module:extended.extended', 'Repo:a2',
    ]);
    expect(edgeList(graph, 'CONTAINS')).toContain('base.base -> base.base.Precision');
    expect(graph.nodes.find((n) => n.qualified_name === 'base.base')).toMatchObject({ import_name: 'example.com/a2/base', docstring: 'Package base holds basic arithmetic helpers (RANGER A.2, Figure 4).' });
  });

  it('resolves the embedded struct as INHERITS, package-qualified uses, and the import path', () => {
    expect(edgeList(graph, 'INHERITS')).toEqual(['extended.extended.Scientific -> base.base.Calculator']);
    expect(edgeList(graph, 'USES')).toEqual([
      'base.base.FormatResult -> base.base.Precision [reference]',
      'extended.extended.Demo -> base.base.FormatResult [call]',
      'extended.extended.Demo -> extended.extended.QuickAdd [call]',
      'extended.extended.Demo -> extended.extended.Scientific [instantiate]',
      'extended.extended.QuickAdd -> base.base.Calculator [instantiate]',
      'extended.extended.Scientific.Divide -> base.base.Precision [reference]',
    ]);
    expect(edgeList(graph, 'IMPORTS')).toEqual(['extended.extended -> base.base']);
    expect(graph.unresolved.map((u) => u.module).sort()).toEqual(['fmt', 'fmt', 'math']);
  });
});

describe('RANGER A.2 in Rust (crate paths; the Calculator is a trait)', async () => {
  const { graph } = await a2('rust');

  it('has the A.2 nodes: a const, a trait with default methods, an impl method, functions', () => {
    expect(nodesOf(graph)).toEqual([
      'Class:base.Calculator', 'Class:extended.Scientific',
      'Function:base.format_result', 'Function:extended.demo', 'Function:extended.quick_add',
      'GlobalVariable:base.PRECISION',
      'Method:base.Calculator.add', 'Method:base.Calculator.multiply', 'Method:extended.Scientific.divide',
      'Module:base', 'Module:extended', 'Repo:a2',
    ]);
    expect(graph.nodes.find((n) => n.qualified_name === 'base')).toMatchObject({ import_name: 'crate::base', docstring: 'Basic arithmetic helpers (RANGER A.2, Figure 4).' });
  });

  it('resolves `impl Trait for Type` as INHERITS, `use crate::` imports and calls inside macros', () => {
    expect(edgeList(graph, 'INHERITS')).toEqual(['extended.Scientific -> base.Calculator']);
    expect(edgeList(graph, 'USES')).toEqual([
      'base.format_result -> base.PRECISION [reference]',
      'extended.Scientific.divide -> base.PRECISION [reference]',
      'extended.demo -> base.format_result [call]',
      'extended.demo -> extended.Scientific [instantiate]',
      'extended.demo -> extended.quick_add [call]',
      'extended.quick_add -> extended.Scientific [instantiate]',
    ]);
    expect(edgeList(graph, 'IMPORTS')).toEqual(['extended -> base [format_result,Calculator,PRECISION]']);
    expect(graph.unresolved).toEqual([]);
  });
});

describe('RANGER A.2 in C# (namespaces, using and using static)', async () => {
  const { graph } = await a2('csharp');

  it('has the A.2 nodes: classes, methods, the precision constant as a field', () => {
    expect(nodesOf(graph)).toEqual([
      'Class:Base.Calculator', 'Class:Base.Format', 'Class:Extended.Program', 'Class:Extended.Scientific',
      'Field:Base.Format.Precision',
      'Method:Base.Calculator.Add', 'Method:Base.Calculator.Multiply', 'Method:Base.Format.FormatResult',
      'Method:Extended.Program.Demo', 'Method:Extended.Program.QuickAdd', 'Method:Extended.Scientific.Divide',
      'Module:Base', 'Module:Extended', 'Repo:a2',
    ]);
    expect(graph.nodes.find((n) => n.qualified_name === 'Base.Calculator')).toMatchObject({ docstring: 'A tiny calculator (RANGER A.2, Figure 4).' });
  });

  it('resolves bases through a namespace using, members through using static', () => {
    expect(edgeList(graph, 'INHERITS')).toEqual(['Extended.Scientific -> Base.Calculator']);
    expect(edgeList(graph, 'USES')).toEqual([
      'Base.Format.FormatResult -> Base.Format.Precision [reference]',
      'Extended.Program.Demo -> Base.Format.FormatResult [call]',
      'Extended.Program.Demo -> Extended.Program.QuickAdd [call]',
      'Extended.Program.Demo -> Extended.Scientific [instantiate]',
      'Extended.Program.QuickAdd -> Base.Calculator [instantiate]',
      'Extended.Scientific.Divide -> Base.Format.Precision [reference]',
    ]);
    expect(edgeList(graph, 'IMPORTS')).toEqual(['Extended -> Base [*]']);
    expect(graph.unresolved).toEqual([{ src: graph.nodes.find((n) => n.qualified_name === 'Extended')!.id, name: '*', module: 'System', alias: null }]);
  });
});

/**
 * The A.2 graph where base and extended are modules `b` and `e` with snake_case names (PHP, Ruby,
 * C++): every node, and the INHERITS and USES edges, exactly as the paper's Python gives them.
 */
function a2SnakeCase(b: string, e: string, modules: string[] = [`Module:${b}`, `Module:${e}`]) {
  return {
    nodes: [
      `Class:${b}.Calculator`, `Class:${e}.Scientific`,
      `Function:${b}.format_result`, `Function:${e}.demo`, `Function:${e}.quick_add`,
      `GlobalVariable:${b}.PRECISION`,
      `Method:${b}.Calculator.add`, `Method:${b}.Calculator.multiply`, `Method:${e}.Scientific.divide`,
      ...modules, 'Repo:a2',
    ],
    inherits: [`${e}.Scientific -> ${b}.Calculator`],
    uses: [
      `${b}.format_result -> ${b}.PRECISION [reference]`,
      `${e}.Scientific.divide -> ${b}.PRECISION [reference]`,
      `${e}.demo -> ${b}.format_result [call]`,
      `${e}.demo -> ${e}.Scientific [instantiate]`,
      `${e}.demo -> ${e}.quick_add [call]`,
      `${e}.quick_add -> ${b}.Calculator [instantiate]`,
    ],
  };
}

describe('RANGER A.2 in PHP (namespaces, use, use function, use const)', async () => {
  const { graph, stats } = await a2('php');
  const expected = a2SnakeCase('Base', 'Extended');

  it('has the A.2 nodes: a namespace constant, a class with methods, functions', () => {
    expect(nodesOf(graph)).toEqual(expected.nodes);
    expect(graph.nodes.find((n) => n.qualified_name === 'Base')).toMatchObject({ import_name: 'A2.Base.Base', language: 'php', docstring: 'Basic arithmetic helpers (RANGER A.2, Figure 4).' });
    expect(graph.nodes.find((n) => n.qualified_name === 'Base.Calculator')).toMatchObject({ docstring: 'A tiny calculator (RANGER A.2, Figure 4).' });
  });

  it('resolves the base class, functions and the constant through their use statements', () => {
    expect(edgeList(graph, 'INHERITS')).toEqual(expected.inherits);
    expect(edgeList(graph, 'USES')).toEqual(expected.uses);
    expect(edgeList(graph, 'IMPORTS')).toEqual(['Extended -> Base [Calculator,format_result,PRECISION]']);
    expect(graph.unresolved).toEqual([]);
    expect(stats).toMatchObject({ resolvedImports: 3, unresolvedImports: 0 });
  });
});

describe('RANGER A.2 in Ruby (top-level constant and defs, require_relative)', async () => {
  const { graph, stats } = await a2('ruby');
  const expected = a2SnakeCase('lib.base', 'lib.extended');

  it('has the A.2 nodes: a constant, a class with methods, top-level functions', () => {
    expect(nodesOf(graph)).toEqual(expected.nodes);
    expect(graph.nodes.find((n) => n.qualified_name === 'lib.base')).toMatchObject({ language: 'ruby', import_name: 'base', docstring: 'Basic arithmetic helpers (RANGER A.2, Figure 4).' });
    expect(graph.nodes.find((n) => n.qualified_name === 'lib.base.Calculator')).toMatchObject({ docstring: 'A tiny calculator (RANGER A.2, Figure 4).' });
  });

  it('resolves the superclass, calls and the constant through the global constants, and the require', () => {
    expect(edgeList(graph, 'INHERITS')).toEqual(expected.inherits);
    expect(edgeList(graph, 'USES')).toEqual(expected.uses);
    expect(edgeList(graph, 'IMPORTS')).toEqual(['lib.extended -> lib.base']);
    expect(graph.unresolved.map((u) => u.module)).toEqual(['json']);
    expect(stats).toMatchObject({ resolvedImports: 1, unresolvedImports: 1 });
  });
});

describe('RANGER A.2 in C++ (a header and its source, one namespace, #include)', async () => {
  const { graph, stats } = await a2('cpp');
  // base.h and base.cpp: the header is module 'base', its source (where format_result is) 'base.cpp'.
  const snake = a2SnakeCase('base', 'extended', ['Module:base', 'Module:base.cpp', 'Module:extended']);
  const inSource = (line: string) => line.replaceAll('base.format_result', 'base.cpp.format_result');
  const expected = { nodes: snake.nodes.map(inSource), inherits: snake.inherits, uses: snake.uses.map(inSource) };

  it('has the A.2 nodes: a namespace constant, a class with inline methods, functions', () => {
    expect(nodesOf(graph)).toEqual(expected.nodes);
    const header = graph.nodes.find((n) => n.file_path === 'base.h' && n.kind === 'Module');
    expect(header).toMatchObject({ import_name: 'a2.base', language: 'cpp', docstring: 'Basic arithmetic helpers (RANGER A.2, Figure 4).' });
    expect(graph.nodes.find((n) => n.qualified_name === 'base.cpp.format_result')).toMatchObject({ file_path: 'base.cpp' });
  });

  it('resolves the base class, calls and the constant through the namespace, and the includes', () => {
    expect(edgeList(graph, 'INHERITS')).toEqual(expected.inherits);
    expect(edgeList(graph, 'USES')).toEqual(expected.uses);
    expect(edgeList(graph, 'IMPORTS')).toEqual(['base.cpp -> base', 'extended -> base']);
    expect(graph.unresolved.map((u) => u.module).sort()).toEqual(['cmath', 'cstdio', 'iostream', 'string']);
    expect(stats).toMatchObject({ resolvedImports: 2, unresolvedImports: 4 });
  });
});
