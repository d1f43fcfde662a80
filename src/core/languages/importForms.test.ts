/**
 * @file Import forms of Java, Go, Rust and C# onto the stitcher, and a mixed-language repository:
 * small in-memory projects parsed by real tree-sitter and the real extractors, then stitched.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { edgeList, usesFrom } from '../../../test/fixtures/stitch/irBuilder.ts';
import { parseSources } from '../../../test/fixtures/stitch/parseFixture.ts';
import { stitch } from '../graph/stitch.ts';
import type { Graph } from '../graph/types.ts';
import { resolverFor } from './implementations.ts';

async function graphOf(sources: Record<string, string>): Promise<Graph> {
  const { files, configs } = await parseSources(sources);
  for (const file of files) expect(file.syntaxErrors, file.path).toEqual([]);
  return stitch('repo', files, configs, { resolverFor }).graph;
}

const unresolvedOf = (graph: Graph) => graph.unresolved.map((u) => `${u.module}:${u.name}`).sort();

describe('Java imports and packages', async () => {
  const graph = await graphOf({
    'src/com/shop/model/Product.java': 'package com.shop.model;\npublic class Product {\n  public String name;\n  public static Product of() { return new Product(); }\n}\n',
    'src/com/shop/model/Category.java': 'package com.shop.model;\npublic class Category extends Product {\n  public static class Node {}\n}\n',
    'src/com/shop/util/Strings.java': 'package com.shop.util;\npublic final class Strings {\n  public static String slug(String s) { return s; }\n}\n',
    'src/com/shop/app/App.java': [
      'package com.shop.app;',
      'import com.shop.model.*;',
      'import com.shop.model.Category.Node;',
      'import static com.shop.util.Strings.slug;',
      'import java.util.List;',
      'class App {',
      '  void run() {',
      '    Product p = Product.of();',
      '    slug(p.name);',
      '    com.shop.util.Strings.slug("x");',
      '    new Category();',
      '    List<Node> nodes = null;',
      '  }',
      '}',
    ].join('\n'),
  });

  it('resolves on-demand, nested-type, static and fully qualified names; the JDK stays outside', () => {
    expect(usesFrom(graph, 'src.com.shop.app.App.App.run')).toEqual([
      'src.com.shop.model.Category.Category [instantiate]',
      'src.com.shop.model.Category.Category.Node [annotate]',
      'src.com.shop.model.Product.Product [annotate]',
      'src.com.shop.model.Product.Product.name [reference]',
      'src.com.shop.model.Product.Product.of [call]',
      'src.com.shop.util.Strings.Strings.slug [call]',
    ]);
    expect(edgeList(graph, 'INHERITS')).toEqual(['src.com.shop.model.Category.Category -> src.com.shop.model.Product.Product']);
    expect(edgeList(graph, 'IMPORTS')).toEqual([
      'src.com.shop.app.App -> src.com.shop.model.Category [*,Node]',
      'src.com.shop.app.App -> src.com.shop.model.Product [*]',
      'src.com.shop.app.App -> src.com.shop.util.Strings [slug]',
    ]);
    expect(unresolvedOf(graph)).toEqual(['java.util:List']);
  });
});

describe('Go import paths with go.mod', async () => {
  const graph = await graphOf({
    'go.mod': 'module example.com/shop\n\ngo 1.22\n',
    'model/product.go': 'package model\n\ntype Product struct{ Name string }\n\nfunc New() *Product { return &Product{} }\n\nfunc (p *Product) Slug() string { return p.Name }\n',
    'model/category.go': 'package model\n\n// Category is a product group.\ntype Category struct {\n\tProduct\n\tItems []Product\n}\n',
    'model/label.go': 'package model\n\nfunc (p *Product) Label() string { return p.Slug() + p.Name }\n\nfunc Slug() string { return "" }\n',
    'util/util.go': 'package util\n\nfunc Shout(s string) string { return s }\n',
    'third_party/src/github.com/acme/tool/tool.go': 'package tool\n\nfunc Run() {}\n',
    'cmd/app/main.go': [
      'package main',
      '',
      'import (',
      '\tm "example.com/shop/model"',
      '\t. "example.com/shop/util"',
      '\t_ "example.com/shop/side"',
      '\t"github.com/acme/tool"',
      '\t"github.com/other/lib"',
      ')',
      '',
      'func main() {',
      '\tp := m.New()',
      '\tShout(p.Slug())',
      '\tvar c m.Category',
      '\ttool.Run()',
      '\tlib.Do(c)',
      '}',
    ].join('\n'),
  });

  it('binds aliases, dot imports and GOPATH-style paths; a package spans its folder', () => {
    expect(usesFrom(graph, 'cmd.app.main.main')).toEqual([
      'model.category.Category [annotate]',
      'model.product.New [call]',
      'model.product.Product.Slug [call]', // p := m.New(): New's result type
      'third_party.src.github.com.acme.tool.tool.Run [call]',
      'util.util.Shout [call]',
    ]);
    expect(edgeList(graph, 'INHERITS')).toEqual(['model.category.Category -> model.product.Product']);
    expect(edgeList(graph, 'HAS_METHOD')).toEqual(['model.product.Product -> model.product.Product.Slug']);
    // A method of a type of another file: a Function 'T.f' that reads T's members through its
    // receiver, and no package-level name (the package's own Slug stays the function).
    expect(usesFrom(graph, 'model.label.Product.Label')).toEqual(['model.product.Product.Name [reference]', 'model.product.Product.Slug [call]']);
    expect(edgeList(graph, 'IMPORTS')).toEqual([
      'cmd.app.main -> model.category',
      'cmd.app.main -> model.label',
      'cmd.app.main -> model.product',
      'cmd.app.main -> third_party.src.github.com.acme.tool.tool',
      'cmd.app.main -> util.util [*]',
    ]);
    expect(unresolvedOf(graph)).toEqual(['example.com/shop/side:example.com/shop/side', 'github.com/other/lib:github.com/other/lib']);
    expect(graph.nodes.find((n) => n.qualified_name === 'cmd.app.main')?.import_name).toBe('example.com/shop/cmd/app');
  });
});

describe('Rust use / mod with crate roots', async () => {
  const graph = await graphOf({
    'core/Cargo.toml': '[package]\nname = "shop-core"\nversion = "0.1.0"\n\n[dependencies]\nserde = "1"\n',
    'core/src/lib.rs': 'pub mod model;\nmod util;\npub use model::Product;\n',
    'core/src/model/mod.rs': [
      'mod category;',
      'pub use self::category::Category;',
      '#[derive(Debug)]',
      'pub struct Product {',
      '    pub name: String,',
      '}',
      'impl Product {',
      '    pub fn new() -> Self {',
      '        Product { name: String::new() }',
      '    }',
      '    pub fn renamed(&self) -> Self {',
      '        Self::new()',
      '    }',
      '}',
    ].join('\n'),
    'core/src/model/category.rs': 'use super::Product;\n\npub struct Category {\n    pub product: Product,\n}\n',
    'core/src/util.rs': [
      'use crate::model::{self, Category as Cat};',
      'use crate::Product;',
      'pub fn make() -> Cat {',
      '    let p = Product::new();',
      '    let _ = model::Product::new();',
      '    Cat { product: p }',
      '}',
    ].join('\n'),
    'app/Cargo.toml': '[package]\nname = "app"\n',
    'app/src/main.rs': 'use shop_core::model::*;\nuse serde::Serialize;\n\nfn main() {\n    let c = Category { product: Product::new() };\n}\n',
  });

  it('resolves crate / self / super paths, groups, aliases, re-exports and globs across crates', () => {
    expect(usesFrom(graph, 'core.src.util.make')).toEqual([
      'core.src.model.category.Category [annotate]',
      'core.src.model.category.Category [instantiate]',
      'core.src.model.mod.Product.new [call]',
    ]);
    expect(usesFrom(graph, 'core.src.model.mod.Product.renamed')).toEqual(['core.src.model.mod.Product.new [call]']);
    expect(usesFrom(graph, 'app.src.main.main')).toEqual([
      'core.src.model.category.Category [instantiate]',
      'core.src.model.mod.Product.new [call]',
    ]);
    expect(edgeList(graph, 'HAS_FIELD')).toEqual([
      'core.src.model.category.Category -> core.src.model.category.Category.product',
      'core.src.model.mod.Product -> core.src.model.mod.Product.name',
    ]);
    expect(unresolvedOf(graph)).toEqual(['serde:Serialize']);
    expect(graph.nodes.find((n) => n.qualified_name === 'core.src.model.mod')).toMatchObject({ import_name: 'shop_core::model', start_line: 1 });
    expect(graph.nodes.find((n) => n.qualified_name === 'core.src.model.mod.Product')).toMatchObject({ start_line: 3 });
  });
});

describe('C# using and namespaces', async () => {
  const graph = await graphOf({
    'Models/Product.cs': 'namespace Shop.Models\n{\n    public class Product\n    {\n        public static Product Create() => new Product();\n    }\n}\n',
    'Models/Special/Deal.cs': 'namespace Shop.Models.Special;\n\npublic class Deal : Product\n{\n    public int Percent { get; set; }\n}\n',
    'App/App.cs': [
      'using P = Shop.Models.Product;',
      'using Shop.Models.Special;',
      'using Newtonsoft.Json;',
      'namespace Shop.App',
      '{',
      '    class App',
      '    {',
      '        void Run()',
      '        {',
      '            var p = P.Create();',
      '            var d = new Deal();',
      '            Shop.Models.Product.Create();',
      '        }',
      '    }',
      '}',
    ].join('\n'),
  });

  it('resolves alias usings, namespace usings, enclosing namespaces and qualified names', () => {
    expect(edgeList(graph, 'INHERITS')).toEqual(['Models.Special.Deal.Deal -> Models.Product.Product']);
    expect(usesFrom(graph, 'App.App.App.Run')).toEqual(['Models.Product.Product.Create [call]', 'Models.Special.Deal.Deal [instantiate]']);
    expect(edgeList(graph, 'HAS_FIELD')).toEqual(['Models.Special.Deal.Deal -> Models.Special.Deal.Deal.Percent']);
    expect(unresolvedOf(graph)).toEqual(['Newtonsoft.Json:*']);
  });
});

describe('a mixed-language repository', async () => {
  const graph = await graphOf({
    'py/models.py': 'class Product:\n    pass\n',
    'py/app.py': 'from models import Product\n\ndef run():\n    return Product()\n',
    'web/models.ts': 'export class Product {}\n',
    'web/app.ts': "import { Product } from './models';\nexport function run() { return new Product(); }\n",
    'jvm/models/Product.java': 'package models;\npublic class Product {}\n',
    'jvm/app/App.java': 'package app;\nimport models.Product;\nclass App { Object run() { return new Product(); } }\n',
    'go.mod': 'module example.com/mixed\n',
    'gosrc/models/models.go': 'package models\n\ntype Product struct{}\n',
    'gosrc/app/app.go': 'package app\n\nimport "example.com/mixed/gosrc/models"\n\nfunc Run() models.Product { return models.Product{} }\n',
  });

  it('keeps every language to its own modules, whatever the names they share', () => {
    expect(usesFrom(graph, 'py.app.run')).toEqual(['py.models.Product [instantiate]']);
    expect(usesFrom(graph, 'web.app.run')).toEqual(['web.models.Product [instantiate]']);
    expect(usesFrom(graph, 'jvm.app.App.App.run')).toEqual(['jvm.models.Product.Product [instantiate]']);
    expect(usesFrom(graph, 'gosrc.app.app.Run')).toEqual(['gosrc.models.models.Product [annotate]', 'gosrc.models.models.Product [instantiate]']);
    expect(new Set(graph.nodes.map((n) => n.language))).toEqual(new Set([null, 'python', 'typescript', 'java', 'go']));
    expect(graph.unresolved).toEqual([]);
  });
});
