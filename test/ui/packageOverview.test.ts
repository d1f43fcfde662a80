/**
 * @file The package overview on the demo repo indexed for real (tree-sitter, stitcher, duckdb-wasm
 * through the UI's own query): folders group modules, the default expansion stays in budget,
 * links are summed between drawn items and ranked, a module can be revealed, the tests come last
 * in their own group; a tiny tree; and psf/black's layout (its real source from
 * e2e/fixtures/black-23.1.0.zip, its tests and test data synthesised as in the repository): the
 * code's packages open and take most of the area, the tests group is packed after them, closed,
 * and left out with "Hide tests".
 * Runs in: Node (vitest).
 */
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadPackageOverview } from '../../src/ui/graph/overviewData.ts';
import { packageBox } from '../../src/ui/graph/packageElements.ts';
import { useDemoService } from './demoService.ts';
import { TESTS_KEY, TESTS_LABEL, buildPackageTree, defaultExpansion, moduleKey, overviewLevel, packagesAbove } from '../../src/ui/graph/packageOverview.ts';
import type { ModuleLink, OverviewLevel } from '../../src/ui/graph/packageOverview.ts';
import { DEFAULT_PACK, packLayout } from '../../src/ui/graph/packageLayout.ts';
import type { PackItem } from '../../src/ui/graph/packageLayout.ts';

describe('package overview (small tree)', () => {
  const tree = buildPackageTree([
    { id: 1, path: 'r/a/x.py' },
    { id: 2, path: 'r/a/y.py' },
    { id: 3, path: 'r/b/z.py' },
    { id: 4, path: 'r/b/c/w.py' },
  ]);
  const links = [
    { src: 1, dst: 3, weight: 2 },
    { src: 2, dst: 4, weight: 5 },
    { src: 1, dst: 2, weight: 7 },
    { src: 4, dst: 1, weight: 1 },
  ];

  it('skips the common root and sums links between closed packages', () => {
    expect(tree.root).toBe('p:r');
    const level = overviewLevel(tree, new Set([tree.root]), links);
    expect(level.items.map((i) => [i.key, i.moduleCount])).toEqual([['p:r/a', 2], ['p:r/b', 2]]);
    expect(level.links).toEqual([
      { src: 'p:r/a', dst: 'p:r/b', weight: 7 },
      { src: 'p:r/b', dst: 'p:r/a', weight: 1 },
    ]);
  });

  it('an open package draws its children inside it; the cap keeps links between packages first', () => {
    const level = overviewLevel(tree, new Set([tree.root, 'p:r/a']), links, 2);
    expect(level.items.filter((i) => i.parent === 'p:r/a').map((i) => i.key)).toEqual([moduleKey(1), moduleKey(2)]);
    expect(level.links).toEqual([
      { src: 'n2', dst: 'p:r/b', weight: 5 },
      { src: 'n1', dst: 'p:r/b', weight: 2 },
    ]);
    expect(level.hiddenLinks).toBe(2);
    expect(overviewLevel(tree, new Set([tree.root, 'p:r/a']), links, 4).links[0]).toEqual({ src: 'n1', dst: 'n2', weight: 7 });
    expect(packagesAbove(tree, 4)).toEqual(['p:r', 'p:r/b', 'p:r/b/c']);
  });

  it('the default expansion opens the biggest packages within the budget', () => {
    expect([...defaultExpansion(tree, 3)]).toEqual(['p:r']);
    expect([...defaultExpansion(tree, 4)].sort()).toEqual(['p:r', 'p:r/a']);
  });
});

