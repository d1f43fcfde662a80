/**
 * @file Python import forms through the stitcher, on hand-written FileIRs of a src/-layout
 * project: absolute (import name and dotted name), relative, aliases, `import a.b`, submodules,
 * re-exports through `__init__.py`, `*` with and without `__all__`, circular and self imports,
 * TYPE_CHECKING and try/except fallbacks, function-local imports, loose script folders, and
 * imports that leave the repo.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { FileBuilder, edgeList, hasEdge, node, projectBuilder, usesFrom } from '../../../../test/fixtures/stitch/irBuilder.ts';
import { stitch } from '../../graph/stitch.ts';
import { resolverFor } from '../implementations.ts';

function shopProject() {
  const { file, build } = projectBuilder();

  const init = file('src/shop/__init__.py');
  init.fromImport('models', 'Product', null, 1).imp({ module: 'api', name: '*', localName: '*', level: 1 });

  const base = file('src/shop/base.py');
  const baseClass = base.cls('Base');
  base.method(baseClass, 'save');

  const models = file('src/shop/models.py');
  models.fromImport('base', 'Base', null, 1);
  models.cls('Product');
  models.cls('_Hidden');
  models.fn('make_product');
  const item = models.cls('Item', ['Base']);
  const store = models.method(item, 'store');
  models.ref(store, 'self.save', 'call').ref(store, 'super().save', 'call').ref(store, 'self.missing', 'call');

  const api = file('src/shop/api.py');
  api.fromImport('', 'models', null, 1);
  const listProducts = api.fn('list_products');
  api.fn('_internal');
  api.ref(listProducts, 'models.make_product', 'call');

  file('src/shop/util/__init__.py').imp({ module: 'text', name: '*', localName: '*', level: 1 });
  const text = file('src/shop/util/text.py').all(['slugify']);
  text.fromImport('models', 'Product', null, 2);
  const slugify = text.fn('slugify');
  text.fn('shout');
  text.ref(slugify, 'Product', 'annotate');
  text.fromImport('toplevel', 'x', null, 5);

  const compat = file('src/shop/compat.py');
  compat.fromImport('ujson', 'dumps').fromImport('util.text', 'shout', 'dumps', 1);
  compat.fromImport('models', 'Product', null, 1, { typeOnly: true });
  const encode = compat.fn('encode');
  compat.ref(encode, 'dumps', 'call').ref(encode, 'Product', 'annotate');

  const cycleA = file('src/shop/cycle_a.py');
  cycleA.fromImport('cycle_b', 'thing', null, 1).fromImport('cycle_a', 'self_thing', null, 1);
  cycleA.imp({ module: 'cycle_b', name: '*', localName: '*', level: 1 });
  const useA = cycleA.fn('use_a');
  cycleA.ref(useA, 'thing', 'call').ref(useA, 'ghost', 'call').ref(useA, 'real', 'call');
  const cycleB = file('src/shop/cycle_b.py');
  cycleB.fromImport('cycle_a', 'thing', null, 1).imp({ module: 'cycle_a', name: '*', localName: '*', level: 1 });
  cycleB.fn('real');

  const tests = file('tests/test_shop.py');
  tests
    .fromImport('shop', 'Product')
    .fromImport('src.shop.models', 'make_product')
    .importModule('shop.util.text')
    .importModule('shop.api', 'api')
    .fromImport('shop', 'util')
    .fromImport('shop.util', 'shout')
    .fromImport('shop.api', '_internal')
    .fromImport('shop', 'missing_name')
    .importModule('os')
    .importModule('numpy', 'np')
    .fromImport('collections', 'OrderedDict');
  const testProduct = tests.fn('test_product');
  tests
    .ref(testProduct, 'Product', 'call')
    .ref(testProduct, 'make_product', 'call')
    .ref(testProduct, 'shop.util.text.slugify', 'call')
    .ref(testProduct, 'api.list_products', 'call')
    .ref(testProduct, 'util.slugify', 'call')
    .ref(testProduct, '_internal', 'call')
    .ref(testProduct, 'np.array', 'call')
    .ref(testProduct, 'OrderedDict', 'call');
  const testLocal = tests.fn('test_local_import');
  tests.fromImport('shop.base', 'Base', null, 0, { scope: testLocal });
  tests.ref(testLocal, 'Base', 'call');
  const testOther = tests.fn('test_other');
  tests.ref(testOther, 'Base', 'call');

  const star = file('tests/test_star.py');
  star.imp({ module: 'shop', name: '*', localName: '*' });
  star.imp({ module: 'shop.models', name: '*', localName: '*' });
  const testStar = star.fn('test_star');
  star
    .ref(testStar, 'Product', 'call')
    .ref(testStar, 'list_products', 'call')
    .ref(testStar, '_internal', 'call')
    .ref(testStar, '_Hidden', 'call')
    .ref(testStar, 'make_product', 'call');

  const helpers = file('scripts/helpers.py');
  helpers.fn('helper');
  const run = file('scripts/run.py');
  run.importModule('helpers');
  run.ref(null, 'helpers.helper', 'call');
  const app = file('app/main.py');
  app.importModule('helpers');

  return build();
}

describe('Python import resolution', () => {
  const { graph, stats } = stitch('shop', shopProject(), [], { resolverFor });

  it('resolves absolute imports by import name and by dotted name, through __init__ re-exports', () => {
    expect(usesFrom(graph, 'tests.test_shop.test_product')).toEqual([
      'src.shop.api._internal [call]',
      'src.shop.api.list_products [call]',
      'src.shop.models.Product [instantiate]',
      'src.shop.models.make_product [call]',
      'src.shop.util.text.slugify [call]',
    ]);
    expect(node(graph, 'src.shop.models').import_name).toBe('shop.models');
  });

  it('resolves relative imports, submodules and inherited self/super members', () => {
    expect(usesFrom(graph, 'src.shop.api.list_products')).toEqual(['src.shop.models.make_product [call]']);
    expect(usesFrom(graph, 'src.shop.util.text.slugify')).toEqual(['src.shop.models.Product [annotate]']);
    expect(edgeList(graph, 'INHERITS')).toEqual(['src.shop.models.Item -> src.shop.base.Base']);
    expect(usesFrom(graph, 'src.shop.models.Item.store')).toEqual(['src.shop.base.Base.save [call]']);
  });

  it('honours __all__ and leading underscores in * imports, transitively', () => {
    expect(usesFrom(graph, 'tests.test_star.test_star')).toEqual([
      'src.shop.api.list_products [call]',
      'src.shop.models.Product [instantiate]',
      'src.shop.models.make_product [call]',
    ]);
    // util/__init__ star-imports text, whose __all__ is ['slugify']: shout is not re-exported.
    expect(graph.unresolved).toContainEqual({ src: node(graph, 'tests.test_shop').id, name: 'shout', module: 'shop.util', alias: null });
  });

  it('prefers the fallback that resolves inside the repo (try/except, TYPE_CHECKING)', () => {
    expect(usesFrom(graph, 'src.shop.compat.encode')).toEqual([
      'src.shop.models.Product [annotate]',
      'src.shop.util.text.shout [call]',
    ]);
    expect(graph.unresolved).toContainEqual({ src: node(graph, 'src.shop.compat').id, name: 'dumps', module: 'ujson', alias: null });
  });

  it('terminates on circular, self and star-cycle imports and leaves them unresolved', () => {
    expect(usesFrom(graph, 'src.shop.cycle_a.use_a')).toEqual(['src.shop.cycle_b.real [call]']);
    const cycleA = node(graph, 'src.shop.cycle_a').id;
    const cycleB = node(graph, 'src.shop.cycle_b').id;
    const rows = graph.unresolved.filter((u) => u.src === cycleA || u.src === cycleB).map((u) => `${u.src === cycleA ? 'a' : 'b'}:${u.module}:${u.name}`);
    expect(rows.sort()).toEqual(['a:.cycle_a:self_thing', 'a:.cycle_b:thing', 'b:.cycle_a:thing']);
    expect(hasEdge(graph, 'src.shop.cycle_a', 'src.shop.cycle_b', 'IMPORTS', 'thing,*')).toBe(true);
    expect(hasEdge(graph, 'src.shop.cycle_a', 'src.shop.cycle_a', 'IMPORTS')).toBe(false);
  });

  it('scopes function-local imports to their function', () => {
    expect(usesFrom(graph, 'tests.test_shop.test_local_import')).toEqual(['src.shop.base.Base [instantiate]']);
    expect(usesFrom(graph, 'tests.test_shop.test_other')).toEqual([]);
  });

  it('lists imports that leave the repo, never guessing', () => {
    const testShop = node(graph, 'tests.test_shop').id;
    expect(graph.unresolved.filter((u) => u.src === testShop)).toEqual([
      { src: testShop, name: 'shout', module: 'shop.util', alias: null },
      { src: testShop, name: 'missing_name', module: 'shop', alias: null },
      { src: testShop, name: 'os', module: 'os', alias: null },
      { src: testShop, name: 'numpy', module: 'numpy', alias: 'np' },
      { src: testShop, name: 'OrderedDict', module: 'collections', alias: null },
    ]);
    expect(graph.unresolved).toContainEqual({ src: node(graph, 'src.shop.util.text').id, name: 'x', module: '.....toplevel', alias: null });
    expect(graph.unresolved).toContainEqual({ src: node(graph, 'app.main').id, name: 'helpers', module: 'helpers', alias: null });
    expect(stats.unresolvedImports).toBe(graph.unresolved.length);
  });

  it('lets loose script folders import their siblings by stem', () => {
    expect(usesFrom(graph, 'scripts.run')).toEqual(['scripts.helpers.helper [call]']);
    expect(hasEdge(graph, 'scripts.run', 'scripts.helpers', 'IMPORTS', null)).toBe(true);
  });

  it('draws IMPORTS to the named module and to the defining module', () => {
    const fromTests = edgeList(graph, 'IMPORTS').filter((e) => e.startsWith('tests.test_shop ->'));
    expect(fromTests).toEqual([
      'tests.test_shop -> src.shop [Product,util,missing_name]',
      'tests.test_shop -> src.shop.api [_internal]',
      'tests.test_shop -> src.shop.base [Base]',
      'tests.test_shop -> src.shop.models [Product,make_product]',
      'tests.test_shop -> src.shop.util [util,shout]',
      'tests.test_shop -> src.shop.util.text',
    ]);
  });
});

describe('Python * import cycles', () => {
  // ring/m0 -> m1 -> ... -> m5 -> m0, all by `from .mK import *`; only m3 defines `target`.
  const files = Array.from({ length: 6 }, (_, k) => {
    const file = new FileBuilder(`ring/m${k}.py`);
    file.imp({ module: `m${(k + 1) % 6}`, name: '*', localName: '*', level: 1 });
    if (k === 3) file.fn('target');
    const use = file.fn(`use${k}`);
    file.ref(use, 'missing', 'call').ref(use, 'target', 'call');
    return file.build();
  });
  const { graph, stats } = stitch('ring', [...files].reverse(), [], { resolverFor });

  it('finds a name from every module of the cycle, whatever the lookup order', () => {
    for (let k = 0; k < 6; k++) expect(usesFrom(graph, `ring.m${k}.use${k}`)).toEqual(['ring.m3.target [call]']);
    expect(stats.unresolvedReferences).toBe(6);
    expect(stats.resolvedImports).toBe(6);
  });
});

describe('Python names: namespaces, shadowed bases, decorators, packages over modules', () => {
  const { file, build } = projectBuilder();
  file('lib/ns/mod.py').fn('f');
  const calc = file('calc/__init__.py');
  calc.cls('Calculator');
  calc.fn('register');
  file('calc.py').fn('shadowed');
  const main = file('main.py');
  main.importModule('lib.ns.mod').fromImport('calc', 'Calculator').fromImport('calc', 'register').fromImport('calc', 'shadowed');
  const mine = main.cls('Calculator', ['Calculator']);
  const run = main.method(mine, 'run');
  main.ref(run, 'register', 'decorate').ref(run, 'lib.ns.mod.f', 'call');
  const { graph } = stitch('names', build(), [], { resolverFor });

  it('walks namespace folders (no __init__.py) segment by segment', () => {
    expect(usesFrom(graph, 'main.Calculator.run')).toEqual(['calc.register [decorate]', 'lib.ns.mod.f [call]']);
    expect(hasEdge(graph, 'main', 'lib.ns.mod', 'IMPORTS', null)).toBe(true);
  });

  it('resolves a class named like its imported base to the import, not to itself', () => {
    expect(edgeList(graph, 'INHERITS')).toEqual(['main.Calculator -> calc.Calculator']);
  });

  it('prefers the package calc/__init__.py over the module calc.py', () => {
    expect(graph.unresolved).toEqual([{ src: node(graph, 'main').id, name: 'shadowed', module: 'calc', alias: null }]);
  });
});