describe('package overview (demo repo)', () => {
  const demo = useDemoService();

  it('groups the demo by folder and weighs the dependencies between packages', async () => {
    const data = await loadPackageOverview(demo.service);
    const { tree, links } = data;
    expect(tree.root).toBe('p:');
    expect(tree.packages.get('p:shopkit/payments')!.moduleCount).toBeGreaterThanOrEqual(6);
    const top = overviewLevel(tree, new Set([tree.root]), links);
    // tests/ is the tests and fixtures group, after the code's packages.
    expect(top.items.map((i) => i.key)).toEqual(['p:shopkit', 'p:web', TESTS_KEY]);
    expect(top.items[2]).toMatchObject({ label: TESTS_LABEL, moduleCount: 2, tests: true, open: false });
    const testsToCode = top.links.find((l) => l.src === TESTS_KEY && l.dst === 'p:shopkit');
    expect(testsToCode?.weight).toBeGreaterThan(1);
    expect(top.links.some((l) => l.src === 'p:shopkit' && l.dst === TESTS_KEY)).toBe(false);
    const hidden = overviewLevel(tree, new Set([tree.root]), links, undefined, { hideTests: true });
    expect(hidden.items.map((i) => i.key)).toEqual(['p:shopkit', 'p:web']);
    expect(hidden.hiddenTests).toBe(2);
    const open = defaultExpansion(tree);
    expect(open.has('p:shopkit')).toBe(true);
    const level = overviewLevel(tree, open, links);
    expect(level.items.length).toBeLessThanOrEqual(60);
    expect(level.links.length).toBeLessThanOrEqual(Math.max(24, Math.round(level.items.length * 1.5)));
    expect(level.hiddenLinks).toBeGreaterThan(0);
    expect(level.items.length).toBeGreaterThan(3);
    for (let i = 1; i < level.links.length; i++) expect(level.links[i - 1]!.weight).toBeGreaterThanOrEqual(level.links[i]!.weight);
    const registry = [...data.modules.values()].find((m) => m.qualifiedName.endsWith('registry'))!;
    expect(packagesAbove(tree, registry.id)).toEqual(['p:', 'p:shopkit']);
  });
});

describe("package overview of psf/black's layout", () => {
  // The real source (src/black, src/blib2to3, src/blackd) from the zip; the rest as in the repository.
  const zip = unzipSync(readFileSync('e2e/fixtures/black-23.1.0.zip'));
  const source = Object.keys(zip)
    .filter((name) => name.endsWith('.py'))
    .map((name) => name.slice(name.indexOf('/') + 1));
  const tooling = ['action/main.py', 'docs/conf.py', 'gallery/gallery.py', 'scripts/fuzz.py', 'scripts/diff_shades_gha_helper.py', 'scripts/make_width_table.py'];
  const testFiles = ['__init__.py', 'conftest.py', 'optional.py', 'util.py', 'test_black.py', 'test_blackd.py', 'test_format.py', 'test_ipynb.py', 'test_jupyter.py', 'test_no_ipynb.py', 'test_trans.py', 'test_primer.py'];
  /** 290 test-data modules, in black's folders (cases, miscellaneous, ...). */
  const dataFolders = ['simple_cases', 'preview', 'preview_39', 'preview_310', 'py_36', 'py_37', 'py_38', 'py_39', 'py_310', 'py_311', 'miscellaneous', 'fast', 'jupyter', 'include_exclude_tests/b/dont_exclude'];
  const data = Array.from({ length: 290 }, (_, i) => `tests/data/${dataFolders[i % dataFolders.length]}/case_${String(i).padStart(3, '0')}.py`);
  const paths = [...source, ...tooling, ...testFiles.map((f) => `tests/${f}`), ...data];
  const modules = paths.map((path, id) => ({ id, path }));
  const idOf = (path: string) => paths.indexOf(path);
  const blackInit = idOf('src/black/__init__.py');
  // Every test imports black; black's modules import each other.
  const links: ModuleLink[] = [
    ...modules.filter((m) => m.path.startsWith('tests/')).map((m) => ({ src: m.id, dst: blackInit, weight: 2 })),
    ...modules.filter((m) => m.path.startsWith('src/black/') && m.id !== blackInit).map((m) => ({ src: blackInit, dst: m.id, weight: 1 })),
    { src: blackInit, dst: idOf('src/blib2to3/pytree.py'), weight: 3 },
  ];
  const tree = buildPackageTree(modules);
  const testCount = testFiles.length + data.length;

  /** Footprints like the explorer's: closed packages by packageBox, modules with a label below. */
  const packItems = (level: OverviewLevel): PackItem[] =>
    level.items.map((item) => {
      const last = item.tests ? { last: true } : {};
      if (item.kind === 'package' && item.open) return { key: item.key, parent: item.parent, open: true, w: 0, h: 0, titleW: item.label.length * 7 + 8, ...last };
      if (item.kind === 'package') return { key: item.key, parent: item.parent, open: false, ...packageBox(item.label, item.moduleCount), ...last };
      return { key: item.key, parent: item.parent, open: false, w: 90, h: 45, dy: -9.5 };
    });

  it('gathers the tests and test data into one group after the code, closed by default', () => {
    expect(source.length).toBeGreaterThan(30);
    expect(tree.tests).toBe(TESTS_KEY);
    expect(tree.packages.get(TESTS_KEY)).toMatchObject({ name: TESTS_LABEL, moduleCount: testCount, group: true, tests: true, parent: tree.root });
    expect(tree.packages.get(tree.root)!.moduleCount).toBe(paths.length);
    // Nothing of the tests is left among the code's packages.
    const codeKeys = [...tree.packages.keys()].filter((key) => key.startsWith('p:'));
    expect(codeKeys.some((key) => key.includes('tests'))).toBe(false);
    const open = defaultExpansion(tree, 40);
    expect(open.has(TESTS_KEY)).toBe(false);
    expect(open.has('p:src')).toBe(true);
    expect(open.has('p:src/black')).toBe(true);
    const level = overviewLevel(tree, open, links);
    const top = level.items.filter((i) => i.parent === null);
    expect(top.at(-1)!.key).toBe(TESTS_KEY);
    expect(top.slice(0, -1).every((i) => !i.tests)).toBe(true);
    // Inside the group, the tests keep their folders (tests/data/... as packages); search can still reach one.
    const data0 = idOf(data[0]!);
    expect(packagesAbove(tree, data0).slice(0, 2)).toEqual([tree.root, TESTS_KEY]);
    expect(tree.packages.get(tree.moduleParent.get(data0)!)!.folder).toBe('tests/data/simple_cases');
  });

  it('the code takes most of the area and the tests group is packed after it', () => {
    const level = overviewLevel(tree, defaultExpansion(tree, 40), links);
    for (const aspect of [1280 / 720, 1440 / 900]) {
      const { rects } = packLayout(packItems(level), { ...DEFAULT_PACK, aspect });
      const area = (key: string) => rects.get(key)!.w * rects.get(key)!.h;
      // Of the boxes drawn at the top (the rest is space between them): src most, the tests a corner.
      const drawn = level.items.filter((i) => i.parent === null).reduce((sum, i) => sum + area(i.key), 0);
      expect(area('p:src') / drawn).toBeGreaterThan(0.7);
      expect(area(TESTS_KEY) / drawn).toBeLessThan(0.1);
      const tests = rects.get(TESTS_KEY)!;
      const code = level.items.filter((i) => i.parent === null && !i.tests).map((i) => rects.get(i.key)!);
      const below = code.every((r) => tests.y >= r.y + r.h - 1e-6);
      const right = code.every((r) => tests.x >= r.x + r.w - 1e-6);
      expect(below || right).toBe(true);
    }
  });

  it('with tests hidden the group and its links are not drawn, and the count says how many', () => {
    const open = new Set([...defaultExpansion(tree, 40), TESTS_KEY]);
    const shown = overviewLevel(tree, open, links, Infinity);
    expect(shown.links.some((l) => l.src.startsWith('t:') || l.src === 'g:t:' || l.src.startsWith('g:t:'))).toBe(true);
    const hidden = overviewLevel(tree, open, links, Infinity, { hideTests: true });
    expect(hidden.hiddenTests).toBe(testCount);
    expect(shown.hiddenTests).toBe(0);
    const drawn = new Set(hidden.items.map((i) => i.key));
    expect(drawn.has(TESTS_KEY)).toBe(false);
    expect(hidden.items.every((i) => i.parent === null || drawn.has(i.parent))).toBe(true);
    expect(hidden.items.some((i) => i.kind === 'module' && paths[i.moduleId!]!.startsWith('tests/'))).toBe(false);
    expect(hidden.links.every((l) => drawn.has(l.src) && drawn.has(l.dst))).toBe(true);
  });
});
